/**
 * Render jobs' records and their moves (issue 18; entity: platform/db/entities/renderJob.ts):
 * - `createRenderJob` → an 'en_cola' job (the callable has taken the quota unit);
 * - `claimRenderJob` → en_cola → generando, conditional: only one delivery of the worker's event
 *   renders it (Lambda may deliver an asynchronous event twice); false for the others;
 * - `reportProgress` → progress and stage of a 'generando' job (conditional on still generating);
 * - `completeRenderJob` → 'listo' with the asset; `failRenderJob` → 'error' with a Spanish message,
 *   conditional on the job not being final yet, and then (only then) its quota unit is given back,
 *   so a render that fails twice, or fails while estadoRender times it out, gives back one unit;
 * - `renderJobView` → the browser's RenderJob; a job whose worker stopped changing it for
 *   RENDER_STALE_MS (a crash, Lambda's timeout) is failed on read with MEDIA_MSG.renderTimedOut;
 * - `listRenderJobs` → the newest RENDER_LIST_LIMIT jobs (one Query).
 */
import { MEDIA_MSG, RENDER_STAGE_LABELS, type RenderJob, type RenderKind, type RenderStage, type VideoSource } from '@director-ia/shared';
import { renderJobs, type RenderJobItem } from '../../../platform/db/entities/renderJob';
import { isConditionalCheckFailure } from '../../../platform/db/errors';
import { NotFoundError } from '../../../platform/errors';
import { logger } from '../../../platform/logger';
import { assetUrl, getAsset, getAssets, type AssetItem } from '../../assets/assets';
import { releaseGeneration } from '../../generation/quota';

/**
 * How long a job may go without a change before it counts as dead: the render function's timeout
 * (15 minutes) plus Lambda's queueing margin. The worker writes progress every few seconds.
 */
export const RENDER_STALE_MS = 20 * 60 * 1000;
/** Jobs listarRenders returns. */
export const RENDER_LIST_LIMIT = 20;

export interface NewRenderJob {
  jobId: string;
  kind: RenderKind;
  source?: VideoSource;
  request: unknown;
  title: string;
  quotaDay: string;
  postId?: string;
}

/** Records a queued job of `sub`. */
export async function createRenderJob(sub: string, job: NewRenderJob, now = new Date()): Promise<RenderJobItem> {
  const item = {
    uid: sub,
    jobId: job.jobId,
    kind: job.kind,
    ...(job.source ? { source: job.source } : {}),
    request: JSON.stringify(job.request),
    title: job.title.slice(0, 200),
    status: 'en_cola' as const,
    progress: 0,
    stage: 'queued',
    quotaDay: job.quotaDay,
    ...(job.postId ? { postId: job.postId } : {}),
    offline: false,
    updatedAt: now.toISOString(),
    createdAt: now.toISOString(),
  };
  await renderJobs().create(item).go();
  return item as RenderJobItem;
}

/** Job `jobId` of `sub`, or null. */
export async function getRenderJob(sub: string, jobId: string): Promise<RenderJobItem | null> {
  const { data } = await renderJobs().get({ uid: sub, jobId }).go({ consistent: true });
  return data ?? null;
}

