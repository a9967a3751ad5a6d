/**
 * Per-user daily quotas of the costly operations (issue 16 finding 2, OWASP LLM10 "unbounded
 * consumption"): what each counts, its default per UTC day, the environment variable that
 * overrides it (a whole number ≥ 0, read on every call, like DAILY_GENERATION_QUOTA of
 * ./assets.ts), and the Spanish words the refusal and Constructor IA use. The image, identity and
 * video generations keep their own shared quota (DEFAULT_DAILY_GENERATION_QUOTA).
 */

const MB = 1024 * 1024;

/** The daily quotas, by name (the name is part of the counter's key: never rename one). */
export const DAILY_QUOTA_NAMES = ['chatTurns', 'transcriptions', 'monthlyPlans', 'campaignProposals', 'embeddedPassages', 'uploadBytes', 'storyboards'] as const;
export type DailyQuotaName = (typeof DAILY_QUOTA_NAMES)[number];

export interface DailyQuotaRule {
  /** Units per user per UTC day when `env` is unset or invalid. */
  defaultLimit: number;
  /** Environment variable that overrides the default. */
  env: string;
  /** Spanish: what "el límite diario de …" counts (plural, lower case). */
  label: string;
  /** Units are bytes: the figures are shown in MB. */
  bytes?: true;
}

export const DAILY_QUOTAS: Readonly<Record<DailyQuotaName, DailyQuotaRule>> = {
  // One per enviarMensajeChat call (the owner's message and its answers).
  chatTurns: { defaultLimit: 200, env: 'DAILY_CHAT_TURN_QUOTA', label: 'mensajes del chat' },
  // One per voice note sent to a transcriber (Amazon Transcribe bills per second of audio).
  transcriptions: { defaultLimit: 30, env: 'DAILY_TRANSCRIPTION_QUOTA', label: 'notas de voz transcritas' },
  // One per generarPlanMensual call.
  monthlyPlans: { defaultLimit: 10, env: 'DAILY_PLAN_QUOTA', label: 'planes mensuales' },
  // One per generarCampana call.
  campaignProposals: { defaultLimit: 10, env: 'DAILY_CAMPAIGN_QUOTA', label: 'propuestas de campaña' },
  // Passages of knowledge documents embedded (about 1,000 characters each; a 10 MB PDF rarely gives more than 1,000).
  embeddedPassages: { defaultLimit: 3000, env: 'DAILY_EMBEDDED_PASSAGE_QUOTA', label: 'fragmentos de documentos procesados' },
  // Bytes of uploads signed by solicitarSubida (declared size, which the presigned POST enforces).
  uploadBytes: { defaultLimit: 500 * MB, env: 'DAILY_UPLOAD_BYTES_QUOTA', label: 'MB subidos', bytes: true },
  // One per proponerGuion call (issue 18: a video's storyboard written by the AI).
  storyboards: { defaultLimit: 50, env: 'DAILY_STORYBOARD_QUOTA', label: 'guiones de vídeo' },
};

/** A quota's figure as the user reads it: a count, or whole MB (rounded down) for bytes. */
export function quotaFigure(name: DailyQuotaName, units: number): number {
  return DAILY_QUOTAS[name].bytes ? Math.floor(units / MB) : units;
}

/** Spanish messages of the daily quotas. */
export const QUOTA_MSG = {
  /** The 429 of an operation over its quota (the limit as the user reads it). */
  exceeded: (name: DailyQuotaName, limit: number) =>
    `Has alcanzado el límite diario de ${DAILY_QUOTAS[name].label} (${quotaFigure(name, limit)}). Vuelve a intentarlo mañana.`,
  /** The error state of a knowledge document refused by the passages quota. */
  documentOverQuota: (limit: number) =>
    `Has alcanzado el límite diario de ${DAILY_QUOTAS.embeddedPassages.label} (${limit}). Elimina el documento y vuelve a subirlo mañana.`,
  /** Constructor IA's summary: "Hoy te quedan: …". */
  remainingTitle: 'Hoy te quedan',
  /** One figure of the summary, e.g. "12 mensajes del chat". */
  remainingItem: (name: DailyQuotaName, remaining: number) => `${quotaFigure(name, remaining)} ${DAILY_QUOTAS[name].label}`,
  resetNote: 'Los límites se renuevan cada día a las 00:00 (UTC).',
} as const;
