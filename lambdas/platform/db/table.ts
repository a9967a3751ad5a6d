/**
 * The single DynamoDB table's key schema (architecture "Data"). The CDK table and the local
 * twin's CreateTable are both derived from this, so entities and infrastructure cannot drift.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** GSI1 serves cross-tenant lookups (admin user list, later blog by slug, widget by uid). */
  gsi1: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /**
   * Time to live: DynamoDB deletes an item some time after this epoch-seconds attribute has passed
   * (rate-limit counters, lambdas/platform/db/counters.ts). Deletion is lazy and DynamoDB Local
   * never deletes, so code must not rely on it: expired items are ignored by the code that reads them.
   */
  timeToLiveAttribute: 'expiresAt',
} as const;

/** Environment variable every function reads for the table name. */
export const TABLE_NAME_ENV = 'TABLE_NAME';
