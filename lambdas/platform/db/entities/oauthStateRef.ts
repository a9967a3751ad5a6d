/**
 * OAuth state reference (issue 17 item 2, for issue 12's states): one item in the owner's own
 * partition (`user#<uid>`, sort key `oauthref#<stateHash>`) for each OAuth state they start,
 * written just before the state (so no state exists without one). A state lives in a partition of its own
 * (`oauthState#<hash>`, platform/db/entities/oauthState.ts), so without this reference an account
 * deletion could not find the states an owner left unfinished except with a Scan. Consuming the
 * state deletes the reference too; `expiresAt` (the table's TTL attribute, epoch seconds, the
 * state's own) lets DynamoDB remove a forgotten one.
 */
import { defineEntity, fixed, type ItemOf, model, TENANT, tenantIndex } from '../schema';

/** The process-wide OAuth state reference entity (created on first use). */
export const oauthStateRefs = defineEntity({
  model: model('oauthStateRef'),
  attributes: {
    ...TENANT,
    /** The state's SHA-256, base64url (its partition `oauthState#<stateHash>`). */
    stateHash: fixed('string'),
    /** TTL, epoch seconds (the state's). */
    expiresAt: fixed('number'),
  },
  indexes: {
    byUser: tenantIndex('oauthref#${stateHash}', 'stateHash'),
  },
});

export type OAuthStateRefItem = ItemOf<typeof oauthStateRefs>;
