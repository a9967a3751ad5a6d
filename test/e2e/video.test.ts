/**
 * End to end in Chromium against the twin: soundtracks and composed video (issue 18 "Done when").
 * An approved owner composes a 30-second soundtrack for "alegre, 110 bpm" in the identity lab's
 * 'Bandas sonoras' card and plays it in the gallery (MP3 and MIDI downloads); in the Taller's
 * 'Vídeo' tab a text brief's proposed storyboard, trimmed to five 2-second scenes, becomes a
 * 1920×1080 H.264/AAC MP4 that plays in the gallery, as long as the storyboard and not silent
 * (ffprobe and volumedetect on the file behind the player), its first caption burned in on a box
 * of the brand's colours (pixels of a frame); an uploaded image becomes a vertical
 * clip; an uploaded audio becomes an audiogram (with the plain notice that captions need
 * Transcribe). Bad input is refused in the browser with the Spanish message and creates nothing:
 * an image that is not an image, an audio over the size limit, a storyboard longer than the render
 * limit (the server gives the same message). Another owner's TikTok post in the Plan de Contenidos
 * gets a vertical video made for it, which ends up in the post's media.
 * The brand's colours the captions use are set in Constructor IA (a bad one refused in Spanish)
 * and read back by the server; the live studio takes the composed video and the soundtrack from the
 * gallery and plays them.
 * Renders run the synthesized render function on the twin; videos are kept short so the file
 * stays fast.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentMonth, longDateLabel, MAX_RENDER_SECONDS, MEDIA_MSG, MSG, nextMonth, type Asset, type RenderJob, type ScheduledPost, type Storyboard } from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { withFileOnDisk } from '../support/temp-file';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { solidPng } from '../support/generation';
import { FFMPEG, loudness, probe } from '../support/media';
import { columnAt, near } from '../support/video-fixtures';

const twin = inject('twin');
const run = promisify(execFile);
/** How long a render may take on the shared twin (2 cores, other tests running). */
const RENDER_WAIT_MS = 240_000;
const MB = 1024 * 1024;
/** The brand's colours the first test sets in Constructor IA (as the server stores them). */
const BRAND = { primary: '#0a3d91', accent: '#ffcc00' };

