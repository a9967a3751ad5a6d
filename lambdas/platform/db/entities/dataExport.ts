/**
 * DataExport entity (issue 17 item 2, "Exportar mis datos"): the owner's latest export job, one
 * item under `user#<sub>`, sort key `dataexport` (so "one running job per owner" is a conditional
 * put of the same item). `status` preparando → lista | error; `progress` 0–100 with `message` (the
 * step, Spanish); `key` of the zip under `users/<sub>/exports/`; `expiresAt` (ISO) when the zip
 * stops being offered (the bucket's lifecycle rule deletes it after a day). Deleted with the account.
 */
import { EXPORT_STATUSES } from '@director-ia/shared';
import { defineEntity, type ItemOf, model, optional, required, TENANT, tenantIndex } from '../schema';

/** The process-wide DataExport entity (created on first use). */
export const dataExports = defineEntity({
  model: model('dataExport'),
  attributes: {
    ...TENANT,
    id: required('string'),
    status: required(EXPORT_STATUSES),
    progress: required('number'),
    message: optional('string'),
    key: optional('string'),
    bytes: optional('number'),
    startedAt: required('string'),
    updatedAt: required('string'),
    expiresAt: optional('string'),
  },
  indexes: { byUser: tenantIndex('dataexport') },
});


export type DataExportItem = ItemOf<typeof dataExports>;
