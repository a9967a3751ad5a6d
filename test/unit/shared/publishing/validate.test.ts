/**
 * validatePost against each network's limits (issue 13 item 2): at every limit the post passes and
 * one past it fails with the exact Spanish reason the calendar shows; X's weighted length (URLs 23,
 * CJK and emoji 2, through twitter-text); media required, counts, mixing, formats, sizes, aspect
 * ratios, pixels and durations.
 */
import { describe, expect, it } from 'vitest';
import { postKindFor, SOCIAL_NETWORKS, validatePost, type PostDraft, type PostMedia, type SocialNetwork } from '@director-ia/shared';

const MB = 1024 * 1024;
const GB = 1024 * MB;

const jpeg = (extra: Partial<PostMedia> = {}): PostMedia => ({ kind: 'image', contentType: 'image/jpeg', size: MB, width: 1080, height: 1080, ...extra });
const mp4 = (extra: Partial<PostMedia> = {}): PostMedia => ({ kind: 'video', contentType: 'video/mp4', size: 10 * MB, width: 1080, height: 1920, durationSeconds: 30, ...extra });
const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

/** A post every network accepts apart from what the case changes: the media each needs, a short text, a title. */
function validPost(network: SocialNetwork, change: Partial<PostDraft> = {}): PostDraft {
  const media: Record<SocialNetwork, PostMedia[]> = {
    facebook: [],
    instagram: [jpeg()],
    x: [],
    linkedin: [],
    youtube: [mp4({ width: 1920, height: 1080 })],
    tiktok: [mp4()],
    pinterest: [jpeg()],
    telegram: [],
  };
  return { text: 'Hola', title: 'Título', media: media[network], ...change };
}

const messages = async (network: SocialNetwork, post: PostDraft, options = {}) => (await validatePost(network, post, options)).map((problem) => problem.message);

describe('a post within every limit', () => {
  it.each(SOCIAL_NETWORKS)('can go out to %s (no problems)', async (network) => {
    expect(await validatePost(network, validPost(network))).toEqual([]);
  });
});

