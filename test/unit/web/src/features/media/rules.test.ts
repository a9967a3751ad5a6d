/**
 * The browser side of soundtracks and composed video (issue 18; web/src/features/media/rules.ts):
 * a job is polled every ~2 s until 'listo' or 'error' and the list only while one runs; the
 * storyboard editor keeps 5–10 scenes and one image source per scene; its length is measured
 * against the render limit; the request is refused in the browser with the contract's own Spanish
 * messages (a storyboard over MAX_RENDER_SECONDS, an audio over its size limit, an image whose
 * bytes are not an image); the soundtrack choice becomes request fields or an upload; and a plan's
 * post gets a vertical video on TikTok/Instagram, horizontal on YouTube, none elsewhere.
 */
import { describe, expect, it, vi } from 'vitest';
import { MAX_RENDER_SECONDS, MEDIA_MSG, STORYBOARD_LIMITS, UPLOAD_MSG, UPLOAD_RULES, type RenderJob, type Scene } from '@director-ia/shared';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const rules = await import('../../../../../../web/src/features/media/rules');

const MB = 1024 * 1024;
const scene = (durationSeconds: number, patch: Partial<Scene> = {}): Scene => ({ caption: 'Texto', imagePrompt: 'Un horno', durationSeconds, transition: 'corte', ...patch });
const scenes = (count: number, seconds: number) => Array.from({ length: count }, () => scene(seconds));
const job = (status: RenderJob['status'], progress = 40): Pick<RenderJob, 'status' | 'progress'> => ({ status, progress });

describe('render job polling', () => {
  it('asks about a job every 2 s until it is listo or error', () => {
    expect(rules.renderPollInterval(undefined)).toBe(rules.RENDER_POLL_MS);
    expect(rules.RENDER_POLL_MS).toBe(2000);
    expect(rules.renderPollInterval(job('en_cola'))).toBe(2000);
    expect(rules.renderPollInterval(job('generando'))).toBe(2000);
    expect(rules.renderPollInterval(job('listo'))).toBe(false);
    expect(rules.renderPollInterval(job('error'))).toBe(false);
  });

  it('re-reads the list only while one of its jobs runs', () => {
    expect(rules.rendersListPollInterval(undefined)).toBe(false);
    expect(rules.rendersListPollInterval([])).toBe(false);
    expect(rules.rendersListPollInterval([job('listo'), job('error')])).toBe(false);
    expect(rules.rendersListPollInterval([job('listo'), job('generando')])).toBe(rules.RENDERS_LIST_POLL_MS);
  });

  it('shows progress as a whole percentage in 0..100, full once listo', () => {
    expect(rules.progressPercent(job('generando', 42.6))).toBe(43);
    expect(rules.progressPercent(job('generando', -5))).toBe(0);
    expect(rules.progressPercent(job('generando', 140))).toBe(100);
    expect(rules.progressPercent(job('generando', Number.NaN))).toBe(0);
    expect(rules.progressPercent(job('listo', 90))).toBe(100);
  });
});

