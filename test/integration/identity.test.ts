/**
 * The identity lab and video jobs against the twin (issue 4 items 2 and 3; spec 7 and 8). The
 * twin's provider is the offline one, with its offline speech engine (eSpeak NG, OFFLINE_TTS=text2wav):
 * - `generarIdentidad` avatar → `{success: true}`, a real PNG stored as an 'avatar' asset and listed
 *   by `listarRecursos`; a topic the brand avoids is 400; the daily quota applies (429);
 * - voice → `{success: true}`, Spanish speech stored as a 'voice' WAV asset marked offline, one
 *   quota unit used; the uploaded voice sample (kind 'voiceSample') stays stored and the answer
 *   says no provider clones it; a sample key that is not the caller's is 400 (without an engine,
 *   the refusal is covered by the unit tests of the identity core);
 * - video avatar → the owner's video (kind 'identityVideo') is kept, the answer says plainly that
 *   no provider builds an avatar from a video;
 * - `obtenerCapacidades` tells all this before trying; `iniciarVideo` is 501 with the sentence and
 *   creates nothing; `estadoVideo` of an unknown job is 404.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TALLER_MSG, type Asset, type CallableOutput } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { CAPABILITY_MSG } from '../../lambdas/platform/ai/capabilities';
import { IDENTITY_MSG } from '../../lambdas/core/generation/identity';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { PNG_SIGNATURE, TEST_DAILY_GENERATION_QUOTA } from '../support/generation';

const twin = inject('twin');
type Identity = CallableOutput<'generarIdentidad'>;
type Grant = CallableOutput<'solicitarSubida'>;

let admin: TestUser;
let s3: S3Client | undefined;
let bucket = '';

async function owner(prefix: string): Promise<TestUser> {
  const user = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

const list = async (user: TestUser) => (await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', null, user.accessToken)).assets;

async function counter(user: TestUser): Promise<number | undefined> {
  const item = await rawTable(twin).get(`user#${user.sub}`, `quota#generation#${new Date().toISOString().slice(0, 10)}`);
  return item?.count as number | undefined;
}

/** Uploads `bytes` as `kind` the way the browser does (presigned POST). */
async function upload(user: TestUser, kind: 'voiceSample' | 'identityVideo', fileName: string, type: string, bytes: Uint8Array): Promise<string> {
  const grant = await callOk<Grant>(twin, 'solicitarSubida', { kind, fileName, contentType: type, size: bytes.byteLength }, user.accessToken);
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await fetch(grant.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`S3 POST failed: ${response.status}`);
  if (!s3) {
    const url = new URL(grant.url);
    bucket = url.pathname.split('/')[1] ?? '';
    s3 = new S3Client({ endpoint: url.origin, forcePathStyle: true, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  }
  return grant.key;
}

async function keysUnder(user: TestUser): Promise<string[]> {
  if (!s3) throw new Error('no S3 client yet');
  const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `users/${user.sub}/` }));
  return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
}

beforeAll(async () => {
  admin = await signInAdmin(twin);
});