describe('text limits: at the limit passes, one over fails with the exact message', () => {
  const a = (count: number) => 'a'.repeat(count);
  it.each([
    ['x', {}, 280, 'El texto supera los 280 caracteres de X (tiene 281).'],
    ['facebook', {}, 63_206, 'El texto supera los 63.206 caracteres de Facebook (tiene 63.207).'],
    ['instagram', {}, 2200, 'El texto supera los 2200 caracteres de Instagram (tiene 2201).'],
    ['instagram', { media: [mp4()] }, 2200, 'El texto supera los 2200 caracteres de Instagram (tiene 2201).'],
    ['linkedin', {}, 3000, 'El texto supera los 3000 caracteres de LinkedIn (tiene 3001).'],
    ['telegram', {}, 4096, 'El texto supera los 4096 caracteres de Telegram (tiene 4097).'],
    ['telegram', { media: [jpeg()] }, 1024, 'El texto supera los 1024 caracteres de Telegram con imagen o vídeo (tiene 1025).'],
    ['telegram', { media: [jpeg(), mp4()] }, 1024, 'El texto supera los 1024 caracteres de Telegram con imagen o vídeo (tiene 1025).'],
    ['pinterest', {}, 500, 'El texto supera los 500 caracteres de Pinterest (tiene 501).'],
    ['tiktok', {}, 2200, 'El texto supera los 2200 caracteres de TikTok (tiene 2201).'],
    ['tiktok', { media: [jpeg()] }, 4000, 'El texto supera los 4000 caracteres de TikTok con fotos (tiene 4001).'],
    [
      'youtube',
      {},
      5000,
      'El texto supera los 5000 bytes que admite YouTube (tiene 5001; las letras con tilde y los emojis ocupan más de un byte).',
    ],
  ] as const)('%s %j: text of %i', async (network, change, max, message) => {
    expect(await messages(network, validPost(network, { ...change, text: a(max) }))).toEqual([]);
    expect(await messages(network, validPost(network, { ...change, text: a(max + 1) }))).toEqual([message]);
  });

  it.each([
    ['youtube', {}, 100, 'El título supera los 100 caracteres de YouTube (tiene 101).'],
    ['pinterest', {}, 100, 'El título supera los 100 caracteres de Pinterest (tiene 101).'],
    ['tiktok', { media: [jpeg()] }, 90, 'El título supera los 90 caracteres de TikTok con fotos (tiene 91).'],
  ] as const)('%s %j: title of %i', async (network, change, max, message) => {
    expect(await messages(network, validPost(network, { ...change, title: 't'.repeat(max) }))).toEqual([]);
    expect(await messages(network, validPost(network, { ...change, title: 't'.repeat(max + 1) }))).toEqual([message]);
  });

  it('ignores the title where the network shows none (X, a TikTok video)', async () => {
    expect(await messages('x', validPost('x', { title: 't'.repeat(500) }))).toEqual([]);
    expect(await messages('tiktok', validPost('tiktok', { title: 't'.repeat(500) }))).toEqual([]);
  });

  it('counts YouTube descriptions in UTF-8 bytes (é is two)', async () => {
    expect(await messages('youtube', validPost('youtube', { text: 'é'.repeat(2500) }))).toEqual([]);
    expect(await messages('youtube', validPost('youtube', { text: 'é'.repeat(2501) }))).toEqual([
      'El texto supera los 5000 bytes que admite YouTube (tiene 5002; las letras con tilde y los emojis ocupan más de un byte).',
    ]);
  });

  it('counts TikTok and Telegram in UTF-16 units (an emoji is two) and the others in characters (one)', async () => {
    expect(await messages('tiktok', validPost('tiktok', { text: '😀'.repeat(1100) }))).toEqual([]);
    expect(await messages('tiktok', validPost('tiktok', { text: '😀'.repeat(1101) }))).toEqual(['El texto supera los 2200 caracteres de TikTok (tiene 2202).']);
    expect(await messages('telegram', validPost('telegram', { text: '😀'.repeat(2049) }))).toEqual(['El texto supera los 4096 caracteres de Telegram (tiene 4098).']);
    expect(await messages('instagram', validPost('instagram', { text: '😀'.repeat(2200) }))).toEqual([]);
    expect(await messages('linkedin', validPost('linkedin', { text: `${'ñ'.repeat(2999)}😀` }))).toEqual([]);
  });

  it('refuses < and > in YouTube titles and descriptions, and a YouTube video without a title', async () => {
    expect(await messages('youtube', validPost('youtube', { title: 'Uno <dos>' }))).toEqual(['El título no puede contener < ni > en YouTube.']);
    expect(await messages('youtube', validPost('youtube', { text: '3 > 2' }))).toEqual(['El texto no puede contener < ni > en YouTube.']);
    expect(await messages('youtube', validPost('youtube', { title: '  ' }))).toEqual(['YouTube necesita un título.']);
    expect(await messages('youtube', { text: '', media: validPost('youtube').media })).toEqual(['YouTube necesita un título.']);
    // Pinterest's title is optional.
    expect(await messages('pinterest', { text: '', media: [jpeg()] })).toEqual([]);
  });

  it('allows 30 hashtags and 20 mentions on Instagram, not one more', async () => {
    const tags = (count: number) => times(count, () => '').map((_, index) => `#tema${index}`).join(' ');
    const mentions = (count: number) => times(count, () => '').map((_, index) => `@cuenta.${index}`).join(' ');
    expect(await messages('instagram', validPost('instagram', { text: `Hoy ${tags(30)} ${mentions(20)}` }))).toEqual([]);
    expect(await messages('instagram', validPost('instagram', { text: `Hoy ${tags(31)}` }))).toEqual(['El texto tiene 31 hashtags y Instagram admite como máximo 30.']);
    expect(await messages('instagram', validPost('instagram', { text: `Hoy ${mentions(21)}` }))).toEqual(['El texto menciona 21 cuentas y Instagram admite como máximo 20.']);
    // An e-mail address, a number sign and a word with # inside are neither.
    const lookalikes = `${times(25, () => 'info@marca.es').join(' ')} ${times(31, () => 'nº#1 a#b').join(' ')}`;
    expect(await messages('instagram', validPost('instagram', { text: lookalikes }))).toEqual([]);
  });
});

