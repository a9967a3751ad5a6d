/**
 * Data-rights callables (issue 17 item 2; shared/dataRights.ts). The tenant is always the token's
 * `sub`. Export and deletion are `signedIn`: an owner may take out or erase their data whatever
 * their account status; the retention setting and the lead export are `active` (leads and
 * conversations exist only for active accounts).
 * - `solicitarExportacion()` → `{exportacion}`: starts the export job, or answers the one running.
 * - `obtenerMisDatos()` → `{exportacion | null, retentionDays}`: the latest export (with a fresh
 *   download link while it lasts) and the conversation retention setting.
 * - `guardarRetencion({retentionDays})` → `{retentionDays}` (one of RETENTION_CHOICES).
 * - `eliminarCuenta({confirmacion})` → `{status: 'eliminando'}`: `confirmacion` must be the
 *   account's e-mail (case-insensitive), else INVALID_INPUT and nothing changes. Irreversible.
 * - `exportarLead({id})` → `{lead}`: one lead as a JSON document with its conversations and messages.
 */
import * as z from 'zod/mini';
import { DATA_RIGHTS_MSG, DataExportSchema, RETENTION_CHOICES } from '../../dataRights';
import { define, Empty } from '../define';
import { requiredId } from '../fields';

export const solicitarExportacion = define({
  name: 'solicitarExportacion',
  access: 'signedIn',
  input: Empty,
  output: z.object({ exportacion: DataExportSchema }),
});

export const obtenerMisDatos = define({
  name: 'obtenerMisDatos',
  access: 'signedIn',
  input: Empty,
  output: z.object({ exportacion: z.nullable(DataExportSchema), retentionDays: z.number() }),
});

export const guardarRetencion = define({
  name: 'guardarRetencion',
  access: 'active',
  input: z.strictObject({
    retentionDays: z.number({ error: DATA_RIGHTS_MSG.invalidRetention }).check(
      z.refine((days) => (RETENTION_CHOICES as readonly number[]).includes(days), DATA_RIGHTS_MSG.invalidRetention),
    ),
  }),
  output: z.object({ retentionDays: z.number() }),
});

export const eliminarCuenta = define({
  name: 'eliminarCuenta',
  access: 'signedIn',
  input: z.strictObject({
    confirmacion: z.string({ error: DATA_RIGHTS_MSG.confirmationRequired }).check(z.minLength(1, DATA_RIGHTS_MSG.confirmationRequired), z.maxLength(320, DATA_RIGHTS_MSG.confirmationMismatch)),
  }),
  output: z.object({ status: z.literal('eliminando') }),
});

/** One exported lead: its fields, its conversations and their messages (JSON-safe values). */
export const exportarLead = define({
  name: 'exportarLead',
  access: 'active',
  input: z.strictObject({ id: requiredId(DATA_RIGHTS_MSG.leadNotFound) }),
  output: z.object({ lead: z.record(z.string(), z.unknown()) }),
});
