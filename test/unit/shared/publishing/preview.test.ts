/** previewShape (issue 13 item 2): what each network's preview shows, with its media count taken from the limits table. */
import { describe, expect, it } from 'vitest';
import { previewShape } from '@director-ia/shared';

describe('previewShape', () => {
  it.each([
    ['facebook', { title: false, textPosition: 'above', mediaGrid: 'single', maxMedia: 1, videoFrame: null }],
    ['instagram', { title: false, textPosition: 'below', mediaGrid: 'carousel', maxMedia: 10, videoFrame: 9 / 16 }],
    ['x', { title: false, textCut: null, textPosition: 'above', mediaGrid: 'grid', maxMedia: 4 }],
    ['linkedin', { title: false, textPosition: 'above', mediaGrid: 'single', maxMedia: 1 }],
    ['youtube', { title: true, textPosition: 'below', mediaGrid: 'single', maxMedia: 1, videoFrame: 16 / 9 }],
    ['tiktok', { title: true, textPosition: 'over', mediaGrid: 'carousel', maxMedia: 35, videoFrame: 9 / 16 }],
    ['pinterest', { title: true, textPosition: 'below', mediaGrid: 'single', maxMedia: 1 }],
    ['telegram', { title: false, textCut: null, textPosition: 'above', mediaGrid: 'grid', maxMedia: 10 }],
  ] as const)('%s', (network, expected) => {
    expect(previewShape(network)).toMatchObject(expected);
  });

  it('cuts long texts where the feeds fold them (Instagram shortest), and never past the text limit', () => {
    expect(previewShape('instagram').textCut).toBe(125);
    expect(previewShape('linkedin').textCut).toBeLessThan(3000);
    expect(previewShape('facebook').textCut).toBeGreaterThan(previewShape('instagram').textCut ?? 0);
  });
});
