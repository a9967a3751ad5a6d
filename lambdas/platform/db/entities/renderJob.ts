/**
 * RenderJob entity (issue 18): one item per soundtrack or composed-video render under the tenant
 * partition `user#<sub>`, sort key `renderJob#<jobId>` (ids are time ordered, so a descending
 * Query lists the newest first). It keeps the validated request (`request`, JSON of the callable's
 * input), the state (shared RENDER_STATUSES) with `progress` 0–100 and `stage` (RenderStage), the
 * UTC day whose generation quota unit it took (given back once when it fails), and the result.
 * `status` moves en_cola → generando (the worker's claim, conditional, so a second delivery does
 * nothing) → listo | error (conditional on not being final, so the quota unit goes back once).
 */
import { RENDER_KINDS, RENDER_STATUSES, VIDEO_SOURCES } from '@director-ia/shared';
import { CREATED, defineEntity, fixed, type ItemOf, model, optional, required, TENANT, tenantIndex } from '../schema';

/** The process-wide RenderJob entity (created on first use). */
export const renderJobs = defineEntity({
  model: model('renderJob'),
  attributes: {
    ...TENANT,
    jobId: fixed('string'),
    kind: fixed(RENDER_KINDS),
    source: optional(VIDEO_SOURCES),
    /** The callable's validated input, as JSON. */
    request: fixed('string'),
    /** What the job is about (brief, mood or caption), for lists. */
    title: fixed('string'),
    status: required(RENDER_STATUSES),
    progress: required('number'),
    /** A RenderStage key (shared/media.ts). */
    stage: required('string'),
    /** UTC day (YYYY-MM-DD) of the quota unit the job took. */
    quotaDay: fixed('string'),
    /** The scheduled post to attach a ready video to. */
    postId: optional('string'),
    /** Set when ready: the Asset made. */
    assetId: optional('string'),
    /** Spanish message of a failed job. */
    error: optional('string'),
    /** Spanish notes about what the result lacks. */
    notices: { type: 'list', items: { type: 'string' } },
    /** True when the score or storyboard was written without an AI model. */
    offline: required('boolean'),
    /** ISO 8601 of the last change (a job whose worker died stops changing: estadoRender fails it after RENDER_STALE_MS). */
    updatedAt: required('string'),
    ...CREATED,
  },
  indexes: { byUser: tenantIndex('renderJob#${jobId}', 'jobId') },
});

export type RenderJobItem = ItemOf<typeof renderJobs>;
