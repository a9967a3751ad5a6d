/**
 * The limits table (issue 13 item 2) is consistent: every network publishes something, each post
 * kind's ranges are sound and name only media the network has rules for, kinds are told apart by
 * their counts, and no daily cap is a number to enforce: each says where the publisher reads it.
 */
import { describe, expect, it } from 'vitest';
import { MEDIA_KINDS, NETWORK_LIMITS, SOCIAL_NETWORKS } from '@director-ia/shared';

describe('NETWORK_LIMITS', () => {
  it('has an entry for each of the eight networks', () => {
    expect(Object.keys(NETWORK_LIMITS).sort()).toEqual([...SOCIAL_NETWORKS].sort());
  });

  it.each(SOCIAL_NETWORKS)('%s: sound kinds over the media it has rules for', (network) => {
    const limits = NETWORK_LIMITS[network];
    expect(limits.kinds.length).toBeGreaterThan(0);
    for (const kind of limits.kinds) {
      for (const [min, max] of [kind.images, kind.videos, kind.total ?? [0, Infinity]]) expect(min).toBeLessThanOrEqual(max);
      expect(kind.text.max).toBeGreaterThan(0);
      for (const mediaKind of MEDIA_KINDS) {
        const range = mediaKind === 'image' ? kind.images : kind.videos;
        if (range[1] > 0) expect(limits[mediaKind], `${kind.id} takes ${mediaKind}s`).not.toBeNull();
      }
    }
    for (const rule of [limits.image, limits.video]) {
      if (!rule) continue;
      expect(rule.contentTypes.length).toBeGreaterThan(0);
      expect(rule.contentTypes.every((type) => /^(image|video)\/[a-z0-9.+-]+$/.test(type))).toBe(true);
      if (rule.aspect) expect(rule.aspect.min.width / rule.aspect.min.height).toBeLessThan(rule.aspect.max.width / rule.aspect.max.height);
    }
    for (const mediaKind of limits.notYet ?? []) expect(limits[mediaKind]).toBeNull();
  });

  it.each(SOCIAL_NETWORKS)('%s: no media combination fits two kinds (the kind, and so the text limit, is unambiguous)', (network) => {
    const { kinds } = NETWORK_LIMITS[network];
    for (let images = 0; images <= 40; images += 1) {
      for (let videos = 0; videos <= 12; videos += 1) {
        const fitting = kinds.filter(
          (kind) =>
            images >= kind.images[0] && images <= kind.images[1] && videos >= kind.videos[0] && videos <= kind.videos[1] && (!kind.total || (images + videos >= kind.total[0] && images + videos <= kind.total[1])),
        );
        expect(fitting.length, `${images} images, ${videos} videos`).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each(SOCIAL_NETWORKS)('%s: says where each metered cap is read or how the network signals it', (network) => {
    const { caps } = NETWORK_LIMITS[network];
    expect(caps.length).toBeGreaterThan(0);
    for (const cap of caps) expect(cap.readFrom ?? cap.documented).toMatch(/\S/);
  });

  it("reads Instagram's daily cap from content_publishing_limit, and TikTok's longest video from creator_info", () => {
    expect(NETWORK_LIMITS.instagram.caps.map((cap) => cap.readFrom)).toContainEqual(expect.stringContaining('/content_publishing_limit?fields=config,quota_usage'));
    expect(NETWORK_LIMITS.tiktok.caps.map((cap) => cap.readFrom)).toContainEqual(expect.stringContaining('max_video_post_duration_sec'));
  });
});
