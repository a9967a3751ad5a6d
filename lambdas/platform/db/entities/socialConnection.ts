/**
 * SocialConnection entity (spec 4 "Social connection"; issue 12): one item per brand and network
 * under `user#<sub>`, sort key `social#<network>`, so reconnecting the same network updates the
 * item and can never duplicate it. Tokens are stored only sealed (platform/secrets, contexts
 * `{tenant: sub, field: 'social:<network>:access' | 'social:<network>:refresh' |
 * 'social:<network>:target:<id>'}`); the browser's view (core/social/view.ts) never reads them.
 *
 * Times: `expiresAt`, `refreshExpiresAt`, `connectedAt`, `updatedAt` are ISO 8601
 * strings (absent `expiresAt` = the access token does not expire). The table's TTL attribute is
 * also named `expiresAt`, but DynamoDB's TTL ignores an attribute that is not a Number, so a
 * connection is never deleted by it. `leaseUntil` is epoch milliseconds.
 *
 * GSI1 (sparse, `due`): present only while the access token expires (there is something to renew,
 * or an expiry to notice), partition `socialRefresh`, sort key `<refreshAt>#<sub>#<network>`
 * (`refreshKey`, one attribute, so that no write of the key needs the index's other composites), so the refresh job reads what is due with one Query
 * (`gsi1sk < <lookahead>`). ElectroDB writes both GSI1 keys on a put that carries `refreshKey`
 * (every expiring connection is created by such a put, core/social/store.ts), and a patch that
 * sets or removes `refreshKey` changes only `gsi1sk` (the partition has no composite): enough,
 * since an item without `gsi1sk` is in no GSI1 query, and a put without `refreshKey` (reconnect,
 * disconnect) drops both.
 *
 * Lease (`leaseUntil`, `leaseId`): one holder per connection while its tokens are refreshed, taken
 * and released with conditional updates (core/social/refresh.ts), so a rotating refresh token is
 * never sent twice.
 */
import { CONNECTION_STATES, SOCIAL_NETWORKS, TARGET_KINDS } from '@director-ia/shared';
import { defineEntity, fixed, gsi1Index, type ItemOf, model, optional, required, TENANT, tenantIndex } from '../schema';

/** GSI1 partition holding every connection whose access token expires. */
export const SOCIAL_REFRESH_GSI_PARTITION = 'socialRefresh';

/** One target as stored: the browser's fields plus its own sealed token when it has one. */
const TARGET = {
  type: 'map',
  properties: {
    id: required('string'),
    name: required('string'),
    kind: required(TARGET_KINDS),
    pictureUrl: optional('string'),
    selected: required('boolean'),
    tokenSealed: optional('string'),
  },
} as const;

/** The process-wide SocialConnection entity (created on first use). */
export const socialConnections = defineEntity({
  model: model('socialConnection'),
  attributes: {
    ...TENANT,
    network: fixed(SOCIAL_NETWORKS),
    state: required(CONNECTION_STATES),
    accountId: optional('string'),
    accountName: optional('string'),
    accountPictureUrl: optional('string'),
    targets: { type: 'list', items: TARGET, required: true },
    accessTokenSealed: optional('string'),
    refreshTokenSealed: optional('string'),
    expiresAt: optional('string'),
    refreshExpiresAt: optional('string'),
    scope: optional('string'),
    sandbox: required('boolean'),
    connectedAt: optional('string'),
    updatedAt: required('string'),
    reconnectReason: optional('string'),
    /**
     * The GSI1 sort key, `<refreshAt ISO>#<sub>#<network>`: refreshAt is when the refresh job should
     * renew (or notice the expiry of) the access token (`refreshKeyOf`). Absent: not in GSI1.
     */
    refreshKey: optional('string'),
    leaseUntil: optional('number'),
    leaseId: optional('string'),
  },
  indexes: {
    byUser: tenantIndex('social#${network}', 'network'),
    due: gsi1Index(SOCIAL_REFRESH_GSI_PARTITION, '${refreshKey}', 'refreshKey'),
  },
});

export type SocialConnectionItem = ItemOf<typeof socialConnections>;
export type StoredTarget = SocialConnectionItem['targets'][number];

/** The GSI1 sort key of `sub`'s `network` connection due at `refreshAt`. */
export const refreshKeyOf = (refreshAt: Date, sub: string, network: string): string => `${refreshAt.toISOString()}#${sub}#${network}`;
