/**
 * AccountDeletion entity (issue 17 item 2, "Eliminar mi cuenta"): the progress of one account's
 * deletion, in the fixed partition `accountDeletion` (sort key the owner's `sub`), outside the
 * owner's partition so it survives the deletion of `user#<sub>` and the data-rights sweep finds
 * every unfinished deletion with one Query. It is the last thing the job deletes.
 * `done` lists the steps finished (core/dataRights/deletion.ts), `leaseUntil` (epoch ms) keeps two
 * runs from working on it at once (a run that died leaves it to expire), `attempts` counts runs.
 */
import { defineEntity, fixed, type ItemOf, model, optional, required, tableIndex } from '../schema';

/** The partition of every unfinished deletion. */
export const ACCOUNT_DELETION_PARTITION = 'accountDeletion';

/** The process-wide AccountDeletion entity (created on first use). */
export const accountDeletions = defineEntity({
  model: model('accountDeletion'),
  attributes: {
    uid: fixed('string'),
    /** The Cognito user's name (the sub works too: it is a valid AdminDeleteUser Username). */
    username: optional('string'),
    done: { type: 'list', required: true, items: { type: 'string' } },
    leaseUntil: required('number'),
    attempts: required('number'),
    requestedAt: fixed('string'),
    updatedAt: required('string'),
  },
  indexes: {
    byOwner: tableIndex({ template: ACCOUNT_DELETION_PARTITION, composite: [] as const }, { template: '${uid}', composite: ['uid'] as const }),
  },
});

export type AccountDeletionItem = ItemOf<typeof accountDeletions>;
