/**
 * A one-time data migration that has run (issue 17 item 1: the user directory backfilled from the
 * profiles of a deployment older than the directory): one item per migration, partition
 * `migration#<name>`, written when the migration finished.
 */
import { defineEntity, fixed, type ItemOf, model, tableIndex } from '../schema';

/** The migrations' table partition prefix (IAM LeadingKeys pattern `migration#*`). */
export const MIGRATION_PARTITION_PREFIX = 'migration#';

/** The process-wide migration mark entity (created on first use). */
export const migrationMarks = defineEntity({
  model: model('migrationMark'),
  attributes: {
    name: fixed(['userDirectory']),
    /** ISO 8601. */
    doneAt: fixed('string'),
  },
  indexes: {
    byName: tableIndex({ template: 'migration#${name}', composite: ['name'] as const }, { template: 'done', composite: [] as const }),
  },
});

export type MigrationMarkItem = ItemOf<typeof migrationMarks>;