describe("X's weighted length (twitter-text parseTweet)", () => {
  it('counts every URL as 23, however long', async () => {
    const url = `https://example.com/${'ruta/'.repeat(40)}`;
    expect(await messages('x', { text: `${'a'.repeat(256)} ${url}`, media: [] })).toEqual([]);
    expect(await messages('x', { text: `${'a'.repeat(257)} ${url}`, media: [] })).toEqual(['El texto supera los 280 caracteres de X (tiene 281).']);
    // Without the URL weighting the same text would be far over.
    expect(`${'a'.repeat(256)} ${url}`.length).toBeGreaterThan(400);
  });

  it('counts CJK characters and emoji as 2 (a ZWJ family too), accented Latin as 1', async () => {
    expect(await messages('x', { text: '漢'.repeat(140), media: [] })).toEqual([]);
    expect(await messages('x', { text: '漢'.repeat(141), media: [] })).toEqual(['El texto supera los 280 caracteres de X (tiene 282).']);
    expect(await messages('x', { text: '😀'.repeat(140), media: [] })).toEqual([]);
    expect(await messages('x', { text: '👨‍👩‍👧‍👦'.repeat(141), media: [] })).toEqual(['El texto supera los 280 caracteres de X (tiene 282).']);
    expect(await messages('x', { text: 'ñ'.repeat(280), media: [] })).toEqual([]);
  });
});

describe('media required and content required', () => {
  it.each([
    ['instagram', 'Instagram necesita una imagen o un vídeo.'],
    ['pinterest', 'Pinterest necesita una imagen.'],
    ['youtube', 'YouTube necesita un vídeo.'],
    ['tiktok', 'TikTok necesita una imagen o un vídeo.'],
  ] as const)('%s refuses a post without media', async (network, message) => {
    expect(await messages(network, { text: 'Solo texto', title: 'Título', media: [] })).toEqual([message]);
  });

  it.each([
    ['x', 'X necesita un texto, una imagen o un vídeo.'],
    ['facebook', 'Facebook necesita un texto, una imagen o un vídeo.'],
    ['linkedin', 'LinkedIn necesita un texto o una imagen.'],
    ['telegram', 'Telegram necesita un texto, una imagen o un vídeo.'],
  ] as const)('%s refuses an empty post and takes media without text', async (network, message) => {
    expect(await messages(network, { text: ' \n ', media: [] })).toEqual([message]);
    expect(await messages(network, { text: '', media: [jpeg()] })).toEqual([]);
  });

  it.each([
    ['linkedin', { text: 'Hola', media: [mp4()] }, ['Todavía no se pueden publicar vídeos en LinkedIn.']],
    ['pinterest', { text: 'Hola', media: [mp4()] }, ['Todavía no se pueden publicar vídeos en Pinterest.', 'Pinterest necesita una imagen.']],
    ['youtube', { text: 'Hola', title: 'T', media: [jpeg()] }, ['YouTube no admite imágenes.', 'YouTube necesita un vídeo.']],
    ['youtube', { text: 'Hola', title: 'T', media: [jpeg(), mp4()] }, ['YouTube no admite imágenes.']],
  ] as const)('%s says which media it cannot publish: %j', async (network, post, expected) => {
    expect(await messages(network, post)).toEqual(expected);
  });
});