let browser: Browser;
let page: Page;
let owner: TestUser;
let planOwner: TestUser;
/** Requests of the calls that would create something (an upload URL, a render). */
const createRequests: Request[] = [];

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const panel = (name: string) => page.getByRole('tabpanel', { name });
const textForm = () => panel('Vídeo').getByRole('form', { name: 'Vídeo desde un texto' });
const imageForm = () => panel('Vídeo').getByRole('form', { name: 'Vídeo desde una imagen' });
const audioForm = () => panel('Vídeo').getByRole('form', { name: 'Vídeo desde un audio' });
const startedVideo = () => panel('Vídeo').getByRole('region', { name: 'Vídeo en curso' });
const sceneItems = () => textForm().getByRole('list', { name: 'Escenas' }).getByRole('listitem');

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** `seconds` of a 440 Hz tone as WAV (ffmpeg's sine source): a stand-in voice note. */
async function toneWav(seconds: number): Promise<Buffer> {
  const { stdout } = await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-f', 'wav', 'pipe:1'], { encoding: 'buffer', maxBuffer: 32 * MB });
  return stdout;
}

async function dismissToasts(p: Page = page): Promise<void> {
  for (const button of await p.getByRole('button', { name: `${MSG.close} notificación` }).all()) await button.click({ timeout: 1000 }).catch(() => undefined);
}

async function jobs(user: TestUser): Promise<RenderJob[]> {
  return (await callOk<{ jobs: RenderJob[] }>(twin, 'listarRenders', null, user.accessToken)).jobs;
}

async function galleryCount(user: TestUser): Promise<number> {
  return (await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', null, user.accessToken)).assets.length;
}

/**
 * The job id the `name` call (crearVideo or crearBandaSonora) made after the first `after`
 * requests seen answered with. A region keeps the previous job's card until the new one is
 * answered, so a test must wait for its own job, not the first card it sees.
 */
async function startedJobId(name: 'crearVideo' | 'crearBandaSonora', after: number): Promise<string> {
  let request: Request | undefined;
  await expect.poll(() => (request = createRequests.slice(after).find((r) => r.url().endsWith(`/api/${name}`))), { timeout: 15_000 }).toBeDefined();
  const response = await request!.response();
  const body = (await response?.json()) as { result?: RenderJob } | undefined;
  expect(body?.result?.jobId, `${name} answered ${response?.status()}`).toEqual(expect.any(String));
  return body!.result!.jobId;
}

/** The card of `jobId` in `region`, once it is listo (fails with the job's error if it ends in error). */
async function readyJob(region: ReturnType<Page['locator']>, jobId: string) {
  const card = region.locator(`article[data-job-id="${jobId}"]`);
  await card.waitFor({ timeout: 15_000 });
  await expect.poll(() => card.getAttribute('data-status'), { timeout: RENDER_WAIT_MS, interval: 1000 }).toMatch(/^(listo|error)$/);
  if ((await card.getAttribute('data-status')) === 'error') throw new Error(`Render failed: ${await card.textContent()}`);
  return card;
}

/** Opens the gallery on `type` and waits for the card of `assetId`. */
async function galleryCard(type: string, assetId: string) {
  await tab('Galería').click();
  const gallery = panel('Galería');
  await gallery.getByRole('button', { name: 'Actualizar galería' }).click();
  await gallery.getByLabel('Tipo de recurso').selectOption({ label: type });
  const card = gallery.locator(`li[data-asset-id="${assetId}"]`);
  await card.waitFor({ timeout: 20_000 });
  return card;
}

/** How long a player may take to start under load (CI runs unit and integration side by side on 2 cores), ms. */
const PLAY_WAIT_MS = 90_000;

/**
 * Plays `media` (an <audio> or <video>) muted and waits, in the page, until its clock moves. The
 * wait listens to the element's own events rather than polling from the test: under load a poll
 * can miss a clip that starts late. A re-read of the list may give the element a fresh
 * short-lived URL (a new load pauses it), so play is asked again on every pause and new load.
 * Throws with the element's state if it never plays within PLAY_WAIT_MS.
 */
async function playsInBrowser(media: ReturnType<Page['locator']>): Promise<{ duration: number; width: number; height: number }> {
  const outcome = await media.evaluate(
    (el: HTMLMediaElement, waitMs: number) =>
      new Promise<{ ok: boolean; state: Record<string, unknown> }>((resolve) => {
        const state = () => ({ time: el.currentTime, paused: el.paused, ended: el.ended, error: el.error?.message ?? el.error?.code ?? null, readyState: el.readyState, networkState: el.networkState, duration: el.duration });
        const events = ['timeupdate', 'playing', 'pause', 'loadeddata', 'canplay', 'ended'] as const;
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          clearInterval(nudge);
          for (const name of events) el.removeEventListener(name, onEvent);
          resolve({ ok, state: state() });
        };
        const kick = () => {
          if (el.paused && !el.ended) void el.play().catch(() => undefined);
        };
        const onEvent = () => {
          if (el.ended || (el.readyState >= 2 && el.currentTime > 0)) finish(true);
          else kick();
        };
        for (const name of events) el.addEventListener(name, onEvent);
        const timer = setTimeout(() => finish(false), waitMs);
        // A play() refused before data arrived is asked again, in case no event follows.
        const nudge = setInterval(kick, 1000);
        el.muted = true;
        onEvent();
      }),
    PLAY_WAIT_MS,
  );
  if (!outcome.ok) throw new Error(`The media does not play: ${JSON.stringify(outcome.state)}`);
  const played = await media.evaluate((el: HTMLMediaElement) => ({ duration: el.duration, width: (el as HTMLVideoElement).videoWidth ?? 0, height: (el as HTMLVideoElement).videoHeight ?? 0 }));
  await media.evaluate((el: HTMLMediaElement) => el.pause());
  return played;
}

/** The request body of the last `/api/{name}` call seen. */
const lastBody = (name: string) => JSON.parse(createRequests.filter((r) => r.url().endsWith(`/api/${name}`)).at(-1)?.postData() ?? '{}') as { data: Record<string, unknown> };

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  [owner, planOwner] = await Promise.all([registerUser(twin, 'video-e2e'), registerUser(twin, 'video-plan-e2e')]);
  await Promise.all([owner, planOwner].map((user) => callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken)));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  page.on('request', (request) => {
    if (/\/api\/(solicitarSubida|crearVideo|crearBandaSonora)$/.test(request.url())) createRequests.push(request);
  });
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Taller IA' }).click({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('the brand colours', () => {
  it('are set in Constructor IA, a bad one refused in Spanish, and come back after a reload', async () => {
    const openIa = async () => {
      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Constructor IA' }).click({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Constructor de IA', level: 1 }).waitFor({ timeout: 15_000 });
    };
    await openIa();
    expect(await page.getByLabel('Color principal', { exact: true }).inputValue()).toBe('#1f2937');
    await page.getByLabel('Color principal', { exact: true }).fill('azul');
    await page.getByRole('button', { name: 'Guardar Configuración' }).click();
    await page.getByText('«Color principal» debe ser un color en formato #rrggbb (por ejemplo, #1f2937).').first().waitFor({ timeout: 10_000 });
    expect((await callOk<{ primaryColor: string }>(twin, 'obtenerAjustesIA', null, owner.accessToken)).primaryColor).toBe('#1f2937');

    await page.getByLabel('Color principal', { exact: true }).fill('#0A3D91');
    await page.getByLabel('Color de acento (selector)').fill('#ffcc00');
    expect(await page.getByLabel('Color de acento', { exact: true }).inputValue()).toBe('#ffcc00');
    await page.getByRole('button', { name: 'Guardar Configuración' }).click();
    await expect.poll(async () => (await callOk<{ primaryColor: string; accentColor: string }>(twin, 'obtenerAjustesIA', null, owner.accessToken)).primaryColor, { timeout: 15_000 }).toBe(BRAND.primary);
    await page.reload();
    await openIa();
    await expect.poll(() => page.getByLabel('Color principal', { exact: true }).inputValue(), { timeout: 15_000 }).toBe(BRAND.primary);
    expect(await page.getByLabel('Color de acento', { exact: true }).inputValue()).toBe('#ffcc00');
    await dismissToasts();
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Taller IA' }).click({ timeout: 30_000 });
    await tab('Laboratorio de Identidad').click({ timeout: 15_000 });
  });
});

