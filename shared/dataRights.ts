/**
 * Data rights (issue 17 item 2): what the owner's "Mis datos" area, the data-rights worker and
 * the widget's consent sentence share.
 *
 * - Export: one job per owner at a time; the zip is kept EXPORT_TTL_HOURS (24 h) under
 *   `users/<sub>/exports/<id>.zip` (an S3 lifecycle rule deletes it after a day) and the status
 *   callable hands a fresh presigned link (EXPORT_LINK_SECONDS) while it lasts. Files of the owner
 *   are added up to EXPORT_MAX_FILE_BYTES in total (the worker builds the zip in memory); the ones
 *   left out are listed in the zip.
 * - Account deletion: the owner confirms by typing their e-mail; the job is idempotent and resumable.
 * - Conversation retention: days after the last message a conversation (widget or Bandeja) is
 *   deleted by the scheduled job; 0 = kept until the owner deletes it (the behaviour before issue 17).
 */
import * as z from 'zod/mini';

/** Hours an export zip stays downloadable. */
export const EXPORT_TTL_HOURS = 24;
/** The object tag of export zips, which the uploads bucket's lifecycle rule expires after EXPORT_TTL_HOURS. */
export const EXPORT_OBJECT_TAG = { key: 'director-ia-export', value: '1' } as const;
/** Seconds a presigned download link of the export is valid (a fresh one on every status call). */
export const EXPORT_LINK_SECONDS = 300;
/** Most bytes of the owner's files put into one export zip (the rest is listed, not included). */
export const EXPORT_MAX_FILE_BYTES = 300 * 1024 * 1024;
/** Minutes after which an export still `preparando` (its worker died) may be started again. */
export const EXPORT_STALE_MINUTES = 15;

/** Retention choices in days (0 = no automatic deletion, the default). */
export const RETENTION_CHOICES = [0, 30, 90, 180, 365, 730] as const;
export type RetentionDays = (typeof RETENTION_CHOICES)[number];
export const DEFAULT_RETENTION_DAYS: RetentionDays = 0;

export const EXPORT_STATUSES = ['preparando', 'lista', 'error'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What the owner sees of their export job. `url` only while `lista` and not expired. */
export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number(),
  /** What the worker is doing (Spanish), or the error. */
  message: z.optional(z.string()),
  startedAt: z.string(),
  /** ISO: when the zip is deleted (set once `lista`). */
  expiresAt: z.optional(z.string()),
  /** Size of the zip in bytes. */
  bytes: z.optional(z.number()),
  /** Presigned GET link, valid EXPORT_LINK_SECONDS. */
  url: z.optional(z.string()),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** Spanish messages of data rights. */
export const DATA_RIGHTS_MSG = {
  confirmationRequired: 'Escribe tu email para confirmar que quieres eliminar tu cuenta.',
  confirmationMismatch: 'El email no coincide con el de tu cuenta. No se ha eliminado nada.',
  invalidRetention: 'Elige uno de los periodos de conservación ofrecidos.',
  exportRunning: 'Ya estamos preparando una exportación de tus datos.',
  exportFailed: 'No se pudo preparar la exportación. Vuelve a intentarlo.',
  profileMissing: 'No encontramos tu cuenta.',
  adminCannotDelete: 'Eres administrador: pide a otro administrador que te retire ese permiso antes de eliminar tu cuenta.',
  leadNotFound: 'Ese lead no existe.',
  step: {
    table: 'Reuniendo tus datos…',
    files: 'Añadiendo tus archivos…',
    zip: 'Comprimiendo…',
    done: 'Lista para descargar',
  },
} as const;

/** How a retention reads in Spanish ("30 días", "sin límite"). */
export function retentionLabel(days: number): string {
  if (days <= 0) return 'Sin borrado automático';
  if (days % 365 === 0) return days === 365 ? '1 año' : `${days / 365} años`;
  return `${days} días`;
}
