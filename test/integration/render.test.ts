/**
 * Issue 18 on the twin: render jobs run by the synthesized render function (its bundle, its
 * ffmpeg, SoundFont and font installed beside it, its IAM), started by the callables, observed as
 * a caller does (estadoRender, listarRenders, listarRecursos, the files behind the URLs), and the
 * files checked with ffprobe: codecs, resolution, duration against what was asked, audio not silent.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_RENDER_SECONDS, MEDIA_MSG, UPLOAD_MSG, type Asset, type RenderJob, type Storyboard } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { TWIN_STACK_NAME } from '../../infra/local/deployment/build';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { solidPng } from '../support/generation';
import { FFMPEG, loudness, probe } from '../support/media';
import { uploadFile } from '../support/uploads';

const twin = inject('twin');
const run = promisify(execFile);
const RENDER_WAIT_MS = 150_000;

let admin: TestUser;

async function owner(prefix: string): Promise<TestUser> {
  const user = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

const today = () => new Date().toISOString().slice(0, 10);
async function quotaUsed(user: TestUser): Promise<number> {
  const item = await rawTable(twin).get(`user#${user.sub}`, `quota#generation#${today()}`);
  return (item?.count as number | undefined) ?? 0;
}

/** Polls estadoRender until the job is final; every answer seen, in order. */
async function settle(user: TestUser, jobId: string): Promise<RenderJob[]> {
  const seen: RenderJob[] = [];
  const deadline = Date.now() + RENDER_WAIT_MS;
  while (Date.now() < deadline) {
    const job = await callOk<RenderJob>(twin, 'estadoRender', { jobId }, user.accessToken);
    seen.push(job);
    if (job.status === 'listo' || job.status === 'error') return seen;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
  throw new Error(`Render ${jobId} did not finish: ${JSON.stringify(seen.at(-1))}`);
}

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** `seconds` of a 440 Hz tone as WAV (ffmpeg's sine source): a stand-in voice note. */
async function toneWav(seconds: number): Promise<Uint8Array> {
  const { stdout } = await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-f', 'wav', 'pipe:1'], { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024 });
  return new Uint8Array(stdout);
}

const scenes = (count: number, seconds: number): Storyboard['scenes'] =>
  Array.from({ length: count }, (_, i) => ({ caption: `Escena ${i + 1}: «café» al 50% — ¿te apuntas?`, imagePrompt: `Una taza de café número ${i + 1}`, durationSeconds: seconds, transition: i % 2 ? 'fundido' : 'corte' }));

beforeAll(async () => {
  admin = await signInAdmin(twin);
});

describe('soundtracks (issue 18 item 1)', () => {
  it('a brief becomes a queued job with progress, then an MP3 of its length plus its MIDI in the gallery, for one quota unit', { timeout: RENDER_WAIT_MS + 30_000 }, async () => {
    const user = await owner('banda');
    const started = await callOk<RenderJob>(twin, 'crearBandaSonora', { mood: 'alegre', tempo: 110, durationSeconds: 12, style: 'pop' }, user.accessToken);
    expect(started).toMatchObject({ kind: 'music', status: 'en_cola', progress: 0 });
    expect(await quotaUsed(user)).toBe(1);

    const seen = await settle(user, started.jobId);
    const done = seen.at(-1) as RenderJob;
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'listo', progress: 100, offline: true });
    for (const [a, b] of seen.slice(1).map((job, i) => [seen[i] as RenderJob, job])) expect((b as RenderJob).progress).toBeGreaterThanOrEqual((a as RenderJob).progress);

    const { assets } = await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', { type: 'music' }, user.accessToken);
    expect(assets.map((a) => a.id)).toEqual([done.assetId]);
    const [music] = assets as [Asset];
    expect(music).toMatchObject({ type: 'music', mediaType: 'audio/mpeg', offline: true });
    expect(music.durationSeconds).toBeCloseTo(12, 0);
    const mp3 = await download(music.url);
    const probed = await probe(mp3);
    expect(probed.audio?.codec).toBe('mp3');
    expect(Math.abs(probed.durationSeconds - 12) / 12).toBeLessThan(0.05);
    expect((await loudness(mp3)).meanDb).toBeGreaterThan(-35);
    const midi = await download(music.midiDownloadUrl as string);
    expect(new TextDecoder().decode(midi.subarray(0, 4))).toBe('MThd');
    expect(await quotaUsed(user)).toBe(1);

    // Lambda may deliver an asynchronous event twice: the second delivery finds the job taken.
    const lambda = new LambdaClient({ endpoint: twin.awsEndpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
    const again = await lambda.send(new InvokeCommand({ FunctionName: `${TWIN_STACK_NAME}-render`, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify({ job: 'render', uid: user.sub, jobId: started.jobId })) }));
    expect(again.StatusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect((await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', { type: 'music' }, user.accessToken)).assets).toHaveLength(1);
    expect(await callOk<RenderJob>(twin, 'estadoRender', { jobId: started.jobId }, user.accessToken)).toMatchObject({ status: 'listo', assetId: done.assetId });
    expect(await quotaUsed(user)).toBe(1);
  });
});

describe('video (issue 18 item 2)', () => {
  it('a text with a reviewed storyboard (one scene from the gallery) becomes a 1920×1080 H.264/AAC MP4 of the storyboard\'s length, with music and the offline voice-over', { timeout: RENDER_WAIT_MS + 60_000 }, async () => {
    const user = await owner('video-texto');
    const proposal = await callOk<{ storyboard: Storyboard; offline: boolean }>(twin, 'proponerGuion', { brief: 'Abrimos una cafetería en el barrio. Café de especialidad, bollería casera y un rincón para leer. Ven a conocernos este sábado.', format: 'horizontal' }, user.accessToken);
    expect(proposal.offline).toBe(true);
    expect(proposal.storyboard.scenes.length).toBeGreaterThanOrEqual(5);
    // The second scene shows an image of the owner's gallery instead of a generated one.
    const gallery = await callOk<{ assetId: string }>(twin, 'generarImagen', { prompt: 'Una taza de café en la barra', imageBase64: null }, user.accessToken);
    const storyboard: Storyboard = {
      title: proposal.storyboard.title,
      scenes: proposal.storyboard.scenes.slice(0, 5).map((scene, i) => (i === 1 ? { caption: scene.caption, assetId: gallery.assetId, durationSeconds: 2, transition: scene.transition } : { ...scene, durationSeconds: 2 })),
    };

    const started = await callOk<RenderJob>(twin, 'crearVideo', { source: 'text', brief: 'Abrimos una cafetería en el barrio.', format: 'horizontal', storyboard, voiceOver: true }, user.accessToken);
    const done = (await settle(user, started.jobId)).at(-1) as RenderJob;
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'listo', kind: 'video', source: 'text', offline: true });
    // The twin speaks with eSpeak NG (OFFLINE_TTS): no notice that the voice-over was left out.
    expect(done.notices ?? []).toEqual([]);
    const mp4 = await download(done.url as string);
    const probed = await probe(mp4);
    expect(probed.video).toMatchObject({ codec: 'h264', width: 1920, height: 1080 });
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - 10) / 10).toBeLessThan(0.05);
    expect((await loudness(mp4)).meanDb).toBeGreaterThan(-50);
  });

  it('an uploaded image becomes a vertical clip with its caption and music', { timeout: RENDER_WAIT_MS + 30_000 }, async () => {
    const user = await owner('video-imagen');
    const imageKey = await uploadFile(twin, user.accessToken, 'videoImage', 'local.png', 'image/png', solidPng([200, 120, 40], 64));
    const started = await callOk<RenderJob>(twin, 'crearVideo', { source: 'image', imageKey, caption: '¡Oferta: 2×1 en «café» hoy!', durationSeconds: 4, format: 'vertical' }, user.accessToken);
    const done = (await settle(user, started.jobId)).at(-1) as RenderJob;
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'listo', source: 'image' });
    const probed = await probe(await download(done.url as string));
    expect(probed.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(Math.abs(probed.durationSeconds - 4) / 4).toBeLessThan(0.05);
  });

  it('an uploaded audio becomes an audiogram as long as the audio; without Transcribe it says captions need it', { timeout: RENDER_WAIT_MS + 30_000 }, async () => {
    const user = await owner('audiograma');
    const audioKey = await uploadFile(twin, user.accessToken, 'videoAudio', 'nota.wav', 'audio/wav', await toneWav(5));
    const started = await callOk<RenderJob>(twin, 'crearVideo', { source: 'audio', audioKey, title: 'Nota de voz', format: 'vertical' }, user.accessToken);
    const done = (await settle(user, started.jobId)).at(-1) as RenderJob;
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'listo', source: 'audio', notices: [MEDIA_MSG.captionsNeedTranscribe] });
    const mp4 = await download(done.url as string);
    const probed = await probe(mp4);
    expect(probed.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - 5) / 5).toBeLessThan(0.05);
    expect((await loudness(mp4)).meanDb).toBeGreaterThan(-50);
  });
});