describe('generarIdentidad', () => {
  let ana: TestUser;
  beforeAll(async () => {
    ana = await owner('ana');
  });

  it('makes an avatar from a description: a real PNG stored as an avatar asset and listed', async () => {
    const result = await callOk<Identity>(twin, 'generarIdentidad', { type: 'avatar', prompt: 'Una mujer sonriente con chaqueta turquesa' }, ana.accessToken);
    expect(result).toMatchObject({ success: true, offline: true });
    expect(result.assetId).toMatch(/^[a-z0-9]{20}$/);
    const bytes = new Uint8Array(await (await fetch(result.url ?? '')).arrayBuffer());
    expect(PNG_SIGNATURE.every((b, i) => bytes[i] === b)).toBe(true);
    const assets = await list(ana);
    expect(assets).toHaveLength(1);
    expect(assets[0]).toMatchObject({ id: result.assetId, type: 'avatar', prompt: 'Una mujer sonriente con chaqueta turquesa', offline: true, mediaType: 'image/png' });
    expect(await counter(ana)).toBe(1);
  });

  it('refuses an avatar about a topic the brand avoids, storing nothing', async () => {
    const bea = await owner('bea');
    await callOk(twin, 'guardarAjustesIA', { brandName: 'Bea', topicsToAvoid: 'política' }, bea.accessToken);
    const { status, body } = await call(twin, 'generarIdentidad', { type: 'avatar', prompt: 'Un avatar hablando de política' }, bea.accessToken);
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message: TALLER_MSG.topicToAvoid('política') });
    expect(await list(bea)).toEqual([]);
    expect(await counter(bea)).toBeUndefined();
  });

  it('speaks a voice sample offline: a WAV stored as a voice asset, the sample kept, one quota unit', async () => {
    const caro = await owner('caro');
    const sampleKey = await upload(caro, 'voiceSample', 'mi-voz.wav', 'audio/wav', new Uint8Array(2048).fill(7));
    const result = await callOk<Identity>(twin, 'generarIdentidad', { type: 'voice', text: 'Hola, bienvenidos a mi tienda.', voice: 'Sergio', sampleKey }, caro.accessToken);
    expect(result).toMatchObject({ success: true, offline: true, sampleKept: true, unsupported: CAPABILITY_MSG.voiceCloneWithSpeech });
    const [voice, ...others] = await list(caro);
    expect(others).toEqual([]);
    expect(voice).toMatchObject({ type: 'voice', mediaType: 'audio/wav', prompt: 'Hola, bienvenidos a mi tienda.', offline: true });
    const wav = new Uint8Array(await (await fetch(voice?.url ?? '')).arrayBuffer());
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF');
    expect(wav.byteLength).toBeGreaterThan(10_000);
    expect(await counter(caro)).toBe(1);
    expect(await keysUnder(caro)).toContain(sampleKey);
  });

  it('keeps the video sample and says plainly that no provider builds an avatar from it', async () => {
    const dani = await owner('dani');
    const sampleKey = await upload(dani, 'identityVideo', 'yo.mp4', 'video/mp4', new Uint8Array(4096).fill(1));
    const result = await callOk<Identity>(twin, 'generarIdentidad', { type: 'video', sampleKey }, dani.accessToken);
    expect(result).toEqual({ success: false, error: CAPABILITY_MSG.avatarFromVideo, unsupported: CAPABILITY_MSG.avatarFromVideo, sampleKept: true });
    expect(await list(dani)).toEqual([]);
    expect(await keysUnder(dani)).toEqual([sampleKey]);
  });

  it("refuses a sample that is another owner's, of another kind, or missing", async () => {
    const eli = await owner('eli');
    const anasVideo = await upload(ana, 'identityVideo', 'ana.mp4', 'video/mp4', new Uint8Array(100).fill(2));
    const eliVoice = await upload(eli, 'voiceSample', 'eli.mp3', 'audio/mpeg', new Uint8Array(100).fill(3));
    const cases: [unknown, string][] = [
      [{ type: 'video', sampleKey: anasVideo }, IDENTITY_MSG.sampleInvalid],
      [{ type: 'video', sampleKey: eliVoice }, IDENTITY_MSG.sampleInvalid],
      [{ type: 'voice', text: 'Hola', sampleKey: eliVoice.replace(/\/[a-z0-9]{20}-/, '/zzzzzzzzzzzzzzzzzzzz-') }, IDENTITY_MSG.sampleMissing],
    ];
    for (const [data, message] of cases) {
      const { status, body } = await call(twin, 'generarIdentidad', data, eli.accessToken);
      expect(status).toBe(400);
      expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message });
    }
  });

  it.each([
    [{ type: 'avatar' }],
    [{ type: 'avatar', prompt: '   ' }],
    [{ type: 'voice', text: '' }],
    [{ type: 'voice', text: 'Hola', voice: 'Pepe' }],
    [{ type: 'video' }],
    [{ type: 'holograma', prompt: 'x' }],
  ])('bad input %j is 400 and stores nothing', async (data) => {
    const fran = await owner('fran');
    const { status, body } = await call(twin, 'generarIdentidad', data, fran.accessToken);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(await list(fran)).toEqual([]);
  });

  it('counts avatars against the daily generation quota', async () => {
    const gabi = await owner('gabi');
    for (let i = 1; i <= TEST_DAILY_GENERATION_QUOTA; i += 1) await callOk(twin, 'generarIdentidad', { type: 'avatar', prompt: `Avatar ${i}` }, gabi.accessToken);
    const { status, body } = await call(twin, 'generarIdentidad', { type: 'avatar', prompt: 'Uno más' }, gabi.accessToken);
    expect(status).toBe(429);
    expect(body.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: TALLER_MSG.quotaExceeded(TEST_DAILY_GENERATION_QUOTA) });
    expect(await list(gabi)).toHaveLength(TEST_DAILY_GENERATION_QUOTA);
  });
});

describe('obtenerCapacidades and video jobs', () => {
  it('tells what the offline twin can and cannot do, before trying', async () => {
    const hugo = await owner('hugo');
    const { capabilities } = await callOk<CallableOutput<'obtenerCapacidades'>>(twin, 'obtenerCapacidades', null, hugo.accessToken);
    expect(capabilities.avatarFromDescription).toMatchObject({ available: true, offline: true });
    expect(capabilities.avatarFromVideo).toEqual({ available: false, offline: false, message: CAPABILITY_MSG.avatarFromVideo });
    expect(capabilities.speech).toMatchObject({ available: true, offline: true });
    expect(capabilities.video).toEqual({ available: false, offline: false, message: CAPABILITY_MSG.videoOffline });
  });

  it('iniciarVideo offline is 501 with the sentence and creates nothing; estadoVideo of no job is 404', async () => {
    const ines = await owner('ines');
    const { status, body } = await call(twin, 'iniciarVideo', { prompt: 'Olas al atardecer' }, ines.accessToken);
    expect(status).toBe(501);
    expect(body.error).toEqual({ status: 'UNIMPLEMENTED', message: CAPABILITY_MSG.videoOffline });
    expect(await list(ines)).toEqual([]);
    expect(await counter(ines)).toBeUndefined();
    const state = await call(twin, 'estadoVideo', { jobId: 'zzzzzzzzzzzzzzzzzzzz' }, ines.accessToken);
    expect(state.status).toBe(404);
    expect((await call(twin, 'iniciarVideo', { prompt: '' }, ines.accessToken)).status).toBe(400);
  });
});
