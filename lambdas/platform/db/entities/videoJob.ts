/**
 * VideoJob entity (issue 4 item 3): one item per asynchronous video generation under the tenant
 * partition `user#<sub>`, sort key `videoJob#<jobId>`. It keeps the Bedrock invocation to poll
 * (`invocationArn`), the job's state (shared VIDEO_JOB_STATUSES), the UTC day whose quota unit it
 * took (given back when the job fails) and, once the video is ready, the id of its Asset.
 */
import { Entity, type EntityItem } from '../electrodb';
import { TABLE_SCHEMA, VIDEO_JOB_STATUSES } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

function createVideoJobEntity() {
  return new Entity(
    {
      model: { entity: 'videoJob', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        jobId: { type: 'string', required: true, readOnly: true },
        /** Bedrock's async invocation ARN (GetAsyncInvoke). */
        invocationArn: { type: 'string', required: true, readOnly: true },
        prompt: { type: 'string', required: true, readOnly: true },
        /** Model id the job runs on. */
        model: { type: 'string', required: true, readOnly: true },
        status: { type: VIDEO_JOB_STATUSES, required: true },
        /** UTC day (YYYY-MM-DD) of the quota unit the job took. */
        quotaDay: { type: 'string', required: true, readOnly: true },
        /** Set when the video is ready: its Asset id. */
        assetId: { type: 'string' },
        /** Spanish message of a failed job. */
        error: { type: 'string' },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['jobId'], template: 'videoJob#${jobId}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type VideoJobEntity = ReturnType<typeof createVideoJobEntity>;

let entity: VideoJobEntity | undefined;
/** The process-wide VideoJob entity (created on first use, once TABLE_NAME is known). */
export function videoJobs(): VideoJobEntity {
  entity ??= createVideoJobEntity();
  return entity;
}
export type VideoJobItem = EntityItem<VideoJobEntity>;