describe('bad input and failures (issue 18 "Done when")', () => {
  it('refuses an image that is not one, a storyboard over the render limit, a scene naming a gallery asset the owner lacks and an audio over the size limit, and changes nothing', async () => {
    const user = await owner('render-malo');
    const notImage = await uploadFile(twin, user.accessToken, 'videoImage', 'falsa.png', 'image/png', new TextEncoder().encode('esto no es una imagen'));
    const image = await call(twin, 'crearVideo', { source: 'image', imageKey: notImage, caption: 'Hola', format: 'vertical' }, user.accessToken);
    expect(image.status).toBe(400);
    expect(image.body.error?.message).toBe(MEDIA_MSG.notImage);

    const tooLong = await call(twin, 'crearVideo', { source: 'text', brief: 'Un vídeo largo', format: 'horizontal', storyboard: { title: 'Largo', scenes: scenes(10, 15) } }, user.accessToken);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message).toContain(MEDIA_MSG.storyboardTooLong(150));
    expect(150).toBeGreaterThan(MAX_RENDER_SECONDS);

    // A scene naming a gallery asset the owner does not have (one read for all the scenes' assets).
    const missingAsset = scenes(5, 2).map((scene, i) => (i === 2 ? { caption: scene.caption, assetId: 'a'.repeat(20), durationSeconds: 2, transition: 'corte' as const } : scene));
    const noAsset = await call(twin, 'crearVideo', { source: 'text', brief: 'Con una imagen de la galería', format: 'horizontal', storyboard: { title: 'Galería', scenes: missingAsset } }, user.accessToken);
    expect(noAsset.status).toBe(400);
    expect(noAsset.body.error?.message).toBe(MEDIA_MSG.imageAssetNotFound);

    const bigAudio = await call(twin, 'solicitarSubida', { kind: 'videoAudio', fileName: 'larga.mp3', contentType: 'audio/mpeg', size: 26 * 1024 * 1024 }, user.accessToken);
    expect(bigAudio.status).toBe(400);
    expect(bigAudio.body.error?.message).toBe(UPLOAD_MSG.tooLarge(25));

    const notAudio = await uploadFile(twin, user.accessToken, 'videoAudio', 'nota.mp3', 'audio/mpeg', new TextEncoder().encode('tampoco es audio'));
    const audio = await call(twin, 'crearVideo', { source: 'audio', audioKey: notAudio, format: 'vertical' }, user.accessToken);
    expect(audio.status).toBe(400);
    expect(audio.body.error?.message).toBe(MEDIA_MSG.notAudio);

    expect((await callOk<{ jobs: RenderJob[] }>(twin, 'listarRenders', null, user.accessToken)).jobs).toEqual([]);
    expect(await quotaUsed(user)).toBe(0);
  });

  it('a render that fails gives its quota unit back and says why', { timeout: RENDER_WAIT_MS }, async () => {
    const user = await owner('render-fallo');
    // MP3 magic bytes (an ID3 tag) and nothing playable after them: accepted at the start, refused by the render.
    const bytes = new Uint8Array([...new TextEncoder().encode('ID3'), 3, 0, 0, 0, 0, 0, 0, ...new Uint8Array(2000).fill(7)]);
    const audioKey = await uploadFile(twin, user.accessToken, 'videoAudio', 'rota.mp3', 'audio/mpeg', bytes);
    const started = await callOk<RenderJob>(twin, 'crearVideo', { source: 'audio', audioKey, format: 'horizontal' }, user.accessToken);
    expect(await quotaUsed(user)).toBe(1);
    const done = (await settle(user, started.jobId)).at(-1) as RenderJob;
    expect(done).toMatchObject({ status: 'error', error: MEDIA_MSG.notAudio });
    expect(await quotaUsed(user)).toBe(0);
    expect((await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', { type: 'video' }, user.accessToken)).assets).toEqual([]);
  });

  it('a job whose render stopped answering is failed on read, and its unit given back once', async () => {
    const user = await owner('render-muerto');
    const table = rawTable(twin);
    const old = new Date(Date.now() - 25 * 60 * 1000).toISOString();
    await table.put({ pk: `user#${user.sub}`, sk: `quota#generation#${today()}`, count: 1 });
    const jobId = '000000000zzzzzzzzzzz';
    await table.put({
      pk: `user#${user.sub}`,
      sk: `renderJob#${jobId}`,
      __edb_e__: 'renderJob',
      __edb_v__: '1',
      uid: user.sub,
      jobId,
      kind: 'music',
      request: '{}',
      title: 'colgado',
      status: 'generando',
      progress: 40,
      stage: 'synth',
      quotaDay: today(),
      offline: true,
      updatedAt: old,
      createdAt: old,
    });
    const first = await callOk<RenderJob>(twin, 'estadoRender', { jobId }, user.accessToken);
    expect(first).toMatchObject({ status: 'error', error: MEDIA_MSG.renderTimedOut });
    await callOk(twin, 'estadoRender', { jobId }, user.accessToken);
    expect(await quotaUsed(user)).toBe(0);
  });
});
