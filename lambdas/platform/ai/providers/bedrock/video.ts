/**
 * Asynchronous video generation on Amazon Bedrock (issue 4 item 3): StartAsyncInvoke writes the
 * video to S3 by itself (with the caller's role, so the function needs s3:PutObject on the output
 * prefix), GetAsyncInvoke reports the job. Sent through client.ts (the shared client and
 * error mapping); kept apart from text.ts so the video functions bundle only these.
 *
 * Supported model family (BEDROCK_VIDEO_MODEL_ID; capabilities.ts rejects retired ones):
 * - Luma Ray 2 (`luma.ray-v2:0`, also with an inference-profile prefix or as an ARN), text to
 *   video: `{prompt, aspect_ratio: '16:9', loop: false, duration: '5s', resolution: '720p'}`.
 *   The output is `<s3Uri>/<invocation id>/output.mp4`.
 * Any other family is refused with VIDEO_FAMILY_MSG (nothing is started). A starting image
 * (image to video) is not supported for Luma Ray 2 on Bedrock here (it takes image URLs, which a
 * private bucket cannot give it), and is refused with VIDEO_IMAGE_MSG.
 */
import type { GetAsyncInvokeCommandOutput, StartAsyncInvokeCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { bedrockCaller, isFamily } from './client';
import { AI_MSG, AiProviderError } from '../../errors';

export const LUMA_RAY_2 = /(^|\.)luma\.ray-v2/;

/** Duration and resolution the app asks for (Luma Ray 2: '5s'|'9s', '540p'|'720p'). */
export const VIDEO_DEFAULTS = { aspectRatio: '16:9', duration: '5s', resolution: '720p' } as const;

export const VIDEO_FAMILY_MSG = (model: string) =>
  `El modelo de vídeo configurado («${model}») no es compatible con esta aplicación: solo se admite Luma Ray 2 (luma.ray-v2:0) en Amazon Bedrock.`;
export const VIDEO_IMAGE_MSG = 'El modelo de vídeo configurado no puede partir de una imagen en esta aplicación: describe el vídeo solo con texto.';

/** The file Bedrock writes in the invocation's output folder. */
export const VIDEO_OUTPUT_FILE = 'output.mp4';

/** The modelInput for `model`, or null when its family is not supported. */
export function videoModelInput(model: string, prompt: string): Record<string, unknown> | null {
  if (isFamily(model, LUMA_RAY_2)) {
    return { prompt, aspect_ratio: VIDEO_DEFAULTS.aspectRatio, loop: false, duration: VIDEO_DEFAULTS.duration, resolution: VIDEO_DEFAULTS.resolution };
  }
  return null;
}

export interface StartVideoRequest {
  model: string;
  modelInput: Record<string, unknown>;
  /** `s3://bucket/prefix/` Bedrock writes under. */
  s3Uri: string;
  /** Idempotency token (letters and digits). */
  clientRequestToken: string;
}

/** StartAsyncInvoke; the invocation ARN. Failures become typed AI errors. */
export async function startVideoInvocation(request: StartVideoRequest): Promise<string> {
  const out = await bedrockCaller().send<StartAsyncInvokeCommandOutput>(
    (sdk) =>
      new sdk.StartAsyncInvokeCommand({
        modelId: request.model,
        modelInput: request.modelInput as never,
        outputDataConfig: { s3OutputDataConfig: { s3Uri: request.s3Uri } },
        clientRequestToken: request.clientRequestToken,
      }),
  );
  if (!out.invocationArn) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: 'StartAsyncInvoke returned no invocationArn' });
  return out.invocationArn;
}

export type VideoInvocation =
  | { status: 'InProgress' }
  | { status: 'Completed'; s3Uri?: string }
  | { status: 'Failed'; failureMessage?: string };

/** GetAsyncInvoke, reduced to what the job needs. Failures become typed AI errors. */
export async function getVideoInvocation(invocationArn: string): Promise<VideoInvocation> {
  const out = await bedrockCaller().send<GetAsyncInvokeCommandOutput>((sdk) => new sdk.GetAsyncInvokeCommand({ invocationArn }));
  if (out.status === 'Completed') {
    const s3Uri = out.outputDataConfig?.s3OutputDataConfig?.s3Uri;
    return s3Uri ? { status: 'Completed', s3Uri } : { status: 'Completed' };
  }
  if (out.status === 'Failed') return out.failureMessage ? { status: 'Failed', failureMessage: out.failureMessage } : { status: 'Failed' };
  return { status: 'InProgress' };
}