/** Moves a queued job to 'generando'; false when it is not queued any more (another delivery took it, or it was failed). */
export async function claimRenderJob(sub: string, jobId: string, now = new Date()): Promise<boolean> {
  try {
    await renderJobs()
      .patch({ uid: sub, jobId })
      .set({ status: 'generando', stage: 'queued', updatedAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.status, 'en_cola'))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Progress (0–100, rounded) and stage of a generating job; false when the job is no longer generating (e.g. timed out). */
export async function reportProgress(sub: string, jobId: string, progress: number, stage: RenderStage, extra: { offline?: boolean } = {}): Promise<boolean> {
  try {
    await renderJobs()
      .patch({ uid: sub, jobId })
      .set({ progress: Math.max(0, Math.min(99, Math.round(progress))), stage, updatedAt: new Date().toISOString(), ...(extra.offline !== undefined ? { offline: extra.offline } : {}) })
      .where((attr, op) => op.eq(attr.status, 'generando'))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Marks a generating job 'listo' with its asset and notices. */
export async function completeRenderJob(sub: string, jobId: string, result: { assetId: string; notices: string[]; offline: boolean }): Promise<void> {
  await renderJobs()
    .patch({ uid: sub, jobId })
    .set({ status: 'listo', progress: 100, stage: 'done', assetId: result.assetId, offline: result.offline, updatedAt: new Date().toISOString(), ...(result.notices.length ? { notices: result.notices } : {}) })
    .where((attr, op) => op.eq(attr.status, 'generando'))
    .go();
}

/**
 * Moves job `job` to 'error' with `message` unless it is final already; gives its quota unit back
 * when this call made the move. Returns whether it did.
 */
export async function failRenderJob(sub: string, job: Pick<RenderJobItem, 'jobId' | 'quotaDay'>, message: string): Promise<boolean> {
  try {
    await renderJobs()
      .patch({ uid: sub, jobId: job.jobId })
      .set({ status: 'error', stage: 'failed', error: message, updatedAt: new Date().toISOString() })
      .where((attr, op) => `${op.ne(attr.status, 'error')} AND ${op.ne(attr.status, 'listo')}`)
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
  await releaseGeneration(sub, { day: job.quotaDay });
  return true;
}

/** Whether a job that is not final has gone RENDER_STALE_MS without a change. */
export function isStale(job: Pick<RenderJobItem, 'status' | 'updatedAt'>, now: Date): boolean {
  return (job.status === 'en_cola' || job.status === 'generando') && now.getTime() - Date.parse(job.updatedAt) > RENDER_STALE_MS;
}

/**
 * The browser's view of `item` (a stale job is failed first; a ready one gets its URL). `known`:
 * every ready job's asset of a list, already read (listRenderJobs); without it the asset is read here.
 */
export async function renderJobView(sub: string, item: RenderJobItem, now = new Date(), known?: ReadonlyMap<string, AssetItem>): Promise<RenderJob> {
  let job = item;
  if (isStale(job, now)) {
    logger.warn('Render job timed out', { jobId: job.jobId, status: job.status, updatedAt: job.updatedAt });
    await failRenderJob(sub, job, MEDIA_MSG.renderTimedOut);
    job = (await getRenderJob(sub, job.jobId)) ?? job;
  }
  let url: string | undefined;
  if (job.status === 'listo' && job.assetId) {
    const asset = known ? known.get(job.assetId) : await getAsset(sub, job.assetId);
    if (asset) url = await assetUrl(asset);
  }
  const stage = (job.stage in RENDER_STAGE_LABELS ? job.stage : 'queued') as RenderStage;
  return {
    jobId: job.jobId,
    kind: job.kind,
    ...(job.source ? { source: job.source } : {}),
    status: job.status,
    progress: job.status === 'listo' ? 100 : job.progress,
    stage: RENDER_STAGE_LABELS[stage],
    title: job.title,
    ...(job.assetId && url ? { assetId: job.assetId, url } : {}),
    ...(job.error ? { error: job.error } : {}),
    ...(job.notices?.length ? { notices: job.notices } : {}),
    offline: job.offline,
    ...(job.postId ? { postId: job.postId } : {}),
    createdAt: job.createdAt,
  };
}

/** The newest RENDER_LIST_LIMIT jobs of `sub`, newest first. */
export async function listRenderJobs(sub: string, now = new Date()): Promise<RenderJob[]> {
  const { data } = await renderJobs().query.byUser({ uid: sub }).go({ order: 'desc', limit: RENDER_LIST_LIMIT });
  // The ready jobs' assets in one BatchGetItem rather than a GetItem per job.
  const ready = await getAssets(
    sub,
    data.flatMap((item) => (item.status === 'listo' && item.assetId ? [item.assetId] : [])),
  );
  return Promise.all(data.map((item) => renderJobView(sub, item, now, ready)));
}

/** `estadoRender`: job `jobId` of `sub` (NotFoundError when the caller has none such). */
export async function renderJobStatus(sub: string, jobId: string, now = new Date()): Promise<RenderJob> {
  const job = await getRenderJob(sub, jobId);
  if (!job) throw new NotFoundError(MEDIA_MSG.jobNotFound);
  return renderJobView(sub, job, now);
}
