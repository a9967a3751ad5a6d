/**
 * The Bedrock video job (issue 4 item 3) with Bedrock, S3 and DynamoDB mocked at the SDK: the
 * exact StartAsyncInvoke / GetAsyncInvoke requests, the status mapping (InProgress → generando,
 * Completed → the produced output.mp4 registered as a 'video' asset and a short-lived URL,
 * Failed → error in Spanish with the quota unit given back once), refusals that create nothing
 * (unsupported family, starting image, topic to avoid) and NOT_FOUND for another tenant's job.
 * DynamoDB is an in-memory table keyed by pk/sk so tenant isolation is observable. (The twin's
 * provider is offline: there the callable answers 501, see test/integration/identity.test.ts.)
 */
import { BedrockRuntimeClient, GetAsyncInvokeCommand, StartAsyncInvokeCommand } from '@aws-sdk/client-bedrock-runtime';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../../../../lambdas/platform/errors';
import { startVideo, VIDEO_MSG } from '../../../../../lambdas/core/generation/video';
import { videoStatus } from '../../../../../lambdas/core/generation/videoStatus';
import { VIDEO_FAMILY_MSG, VIDEO_IMAGE_MSG } from '../../../../../lambdas/platform/ai/providers/bedrock/video';
import { AI_MSG, AiError } from '../../../../../lambdas/platform/ai/errors';

vi.mock('../../../../../lambdas/core/settings/integrations', () => ({ readIntegrationsItem: async () => ({ aiProvider: 'bedrock' }), hasSecret: () => false }));
vi.mock('../../../../../lambdas/core/settings/aiSettings', () => ({ readBrandContext: async () => ({ brandName: 'Café Luna', topicsToAvoid: 'política' }) }));

const SUB = '5f0c2d7e-1111-4222-8333-444455556666';
const OTHER = '9a9a9a9a-2222-4333-8444-555566667777';
const ENV = {
  TABLE_NAME: 'video-test',
  UPLOADS_BUCKET: 'uploads-test',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  DAILY_GENERATION_QUOTA: '5',
};
const VIDEO_ENV = { AI_PROVIDER: 'bedrock', BEDROCK_VIDEO_MODEL_ID: 'luma.ray-v2:0' };
const NOW = new Date('2026-05-04T10:20:30.000Z');
const ARN = 'arn:aws:bedrock:us-west-2:123456789012:async-invoke/abc123def456';

const bedrock = mockClient(BedrockRuntimeClient);
const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);

/** In-memory table: `pk|sk` → item. */
let table: Map<string, Record<string, unknown>>;
const keyOf = (key: Record<string, unknown> | undefined) => `${String(key?.pk)}|${String(key?.sk)}`;
const quotaUpdates = () => dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input).filter((i) => String(i.Key?.sk).startsWith('quota#'));

beforeAll(() => {
  for (const [key, value] of Object.entries(ENV)) vi.stubEnv(key, value);
});
afterAll(() => {
  vi.unstubAllEnvs();
});
beforeEach(() => {
  table = new Map();
  bedrock.reset();
  s3.reset();
  dynamo.reset();
  dynamo.on(PutCommand).callsFake((input: { Item: Record<string, unknown>; ConditionExpression?: string }) => {
    const k = keyOf(input.Item);
    if (input.ConditionExpression?.includes('attribute_not_exists') && table.has(k)) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    table.set(k, { ...input.Item });
    return {};
  });
  dynamo.on(GetCommand).callsFake((input: { Key: Record<string, unknown> }) => ({ Item: table.get(keyOf(input.Key)) }));
  dynamo.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    if (String(input.Key?.sk).startsWith('quota#')) return { Attributes: { count: 1 } };
    const item = table.get(keyOf(input.Key));
    if (!item) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    // ElectroDB's SET values are `:<attribute>_u<n>`; its status guard (`#status <> :status_w<n>`) is checked here.
    const values = input.ExpressionAttributeValues ?? {};
    for (const [name, value] of Object.entries(values)) {
      const guard = /^:status_w\d+$/.test(name);
      if (guard && item.status === value) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    }
    for (const [name, value] of Object.entries(values)) {
      const match = /^:(\w+?)_u\d+$/.exec(name);
      if (match?.[1]) item[match[1]] = value;
    }
    return {};
  });
  s3.on(GetObjectCommand).resolves({ ContentLength: 734_003, VersionId: 'v-1' });
  bedrock.on(StartAsyncInvokeCommand).resolves({ invocationArn: ARN });
});

