/**
 * User directory entry (issue 17 item 1): one item per user beside the profile, so the admin panel
 * pages through users by status and searches them by e-mail prefix with Queries only (no Scan, no
 * filtering of a whole listing in memory). The table has one GSI, and the profile's GSI1 key
 * already serves the unfiltered newest-first listing, so the entry carries the other two:
 * - primary key: partition `users#<status>`, sort key `<emailKey>#<uid>`: a status's users in
 *   e-mail order, and (begins_with on the sort key) a status's users whose e-mail starts with a prefix;
 * - GSI1: partition `users#email`, sort key `<emailKey>#<uid>`: every user by e-mail prefix.
 * `emailKey` is the e-mail in lower case (searches are case-insensitive). The status is part of
 * the partition key, so a status change deletes the entry and puts a new one, in the transaction
 * that patches the profile (core/accounts/admin.ts); the profile stays the record of truth.
 */
import { PROFILE_STATUSES } from '@director-ia/shared';
import { defineEntity, fixed, gsi1Index, type ItemOf, model, tableIndex } from '../schema';

/** The GSI1 partition of every directory entry (search by e-mail without a status). */
export const DIRECTORY_EMAIL_PARTITION = 'users#email';

/** The table partition prefix of the directory (IAM LeadingKeys pattern `users#*`). */
export const DIRECTORY_PARTITION_PREFIX = 'users#';

/** The process-wide directory entity (created on first use). */
export const userDirectory = defineEntity({
  model: model('userDirectory'),
  attributes: {
    uid: fixed('string'),
    status: fixed(PROFILE_STATUSES),
    emailKey: fixed('string'),
  },
  indexes: {
    byStatus: tableIndex({ template: 'users#${status}', composite: ['status'] as const }, { template: '${emailKey}#${uid}', composite: ['emailKey', 'uid'] as const }),
    byEmail: gsi1Index(DIRECTORY_EMAIL_PARTITION, '${emailKey}#${uid}', 'emailKey', 'uid'),
  },
});

export type UserDirectoryItem = ItemOf<typeof userDirectory>;
