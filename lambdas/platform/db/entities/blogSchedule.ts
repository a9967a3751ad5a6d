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
import { BLOG_FREQUENCIES } from '@director-ia/shared';
import { defineEntity, gsi1Index, type ItemOf, model, optional, required, TENANT, tenantIndex } from '../schema';

/** GSI1 partition holding every brand's schedule item. */
export const BLOG_SCHEDULE_GSI_PARTITION = 'blogSchedule';

/** The process-wide BlogSchedule entity (created on first use). */
export const blogSchedules = defineEntity({
  model: model('blogSchedule'),
  attributes: {
    ...TENANT,
    frequency: required(BLOG_FREQUENCIES),
    /** ISO 8601 (UTC, `toISOString`): when the next draft is due. */
    nextDueAt: required('string'),
    /** ISO 8601: the due time of the last period the job claimed, if any. */
    lastDueAt: optional('string'),
    /** The article the last scheduled run drafted, if any. */
    lastArticleId: optional('string'),
    /** ISO 8601. */
    updatedAt: required('string'),
  },
  indexes: {
    byUser: tenantIndex('blog#schedule'),
    due: gsi1Index(BLOG_SCHEDULE_GSI_PARTITION, '${nextDueAt}#${uid}', 'nextDueAt', 'uid'),
  },
});

export type BlogScheduleItem = ItemOf<typeof blogSchedules>;