describe('media counts and mixing', () => {
  it.each([
    ['x', 'image', 4, 'En X se pueden publicar como máximo 4 imágenes por publicación (hay 5).'],
    ['x', 'video', 1, 'En X se puede publicar como máximo 1 vídeo por publicación (hay 2).'],
    ['facebook', 'image', 1, 'En Facebook se puede publicar como máximo 1 imagen por publicación (hay 2).'],
    ['linkedin', 'image', 1, 'En LinkedIn se puede publicar como máximo 1 imagen por publicación (hay 2).'],
    ['pinterest', 'image', 1, 'En Pinterest se puede publicar como máximo 1 imagen por publicación (hay 2).'],
    ['youtube', 'video', 1, 'En YouTube se puede publicar como máximo 1 vídeo por publicación (hay 2).'],
    ['tiktok', 'image', 35, 'En TikTok se pueden publicar como máximo 35 imágenes por publicación (hay 36).'],
    ['tiktok', 'video', 1, 'En TikTok se puede publicar como máximo 1 vídeo por publicación (hay 2).'],
    ['instagram', 'image', 10, 'En Instagram se pueden publicar como máximo 10 imágenes o vídeos por publicación (hay 11).'],
    ['instagram', 'video', 10, 'En Instagram se pueden publicar como máximo 10 imágenes o vídeos por publicación (hay 11).'],
    ['telegram', 'image', 10, 'En Telegram se pueden publicar como máximo 10 imágenes o vídeos por publicación (hay 11).'],
  ] as const)('%s: %s at most %i times', async (network, kind, max, message) => {
    const make = kind === 'image' ? jpeg : mp4;
    expect(await messages(network, validPost(network, { media: times(max, () => make()) }))).toEqual([]);
    expect(await messages(network, validPost(network, { media: times(max + 1, () => make()) }))).toEqual([message]);
  });

  it('mixes images and videos only where the network does (Instagram carousel, Telegram album)', async () => {
    expect(await messages('instagram', validPost('instagram', { media: [jpeg(), mp4(), jpeg()] }))).toEqual([]);
    expect(await messages('telegram', validPost('telegram', { media: [mp4(), jpeg()] }))).toEqual([]);
    expect(await messages('x', { text: 'Hola', media: [jpeg(), mp4()] })).toEqual(['X no permite mezclar imágenes y vídeos en una publicación.']);
    expect(await messages('tiktok', { text: 'Hola', media: [jpeg(), mp4()] })).toEqual(['TikTok no permite mezclar imágenes y vídeos en una publicación.']);
    expect(await messages('facebook', { text: 'Hola', media: [jpeg(), mp4()] })).toEqual(['Facebook no permite mezclar imágenes y vídeos en una publicación.']);
  });

  it('posts an animated GIF on X only alone, up to 15 MB', async () => {
    const gif = (size: number): PostMedia => ({ kind: 'image', contentType: 'image/gif', size, width: 480, height: 270 });
    expect(await messages('x', { text: 'Hola', media: [gif(15 * MB)] })).toEqual([]);
    expect(await messages('x', { text: 'Hola', media: [gif(15 * MB + 1)] })).toEqual(['La imagen pesa 15,1 MB y X admite como máximo 15 MB.']);
    expect(await messages('x', { text: 'Hola', media: [gif(MB), jpeg()] })).toEqual(['X solo admite un GIF por publicación, sin otras imágenes ni vídeos.']);
  });
});

describe('formats', () => {
  it.each([
    ['instagram', { kind: 'image', contentType: 'image/png' }, 'Instagram no admite imágenes PNG. Usa JPG.'],
    ['tiktok', { kind: 'image', contentType: 'image/png' }, 'TikTok no admite imágenes PNG. Usa JPG o WEBP.'],
    ['x', { kind: 'video', contentType: 'video/webm' }, 'X no admite vídeos WEBM. Usa MP4 o MOV.'],
    ['telegram', { kind: 'video', contentType: 'video/quicktime' }, 'Telegram no admite vídeos MOV. Usa MP4.'],
    ['linkedin', { kind: 'image', contentType: 'image/webp' }, 'LinkedIn no admite imágenes WEBP. Usa JPG, PNG o GIF.'],
    ['instagram', { kind: 'image', contentType: 'image/avif' }, 'Instagram no admite imágenes AVIF. Usa JPG.'],
  ] as const)('%s refuses %j', async (network, media, message) => {
    const file = media.kind === 'image' ? jpeg(media) : mp4(media);
    expect(await messages(network, validPost(network, { media: [file] }))).toEqual([message]);
  });

  it('reads a content type case-insensitively, without parameters, and image/jpg as JPEG', async () => {
    for (const contentType of ['IMAGE/JPEG', 'image/jpeg; charset=binary', 'image/jpg']) {
      expect(await messages('instagram', validPost('instagram', { media: [jpeg({ contentType })] }))).toEqual([]);
    }
  });
});