/** The expected failure (a domain or AI error, which the callable edge maps) `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<DomainError | AiError> {
  try {
    await promise;
  } catch (error) {
    expect(error instanceof DomainError || error instanceof AiError).toBe(true);
    return error as DomainError | AiError;
  }
  throw new Error('expected a refusal');
}

describe('iniciarVideo on Bedrock with Luma Ray 2', () => {
  it('starts the async invocation with the exact request and stores the job', async () => {
    const result = await startVideo(SUB, { prompt: 'Olas al atardecer en la costa' }, VIDEO_ENV, NOW);
    expect(result).toEqual({ jobId: expect.stringMatching(/^[a-z0-9]{20}$/), status: 'en_cola' });
    const calls = bedrock.commandCalls(StartAsyncInvokeCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      modelId: 'luma.ray-v2:0',
      modelInput: { prompt: 'Olas al atardecer en la costa', aspect_ratio: '16:9', loop: false, duration: '5s', resolution: '720p' },
      outputDataConfig: { s3OutputDataConfig: { s3Uri: `s3://uploads-test/users/${SUB}/assets/video-${result.jobId}/` } },
      clientRequestToken: result.jobId,
    });
    expect(quotaUpdates()).toMatchObject([{ Key: { pk: `user#${SUB}`, sk: 'quota#generation#2026-05-04' }, ExpressionAttributeValues: { ':one': 1 } }]);
    expect(table.get(`user#${SUB}|videoJob#${result.jobId}`)).toMatchObject({
      uid: SUB,
      jobId: result.jobId,
      invocationArn: ARN,
      prompt: 'Olas al atardecer en la costa',
      model: 'luma.ray-v2:0',
      status: 'en_cola',
      quotaDay: '2026-05-04',
      createdAt: NOW.toISOString(),
    });
  });

  it('accepts an inference-profile prefix of the family', async () => {
    await startVideo(SUB, { prompt: 'Olas' }, { ...VIDEO_ENV, BEDROCK_VIDEO_MODEL_ID: 'us.luma.ray-v2:0' }, NOW);
    expect(bedrock.commandCalls(StartAsyncInvokeCommand)[0]?.args[0].input.modelId).toBe('us.luma.ray-v2:0');
  });

  it.each([
    ['another model family', { prompt: 'Olas' }, { ...VIDEO_ENV, BEDROCK_VIDEO_MODEL_ID: 'amazon.nova-reel-v2:0' }, 'UNSUPPORTED', VIDEO_FAMILY_MSG('amazon.nova-reel-v2:0')],
    ['a starting image', { prompt: 'Olas', imageKey: `users/${SUB}/assets/x.png` }, VIDEO_ENV, 'INVALID_INPUT', VIDEO_IMAGE_MSG],
    ['a topic to avoid', { prompt: 'Un mitin de política' }, VIDEO_ENV, 'INVALID_INPUT', VIDEO_MSG.topicToAvoid('política')],
  ])('refuses %s and changes nothing', async (_what, input, env, kind, message) => {
    expect(await refusal(startVideo(SUB, input, env, NOW))).toMatchObject({ kind, message });
    expect(bedrock.commandCalls(StartAsyncInvokeCommand)).toHaveLength(0);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('gives the quota unit back and stores nothing when Bedrock refuses', async () => {
    bedrock.on(StartAsyncInvokeCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    expect(await refusal(startVideo(SUB, { prompt: 'Olas' }, VIDEO_ENV, NOW))).toMatchObject({ message: AI_MSG.provider });
    expect(quotaUpdates().map((i) => i.ExpressionAttributeValues)).toEqual([{ ':one': 1, ':limit': 5, ':expiresAt': 1777939320 }, { ':minusOne': -1, ':zero': 0 }]);
    expect([...table.keys()].filter((k) => k.includes('videoJob#'))).toEqual([]);
  });
});

describe('estadoVideo', () => {
  const started = async () => (await startVideo(SUB, { prompt: 'Olas al atardecer' }, VIDEO_ENV, NOW)).jobId;

  it('InProgress → generando, asking Bedrock with the job invocation ARN', async () => {
    const jobId = await started();
    bedrock.on(GetAsyncInvokeCommand).resolves({ status: 'InProgress' } as never);
    expect(await videoStatus(SUB, jobId)).toEqual({ status: 'generando' });
    expect(bedrock.commandCalls(GetAsyncInvokeCommand).map((c) => c.args[0].input)).toEqual([{ invocationArn: ARN }]);
    expect(table.get(`user#${SUB}|videoJob#${jobId}`)?.status).toBe('generando');
  });

  it('Completed → the produced output.mp4 becomes a video asset (record only) and the answer has a short-lived URL', async () => {
    const jobId = await started();
    const folder = `s3://uploads-test/users/${SUB}/assets/video-${jobId}/abc123def456`;
    bedrock.on(GetAsyncInvokeCommand).resolves({ status: 'Completed', outputDataConfig: { s3OutputDataConfig: { s3Uri: folder } } } as never);
    const result = await videoStatus(SUB, jobId);
    const key = `users/${SUB}/assets/video-${jobId}/abc123def456/output.mp4`;
    expect(result).toEqual({ status: 'listo', url: expect.stringContaining(`/${key}?`) });
    expect(result.url).toContain('X-Amz-Expires=');
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'uploads-test', Key: key }]);
    expect(table.get(`user#${SUB}|asset#${jobId}`)).toMatchObject({ uid: SUB, id: jobId, type: 'video', key, versionId: 'v-1', mediaType: 'video/mp4', size: 734_003, offline: false, model: 'luma.ray-v2:0', prompt: 'Olas al atardecer' });
    expect(table.get(`user#${SUB}|videoJob#${jobId}`)).toMatchObject({ status: 'listo', assetId: jobId });
    // A final job answers from its record: Bedrock is not asked again.
    expect(await videoStatus(SUB, jobId)).toMatchObject({ status: 'listo' });
    expect(bedrock.commandCalls(GetAsyncInvokeCommand)).toHaveLength(1);
  });

  it('Failed → error in Spanish, the quota unit given back exactly once', async () => {
    const jobId = await started();
    bedrock.on(GetAsyncInvokeCommand).resolves({ status: 'Failed', failureMessage: 'internal' } as never);
    expect(await videoStatus(SUB, jobId)).toEqual({ status: 'error', error: VIDEO_MSG.failed });
    expect(await videoStatus(SUB, jobId)).toEqual({ status: 'error', error: VIDEO_MSG.failed });
    expect(quotaUpdates().filter((i) => i.ExpressionAttributeValues?.[':minusOne'] === -1)).toHaveLength(1);
    expect(bedrock.commandCalls(GetAsyncInvokeCommand)).toHaveLength(1);
  });

  it('another tenant’s job and unknown ids are NOT_FOUND, and Bedrock is not asked', async () => {
    const jobId = await started();
    expect(await refusal(videoStatus(OTHER, jobId))).toMatchObject({ kind: 'NOT_FOUND', message: VIDEO_MSG.jobNotFound });
    expect(await refusal(videoStatus(SUB, 'zzzzzzzzzzzzzzzzzzzz'))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(bedrock.commandCalls(GetAsyncInvokeCommand)).toHaveLength(0);
  });
});
