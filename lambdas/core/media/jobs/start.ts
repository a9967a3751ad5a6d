/**
 * Starting renders (issue 18): the start every render shares, and `crearBandaSonora`'s
 * (`crearVideo`'s checks are in ./startVideo.ts, `proponerGuion` in ./storyboard.ts, so each
 * callable's bundle carries only its own path).
 *
 * A start checks everything it can before spending (the contract already checked the shapes and
 * limits; a soundtrack's mood and style against the brand's topics to avoid): any refusal is a
 * 400/404 with the Spanish reason and nothing is recorded or taken. Then `startJob`: one unit of
 * the daily generation quota (429 when used up), the RenderJob record, and the job queued on the
 * render function (`{job: 'render', uid, jobId}`); if queueing fails the job is failed and the
 * unit given back. The answer is the job's view ('en_cola').
 */
import { MEDIA_MSG, RENDER_WORKER_FUNCTION_ENV, type CallableInput, type CallableOutput, type RenderJob, type VideoRequest } from '@director-ia/shared';
import { InvalidInputError } from '../../../platform/errors';
import { invokeAsync } from '../../../platform/lambda';
import { logger } from '../../../platform/logger';
import { matchedTopicToAvoid } from '../../brand';
import { releaseGeneration, reserveGeneration } from '../../generation/quota';
import { readBrandContext } from '../../settings/aiSettings';
import { newObjectId } from '../../uploads/keys';
import { createRenderJob, failRenderJob, renderJobView } from './store';

/** The render function's event. */
export interface RenderEvent {
  job: 'render';
  uid: string;
  jobId: string;
}

/** Queues job `jobId` of `sub` on the render function (env RENDER_WORKER_FUNCTION). */
async function queueRender(sub: string, jobId: string): Promise<void> {
  const name = process.env[RENDER_WORKER_FUNCTION_ENV];
  if (!name) throw new Error(`${RENDER_WORKER_FUNCTION_ENV} is not set`);
  await invokeAsync(name, { job: 'render', uid: sub, jobId } satisfies RenderEvent);
}

/** Quota unit, record, queue (see the module header). */
export async function startJob(sub: string, job: { kind: 'music' | 'video'; source?: VideoRequest['source']; request: unknown; title: string; postId?: string }, now: Date): Promise<RenderJob> {
  const reservation = await reserveGeneration(sub, now);
  const jobId = newObjectId(now.getTime());
  let item;
  try {
    item = await createRenderJob(sub, { jobId, ...job, quotaDay: reservation.day }, now);
  } catch (error) {
    await releaseGeneration(sub, reservation);
    throw error;
  }
  try {
    await queueRender(sub, jobId);
  } catch (error) {
    logger.error('Could not queue a render job', { jobId, error: error as Error });
    await failRenderJob(sub, item, MEDIA_MSG.renderFailed);
    throw error;
  }
  logger.info('Render job queued', { jobId, kind: job.kind, source: job.source ?? null });
  return renderJobView(sub, item, now);
}

/** `crearBandaSonora`: queues a soundtrack render for `sub`. */
export async function startSoundtrack(sub: string, input: CallableInput<'crearBandaSonora'>, now = new Date()): Promise<CallableOutput<'crearBandaSonora'>> {
  const topic = matchedTopicToAvoid(`${input.mood} ${input.style}`, await readBrandContext(sub));
  if (topic) throw new InvalidInputError(MEDIA_MSG.topicToAvoid(topic, 'la música'));
  return startJob(sub, { kind: 'music', request: input, title: `${input.mood} · ${input.style} · ${input.tempo} bpm · ${input.durationSeconds} s` }, now);
}
