/**
 * DataSettings entity (issue 17 item 2, conversation retention): one item per owner under
 * `user#<sub>`, sort key `settings#datos`, written only while a retention is set (days > 0; the
 * default, 0 = keep, is the item's absence). GSI1 partition `dataRetention`, sort key the owner's
 * `sub`: the scheduled retention job lists the owners with a retention in one Query (no Scan).
 */
import { defineEntity, gsi1Index, type ItemOf, LAST_UPDATED, model, required, TENANT, tenantIndex } from '../schema';

/** GSI1 partition of the owners with a conversation retention. */
export const DATA_RETENTION_GSI_PARTITION = 'dataRetention';

/** The process-wide DataSettings entity (created on first use). */
export const dataSettings = defineEntity({
  model: model('dataSettings'),
  attributes: {
    ...TENANT,
    /** Days after a conversation's last message before the job deletes it (> 0). */
    retentionDays: required('number'),
    ...LAST_UPDATED,
  },
  indexes: {
    byUser: tenantIndex('settings#datos'),
    withRetention: gsi1Index(DATA_RETENTION_GSI_PARTITION, '${uid}', 'uid'),
  },
});

export type DataSettingsItem = ItemOf<typeof dataSettings>;
