/**
 * Services the twin does not emulate: evaluated like the rest, then answered with a clear 503
 * without AWS credentials, or re-signed with them for the real endpoint (here a fake "AWS" that
 * checks the new signature). Unknown services get a 400 that says so.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { FirehoseClient, PutRecordCommand } from '@aws-sdk/client-firehose';
import { StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, REGION, credentialsOf, fakeUpstream, harness, principal, rejection, type FakeUpstream, type Harness, type Received } from './support';

const MODEL = 'eu.amazon.nova-lite-v1:0';
/** As infra/ai.ts bedrockInvokeResources gave before issue 16 (every region). */
const writer = principal('generarTexto', [
  { Effect: 'Allow', Action: 'bedrock:InvokeModel', Resource: ['arn:aws:bedrock:*::foundation-model/*', `arn:aws:bedrock:*:${ACCOUNT}:inference-profile/*`] },
]);
const noAi = principal('sinIa', [{ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: '*' }]);
const REAL = { accessKeyId: 'AKIAREALDEVELOPER', secretAccessKey: 'real-secret', sessionToken: 'session-token' };

const CONVERSE_OUTPUT = {
  output: { message: { role: 'assistant', content: [{ text: 'hola' }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
};

const converse = (endpoint: string, p = writer) =>
  new BedrockRuntimeClient({ endpoint, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 }).send(
    new ConverseCommand({ modelId: MODEL, messages: [{ role: 'user', content: [{ text: 'hola' }] }] }),
  );

/** Recomputes the SigV4 signature of what arrived, from the headers it claims to have signed. */
async function expectedAuthorization(received: Received, body: Buffer): Promise<string> {
  const url = new URL(received.url, 'https://x');
  const signedNames = /SignedHeaders=([^,]+)/.exec(received.headers.authorization ?? '')?.[1]?.split(';') ?? [];
  const headers = Object.fromEntries(signedNames.map((name) => [name, String(received.headers[name])]));
  const query = Object.fromEntries(url.searchParams);
  const amzDate = String(received.headers['x-amz-date']);
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  class Sha256 {
    private h;
    constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
      const key = secret === undefined || typeof secret === 'string' ? secret : Buffer.from(ArrayBuffer.isView(secret) ? secret.buffer.slice(secret.byteOffset, secret.byteOffset + secret.byteLength) : secret);
      this.h = key === undefined ? createHash('sha256') : createHmac('sha256', key);
    }
    update(data: Uint8Array) {
      this.h.update(data);
    }
    async digest() {
      return new Uint8Array(this.h.digest());
    }
    reset() {}
  }
  const signer = new SignatureV4({ service: 'bedrock', region: REGION, credentials: REAL, sha256: Sha256 });
  const signed = await signer.sign({ method: received.method, protocol: 'https:', hostname: String(received.headers.host), path: url.pathname, query, headers, body }, { signingDate });
  return String(signed.headers.authorization);
}

let h: Harness;
let aws: FakeUpstream;
let resigning: Harness;

beforeAll(async () => {
  aws = await fakeUpstream();
  aws.reply = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(CONVERSE_OUTPUT) });
  [h, resigning] = await Promise.all([harness(), harness({ realAws: REAL, realAwsEndpointOverride: aws.url })]);
  for (const gateway of [h.gateway, resigning.gateway]) {
    gateway.setPrincipal(writer);
    gateway.setPrincipal(noAi);
  }
});
afterAll(() => Promise.all([h.stop(), resigning.stop(), aws.stop()]));

describe('AWS gateway: services the twin does not emulate', () => {
  it('answers 503 with a clear message when no AWS credentials are configured', async () => {
    const error = await rejection(converse(h.gateway.url));
    expect(error.$metadata.httpStatusCode).toBe(503);
    expect(error.message).toMatch(/local twin does not emulate Amazon Bedrock and needs AWS credentials/);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ action: 'bedrock:InvokeModel', allowed: true });
  });

  it('evaluates Bedrock calls on the inference profile and its foundation model', async () => {
    await rejection(converse(h.gateway.url));
    expect(h.gateway.decisions().slice(-2).map((d) => d.resource)).toEqual([
      `arn:aws:bedrock:${REGION}:${ACCOUNT}:inference-profile/${MODEL}`,
      `arn:aws:bedrock:${REGION}::foundation-model/amazon.nova-lite-v1:0`,
    ]);
  });

  it('denies without the grant: AccessDeniedException, nothing sent to AWS', async () => {
    const error = await rejection(converse(resigning.gateway.url, noAi));
    expect(error.name).toBe('AccessDeniedException');
    expect(error.$metadata.httpStatusCode).toBe(403);
    expect(error.message).toContain('is not authorized to perform: bedrock:InvokeModel on resource: arn:aws:bedrock:eu-west-1:000000000000:inference-profile/');
    expect(aws.received).toHaveLength(0);
  });

  it('re-signs an allowed call with the developer credentials for the real host and streams the answer back', async () => {
    const out = await converse(resigning.gateway.url);
    expect(out.output?.message?.content?.[0]?.text).toBe('hola');
    const [received] = aws.received;
    if (!received) throw new Error('nothing reached AWS');
    expect(received.headers.host).toBe(`bedrock-runtime.${REGION}.amazonaws.com`);
    expect(received.url).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(received.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${REAL.accessKeyId}/\\d{8}/${REGION}/bedrock/aws4_request`));
    expect(received.headers['x-amz-security-token']).toBe(REAL.sessionToken);
    expect(received.headers.authorization).not.toContain(writer.accessKeyId);
    expect(received.headers.authorization).toBe(await expectedAuthorization(received, received.body));
    expect(JSON.parse(received.body.toString()).messages[0].content[0].text).toBe('hola');
  });

  it('evaluates transcribe:StartTranscriptionJob on "*" (it takes no resource type), as AWS does', async () => {
    const scoped = principal('transcribirScoped', [
      { Effect: 'Allow', Action: 'transcribe:StartTranscriptionJob', Resource: `arn:aws:transcribe:${REGION}:${ACCOUNT}:transcription-job/chat-*` },
    ]);
    const open = principal('transcribirAbierto', [{ Effect: 'Allow', Action: 'transcribe:StartTranscriptionJob', Resource: '*' }]);
    h.gateway.setPrincipal(scoped);
    h.gateway.setPrincipal(open);
    const start = (p: typeof scoped) =>
      new TranscribeClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 }).send(
        new StartTranscriptionJobCommand({ TranscriptionJobName: 'chat-1', LanguageCode: 'es-ES', Media: { MediaFileUri: 's3://b/k.ogg' } }),
      );
    expect((await rejection(start(scoped))).name).toBe('AccessDeniedException');
    expect(h.gateway.decisions().at(-1)).toMatchObject({ action: 'transcribe:StartTranscriptionJob', resource: '*', allowed: false });
    expect((await rejection(start(open))).$metadata.httpStatusCode).toBe(503);
  });

  it('answers 400 for a service the gateway does not know', async () => {
    const error = await rejection(
      new FirehoseClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(writer), maxAttempts: 1 }).send(
        new PutRecordCommand({ DeliveryStreamName: 'x', Record: { Data: Buffer.from('x') } }),
      ),
    );
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(error.message).toContain("does not know the service 'firehose'");
  });
});
