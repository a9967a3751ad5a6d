/**
 * obtenerCuotas (active; issue 16 finding 2): the signed-in user's daily quotas today, and the
 * sentence Constructor de IA shows: "Hoy te quedan: 12 mensajes del chat, 3 planes mensuales, …".
 * Re-read whenever the page mounts (figures change with every chat message or upload).
 */
import { QUOTA_MSG, type DailyQuotaView } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useSessionSettings } from './sessionSettings';

export const quotasKey = (uid: string | null) => ['settings', 'quotas', uid] as const;

export function useQuotas() {
  return useSessionSettings(quotasKey, async (signal) => (await callFunction('obtenerCuotas', null, { signal })).quotas, 0);
}

/** "Hoy te quedan: N mensajes del chat, N notas de voz transcritas, …" (MB for uploaded bytes). */
export function quotaSummary(quotas: readonly DailyQuotaView[]): string {
  return `${QUOTA_MSG.remainingTitle}: ${quotas.map((q) => QUOTA_MSG.remainingItem(q.name, q.remaining)).join(', ')}.`;
}
