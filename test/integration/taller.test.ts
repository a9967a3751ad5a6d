/**
 * The Taller's image generation and gallery against the twin (issue 4 items 1, 5, 6; spec 7 and 8):
 * `generarImagen` with and without an inspiration image gives a real PNG from a short-lived URL,
 * stored as the caller's asset and listed by `listarRecursos`; assets never cross tenants (another
 * owner cannot list, reach or delete them); `eliminarRecurso` removes file and record; bad input
 * (non-image, oversized or malformed inspiration, empty or too long prompt, a topic the brand
 * avoids) is a 400 that stores nothing and uses no quota; the daily quota (the test twin's
 * DAILY_GENERATION_QUOTA) ends in 429 RESOURCE_EXHAUSTED, and a failed generation gives its unit
 * back. The twin's provider is the offline one: images are real and labelled offline.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MAX_INSPIRATION_BYTES,
  MAX_PROMPT_LENGTH,
  MSG,
  TALLER_MSG,
  type Asset,
  type CallableOutput,
} from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { PNG_SIGNATURE, pngSize, solidPng, TEST_DAILY_GENERATION_QUOTA } from '../support/generation';

const twin = inject('twin');
type Generated = CallableOutput<'generarImagen'>;

let admin: TestUser;
let s3: S3Client;
let bucket: string;

async function owner(prefix: string): Promise<TestUser> {
  const user = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

const generate = (user: TestUser, prompt: string, imageBase64: string | null = null) => call(twin, 'generarImagen', { prompt, imageBase64 }, user.accessToken);
const generateOk = (user: TestUser, prompt: string, imageBase64: string | null = null) => callOk<Generated>(twin, 'generarImagen', { prompt, imageBase64 }, user.accessToken);
const list = async (user: TestUser) => (await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', null, user.accessToken)).assets;

/** The object keys under the user's assets folder, straight from s3rver. */
async function storedKeys(user: TestUser): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `users/${user.sub}/assets/` }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

/** The user's generation counter of today (undefined when none was ever taken). */
async function counter(user: TestUser): Promise<number | undefined> {
  const item = await rawTable(twin).get(`user#${user.sub}`, `quota#generation#${new Date().toISOString().slice(0, 10)}`);
  return item?.count as number | undefined;
}

async function download(url: string): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
}

const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((b, i) => bytes[i] === b);

beforeAll(async () => {
  admin = await signInAdmin(twin);
});