describe('sizes: at the limit passes, one byte over fails', () => {
  it.each([
    ['x', 'image', 5 * MB, 'La imagen pesa 5,1 MB y X admite como máximo 5 MB.'],
    ['x', 'video', 8 * GB, 'El vídeo pesa 8,1 GB y X admite como máximo 8 GB.'],
    ['facebook', 'image', 4 * MB, 'La imagen pesa 4,1 MB y Facebook admite como máximo 4 MB.'],
    ['facebook', 'video', 1 * GB, 'El vídeo pesa 1,1 GB y Facebook admite como máximo 1 GB.'],
    ['instagram', 'image', 8 * MB, 'La imagen pesa 8,1 MB y Instagram admite como máximo 8 MB.'],
    ['instagram', 'video', 300 * MB, 'El vídeo pesa 300,1 MB y Instagram admite como máximo 300 MB.'],
    ['tiktok', 'image', 20 * MB, 'La imagen pesa 20,1 MB y TikTok admite como máximo 20 MB.'],
    ['tiktok', 'video', 4 * GB, 'El vídeo pesa 4,1 GB y TikTok admite como máximo 4 GB.'],
    ['pinterest', 'image', 20 * MB, 'La imagen pesa 20,1 MB y Pinterest admite como máximo 20 MB.'],
    ['youtube', 'video', 256 * GB, 'El vídeo pesa 256,1 GB y YouTube admite como máximo 256 GB.'],
    ['telegram', 'image', 10 * MB, 'La imagen pesa 10,1 MB y Telegram admite como máximo 10 MB.'],
    ['telegram', 'video', 50 * MB, 'El vídeo pesa 50,1 MB y Telegram admite como máximo 50 MB.'],
  ] as const)('%s: an %s up to %i bytes', async (network, kind, max, message) => {
    const make = kind === 'image' ? jpeg : mp4;
    const landscape = network === 'youtube' ? { width: 1920, height: 1080 } : {};
    expect(await messages(network, validPost(network, { media: [make({ size: max, ...landscape })] }))).toEqual([]);
    expect(await messages(network, validPost(network, { media: [make({ size: max + 1, ...landscape })] }))).toEqual([message]);
  });

  it('numbers the file when the post has several of its kind', async () => {
    expect(await messages('x', { text: 'Hola', media: [jpeg(), jpeg({ size: 6 * MB })] })).toEqual(['La imagen 2 pesa 6 MB y X admite como máximo 5 MB.']);
  });
});

describe('aspect ratios and pixels', () => {
  it.each([
    ['instagram', 'image', [1080, 1350], [1080, 1351], 'La imagen debe tener una proporción entre 4:5 y 1,91:1 para Instagram.'],
    ['instagram', 'image', [1910, 1000], [1911, 1000], 'La imagen debe tener una proporción entre 4:5 y 1,91:1 para Instagram.'],
    ['instagram', 'image', [1080, 566], [1080, 2000], 'La imagen debe tener una proporción entre 4:5 y 1,91:1 para Instagram.'],
    ['instagram', 'video', [100, 10_000], [99, 10_000], 'El vídeo debe tener una proporción entre 0,01:1 y 10:1 para Instagram.'],
    ['x', 'video', [720, 2160], [719, 2160], 'El vídeo debe tener una proporción entre 1:3 y 3:1 para X.'],
    ['x', 'video', [2160, 720], [2161, 720], 'El vídeo debe tener una proporción entre 1:3 y 3:1 para X.'],
    ['telegram', 'image', [2000, 100], [2001, 100], 'La imagen debe tener una proporción entre 1:20 y 20:1 para Telegram.'],
  ] as const)('%s: an %s of %j passes, of %j fails', async (network, kind, [width, height], [badWidth, badHeight], message) => {
    const make = kind === 'image' ? jpeg : mp4;
    expect(await messages(network, validPost(network, { media: [make({ width, height })] }))).toEqual([]);
    expect(await messages(network, validPost(network, { media: [make({ width: badWidth, height: badHeight })] }))).toEqual([message]);
  });

  it('numbers the carousel image with the wrong shape', async () => {
    expect(await messages('instagram', validPost('instagram', { media: [jpeg(), jpeg({ width: 1000, height: 2000 })] }))).toEqual([
      'La imagen 2 debe tener una proporción entre 4:5 y 1,91:1 para Instagram.',
    ]);
  });

  it("holds LinkedIn images to 36,152,320 pixels and Telegram photos to 10,000 of width plus height", async () => {
    expect(await messages('linkedin', { text: 'Hola', media: [jpeg({ width: 5120, height: 7061 })] })).toEqual([]);
    expect(await messages('linkedin', { text: 'Hola', media: [jpeg({ width: 5120, height: 7062 })] })).toEqual([
      'La imagen tiene 36.157.440 píxeles y LinkedIn admite como máximo 36.152.320.',
    ]);
    expect(await messages('telegram', { text: 'Hola', media: [jpeg({ width: 5000, height: 5000 })] })).toEqual([]);
    expect(await messages('telegram', { text: 'Hola', media: [jpeg({ width: 5001, height: 5000 })] })).toEqual([
      'La imagen suma 10.001 píxeles de ancho más alto y Telegram admite como máximo 10.000.',
    ]);
  });

  it('skips the checks that need dimensions or a duration when the media does not say them', async () => {
    const unmeasured = { kind: 'video', contentType: 'video/mp4', size: MB } as const;
    expect(await messages('instagram', { text: '', media: [{ kind: 'image', contentType: 'image/jpeg', size: MB }] })).toEqual([]);
    expect(await messages('x', { text: '', media: [unmeasured] })).toEqual([]);
  });
});

