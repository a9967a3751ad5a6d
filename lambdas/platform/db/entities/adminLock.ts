/**
 * The admin-group lock (issue 17 item 1): one item, partition `lock#admins`, held while an admin
 * grants or revokes admin rights, so two admins demoting each other at the same moment are
 * serialized and the second one sees the first one's result (never zero admins). A lease: it
 * expires by itself (`expiresAt`, epoch milliseconds) if its holder dies.
 */
import { defineEntity, fixed, type ItemOf, model, required, tableIndex } from '../schema';

/** The lock's partition (IAM LeadingKeys pattern). */
export const ADMIN_LOCK_PARTITION = 'lock#admins';

/** The process-wide lock entity (created on first use). */
export const adminLocks = defineEntity({
  model: model('adminLock'),
  attributes: {
    name: fixed(['admins']),
    holder: required('string'),
    /** Epoch milliseconds. */
    expiresAt: required('number'),
  },
  indexes: {
    byName: tableIndex({ template: 'lock#${name}', composite: ['name'] as const }, { template: 'lock', composite: [] as const }),
  },
});

export type AdminLockItem = ItemOf<typeof adminLocks>;
