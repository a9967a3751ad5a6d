/**
 * The single DynamoDB table's key schema (architecture "Data"). The CDK table and the local
 * twin's CreateTable are both derived from this, so entities and infrastructure cannot drift.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** GSI1 serves cross-tenant lookups (admin user list, later blog by slug, widget by uid). */
  gsi1: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;

/** Environment variable every function reads for the table name. */
export const TABLE_NAME_ENV = 'TABLE_NAME';
