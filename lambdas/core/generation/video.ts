/**
 * Video as an asynchronous job (issue 4 item 3): `iniciarVideo` / `estadoVideo`.
 * Video generation is available only where the brand's capabilities say so (capabilities.ts:
 * Amazon Bedrock with a current BEDROCK_VIDEO_MODEL_ID). Everywhere else — the offline provider,
 * the other providers, Bedrock without a video model — starting a job is 501 UNIMPLEMENTED with
 * the capability sentence and nothing is created. The Bedrock asynchronous path
 * (StartAsyncInvoke/GetAsyncInvoke with a job record) is not built yet: a deployment that has a
 * video model gets the same plain 501 statement rather than a fake job, and since no job can
 * exist, every status request is NOT_FOUND.
 */
import { CallableError, type CallableOutput } from '../../../shared';
import { brandCapabilities } from './capabilities';

export const VIDEO_MSG = {
  bedrockPending: 'La generación de vídeo con Amazon Bedrock todavía no está disponible en esta aplicación.',
  jobNotFound: 'Trabajo de vídeo no encontrado.',
} as const;

/** Starts a video job for `sub` (see the module header): today always a plain 501. */
export async function startVideo(sub: string, _input: { prompt: string; imageKey?: string | undefined }, env: Record<string, string | undefined> = process.env): Promise<CallableOutput<'iniciarVideo'>> {
  const { video } = await brandCapabilities(sub, env);
  if (!video.available) throw new CallableError('UNIMPLEMENTED', video.message ?? VIDEO_MSG.bedrockPending);
  throw new CallableError('UNIMPLEMENTED', VIDEO_MSG.bedrockPending);
}

/** The status of video job `jobId` of `sub`: no job is ever created yet, so NOT_FOUND. */
export async function videoStatus(_sub: string, _jobId: string): Promise<CallableOutput<'estadoVideo'>> {
  throw new CallableError('NOT_FOUND', VIDEO_MSG.jobNotFound);
}
