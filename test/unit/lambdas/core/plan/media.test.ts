/**
 * The gallery media a plan proposes (lambdas/core/plan/media.ts; issue 13 item 1): networks that
 * publish nothing without media get the newest image or video of the kind they prefer, round
 * robin; others get none; avatars and voice samples are never picked; an empty gallery gives none.
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

await useDomainEnv();
const { proposedMedia } = await import('../../../../../lambdas/core/plan/media');
const { assets } = await import('../../../../../lambdas/platform/db/entities/asset');

async function asset(sub: string, id: string, type: 'image' | 'video' | 'avatar' | 'voice', mediaType: string): Promise<void> {
  await assets().create({ uid: sub, id, type, prompt: 'p', key: `users/${sub}/assets/${id}`, mediaType, size: 1000, offline: true, model: 'offline', createdAt: new Date().toISOString() }).go();
}

describe('proposedMedia', () => {
  it('gives media-only networks the newest images or videos in turn, and text networks none', async () => {
    const sub = uniqueSub();
    await asset(sub, 'a0000000000000000001', 'image', 'image/jpeg');
    await asset(sub, 'a0000000000000000002', 'image', 'image/jpeg');
    await asset(sub, 'a0000000000000000003', 'video', 'video/mp4');
    await asset(sub, 'a0000000000000000004', 'avatar', 'image/png');
    await asset(sub, 'a0000000000000000005', 'voice', 'audio/mpeg');
    const media = await proposedMedia(sub, [{ platform: 'instagram' }, { platform: 'facebook' }, { platform: 'youtube' }, { platform: 'pinterest' }, { platform: 'instagram' }]);
    expect(media).toEqual([['a0000000000000000002'], [], ['a0000000000000000003'], ['a0000000000000000001'], ['a0000000000000000002']]);
  });

  it('gives nothing when the gallery has no medium of the kind', async () => {
    const sub = uniqueSub();
    await asset(sub, 'a0000000000000000001', 'image', 'image/jpeg');
    expect(await proposedMedia(sub, [{ platform: 'youtube' }, { platform: 'x' }])).toEqual([[], []]);
  });
});
