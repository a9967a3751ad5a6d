/**
 * Video as an asynchronous job (issue 4 item 3): `iniciarVideo` / `estadoVideo`.
 *
 * Start (`startVideo`): only where the brand's capabilities allow video (capabilities.ts: Amazon
 * Bedrock with a current BEDROCK_VIDEO_MODEL_ID); everywhere else 501 UNIMPLEMENTED with the
 * capability sentence and nothing is created. Then: a model family this app supports
 * (platform/ai/providers/bedrock/video.ts, Luma Ray 2; others 501 with VIDEO_FAMILY_MSG), no starting image (400), the
 * brand's topics to avoid (400), one quota unit, StartAsyncInvoke writing to
 * `s3://<UPLOADS_BUCKET>/users/<sub>/assets/video-<jobId>/`, then the VideoJob record; the answer
 * is `{jobId, status: 'en_cola'}`. If Bedrock refuses or the record cannot be written, the quota
 * unit is given back.
 *
 * Status: `videoStatus` in videoStatus.ts (apart, so each Lambda bundles only its side).
 *
 * Topics to avoid are checked with `readBrandContext` + `matchedTopicToAvoid` (what
 * `prepareBrandGeneration` does) rather than `prepareBrandGeneration` itself: that resolves the
 * full provider layer, which this Lambda would then load at every cold start, and video
 * needs no provider object (the capability check already established Bedrock). The refusal names
 * the video (VIDEO_MSG.topicToAvoid), not an image.
 */
import type { CallableOutput } from '@director-ia/shared';
import { matchedTopicToAvoid } from '../brand';
import { bedrockVideoModel } from '../../platform/ai/capabilities';
import { startVideoInvocation, VIDEO_FAMILY_MSG, VIDEO_IMAGE_MSG, videoModelInput } from '../../platform/ai/providers/bedrock/video';
import { videoJobs } from '../../platform/db/entities/videoJob';
import { uploadsUri } from '../../platform/storage/objects';
import { InvalidInputError, UnsupportedError } from '../../platform/errors';
import { readBrandContext } from '../settings/aiSettings';
import { newObjectId } from '../uploads/keys';
import { brandVideoCapability } from './capabilities';
import { releaseGeneration, reserveGeneration } from './quota';
import { VIDEO_MSG, videoOutputPrefix } from './videoOutput';

export { VIDEO_MSG } from './videoOutput';

/** Starts a video job for `sub` (see the module header). */
export async function startVideo(
  sub: string,
  input: { prompt: string; imageKey?: string | undefined },
  env: Record<string, string | undefined> = process.env,
  now = new Date(),
): Promise<CallableOutput<'iniciarVideo'>> {
  const video = await brandVideoCapability(sub, env);
  const configured = bedrockVideoModel(env);
  if (!video.available || 'reason' in configured) throw new UnsupportedError(video.message ?? VIDEO_FAMILY_MSG(''));
  const model = configured.model;
  const modelInput = videoModelInput(model, input.prompt);
  if (!modelInput) throw new UnsupportedError(VIDEO_FAMILY_MSG(model));
  if (input.imageKey) throw new InvalidInputError(VIDEO_IMAGE_MSG);

  const topic = matchedTopicToAvoid(input.prompt, await readBrandContext(sub));
  if (topic) throw new InvalidInputError(VIDEO_MSG.topicToAvoid(topic));

  const reservation = await reserveGeneration(sub, now);
  const jobId = newObjectId(now.getTime());
  try {
    const invocationArn = await startVideoInvocation({
      model,
      modelInput,
      s3Uri: uploadsUri(videoOutputPrefix(sub, jobId)),
      clientRequestToken: jobId,
    });
    await videoJobs()
      .create({ uid: sub, jobId, invocationArn, prompt: input.prompt, model, status: 'en_cola', quotaDay: reservation.day, createdAt: now.toISOString() })
      .go();
  } catch (error) {
    await releaseGeneration(sub, reservation);
    throw error;
  }
  return { jobId, status: 'en_cola' };
}