describe('generarImagen and the gallery', () => {
  let ana: TestUser;
  let beto: TestUser;
  let plain: Generated;
  let inspired: Generated;
  const inspiration = solidPng([250, 200, 20], 32);

  beforeAll(async () => {
    [ana, beto] = await Promise.all([owner('ana'), owner('beto')]);
    plain = await generateOk(ana, 'Un escaparate de panadería con pan azul');
    const url = new URL(plain.imageUrl);
    bucket = url.pathname.split('/')[1] ?? '';
    s3 = new S3Client({ endpoint: url.origin, forcePathStyle: true, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  });

  it('generates a real PNG without an inspiration image, labelled offline, behind a short-lived URL of the caller', async () => {
    expect(plain).toEqual({ imageUrl: expect.any(String), assetId: expect.stringMatching(/^[a-z0-9]{20}$/), offline: true, model: 'offline-png-v1' });
    const url = new URL(plain.imageUrl);
    expect(decodeURIComponent(url.pathname)).toBe(`/${bucket}/users/${ana.sub}/assets/${plain.assetId}.png`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const file = await download(plain.imageUrl);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(isPng(file.bytes)).toBe(true);
    expect(pngSize(file.bytes)).toEqual({ width: 512, height: 512 });
  });

  it('generates with an inspiration image (the part after the comma of its data URL), which shapes the result', async () => {
    inspired = await generateOk(ana, 'Un escaparate de panadería con pan azul', inspiration.toString('base64'));
    expect(inspired).toMatchObject({ offline: true, model: 'offline-png-v1' });
    expect(inspired.assetId).not.toBe(plain.assetId);
    const [withImage, without] = await Promise.all([download(inspired.imageUrl), download(plain.imageUrl)]);
    expect(isPng(withImage.bytes)).toBe(true);
    // Same prompt; the offline renderer blends the reference's colour in, so the pictures differ.
    expect(withImage.bytes.equals(without.bytes)).toBe(false);
  });

  it('lists both, newest first, with type, prompt, date, offline flag and working URLs', async () => {
    const assets = await list(ana);
    expect(assets.map((a) => a.id)).toEqual([inspired.assetId, plain.assetId]);
    const [first, second] = assets as [Asset, Asset];
    expect(first).toMatchObject({ type: 'image', prompt: 'Un escaparate de panadería con pan azul', mediaType: 'image/png', offline: true, model: 'offline-png-v1', source: 'inspiration' });
    expect(second.source).toBeUndefined();
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(Date.parse(second.createdAt));
    expect(Math.abs(Date.now() - Date.parse(first.createdAt))).toBeLessThan(120_000);
    const shown = await download(first.url);
    expect(shown.bytes.byteLength).toBe(first.size);
    const saved = await download(first.downloadUrl);
    expect(saved.bytes.equals(shown.bytes)).toBe(true);
    expect(saved.disposition).toBe(`attachment; filename="imagen-${first.id}.png"`);
    expect(await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', { type: 'video' }, ana.accessToken)).toEqual({ assets: [] });
    expect((await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', { type: 'image' }, ana.accessToken)).assets).toHaveLength(2);
  });

  it('keeps assets per tenant: another owner cannot list, reach or delete them', async () => {
    expect(await list(beto)).toEqual([]);
    const { status, body } = await call(twin, 'eliminarRecurso', { id: plain.assetId }, beto.accessToken);
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 'NOT_FOUND', message: TALLER_MSG.assetNotFound });
    // Beto's own image lives under his prefix; nothing he is given points into Ana's.
    const his = await generateOk(beto, 'Un logotipo verde');
    expect(decodeURIComponent(new URL(his.imageUrl).pathname)).toContain(`/users/${beto.sub}/assets/`);
    for (const asset of await list(beto)) expect(decodeURIComponent(new URL(asset.url).pathname)).not.toContain(ana.sub);
    // Ana's files and records are untouched.
    expect((await download(plain.imageUrl)).status).toBe(200);
    expect((await list(ana)).map((a) => a.id)).toEqual([inspired.assetId, plain.assetId]);
  });

  it('deletes an asset: file and record, and a second delete is NOT_FOUND', async () => {
    expect(await callOk(twin, 'eliminarRecurso', { id: plain.assetId }, ana.accessToken)).toEqual({ id: plain.assetId });
    expect((await list(ana)).map((a) => a.id)).toEqual([inspired.assetId]);
    expect(await storedKeys(ana)).toEqual([`users/${ana.sub}/assets/${inspired.assetId}.png`]);
    expect((await download(plain.imageUrl)).status).toBe(404);
    expect((await call(twin, 'eliminarRecurso', { id: plain.assetId }, ana.accessToken)).status).toBe(404);
    expect((await call(twin, 'eliminarRecurso', { id: '../../otro' }, ana.accessToken)).status).toBe(404);
  });

  it('counted one unit per image generated', async () => {
    expect(await counter(ana)).toBe(2);
    expect(await counter(beto)).toBe(1);
  });
});

describe('bad input stores nothing and uses no quota', () => {
  let carla: TestUser;
  beforeAll(async () => {
    carla = await owner('carla');
    await generateOk(carla, 'Primera imagen'); // creates the bucket listing context and one counted unit
    await callOk(twin, 'eliminarRecurso', { id: (await list(carla))[0]?.id }, carla.accessToken);
  });

  const cases: [string, () => unknown, string][] = [
    ['a text file as inspiration', () => ({ prompt: 'Un cartel', imageBase64: Buffer.from('Esto es un texto, no una imagen.').toString('base64') }), TALLER_MSG.inspirationNotImage],
    ['a PDF as inspiration', () => ({ prompt: 'Un cartel', imageBase64: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n').toString('base64') }), TALLER_MSG.inspirationNotImage],
    ['a whole data URL as imageBase64', () => ({ prompt: 'Un cartel', imageBase64: `data:image/png;base64,${solidPng([1, 2, 3]).toString('base64')}` }), TALLER_MSG.inspirationNotImage],
    ['an empty imageBase64', () => ({ prompt: 'Un cartel', imageBase64: '' }), TALLER_MSG.inspirationNotImage],
    [
      'an inspiration image over 4 MB',
      () => ({ prompt: 'Un cartel', imageBase64: Buffer.concat([solidPng([1, 2, 3]), Buffer.alloc(MAX_INSPIRATION_BYTES)]).toString('base64') }),
      TALLER_MSG.inspirationTooLarge(4),
    ],
    ['an empty prompt', () => ({ prompt: '', imageBase64: null }), TALLER_MSG.promptRequired],
    ['a blank prompt', () => ({ prompt: '   ', imageBase64: null }), TALLER_MSG.promptRequired],
    ['no prompt', () => ({ imageBase64: null }), TALLER_MSG.promptRequired],
    ['a prompt over the limit', () => ({ prompt: 'p'.repeat(MAX_PROMPT_LENGTH + 1), imageBase64: null }), TALLER_MSG.promptTooLong(MAX_PROMPT_LENGTH)],
  ];

  it.each(cases)('%s → 400 with a clear message', async (_label, payload, message) => {
    const { status, body } = await call(twin, 'generarImagen', payload(), carla.accessToken);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain(message);
  });

  it('a body far over the limit is refused before it is read', async () => {
    const { status, body } = await call(twin, 'generarImagen', { prompt: 'Un cartel', imageBase64: 'A'.repeat(6 * 1024 * 1024) }, carla.accessToken);
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/^La solicitud es demasiado grande/);
  });

  it('after all of them nothing was stored and the quota is as before', async () => {
    expect(await list(carla)).toEqual([]);
    expect(await storedKeys(carla)).toEqual([]);
    expect(await counter(carla)).toBe(1);
  });

  it('refuses a prompt about a topic the brand avoids, naming it, and generates other prompts', async () => {
    await callOk(twin, 'guardarAjustesIA', { brandName: 'Floristería Lirio', topicsToAvoid: 'política, religión' }, carla.accessToken);
    const { status, body } = await generate(carla, 'Un cartel sobre las elecciones y los partidos políticos');
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message: TALLER_MSG.topicToAvoid('política') });
    expect(await list(carla)).toEqual([]);
    expect(await counter(carla)).toBe(1);
    const ok = await generateOk(carla, 'Un ramo de rosas rojas');
    expect((await list(carla)).map((a) => a.id)).toEqual([ok.assetId]);
  });
});

describe('daily generation quota', () => {
  it(`allows ${TEST_DAILY_GENERATION_QUOTA} generations a day and then answers 429 RESOURCE_EXHAUSTED`, async () => {
    const dora = await owner('dora');
    for (let i = 1; i <= TEST_DAILY_GENERATION_QUOTA; i += 1) await generateOk(dora, `Imagen número ${i}`);
    const { status, body } = await generate(dora, 'Una más');
    expect(status).toBe(429);
    expect(body.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: TALLER_MSG.quotaExceeded(TEST_DAILY_GENERATION_QUOTA) });
    expect(await list(dora)).toHaveLength(TEST_DAILY_GENERATION_QUOTA);
    expect(await counter(dora)).toBe(TEST_DAILY_GENERATION_QUOTA);
    // Deleting an asset does not give the day's generation back.
    await callOk(twin, 'eliminarRecurso', { id: (await list(dora))[0]?.id }, dora.accessToken);
    expect((await generate(dora, 'Otra')).status).toBe(429);
  });

  it('concurrent requests never pass the quota', async () => {
    const eva = await owner('eva');
    const results = await Promise.all(Array.from({ length: TEST_DAILY_GENERATION_QUOTA + 3 }, (_, i) => generate(eva, `Imagen simultánea ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(TEST_DAILY_GENERATION_QUOTA);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    expect(await list(eva)).toHaveLength(TEST_DAILY_GENERATION_QUOTA);
  });

  it('gives the unit back when the generation fails', async () => {
    const fede = await owner('fede');
    // An OpenAI-compatible provider without an image model: the generation itself fails.
    await callOk(twin, 'guardarIntegraciones', { aiProvider: 'openai-compatible', openaiBaseUrl: 'https://llm.example.com/v1', openaiModel: 'llama3.1' }, fede.accessToken);
    const { status, body } = await generate(fede, 'Un cartel de verano');
    expect(status).toBe(400);
    expect(body.error?.message).toBe('El proveedor de IA configurado no tiene un modelo de imágenes. Indícalo en Integraciones.');
    expect(await counter(fede)).toBe(0);
    expect(await list(fede)).toEqual([]);
    // Back to the deployment's provider: the whole quota is still there.
    await callOk(twin, 'guardarIntegraciones', { aiProvider: 'default' }, fede.accessToken);
    for (let i = 1; i <= TEST_DAILY_GENERATION_QUOTA; i += 1) await generateOk(fede, `Imagen ${i}`);
    expect((await generate(fede, 'Una más')).status).toBe(429);
  });

  it('is not reached by a pending user, who cannot generate at all', async () => {
    const pending = await registerUser(twin, 'pendiente');
    const { status, body } = await generate(pending, 'Un cartel');
    expect(status).toBe(403);
    expect(body.error?.message).toBe(MSG.pendingAccount);
  });
});
