/**
 * OAuthState entity (issue 12, initiateOAuth → completarOAuth): one single-use item per OAuth
 * `state`, keyed by the state's SHA-256 (base64url) so the table never holds a usable state,
 * partition `oauthState#<hash>`, sort key `oauthState`. Bound to the caller (`uid`) and the network;
 * `verifierSealed` is the PKCE verifier sealed for `{tenant: uid, field: 'oauth:<hash>:verifier'}`.
 *
 * Expiry: `expiresAtMs` (epoch ms) is checked by the consuming delete's condition; `expiresAt`
 * (TABLE_SCHEMA.timeToLiveAttribute, epoch seconds) only lets DynamoDB's TTL remove forgotten
 * states later (TTL deletion is lazy, and DynamoDB Local never deletes).
 */
import { SOCIAL_NETWORKS } from '@director-ia/shared';
import { defineEntity, fixed, type ItemOf, model, optional, tableIndex } from '../schema';

/** The process-wide OAuthState entity (created on first use). */
export const oauthStates = defineEntity({
  model: model('oauthState'),
  attributes: {
    /** SHA-256 of the state, base64url. */
    stateHash: fixed('string'),
    uid: fixed('string'),
    network: fixed(SOCIAL_NETWORKS),
    verifierSealed: optional('string'),
    redirectUri: fixed('string'),
    createdAt: fixed('string'),
    expiresAtMs: fixed('number'),
    /** TTL, epoch seconds. */
    expiresAt: fixed('number'),
  },
  indexes: {
    byState: tableIndex({ template: 'oauthState#${stateHash}', composite: ['stateHash'] as const }, { template: 'oauthState', composite: [] as const }),
  },
});

export type OAuthStateItem = ItemOf<typeof oauthStates>;
