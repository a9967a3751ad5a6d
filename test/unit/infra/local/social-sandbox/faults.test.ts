/**
 * The fault hook (issue 13): `429` answers the network's throttled body and headers without the
 * effect, `500` its server error without the effect, `lost` does the effect and drops the
 * connection unanswered, `slow` does it and answers late; `times` counts, DELETE clears, bad
 * bodies are refused. Each network's visible create is hit exactly (./publishers.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { BOT_TOKEN, prepareCreate, tiktokStatus, youtubeSession } from './publishers';
import { eventually, hook, mp4, publishingEnv, send, type RawAnswer } from './support';

const env = publishingEnv();
const tokenFor = (network: SocialNetwork) => env.tokenFor(network);
beforeEach(async () => {
  await fetch(`${env.t.sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
});

const count = (network: SocialNetwork) => env.t.sandbox.posts(network).length;
/** The feed grows by one (TikTok: once its download and processing end). */
const grown = (network: SocialNetwork, before: number) => eventually(async () => count(network) === before + 1);

/** Each network's throttled answer for retryAfterSeconds = 120. */
function expectThrottled(network: SocialNetwork, answer: RawAnswer): void {
  const now = Math.floor(Date.now() / 1000);
  switch (network) {
    case 'facebook':
    case 'instagram': {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatchObject({ type: 'OAuthException', code: network === 'facebook' ? 32 : 4, is_transient: true });
      const usage = JSON.parse(answer.headers.get('x-business-use-case-usage') ?? '{}');
      const [entry] = Object.values(usage) as { call_count: number; estimated_time_to_regain_access: number }[][];
      expect(entry?.[0]).toMatchObject({ call_count: 100, estimated_time_to_regain_access: 2 });
      expect(JSON.parse(answer.headers.get('x-app-usage') ?? '{}')).toMatchObject({ call_count: 100 });
      return;
    }
    case 'x':
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 });
      expect(answer.headers.get('x-rate-limit-remaining')).toBe('0');
      expect(Number(answer.headers.get('x-rate-limit-reset'))).toBeGreaterThanOrEqual(now + 118);
      return;
    case 'telegram':
      expect(answer).toMatchObject({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 120', parameters: { retry_after: 120 } } });
      return;
    default:
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('120');
      if (network === 'tiktok') expect(answer.body.error.code).toBe('rate_limit_exceeded');
      if (network === 'youtube') expect(answer.body.error.status).toBe('RESOURCE_EXHAUSTED');
      if (network === 'linkedin') expect(answer.body).toMatchObject({ status: 429 });
      if (network === 'pinterest') expect(answer.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
  }
}

describe('fault kinds on each network’s create', () => {
  it.each(SOCIAL_NETWORKS)('%s: 429 has no effect; the retry publishes once', async (network) => {
    const create = await prepareCreate(env.t.sandbox, network, await tokenFor(network), env.media);
    const before = count(network);
    expect((await hook(env.t.sandbox, 'faults', { network, operation: 'create', kind: '429', retryAfterSeconds: 120 })).status).toBe(200);
    expectThrottled(network, await create());
    expect(count(network)).toBe(before);
    const retry = await create();
    expect(retry.status).toBeLessThan(300);
    await grown(network, before);
    expect(env.t.sandbox.requests().filter((record) => record.fault === '429')).not.toHaveLength(0);
  });

  it.each(SOCIAL_NETWORKS)('%s: 500 has no effect', async (network) => {
    const create = await prepareCreate(env.t.sandbox, network, await tokenFor(network), env.media);
    const before = count(network);
    await hook(env.t.sandbox, 'faults', { network, operation: 'create', kind: '500' });
    expect((await create()).status).toBe(500);
    expect(count(network)).toBe(before);
  });

  it.each(SOCIAL_NETWORKS)('%s: lost publishes and never answers', async (network) => {
    const create = await prepareCreate(env.t.sandbox, network, await tokenFor(network), env.media);
    const before = count(network);
    await hook(env.t.sandbox, 'faults', { network, operation: 'create', kind: 'lost' });
    await expect(create()).rejects.toThrow();
    await grown(network, before);
  });

  it('slow publishes and answers after the delay', async () => {
    const create = await prepareCreate(env.t.sandbox, 'pinterest', await tokenFor('pinterest'), env.media);
    const before = count('pinterest');
    await hook(env.t.sandbox, 'faults', { network: 'pinterest', operation: 'create', kind: 'slow', seconds: 1 });
    const started = Date.now();
    const pending = create();
    await grown('pinterest', before);
    const answer = await pending;
    expect(answer.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe('resolving a lost create', () => {
  it('YouTube: the session says the upload finished, with the video', async () => {
    const token = await tokenFor('youtube');
    const video = mp4();
    const session = await youtubeSession(env.t.sandbox, token, 'Vídeo perdido', video.length);
    await hook(env.t.sandbox, 'faults', { network: 'youtube', operation: 'create', kind: 'lost' });
    await expect(send(session, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) })).rejects.toThrow();
    const status = await send(session, { method: 'PUT', headers: { 'content-range': `bytes */${video.length}` } });
    expect(status.status).toBe(200);
    expect(env.t.sandbox.posts('youtube').at(-1)?.id).toBe(status.body.id);
  });

  it('TikTok: the status fetch says what happened to the publish', async () => {
    const token = await tokenFor('tiktok');
    const create = await prepareCreate(env.t.sandbox, 'tiktok', token, env.media);
    await hook(env.t.sandbox, 'faults', { network: 'tiktok', operation: 'status', kind: '500' });
    const init = await create();
    expect((await tiktokStatus(env.t.sandbox, token, init.body.data.publish_id)).status).toBe(500);
    expect((await eventually(async () => {
      const status = await tiktokStatus(env.t.sandbox, token, init.body.data.publish_id);
      return status.body.data.status === 'PUBLISH_COMPLETE' && status;
    })).status).toBe(200);
  });
});

describe('the hook', () => {
  it('counts times, lists and clears', async () => {
    const create = await prepareCreate(env.t.sandbox, 'telegram', BOT_TOKEN, env.media, false);
    const set = await hook(env.t.sandbox, 'faults', { network: 'telegram', operation: 'create', kind: '500', times: 2 });
    expect(set.body.faults).toEqual([{ network: 'telegram', operation: 'create', kind: '500', times: 2, retryAfterSeconds: 30, seconds: 3 }]);
    expect((await create()).status).toBe(500);
    expect((await send(`${env.t.sandbox.url}/__sandbox/faults`)).body.faults).toEqual([expect.objectContaining({ times: 1 })]);
    expect((await create()).status).toBe(500);
    expect((await create()).status).toBe(200);
    await hook(env.t.sandbox, 'faults', { network: 'telegram', operation: 'create', kind: '500', times: 5 });
    expect((await send(`${env.t.sandbox.url}/__sandbox/faults`, { method: 'DELETE' })).body).toEqual({ cleared: 1 });
    expect((await create()).status).toBe(200);
  });

  it('hits only the named operation', async () => {
    const token = await tokenFor('instagram');
    await hook(env.t.sandbox, 'faults', { network: 'instagram', operation: 'container', kind: '500' });
    const create = await prepareCreate(env.t.sandbox, 'instagram', token, env.media).catch((error: Error) => error);
    expect(create).toBeInstanceOf(Error);
    // The container step failed once; the next container and its publish work.
    const again = await prepareCreate(env.t.sandbox, 'instagram', token, env.media);
    expect((await again()).status).toBe(200);
  });

  it.each([
    [{ network: 'myspace', operation: 'create', kind: '429' }, 'network'],
    [{ network: 'x', operation: 'container', kind: '429' }, 'operation'],
    [{ network: 'x', operation: 'create', kind: '418' }, 'kind'],
    [{ network: 'x', operation: 'create', kind: '429', times: 0 }, 'times'],
    [{ network: 'x', operation: 'create', kind: '429', retryAfterSeconds: -1 }, 'retryAfterSeconds'],
    [{ network: 'x', operation: 'create', kind: 'slow', seconds: 1.5 }, 'seconds'],
  ])('refuses %o (%s)', async (body, field) => {
    const answer = await hook(env.t.sandbox, 'faults', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(field);
  });
});