describe('soundtracks in the browser', () => {
  it('a 30-second soundtrack for "alegre, 110 bpm" plays in the gallery, with MP3 and MIDI downloads', { timeout: RENDER_WAIT_MS + 60_000 }, async () => {
    const form = panel('Laboratorio de Identidad').getByRole('form', { name: 'Bandas sonoras' });
    await form.getByLabel('Estado de ánimo').fill('alegre');
    await form.getByLabel('Tempo (bpm)').fill('110');
    await form.getByLabel('Duración (s)').fill('30');
    await form.getByLabel('Estilo').fill('pop');
    const before = createRequests.length;
    await form.getByRole('button', { name: 'Componer banda sonora' }).click();
    const jobId = await startedJobId('crearBandaSonora', before);
    expect(lastBody('crearBandaSonora')).toEqual({ data: { mood: 'alegre', tempo: 110, durationSeconds: 30, style: 'pop' } });

    const job = await readyJob(form, jobId);
    await job.getByText(MEDIA_MSG.soundtrackReady).waitFor();
    await job.getByText(MEDIA_MSG.offlineScore).waitFor();
    const assetId = (await job.locator('audio').getAttribute('data-asset-id')) ?? '';
    expect(assetId).not.toBe('');

    const card = await galleryCard('Música', assetId);
    const played = await playsInBrowser(card.locator('audio'));
    expect(Math.abs(played.duration - 30)).toBeLessThan(1.5);
    const midi = await download((await card.getByRole('link', { name: /^Descargar MIDI/ }).getAttribute('href')) ?? '');
    expect(new TextDecoder().decode(midi.subarray(0, 4))).toBe('MThd');
    const mp3 = await download((await card.getByRole('link', { name: /^Descargar MP3/ }).getAttribute('href')) ?? '');
    expect((await probe(mp3)).audio?.codec).toBe('mp3');
  });
});

