/**
 * The status of a video job (issue 4 item 3, `estadoVideo`; see video.ts for the whole flow): the
 * caller's VideoJob record (another tenant's or an unknown id → NOT_FOUND). A final record answers
 * from itself; otherwise GetAsyncInvoke: InProgress → 'generando'; Completed → the `output.mp4`
 * Bedrock wrote in the job's folder is registered as a 'video' Asset (record only; asset id = job
 * id, so a repeated poll never registers it twice) and the answer is 'listo' with a short-lived
 * URL; Failed → 'error' with a Spanish message, and the quota unit is given back once (the record
 * moves to 'error' under a condition, so concurrent polls cannot give it back twice).
 */
import { ASSET_ID_PATTERN, TALLER_MSG, type CallableOutput } from '@director-ia/shared';
import { getVideoInvocation, VIDEO_OUTPUT_FILE } from '../../platform/ai/providers/bedrock/video';
import { assets } from '../../platform/db/entities/asset';
import { videoJobs, type VideoJobItem } from '../../platform/db/entities/videoJob';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { getObject, uploadsUri } from '../../platform/storage/objects';
import { assetUrl } from '../assets/assets';
import { releaseGeneration } from './quota';
import { VIDEO_MSG, videoOutputPrefix } from './videoOutput';


/** Moves the job to 'error' once; gives its quota unit back when this call made the move. */
async function failJob(sub: string, job: VideoJobItem, message: string): Promise<CallableOutput<'estadoVideo'>> {
  try {
    await videoJobs()
      .patch({ uid: sub, jobId: job.jobId })
      .set({ status: 'error', error: message })
      .where((attr, op) => `${op.ne(attr.status, 'error')} AND ${op.ne(attr.status, 'listo')}`)
      .go();
    await releaseGeneration(sub, { day: job.quotaDay });
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  return { status: 'error', error: message };
}

/** The `output.mp4` of a completed job, as an Asset record (the file is already in the bucket). */
async function registerVideo(sub: string, job: VideoJobItem, s3Uri: string | undefined): Promise<CallableOutput<'estadoVideo'>> {
  const prefix = videoOutputPrefix(sub, job.jobId);
  const bucketPrefix = uploadsUri();
  const folder = s3Uri?.startsWith(bucketPrefix) ? s3Uri.slice(bucketPrefix.length).replace(/\/?$/, '/') : prefix;
  // Only ever a key inside this job's own output folder.
  if (!folder.startsWith(prefix) || folder.includes('..')) return failJob(sub, job, VIDEO_MSG.outputMissing);
  const key = `${folder}${VIDEO_OUTPUT_FILE}`;
  const head = await getObject(key, 0);
  if (!head) return failJob(sub, job, VIDEO_MSG.outputMissing);
  const versionId = head.versionId;
  const item = {
    uid: sub,
    id: job.jobId,
    type: 'video' as const,
    prompt: job.prompt,
    key,
    ...(versionId ? { versionId } : {}),
    mediaType: 'video/mp4',
    size: head.size,
    offline: false,
    model: job.model,
    createdAt: new Date().toISOString(),
  };
  try {
    await assets().create(item).go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error; // already registered by a concurrent poll
  }
  await videoJobs().patch({ uid: sub, jobId: job.jobId }).set({ status: 'listo', assetId: job.jobId }).go();
  return { status: 'listo', url: await assetUrl({ key }) };
}

/** The status of video job `jobId` of `sub` (see the module header). */
export async function videoStatus(sub: string, jobId: string): Promise<CallableOutput<'estadoVideo'>> {
  if (!ASSET_ID_PATTERN.test(jobId)) throw new NotFoundError(VIDEO_MSG.jobNotFound);
  const { data: job } = await videoJobs().get({ uid: sub, jobId }).go();
  if (!job) throw new NotFoundError(VIDEO_MSG.jobNotFound);
  if (job.status === 'error') return { status: 'error', error: job.error ?? VIDEO_MSG.failed };
  if (job.status === 'listo' && job.assetId) {
    const { data: asset } = await assets().get({ uid: sub, id: job.assetId }).go();
    if (asset) return { status: 'listo', url: await assetUrl(asset) };
    return { status: 'error', error: TALLER_MSG.assetNotFound };
  }

  const invocation = await getVideoInvocation(job.invocationArn);
  switch (invocation.status) {
    case 'InProgress':
      if (job.status !== 'generando') await videoJobs().patch({ uid: sub, jobId }).set({ status: 'generando' }).go();
      return { status: 'generando' };
    case 'Completed':
      return registerVideo(sub, job, invocation.s3Uri);
    case 'Failed':
      logger.warn('Video job failed', { jobId, reason: invocation.failureMessage ?? '' });
      return failJob(sub, job, VIDEO_MSG.failed);
  }
}