describe('storyboard editing', () => {
  it('adds blank scenes up to the maximum and removes down to the minimum', () => {
    const five = scenes(STORYBOARD_LIMITS.minScenes, 3);
    expect(rules.removeScene(five, 0)).toHaveLength(STORYBOARD_LIMITS.minScenes);
    const six = rules.addScene(five);
    expect(six).toHaveLength(6);
    expect(six[5]).toEqual(rules.blankScene());
    expect(rules.removeScene(six, 5)).toEqual(five);
    const ten = scenes(STORYBOARD_LIMITS.maxScenes, 3);
    expect(rules.addScene(ten)).toHaveLength(STORYBOARD_LIMITS.maxScenes);
  });

  it('keeps one image source per scene: a gallery image drops the prompt and a prompt drops the image', () => {
    const start = [scene(4), scene(5)];
    const withAsset = rules.updateScene(start, 1, { assetId: 'a1' });
    expect(withAsset[1]).toEqual({ caption: 'Texto', assetId: 'a1', durationSeconds: 5, transition: 'corte' });
    expect(withAsset[0]).toBe(start[0]);
    const backToPrompt = rules.updateScene(withAsset, 1, { assetId: undefined, imagePrompt: 'Pan' });
    expect(backToPrompt[1]).toEqual({ caption: 'Texto', imagePrompt: 'Pan', durationSeconds: 5, transition: 'corte' });
    expect(rules.updateScene(withAsset, 1, { imagePrompt: 'Otra' })[1]).not.toHaveProperty('assetId');
    // Switching to the gallery before picking an image: the scene is in gallery mode, with no prompt.
    expect(rules.updateScene(start, 0, { assetId: '' })[0]).toEqual({ caption: 'Texto', assetId: '', durationSeconds: 4, transition: 'corte' });
    expect(rules.updateScene(start, 0, { durationSeconds: 9, transition: 'fundido' })[0]).toMatchObject({ durationSeconds: 9, transition: 'fundido', imagePrompt: 'Un horno' });
  });

  it('measures the storyboard against the render limit', () => {
    expect(rules.storyboardLength(scenes(5, 3))).toEqual({ seconds: 15, max: MAX_RENDER_SECONDS, over: false });
    expect(rules.storyboardLength(scenes(8, 15))).toEqual({ seconds: 120, max: MAX_RENDER_SECONDS, over: false });
    expect(rules.storyboardLength(scenes(10, 15))).toEqual({ seconds: 150, max: MAX_RENDER_SECONDS, over: true });
    expect(rules.storyboardLength([scene(Number.NaN), scene(2.5)]).seconds).toBe(2.5);
  });
});

describe('requests checked before sending', () => {
  const text = { source: 'text', brief: 'Nuestro pan de masa madre', format: 'horizontal' } as const;

  it('passes a valid text, image and audio request', () => {
    expect(rules.videoRequestProblem({ ...text, storyboard: { title: 'Pan', scenes: scenes(5, 3) } })).toBeNull();
    expect(rules.videoRequestProblem({ source: 'image', imageKey: 'k', caption: 'Hola', durationSeconds: 8, format: 'vertical' })).toBeNull();
    expect(rules.videoRequestProblem({ source: 'audio', audioKey: 'k', format: 'vertical' })).toBeNull();
  });

  it('refuses a storyboard longer than the render limit with the Spanish message', () => {
    expect(rules.videoRequestProblem({ ...text, storyboard: { title: 'Largo', scenes: scenes(10, 15) } })).toBe(MEDIA_MSG.storyboardTooLong(150));
    expect(MEDIA_MSG.storyboardTooLong(150)).toBe('El guion dura 150 segundos y el límite de render es de 120 segundos. Acorta o quita escenas.');
  });

  it('refuses an empty brief, a scene too long, a clip too long', () => {
    expect(rules.videoRequestProblem({ ...text, brief: '   ' })).toBe(MEDIA_MSG.briefRequired);
    expect(rules.videoRequestProblem({ ...text, storyboard: { title: 'x', scenes: [...scenes(4, 3), scene(16)] } })).toBe(MEDIA_MSG.sceneSecondsRange);
    expect(rules.videoRequestProblem({ source: 'image', imageKey: 'k', caption: '', durationSeconds: 31, format: 'vertical' })).toBe(MEDIA_MSG.clipSecondsRange);
  });

  it('checks a soundtrack brief with crearBandaSonora’s messages', () => {
    expect(rules.soundtrackRequestProblem({ mood: 'alegre', tempo: 110, durationSeconds: 30, style: 'pop' })).toBeNull();
    expect(rules.soundtrackRequestProblem({ mood: '', tempo: 110, durationSeconds: 30, style: 'pop' })).toBe(MEDIA_MSG.moodRequired);
    expect(rules.soundtrackRequestProblem({ mood: 'alegre', tempo: 250, durationSeconds: 30, style: 'pop' })).toBe(MEDIA_MSG.tempoRange);
    expect(rules.soundtrackRequestProblem({ mood: 'alegre', tempo: 110, durationSeconds: 5, style: 'pop' })).toBe(MEDIA_MSG.durationRange);
  });
});