describe('video in the browser', () => {
  it('a text brief becomes a 1080p MP4 that plays in the gallery, as long as its storyboard, with sound', { timeout: RENDER_WAIT_MS + 90_000 }, async () => {
    await dismissToasts();
    await tab('Vídeo').click();
    await textForm().getByLabel('¿De qué trata el vídeo?').fill('Abrimos una panadería en el barrio: pan de masa madre, bollería casera y café. Ven a conocernos este sábado.');
    await textForm().getByLabel('Formato').selectOption('horizontal');
    await textForm().getByRole('button', { name: 'Proponer guion' }).click();
    await sceneItems().first().waitFor({ timeout: 30_000 });
    await textForm().getByText(MEDIA_MSG.offlineStoryboard).waitFor();
    // Five scenes of 2 seconds: a 10-second video.
    while ((await sceneItems().count()) > 5) await textForm().getByRole('button', { name: `Quitar escena ${await sceneItems().count()}` }).click();
    for (const item of await sceneItems().all()) await item.getByLabel('Duración (s)').fill('2');
    await textForm().getByTestId('storyboard-total').filter({ hasText: `Duración total: 10 s de ${MAX_RENDER_SECONDS} s` }).waitFor();

    const before = createRequests.length;
    await textForm().getByRole('button', { name: 'Crear vídeo' }).click();
    const jobId = await startedJobId('crearVideo', before);
    await startedVideo().waitFor({ timeout: 15_000 });
    const sent = lastBody('crearVideo').data as { source: string; format: string; storyboard: Storyboard };
    expect(sent).toMatchObject({ source: 'text', format: 'horizontal' });
    expect(sent.storyboard.scenes.map((scene) => scene.durationSeconds)).toEqual([2, 2, 2, 2, 2]);
    // The job starts queued: its progress bar shows at once, then follows estadoRender.
    await startedVideo().getByRole('progressbar').waitFor({ timeout: 5000 });

    const job = await readyJob(startedVideo(), jobId);
    const assetId = (await job.locator('video').getAttribute('data-asset-id')) ?? '';
    expect(assetId).not.toBe('');
    // From the job to the gallery, where it plays at 1080p.
    await job.getByRole('button', { name: 'Ver en la Galería' }).click();
    await panel('Galería').waitFor();
    const galleryVideo = (await galleryCard('Vídeo', assetId)).locator('video');
    const played = await playsInBrowser(galleryVideo);
    expect({ width: played.width, height: played.height }).toEqual({ width: 1920, height: 1080 });

    const mp4 = await download((await galleryVideo.getAttribute('src')) ?? '');
    const probed = await probe(mp4);
    expect(probed.video).toMatchObject({ codec: 'h264', width: 1920, height: 1080 });
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - 10) / 10).toBeLessThan(0.05);
    expect((await loudness(mp4)).meanDb).toBeGreaterThan(-50);
    // The first scene's caption is burned in on a box of the brand's primary colour framed in its
    // accent, the colours set in Constructor IA above (mid-scene, away from the transitions).
    expect(sent.storyboard.scenes[0]?.caption).not.toBe('');
    const captionColumn = await withFileOnDisk('texto.mp4', mp4, (file) => columnAt(file, 1, 0.5, 0.55));
    expect(captionColumn.some((pixel) => near(pixel, BRAND.primary, 12))).toBe(true);
    expect(captionColumn.some((pixel) => near(pixel, BRAND.accent, 30))).toBe(true);
  });

  it('an uploaded image becomes a vertical clip that plays', { timeout: RENDER_WAIT_MS + 60_000 }, async () => {
    await dismissToasts();
    await tab('Vídeo').click();
    await panel('Vídeo').getByRole('radio', { name: 'Desde una imagen' }).check({ force: true });
    await imageForm().getByLabel('Imagen para el vídeo').setInputFiles({ name: 'escaparate.png', mimeType: 'image/png', buffer: solidPng([200, 120, 40], 320) });
    await imageForm().getByLabel('Texto en pantalla').fill('¡Oferta: 2×1 en «pan» hoy!');
    await imageForm().getByLabel('Duración (s)').fill('4');
    await imageForm().getByLabel('Formato').selectOption('vertical');
    const before = createRequests.length;
    await imageForm().getByRole('button', { name: 'Crear vídeo' }).click();
    await expect.poll(() => createRequests.slice(before).map((r) => r.url().split('/').pop()), { timeout: 15_000 }).toEqual(['solicitarSubida', 'crearVideo']);
    const jobId = await startedJobId('crearVideo', before);
    expect(lastBody('crearVideo').data).toMatchObject({ source: 'image', caption: '¡Oferta: 2×1 en «pan» hoy!', durationSeconds: 4, format: 'vertical', imageKey: expect.any(String) });

    const job = await readyJob(startedVideo(), jobId);
    const played = await playsInBrowser(job.locator('video'));
    expect({ width: played.width, height: played.height }).toEqual({ width: 1080, height: 1920 });
    const probed = await probe(await download((await job.locator('video').getAttribute('src')) ?? ''));
    expect(probed.video?.codec).toBe('h264');
    expect(Math.abs(probed.durationSeconds - 4) / 4).toBeLessThan(0.05);
  });

  it('an uploaded audio becomes an audiogram, saying plainly that captions need Transcribe', { timeout: RENDER_WAIT_MS + 60_000 }, async () => {
    await dismissToasts();
    await panel('Vídeo').getByRole('radio', { name: 'Desde un audio' }).check({ force: true });
    await audioForm().getByLabel('Audio para el vídeo').setInputFiles({ name: 'nota.wav', mimeType: 'audio/wav', buffer: await toneWav(5) });
    await audioForm().getByLabel('Título (opcional)').fill('Nota de voz');
    await audioForm().getByLabel('Formato').selectOption('vertical');
    const before = createRequests.length;
    await audioForm().getByRole('button', { name: 'Crear vídeo' }).click();

    const job = await readyJob(startedVideo(), await startedJobId('crearVideo', before));
    await job.getByRole('note').filter({ hasText: MEDIA_MSG.captionsNeedTranscribe }).waitFor();
    const played = await playsInBrowser(job.locator('video'));
    expect({ width: played.width, height: played.height }).toEqual({ width: 1080, height: 1920 });
    const mp4 = await download((await job.locator('video').getAttribute('src')) ?? '');
    const probed = await probe(mp4);
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - 5) / 5).toBeLessThan(0.05);
    expect((await loudness(mp4)).meanDb).toBeGreaterThan(-50);
    // A reload still lists it among the recent jobs.
    await page.reload();
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Taller IA' }).click({ timeout: 30_000 });
    await tab('Vídeo').click();
    await panel('Vídeo').getByRole('region', { name: 'En curso y recientes' }).locator('article[data-status="listo"]').first().waitFor({ timeout: 15_000 });
  });

  it('refuses bad input in Spanish and creates nothing: not an image, an audio too large, a storyboard too long', { timeout: 120_000 }, async () => {
    await dismissToasts();
    await tab('Vídeo').click();
    const jobsBefore = (await jobs(owner)).length;
    const assetsBefore = await galleryCount(owner);
    const requestsBefore = createRequests.length;

    await panel('Vídeo').getByRole('radio', { name: 'Desde una imagen' }).check({ force: true });
    await imageForm().getByLabel('Imagen para el vídeo').setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') });
    await imageForm().getByRole('button', { name: 'Crear vídeo' }).click();
    await imageForm().getByRole('alert').filter({ hasText: MEDIA_MSG.notImage }).waitFor();

    await panel('Vídeo').getByRole('radio', { name: 'Desde un audio' }).check({ force: true });
    await withFileOnDisk('larga.mp3', Buffer.alloc(26 * MB, 1), async (file) => {
      await audioForm().getByLabel('Audio para el vídeo').setInputFiles(file);
      await audioForm().getByRole('button', { name: 'Crear vídeo' }).click();
      await audioForm().getByRole('alert').filter({ hasText: MEDIA_MSG.audioTooLarge(25) }).waitFor();
    });

    await panel('Vídeo').getByRole('radio', { name: 'Desde un texto' }).check({ force: true });
    // (The page was reloaded: the brief is typed again.)
    await textForm().getByLabel('¿De qué trata el vídeo?').fill('Un vídeo muy largo sobre nuestra panadería.');
    await textForm().getByRole('button', { name: 'Proponer guion' }).click();
    await sceneItems().first().waitFor({ timeout: 30_000 });
    const add = textForm().getByRole('button', { name: 'Añadir escena' });
    while (await add.isEnabled()) await add.click();
    expect(await sceneItems().count()).toBe(10);
    for (const item of await sceneItems().all()) await item.getByLabel('Duración (s)').fill('15');
    const total = textForm().getByTestId('storyboard-total');
    await total.filter({ hasText: 'Duración total: 150 s' }).waitFor();
    expect(await total.getAttribute('data-over')).toBe('true');
    await textForm().getByRole('button', { name: 'Crear vídeo' }).click();
    await textForm().getByRole('alert').filter({ hasText: MEDIA_MSG.storyboardTooLong(150) }).waitFor();

    // Nothing asked for an upload or a render, and nothing was created.
    expect(createRequests.slice(requestsBefore).map((r) => r.url())).toEqual([]);
    expect((await jobs(owner)).length).toBe(jobsBefore);
    expect(await galleryCount(owner)).toBe(assetsBefore);
    // The server answers the same for the same storyboard.
    const scenes = Array.from({ length: 10 }, (_, i) => ({ caption: `Escena ${i + 1}`, imagePrompt: 'Pan', durationSeconds: 15, transition: 'corte' }));
    const refused = await call(twin, 'crearVideo', { source: 'text', brief: 'Un vídeo largo', format: 'horizontal', storyboard: { title: 'Largo', scenes } }, owner.accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain(MEDIA_MSG.storyboardTooLong(150));
  });
});

