/**
 * The data-rights worker's events (issue 17 item 2) and how a callable hands one over: the worker
 * (lambdas/events/dataRights.ts, fixed name `<stack>-data-rights`, env DATA_RIGHTS_WORKER_FUNCTION
 * on its callers) runs them asynchronously; Lambda retries a failed run twice.
 * - `{job: 'export', uid, id}`: builds export `id` of `uid` (core/dataRights/export.ts);
 * - `{job: 'deleteAccount', uid}`: runs (or resumes) `uid`'s account deletion (./deletion.ts);
 * - `{job: 'dataRights', scheduledTime}`: the schedule's sweep: resumes abandoned deletions and
 *   enforces conversation retention (./retention.ts).
 */
import { DATA_RIGHTS_WORKER_FUNCTION_ENV } from '@director-ia/shared';
import { invokeAsync } from '../../platform/lambda';

export type DataRightsEvent =
  | { job: 'export'; uid: string; id: string }
  | { job: 'deleteAccount'; uid: string }
  | { job: 'dataRights'; scheduledTime?: string };

/** Queues `event` for the data-rights worker. */
export async function handToWorker(event: Exclude<DataRightsEvent, { job: 'dataRights' }>): Promise<void> {
  const name = process.env[DATA_RIGHTS_WORKER_FUNCTION_ENV];
  if (!name) throw new Error(`${DATA_RIGHTS_WORKER_FUNCTION_ENV} is not set`);
  await invokeAsync(name, event);
}
