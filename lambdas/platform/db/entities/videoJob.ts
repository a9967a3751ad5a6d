/**
 * VideoJob entity (issue 4 item 3): one item per asynchronous video generation under the tenant
 * partition `user#<sub>`, sort key `videoJob#<jobId>`. It keeps the Bedrock invocation to poll
 * (`invocationArn`), the job's state (shared VIDEO_JOB_STATUSES), the UTC day whose quota unit it
 * took (given back when the job fails) and, once the video is ready, the id of its Asset.
 */
import { VIDEO_JOB_STATUSES } from '@director-ia/shared';
import { CREATED, defineEntity, fixed, type ItemOf, model, optional, required, TENANT, tenantIndex } from '../schema';

/** The process-wide VideoJob entity (created on first use). */
export const videoJobs = defineEntity({
  model: model('videoJob'),
  attributes: {
    ...TENANT,
    jobId: fixed('string'),
    /** Bedrock's async invocation ARN (GetAsyncInvoke). */
    invocationArn: fixed('string'),
    prompt: fixed('string'),
    /** Model id the job runs on. */
    model: fixed('string'),
    status: required(VIDEO_JOB_STATUSES),
    /** UTC day (YYYY-MM-DD) of the quota unit the job took. */
    quotaDay: fixed('string'),
    /** Set when the video is ready: its Asset id. */
    assetId: optional('string'),
    /** Spanish message of a failed job. */
    error: optional('string'),
    ...CREATED,
  },
  indexes: { byUser: tenantIndex('videoJob#${jobId}', 'jobId') },
});

export type VideoJobItem = ItemOf<typeof videoJobs>;