describe('the soundtrack choice', () => {
  it('composes by default, sends a gallery asset by id, uploads a picked file', () => {
    expect(rules.soundtrackDraftParts({ kind: 'compose', assetId: '', file: null })).toEqual({ fields: {} });
    expect(rules.soundtrackDraftParts({ kind: 'gallery', assetId: 'm1', file: null })).toEqual({ fields: { soundtrackAssetId: 'm1' } });
    expect(rules.soundtrackDraftParts({ kind: 'upload', assetId: '', file: 'f' })).toEqual({ fields: {}, upload: { kind: 'soundtrack', file: 'f', field: 'soundtrackKey' } });
  });

  it('says what is missing in Spanish', () => {
    expect(rules.soundtrackDraftParts({ kind: 'gallery', assetId: '', file: null }).problem).toBe(rules.SOUNDTRACK_PICK_MSG.galleryMissing);
    expect(rules.soundtrackDraftParts({ kind: 'upload', assetId: '', file: null }).problem).toBe(rules.SOUNDTRACK_PICK_MSG.fileMissing);
  });
});

describe('files a video is made from', () => {
  it('refuses an audio over its limit with the audio message, and a wrong type with the upload rules’ message', () => {
    expect(rules.mediaFileProblem('videoAudio', { name: 'nota.mp3', type: 'audio/mpeg', size: UPLOAD_RULES.videoAudio.maxBytes + 1 })).toBe(MEDIA_MSG.audioTooLarge(25));
    expect(MEDIA_MSG.audioTooLarge(25)).toBe('El audio supera el tamaño máximo de 25 MB.');
    expect(rules.mediaFileProblem('soundtrack', { name: 'pista.wav', type: 'audio/wav', size: 26 * MB })).toBe(MEDIA_MSG.audioTooLarge(25));
    expect(rules.mediaFileProblem('videoAudio', { name: 'nota.mp3', type: 'audio/mpeg', size: 1000 })).toBeNull();
    expect(rules.mediaFileProblem('videoImage', { name: 'foto.gif', type: 'image/gif', size: 1000 })).toBe(UPLOAD_MSG.wrongType('PNG, JPG, WEBP'));
    expect(rules.mediaFileProblem('videoImage', { name: 'foto.png', type: 'image/png', size: 0 })).toBe(UPLOAD_MSG.empty);
  });

  it('trusts an image’s first bytes, not its name', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(rules.imageBytesProblem(png)).toBeNull();
    expect(rules.imageBytesProblem(new TextEncoder().encode('no soy una imagen'))).toBe(MEDIA_MSG.notImage);
  });
});

describe('a plan post’s video', () => {
  const post = { id: 'p1', title: 'Masa madre', content: 'Nuevo pan cada mañana.' };

  it('is vertical for TikTok and Instagram, horizontal for YouTube, with the title and content as the brief', () => {
    expect(rules.postVideoRequest(post, 'tiktok')).toEqual({ source: 'text', brief: 'Masa madre\n\nNuevo pan cada mañana.', format: 'vertical', postId: 'p1' });
    expect(rules.postVideoRequest(post, 'instagram')?.format).toBe('vertical');
    expect(rules.postVideoRequest(post, 'youtube')?.format).toBe('horizontal');
  });

  it('is none for other networks, and the brief fits the limit', () => {
    for (const network of ['facebook', 'x', 'linkedin', 'pinterest', 'telegram', '']) expect(rules.postVideoRequest(post, network)).toBeNull();
    const long = rules.postVideoRequest({ ...post, content: 'x'.repeat(5000) }, 'tiktok');
    expect(long?.brief).toHaveLength(STORYBOARD_LIMITS.briefMax);
    expect(rules.videoRequestProblem(long)).toBeNull();
  });
});
