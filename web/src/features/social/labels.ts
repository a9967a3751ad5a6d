/**
 * The Redes page's own Spanish words that SOCIAL_MSG does not carry (spec 2 'redes'): state and
 * target-kind names, the connection date, and the accessible names of the card buttons (stable:
 * the e2e tests find the buttons by them).
 */
import { SOCIAL_NETWORK_LABELS, type ConnectionState, type SocialNetwork, type TargetKind } from '@director-ia/shared';

export const STATE_LABELS: Readonly<Record<ConnectionState, string>> = { conectada: 'Conectada', reconectar: 'Reconectar', desconectada: 'Desconectada' };

export const TARGET_KIND_LABELS: Readonly<Record<TargetKind, string>> = {
  page: 'Página',
  instagram: 'Cuenta de Instagram',
  profile: 'Perfil',
  channel: 'Canal',
  board: 'Tablero',
};

const label = (network: SocialNetwork) => SOCIAL_NETWORK_LABELS[network];

/** Accessible names of the card buttons and titles of the dialogs. */
export const SOCIAL_UI = {
  connect: (network: SocialNetwork) => `Conectar ${label(network)}`,
  disconnect: (network: SocialNetwork) => `Desconectar ${label(network)}`,
  chooseTargets: (network: SocialNetwork) => `Elegir destinos de ${label(network)}`,
  targetsTitle: (network: SocialNetwork) => `Destinos de ${label(network)}`,
  disconnectQuestion: (network: SocialNetwork) => `¿Desconectar ${label(network)}?`,
  startConnection: 'Iniciar Conexión',
  cancel: 'Cancelar',
  save: 'Guardar',
} as const;

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short' });

/** 'Conectada el 5 de mayo de 2026, 12:00', or null for a missing or unreadable date. */
export function connectedOn(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : `Conectada el ${dateFormat.format(date)}`;
}
