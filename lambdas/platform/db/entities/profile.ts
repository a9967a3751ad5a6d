/**
 * Profile entity (spec section 3 "User document"): one item per user under the tenant partition
 * `user#<sub>`; GSI1 lists every profile by creation date for the admin panel (no Scan).
 */
import { PROFILE_STATUSES, THEME_IDS } from '@director-ia/shared';
import { CREATED, defineEntity, gsi1Index, type ItemOf, model, optional, required, TENANT, tenantIndex } from '../schema';

/** GSI1 partition holding every profile; a single partition is fine at admin-panel scale. */
export const PROFILES_GSI_PARTITION = 'profiles';

/** The process-wide Profile entity (created on first use). */
export const profiles = defineEntity({
  model: model('profile'),
  attributes: {
    ...TENANT,
    email: required('string'),
    status: required(PROFILE_STATUSES),
    isAdmin: required('boolean'),
    ...CREATED,
    theme: optional(THEME_IDS),
    /** False for a self-registered, unproved address (issue 16 finding 6). */
    emailVerified: optional('boolean'),
    /**
     * Epoch seconds: access tokens issued (`iat`) before this are refused by the access middleware
     * (issue 17 item 1: set when an admin suspends, rejects or demotes the user, since API
     * Gateway's JWT authorizer accepts an issued token until it expires).
     */
    tokensValidAfter: optional('number'),
  },
  indexes: {
    byUser: tenantIndex('profile'),
    allProfiles: gsi1Index(PROFILES_GSI_PARTITION, 'profile#${createdAt}#${uid}', 'createdAt', 'uid'),
  },
});

export type ProfileItem = ItemOf<typeof profiles>;