describe('video durations: at the limit passes, past it fails', () => {
  it.each([
    ['x', 0.5, 1200, 'El vídeo dura 0,4 s y X necesita al menos 0,5 s.', 'El vídeo dura 20 min 0,5 s y X admite como máximo 20 min.'],
    ['instagram', 3, 900, 'El vídeo dura 2,5 s y Instagram necesita al menos 3 s.', 'El vídeo dura 15 min 0,5 s y Instagram admite como máximo 15 min.'],
    ['tiktok', null, 600, null, 'El vídeo dura 10 min 0,5 s y TikTok admite como máximo 10 min.'],
    ['facebook', null, 1200, null, 'El vídeo dura 20 min 0,5 s y Facebook admite como máximo 20 min.'],
    ['youtube', null, 43_200, null, 'El vídeo dura 12 h 0,5 s y YouTube admite como máximo 12 h.'],
  ] as const)('%s: from %s s to %i s', async (network, min, max, shortMessage, longMessage) => {
    const video = (durationSeconds: number) => validPost(network, { media: [mp4({ durationSeconds, width: 1080, height: 1080 })] });
    expect(await messages(network, video(max))).toEqual([]);
    expect(await messages(network, video(max + 0.5))).toEqual([longMessage]);
    if (min !== null) {
      expect(await messages(network, video(min))).toEqual([]);
      expect(await messages(network, video(min === 0.5 ? 0.4 : 2.5))).toEqual([shortMessage]);
    }
  });

  it("applies a TikTok creator's shorter maximum as reported by creator_info, never a longer one", async () => {
    const post = (durationSeconds: number) => validPost('tiktok', { media: [mp4({ durationSeconds })] });
    expect(await messages('tiktok', post(180), { videoMaxDurationSeconds: 180 })).toEqual([]);
    expect(await messages('tiktok', post(181), { videoMaxDurationSeconds: 180 })).toEqual(['El vídeo dura 3 min 1 s y TikTok admite como máximo 3 min.']);
    expect(await messages('tiktok', post(601), { videoMaxDurationSeconds: 3600 })).toEqual(['El vídeo dura 10 min 1 s y TikTok admite como máximo 10 min.']);
  });
});

describe('problems', () => {
  it('carry a stable code beside the message, and each message once', async () => {
    const problems = await validatePost('instagram', { text: 'a'.repeat(2201), media: [jpeg({ contentType: 'image/png' }), jpeg({ contentType: 'image/png' })] });
    expect(problems).toEqual([
      { code: 'media_format', message: 'Instagram no admite imágenes PNG. Usa JPG.' },
      { code: 'text_too_long', message: 'El texto supera los 2200 caracteres de Instagram (tiene 2201).' },
    ]);
  });
});

describe('postKindFor', () => {
  it.each([
    ['instagram', [jpeg()], 'image'],
    ['instagram', [mp4()], 'reel'],
    ['instagram', [jpeg(), mp4()], 'carousel'],
    ['instagram', [], undefined],
    ['telegram', [], 'text'],
    ['telegram', [jpeg()], 'photo'],
    ['telegram', [mp4()], 'video'],
    ['telegram', [mp4(), jpeg()], 'album'],
    ['x', [jpeg(), jpeg()], 'images'],
    ['x', [jpeg(), mp4()], undefined],
    ['tiktok', [jpeg(), jpeg()], 'photos'],
    ['youtube', [mp4()], 'video'],
  ] as const)('%s with %j is %s', (network, media, id) => {
    expect(postKindFor(network, media)?.id).toBe(id);
  });
});
