/**
 * The mobile chat's PWA (issue 6 item 3): the chat URL, and the static PWA files: a manifest with
 * what an install needs (name, short_name, start_url and scope /chat/, standalone, colours, 192/512
 * icons with a maskable one) whose icons are real PNGs of their declared sizes, and a service
 * worker that never handles /api/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatPath, CHAT_MANIFEST_URL, CHAT_SCOPE, CHAT_SERVICE_WORKER_URL } from '../../../../../../web/src/features/chat/pwa';
import { pngSize } from '../../../../../support/generation';

const PUBLIC = path.resolve('web/public');

describe('PWA files', () => {
  it('opens each owner at /chat/<uid>', () => {
    expect(chatPath('1f2e3d4c-aaaa-bbbb-cccc-000011112222')).toBe('/chat/1f2e3d4c-aaaa-bbbb-cccc-000011112222');
    expect(CHAT_SCOPE).toBe('/chat/');
    expect(CHAT_SERVICE_WORKER_URL.startsWith(CHAT_SCOPE)).toBe(true);
  });

  it('has an install-ready manifest whose icons are PNGs of their sizes', () => {
    const manifest = JSON.parse(readFileSync(path.join(PUBLIC, CHAT_MANIFEST_URL), 'utf8')) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ short_name: 'Director IA', start_url: '/chat/', scope: '/chat/', display: 'standalone', lang: 'es' });
    expect(String(manifest.name).length).toBeGreaterThan(0);
    expect(String(manifest.short_name).length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    for (const icon of [...manifest.icons, { src: '/chat/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      expect(icon.type).toBe('image/png');
      const bytes = readFileSync(path.join(PUBLIC, icon.src));
      const { width, height } = pngSize(bytes);
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it('has a service worker that caches the shell and leaves /api/ to the network', () => {
    const sw = readFileSync(path.join(PUBLIC, CHAT_SERVICE_WORKER_URL), 'utf8');
    expect(sw).toContain("url.pathname.startsWith('/api/')) return;");
    expect(sw).toMatch(/const SHELL = \[\s*'\/chat\/'/);
  });
});
