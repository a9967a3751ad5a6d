/**
 * BlogSchedule entity (issue 5 item 3: drafts on the configured frequency): one item per brand
 * whose blog is enabled, under `user#<sub>`, sort key `blog#schedule`, saying when the schedule
 * drafts the next article. GSI1 lists every brand's item by due time (partition `blogSchedule`,
 * sort key `<nextDueAt ISO>#<sub>`), so the scheduled job reads only what is due with one Query
 * (`gsi1sk <= now`), never a Scan.
 *
 * Written in the blog settings' save transaction (put when the blog is enabled or its frequency
 * changes, deleted when it is disabled) and advanced by the job with a conditional update on the
 * due time it read, so two runs can never claim the same period (core/blog/schedule.ts).
 */
import { BLOG_FREQUENCIES, TABLE_SCHEMA } from '@director-ia/shared';
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';

/** GSI1 partition holding every brand's schedule item. */
export const BLOG_SCHEDULE_GSI_PARTITION = 'blogSchedule';

function createBlogScheduleEntity() {
  return new Entity(
    {
      model: { entity: 'blogSchedule', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        frequency: { type: BLOG_FREQUENCIES, required: true },
        /** ISO 8601 (UTC, `toISOString`): when the next draft is due. */
        nextDueAt: { type: 'string', required: true },
        /** ISO 8601: the due time of the last period the job claimed, if any. */
        lastDueAt: { type: 'string' },
        /** The article the last scheduled run drafted, if any. */
        lastArticleId: { type: 'string' },
        /** ISO 8601. */
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'blog#schedule', casing: 'none' },
        },
        due: {
          index: TABLE_SCHEMA.gsi1.indexName,
          pk: { field: TABLE_SCHEMA.gsi1.partitionKey, composite: [], template: BLOG_SCHEDULE_GSI_PARTITION, casing: 'none' },
          sk: { field: TABLE_SCHEMA.gsi1.sortKey, composite: ['nextDueAt', 'uid'], template: '${nextDueAt}#${uid}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type BlogScheduleEntity = ReturnType<typeof createBlogScheduleEntity>;

let entity: BlogScheduleEntity | undefined;
/** The process-wide BlogSchedule entity (created on first use). */
export function blogSchedules(): BlogScheduleEntity {
  entity ??= createBlogScheduleEntity();
  return entity;
}
export type BlogScheduleItem = EntityItem<BlogScheduleEntity>;
