/**
 * The render function (issue 18; core/media/jobs/worker.ts): invoked asynchronously by
 * crearBandaSonora and crearVideo with `{job: 'render', uid, jobId}`; composes the soundtrack or
 * the video, reporting progress on the job. Lambda does not retry it (a render that ran out of
 * time would again): a failed run leaves the job for estadoRender to time out, and the event in
 * the render dead-letter queue. A repeated delivery of an event finds its job claimed and does nothing.
 */
import type { Context } from 'aws-lambda';
import { runRender } from '../core/media/jobs/worker';
import type { RenderEvent } from '../core/media/jobs/start';
import { logger } from '../platform/logger';

export async function handler(event: RenderEvent, context?: Context): Promise<unknown> {
  if (context) logger.addContext(context);
  if (event?.job !== 'render' || typeof event.uid !== 'string' || typeof event.jobId !== 'string') {
    logger.warn('Unknown render event ignored');
    return { ignored: true };
  }
  return { render: await runRender(event.uid, event.jobId) };
}
