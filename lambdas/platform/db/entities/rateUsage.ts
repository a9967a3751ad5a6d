/**
 * RateUsage entity (issue 13 "track rate limits per account and per app from response headers"):
 * the last usage a network reported for one (network, scope, resource), as the publishing adapters
 * pass it to `onUsage` (platform/social/publish/rates.ts). Account scope belongs to one tenant
 * (owner = the tenant's `sub`); app scope counts every tenant of the installation against the same
 * network app (owner = 'app'), so both live outside the tenant partitions: partition
 * `rateUsage#<owner>`, sort key `rate#<network>#<resource>` (one Query per owner and network).
 * `expiresAt` (epoch seconds, the table's TTL attribute) removes a record a day after its window.
 */
import { SOCIAL_NETWORKS } from '@director-ia/shared';
import { defineEntity, fixed, type ItemOf, model, optional, required, tableIndex } from '../schema';

/** The owner of app-wide usage. */
export const APP_RATE_OWNER = 'app';

/** The process-wide RateUsage entity. */
export const rateUsages = defineEntity({
  model: model('rateUsage'),
  attributes: {
    /** A tenant's `sub` (account scope) or APP_RATE_OWNER. */
    owner: fixed('string'),
    network: fixed(SOCIAL_NETWORKS),
    resource: fixed('string'),
    /** Share of the limit used, percent (may pass 100). */
    usedPercent: required('number'),
    remaining: optional('number'),
    limit: optional('number'),
    /** Epoch ms at which the window resets, when the network said. */
    resetAt: optional('number'),
    /** ISO 8601. */
    updatedAt: required('string'),
    /** Epoch seconds: the table's TTL. */
    expiresAt: optional('number'),
  },
  indexes: {
    byOwner: tableIndex(
      { template: 'rateUsage#${owner}', composite: ['owner'] as const },
      { template: 'rate#${network}#${resource}', composite: ['network', 'resource'] as const },
    ),
  },
});

export type RateUsageItem = ItemOf<typeof rateUsages>;