describe('the live studio', () => {
  it('takes a composed video and a soundtrack from the gallery and plays them', { timeout: 2 * PLAY_WAIT_MS + 60_000 }, async () => {
    await dismissToasts();
    await tab('Estudio en Directo').click();
    const live = panel('Estudio en Directo');
    await live.getByRole('button', { name: 'Elegir de la galería para el bucle' }).click();
    const loopChoices = live.getByRole('list', { name: 'Elegir de la galería para el bucle' });
    await loopChoices.getByRole('button', { name: /^Añadir Vídeo: / }).first().click({ timeout: 15_000 });
    await live.getByRole('list', { name: 'Imágenes del bucle elegidas' }).locator('video').first().waitFor({ timeout: 15_000 });
    await live.getByRole('button', { name: 'Elegir música de la galería' }).click();
    await live.getByRole('list', { name: 'Elegir música de la galería' }).getByRole('button', { name: /^Usar Música: / }).first().click();
    await live.getByRole('button', { name: /^Quitar Música: / }).waitFor({ timeout: 15_000 });

    await live.getByRole('button', { name: 'Iniciar Directo' }).click();
    const frame = live.locator('video[data-live-frame]');
    await frame.waitFor({ timeout: 10_000 });
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => frame.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: PLAY_WAIT_MS }).toBeGreaterThan(0);
    await expect.poll(() => live.locator('audio[data-live-audio]').evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0), { timeout: PLAY_WAIT_MS }).toBe(true);
    await live.getByRole('button', { name: 'Detener Directo' }).click();
    await expect.poll(() => frame.count()).toBe(0);
  });
});

