/**
 * The gallery's type filter (issue 18: 'Música' among the types): 'Todos' keeps every asset in
 * order, a type keeps only its assets.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Asset } from '@director-ia/shared';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { filterAssets } = await import('../../../../../../web/src/pages/taller/GalleryTab');

const asset = (id: string, type: Asset['type']): Asset => ({ id, type, mediaType: 'x/y', prompt: id, createdAt: '2026-07-01T10:00:00Z', size: 1, offline: false, model: 'm', url: 'u', downloadUrl: 'd' });

describe('filterAssets', () => {
  const assets = [asset('a', 'music'), asset('b', 'image'), asset('c', 'music'), asset('d', 'video')];
  it('keeps every asset for Todos and only the chosen type otherwise', () => {
    expect(filterAssets(assets, 'all').map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterAssets(assets, 'music').map((a) => a.id)).toEqual(['a', 'c']);
    expect(filterAssets(assets, 'voice')).toEqual([]);
  });
});
