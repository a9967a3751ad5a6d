/**
 * The publishing entry points (lambdas/platform/social/publish/index.ts): each network's adapter
 * behind preparePublication/createPublication/findPublished, and a mismatch of network between
 * the app, the request and the prepared state refused before any call.
 */
import { SOCIAL_NETWORKS } from '@director-ia/shared';
import { describe, expect, it } from 'vitest';
import { createPublication, findPublished, preparePublication, publishAdapters, type Prepared } from '../../../../../../lambdas/platform/social';
import { appFor, json, NOW, optionsWith, recordingFetch, requestFor } from './fake';

describe('publishing entry points', () => {
  it('are the adapters object the engine codes to', () => {
    expect(publishAdapters).toEqual({ prepare: preparePublication, create: createPublication, findPublished });
  });

  // Instagram's and YouTube's prepare need more of the network: their own tests cover them.
  it.each(SOCIAL_NETWORKS.filter((network) => network !== 'instagram' && network !== 'youtube'))('%s: prepare answers a ready state of its network', async (network) => {
    const { fetch } = recordingFetch(() => json({ data: { creator_username: 'c', privacy_level_options: ['PUBLIC_TO_EVERYONE'] }, error: { code: 'ok' } }));
    const needsMedia = network === 'tiktok' || network === 'pinterest';
    // An image for both: TikTok's prepare of a video also starts its upload (tiktok.test.ts covers it).
    const request = requestFor(network, needsMedia ? { media: [{ kind: 'image', contentType: 'image/jpeg', size: 1, url: 'https://media.example.test/i?size=1' }] } : {});
    const prepared = await preparePublication(appFor(network), request, undefined, optionsWith(fetch));
    expect(prepared).toMatchObject({ v: 1, network, ready: true, preparedAt: NOW });
  });

  it('refuses a network mismatch before any call', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'telegram' };
    await expect(createPublication(appFor('x'), requestFor('x'), prepared, optionsWith(fetch))).rejects.toThrow(/mismatch/);
    await expect(preparePublication(appFor('facebook'), requestFor('x'), undefined, optionsWith(fetch))).rejects.toThrow(/mismatch/);
    expect(sent).toHaveLength(0);
  });
});