describe('a plan post’s video', () => {
  it('a TikTok post gets a vertical video made for it, which lands in its media', { timeout: RENDER_WAIT_MS + 120_000 }, async () => {
    const month = nextMonth(currentMonth());
    const plan = await callOk<{ planId: string }>(twin, 'generarPlanMensual', { month, budget: 200 }, planOwner.accessToken);
    const { posts } = await callOk<{ posts: ScheduledPost[] }>(twin, 'aprobarPlan', { planId: plan.planId }, planOwner.accessToken);
    const first = posts[0] as ScheduledPost;
    const { post } = await callOk<{ post: ScheduledPost }>(twin, 'guardarPublicacion', { id: first.id, title: first.title, content: first.content, scheduledDate: first.scheduledDate, time: first.time, platform: 'tiktok', targets: [{ network: 'tiktok' }], media: [] }, planOwner.accessToken);

    const other = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    const sent: Request[] = [];
    other.on('request', (request) => {
      if (request.url().endsWith('/api/crearVideo')) sent.push(request);
    });
    await other.goto(twin.url);
    await signInWithForm(other, planOwner);
    await other.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Plan de Contenidos' }).click({ timeout: 30_000 });
    await other.getByRole('button', { name: 'Mes siguiente' }).click();
    await other.getByRole('cell', { name: longDateLabel(post.scheduledDate), exact: true }).getByRole('button', { name: `${post.title} · ${post.time}` }).first().click({ timeout: 20_000 });
    const dialog = other.getByRole('dialog', { name: 'Publicación programada' });
    const section = dialog.getByRole('region', { name: 'Vídeo de la publicación' });
    await section.getByRole('button', { name: 'Crear vídeo' }).click();
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(sent[0]?.postData() ?? '{}')).toEqual({ data: { source: 'text', brief: `${post.title}\n\n${post.content}`, format: 'vertical', postId: post.id } });

    await section.getByRole('progressbar').waitFor({ timeout: 5000 });
    const planJob = (await (await sent[0]!.response())?.json()) as { result: RenderJob };
    const job = await readyJob(section, planJob.result.jobId);
    const assetId = (await job.locator('video').getAttribute('data-asset-id')) ?? '';
    expect(assetId).not.toBe('');
    // The server attached it to the post; the dialog's media list shows it too.
    await dialog.locator(`li[data-asset-id="${assetId}"]`).waitFor({ timeout: 15_000 });
    const { posts: after } = await callOk<{ posts: ScheduledPost[] }>(twin, 'listarPublicaciones', { month }, planOwner.accessToken);
    expect(after.find((p) => p.id === post.id)?.media).toContain(assetId);
    const probed = await probe(await download((await job.locator('video').getAttribute('src')) ?? ''));
    expect(probed.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    await dismissToasts(other);
  });
});
