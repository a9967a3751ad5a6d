/**
 * The media the sandbox keeps (issue 13): URLs fetched with a 5 s timeout and a size cap (what
 * fails and why), content types sniffed from the bytes, image sizes read, files and their index
 * under `<stateDir>/media/` surviving a new store; upload routes take bodies past 1 MB, others do not.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize, MediaStore, sniffType } from '../../../../../infra/local/social-sandbox/media';
import { formWith } from './publishers';
import { jpeg, mp4, png, publisher, send, startMediaServer, startTestSandbox, type MediaServer } from './support';

let media: MediaServer;
let dir: string;
beforeAll(async () => {
  media = await startMediaServer();
  dir = mkdtempSync(path.join(tmpdir(), 'social-sandbox-media-'));
});
afterAll(async () => {
  await media.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sniffing', () => {
  it('knows JPEG, PNG, GIF, WebP, MP4, QuickTime and WebM by their bytes, and image sizes', () => {
    expect(sniffType(jpeg(10, 20))).toBe('image/jpeg');
    expect(imageSize(jpeg(1080, 1350))).toEqual({ width: 1080, height: 1350 });
    expect(sniffType(png(5, 6))).toBe('image/png');
    expect(imageSize(png(800, 600))).toEqual({ width: 800, height: 600 });
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x40, 0x01, 0xf0, 0x00])]);
    expect([sniffType(gif), imageSize(gif)]).toEqual(['image/gif', { width: 320, height: 240 }]);
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(639, 24, 3);
    webp.writeUIntLE(479, 27, 3);
    expect([sniffType(webp), imageSize(webp)]).toEqual(['image/webp', { width: 640, height: 480 }]);
    expect(sniffType(mp4(100))).toBe('video/mp4');
    expect(sniffType(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ', 'latin1')]))).toBe('video/quicktime');
    expect(sniffType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0]))).toBe('video/webm');
    expect(sniffType(Buffer.from('hola'))).toBeNull();
    expect(imageSize(Buffer.from('hola'))).toBeNull();
  });
});

describe('MediaStore', () => {
  it('fetches a URL into media/, with the sniffed type, size and the URL without its query', async () => {
    const store = new MediaStore(path.join(dir, 'media'), Date.now);
    const record = await store.fetch(`${media.url}/wide.jpg?X-Amz-Signature=secreto`);
    expect(record).toMatchObject({ id: expect.stringMatching(/^m_/), contentType: 'image/jpeg', size: 2048, width: 1920, height: 1080, source: 'url', from: `${media.url}/wide.jpg` });
    if ('failure' in record) throw new Error('fetch failed');
    expect(readFileSync(store.filePath(record.id)).length).toBe(2048);
    expect(readFileSync(path.join(dir, 'media', 'index.json'), 'utf8')).not.toContain('secreto');
    expect(new MediaStore(path.join(dir, 'media'), Date.now).get(record.id)).toEqual(record);
  });

  it.each([
    ['/missing.jpg', undefined, 'http_status'],
    ['/big.jpg', 1024 * 1024, 'too_large'],
    ['/stream.jpg', 1024 * 1024, 'too_large'],
    ['/slow.jpg', undefined, 'timeout'],
  ])('%s fails with %s', async (file, max, failure) => {
    const store = new MediaStore(path.join(dir, 'media'), Date.now);
    expect(await store.fetch(`${media.url}${file}`, max)).toEqual({ failure });
  });

  it('refuses what is not an http(s) URL and what cannot be reached', async () => {
    const store = new MediaStore(path.join(dir, 'media'), Date.now);
    expect(await store.fetch('file:///etc/passwd')).toEqual({ failure: 'invalid_url' });
    expect(await store.fetch('no es una url')).toEqual({ failure: 'invalid_url' });
    expect(await store.fetch('http://127.0.0.1:9/nada')).toEqual({ failure: 'unreachable' });
  });

  it('assembles parts in order', async () => {
    const store = new MediaStore(path.join(dir, 'media'), Date.now);
    const video = mp4(3000);
    const parts = [store.partPath('a'), store.partPath('b')];
    writeFileSync(parts[0] ?? '', video.subarray(0, 1000));
    writeFileSync(parts[1] ?? '', video.subarray(1000));
    const record = await store.assemble(parts, 'video/mp4');
    expect(readFileSync(store.filePath(record.id)).equals(video)).toBe(true);
    expect(parts.some((part) => existsSync(part))).toBe(false);
  });
});

describe('body caps', () => {
  it('an upload route takes 2 MB (spooled); an ordinary route refuses it; spool files do not stay', async () => {
    const t = await startTestSandbox();
    try {
      const { token } = await publisher(t.sandbox, 'x');
      const big = jpeg(2000, 2000, 2 * 1024 * 1024);
      const form = formWith({ media_category: 'tweet_image' }, { field: 'media', bytes: big, type: 'image/jpeg', name: 'grande.jpg' });
      const upload = await send(`${t.sandbox.apps().x.urls.api}/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(upload.status).toBe(200);
      expect(upload.body.data.size).toBe(big.length);
      const refused = await send(`${t.sandbox.apps().x.urls.api}/tweets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'a'.repeat(2 * 1024 * 1024) }) });
      expect(refused.status).toBe(413);
      // A multipart body cut short: refused, and its half-written parts do not stay.
      const cut = `--b\r\nContent-Disposition: form-data; name="media"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(5000)}`;
      const malformed = await send(`${t.sandbox.apps().x.urls.api}/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' }, body: cut });
      expect(malformed.status).toBe(400);
      expect(readdirSync(path.join(t.stateDir, 'media', 'spool'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
