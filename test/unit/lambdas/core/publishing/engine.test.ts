/**
 * The publishing engine end to end below the Lambda (issue 13 "Done when", engine level):
 * syncPublications schedules a post's publications, the publisher's handler (handlePublishEvent)
 * publishes them to the twin's real "Red de pruebas" (in-process) through the real adapters, the
 * real token refresh and DynamoDB Local; the Scheduler door is a fake that records each schedule
 * (./support.ts). The sandbox's feed (`/__sandbox/posts`) is the witness of what was published.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateTime, PUBLICATION_MSG, SOCIAL_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { hook, posts } from '../../../infra/local/social-sandbox/support';
import { connectSandbox, fakeScheduler, usePublishingEnv } from './support';

vi.mock('../../../../../lambdas/platform/scheduler', async (original) => (await import('./support')).schedulerMock(original));
vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('./support')).appsMock(original));

const env = await usePublishingEnv();
const { syncPublications, publishNow, resolveUnconfirmed, publicationsOf } = await import('../../../../../lambdas/core/publishing');
const { handlePublishEvent } = await import('../../../../../lambdas/core/publishing/engine');
const { listPublications, readPost } = await import('../../../../../lambdas/core/publishing/store');
const { publicationScheduleName } = await import('../../../../../lambdas/core/publishing/schedules');
const { createScheduledPost } = await import('../../../../../lambdas/core/plan/posts');
const { readConnection } = await import('../../../../../lambdas/core/social/store');
const { preparePublication, createPublication } = await import('../../../../../lambdas/platform/social');
const { loadNetworkApps } = await import('../../../../../lambdas/platform/social/apps');
const { openSecret } = await import('../../../../../lambdas/platform/secrets/lazy');
const { tokenContext } = await import('../../../../../lambdas/core/social/store');

const ZONE = 'Europe/Madrid';
const MINUTE = 60_000;

// No fault left over from a test that failed before reaching its create.
beforeEach(async () => {
  await fetch(`${env.t.sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
});

/** An approved post of `sub` to `network`, due about `minutesAhead` from now in the brand's zone, synced; its text is unique. */
async function approvedPost(sub: string, network: 'x' | 'linkedin' | 'telegram', minutesAhead = 3) {
  const { date, time } = localDateTime(new Date(Date.now() + minutesAhead * MINUTE), ZONE);
  const content = `Publicación de prueba ${randomUUID()}`;
  const post = await createScheduledPost(sub, { title: 'Prueba', content, scheduledDate: date, time, platform: network, status: 'aprobado' });
  const item = await readPost(sub, post.id);
  if (!item) throw new Error('post not stored');
  const views = await syncPublications(sub, item);
  return { post: item, content, views };
}

/** The event the fake Scheduler holds for the post's only publication. */
async function eventOf(sub: string, postId: string) {
  const [publication] = await listPublications(sub, postId);
  if (!publication) throw new Error('no publication');
  const schedule = fakeScheduler.schedules.get(publicationScheduleName(publication.id));
  if (!schedule) throw new Error('no schedule');
  return { publication, schedule, event: schedule.event };
}

/** The sandbox feed's posts of `network` whose text contains `text`. */
const feedWith = async (network: string, text: string) => ((await posts(env.t.sandbox, network)) as { text?: string }[]).filter((post) => (post.text ?? '').includes(text));

describe('exactly once', () => {
  it('50 concurrent duplicate deliveries of the same event publish once', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const { post, content, views } = await approvedPost(sub, 'x');
    expect(views).toMatchObject([{ network: 'x', state: 'programado', sandbox: true, targetName: 'Destino x' }]);
    const { event, schedule } = await eventOf(sub, post.id);
    expect(schedule.at.toISOString()).toBe(views[0]?.dueAt);

    const results = await Promise.all(Array.from({ length: 50 }, () => handlePublishEvent(event)));
    expect(results.filter((result) => result.outcome === 'published')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'ignored')).toHaveLength(49);
    expect(await feedWith('x', content)).toHaveLength(1);
    const [stored] = await listPublications(sub, post.id);
    expect(stored?.state).toBe('publicado');
    // Out of GSI1 and free of the holder's state.
    const raw = await env.raw.get(`user#${sub}`, `pub#${post.id}#${stored?.id}`);
    for (const name of ['gsi1sk', 'dueKey', 'leaseId', 'leaseUntil', 'creating']) expect(raw).not.toHaveProperty(name);
    expect(stored?.networkPostId).toBeTruthy();
    expect(stored?.url).toContain(stored?.networkPostId);
    // A late duplicate after the fact is ignored too.
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'ignored' });
    expect(await feedWith('x', content)).toHaveLength(1);
  });

  it('a crash between the network’s answer and our write does not post twice: the next holder finds the post first', async () => {
    const sub = uniqueSub();
    const connection = await connectSandbox(env, sub, 'x');
    const { post, content } = await approvedPost(sub, 'x');
    const { event, publication } = await eventOf(sub, post.id);
    // The crashed holder: it stored `creating`, the network published, and it died before writing.
    const app = (await loadNetworkApps()).x;
    if (!app) throw new Error('no x app');
    const accessToken = await openSecret(connection.accessTokenSealed ?? '', tokenContext(sub, 'x', 'access'));
    const request = { network: 'x' as const, target: { id: publication.targetId ?? '', kind: 'profile' as const }, account: { id: publication.targetId ?? '' }, accessToken, text: content, title: 'Prueba', media: [], privacy: 'public' as const, idempotencyKey: publication.id };
    const prepared = await preparePublication(app, request);
    const published = await createPublication(app, request, prepared);
    const pk = `user#${sub}`;
    const sk = `pub#${post.id}#${publication.id}`;
    await env.raw.set(pk, sk, { state: 'publicando', leaseId: 'crashed-holder', leaseUntil: Date.now() - 1, creating: true, prepared: JSON.stringify(prepared) });
    expect(await feedWith('x', content)).toHaveLength(1);

    // The retry (Lambda's, or the sweep's re-delivery) takes the expired lease over.
    const result = await handlePublishEvent(event);
    expect(result).toMatchObject({ outcome: 'published', detail: 'found at the network' });
    expect(await feedWith('x', content)).toHaveLength(1);
    expect((await listPublications(sub, post.id))[0]).toMatchObject({ state: 'publicado', networkPostId: published.postId });
  });

  it('an event that arrives before its revision is stored waits for it, then publishes once', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const { post, content } = await approvedPost(sub, 'x', 30);
    const { event } = await eventOf(sub, post.id);
    // "Publicar ahora" puts its schedule (revision + 1) before writing the revision: the event wins the race.
    const early = handlePublishEvent({ ...event, revision: event.revision + 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await publishNow(sub, post.id);
    expect((await early).outcome).toBe('published');
    expect(await feedWith('x', content)).toHaveLength(1);
  });

  it('an event ahead of a revision that never gets stored is ignored after the wait, publishing nothing', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const { post, content } = await approvedPost(sub, 'x', 30);
    const { event } = await eventOf(sub, post.id);
    const result = await handlePublishEvent({ ...event, revision: event.revision + 1 }, new Date(), { revisionWaitMs: 300 });
    expect(result.outcome).toBe('ignored');
    expect(await feedWith('x', content)).toHaveLength(0);
    expect((await listPublications(sub, post.id))[0]?.state).toBe('programado');
  });

  it('a live lease keeps every other delivery out', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const { post, content } = await approvedPost(sub, 'x');
    const { event, publication } = await eventOf(sub, post.id);
    await env.raw.set(`user#${sub}`, `pub#${post.id}#${publication.id}`, { state: 'publicando', leaseId: 'live-holder', leaseUntil: Date.now() + 5 * MINUTE });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'ignored' });
    expect(await feedWith('x', content)).toHaveLength(0);
  });
});

describe('throttling and lost answers', () => {
  it('429 with Retry-After is honoured: postponed to that instant, revision bumped, schedule moved, then published once', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const { post, content } = await approvedPost(sub, 'x');
    const { event } = await eventOf(sub, post.id);
    await hook(env.t.sandbox, 'faults', { network: 'x', operation: 'create', kind: '429', retryAfterSeconds: 120 });
    const before = Date.now();
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'postponed' });
    expect(await feedWith('x', content)).toHaveLength(0);
    const { publication, schedule, event: moved } = await eventOf(sub, post.id);
    expect(publication).toMatchObject({ state: 'programado', revision: event.revision + 1, postponed: true });
    const dueAt = Date.parse(publication.dueAt);
    expect(dueAt).toBeGreaterThanOrEqual(before + 110_000);
    expect(dueAt).toBeLessThanOrEqual(Date.now() + 125_000);
    expect(publication.reason).toMatch(/^X limitó las publicaciones: se publicará el /);
    expect(schedule.at.toISOString()).toBe(publication.dueAt);
    expect(moved.revision).toBe(event.revision + 1);
    // The old event is stale now.
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'ignored', detail: 'stale revision' });
    // At the new instant it goes out, once.
    expect(await handlePublishEvent(moved, new Date(dueAt))).toMatchObject({ outcome: 'published' });
    expect(await feedWith('x', content)).toHaveLength(1);
  });

  it('a create whose answer is lost is resolved by looking at the account’s recent posts (X), never posted twice', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const { post, content } = await approvedPost(sub, 'x');
    const { event } = await eventOf(sub, post.id);
    await hook(env.t.sandbox, 'faults', { network: 'x', operation: 'create', kind: 'lost' });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'published', detail: 'found at the network' });
    expect(await feedWith('x', content)).toHaveLength(1);
    expect((await listPublications(sub, post.id))[0]).toMatchObject({ state: 'publicado' });
  });

  it('a lost create where the network cannot be asked (Telegram) is sin_confirmar, never posted twice; the owner settles it', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'telegram');
    const { post, content } = await approvedPost(sub, 'telegram');
    const { event, publication } = await eventOf(sub, post.id);
    await hook(env.t.sandbox, 'faults', { network: 'telegram', operation: 'create', kind: 'lost' });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'unconfirmed' });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'ignored' });
    expect(await feedWith('telegram', content)).toHaveLength(1);
    const [view] = (await publicationsOf(sub, [post.id])).get(post.id) ?? [];
    expect(view).toMatchObject({ state: 'sin_confirmar', reason: PUBLICATION_MSG.unconfirmed('telegram') });

    const settled = await resolveUnconfirmed(sub, post.id, publication.id, true);
    expect(settled).toMatchObject([{ state: 'publicado', url: null }]);
    expect(await feedWith('telegram', content)).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('a token expiring within 7 days is refreshed before publishing with it', async () => {
    const sub = uniqueSub();
    const before = await connectSandbox(env, sub, 'x');
    const { post } = await approvedPost(sub, 'x');
    const { event } = await eventOf(sub, post.id);
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'published' });
    const after = await readConnection(sub, 'x');
    // X's two-hour token was renewed (and its rotating refresh token replaced) before the create.
    expect(after?.accessTokenSealed).not.toBe(before.accessTokenSealed);
    expect(after?.refreshTokenSealed).not.toBe(before.refreshTokenSealed);
    expect(after?.state).toBe('conectada');
  });
});

describe('revoked access', () => {
  it.each(['x', 'linkedin'] as const)('%s: error with the reason and “Reconecta …”, connection reconectar; Reintentar after reconnecting publishes once', async (network) => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, network);
    const { post, content } = await approvedPost(sub, network);
    const { event } = await eventOf(sub, post.id);
    await hook(env.t.sandbox, 'revoke', { network });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'failed' });
    const [view] = (await publicationsOf(sub, [post.id])).get(post.id) ?? [];
    expect(view).toMatchObject({
      state: 'error',
      reason: PUBLICATION_MSG.accessRevoked(network),
      fix: { label: PUBLICATION_MSG.reconnect(network), href: '/redes' },
    });
    expect(view?.fix?.label).toMatch(/^Reconecta /);
    expect(await readConnection(sub, network)).toMatchObject({ state: 'reconectar', reconnectReason: SOCIAL_MSG.accessRevoked(network) });
    expect(await feedWith(network, content)).toHaveLength(0);

    await connectSandbox(env, sub, network);
    const retried = await publishNow(sub, post.id);
    expect(retried).toMatchObject([{ state: 'programado', reason: null, fix: null }]);
    const { event: again, schedule } = await eventOf(sub, post.id);
    expect(again.revision).toBe(event.revision + 1);
    expect(Math.abs(schedule.at.getTime() - Date.now())).toBeLessThan(10_000);
    const results = await Promise.all([handlePublishEvent(again), handlePublishEvent(again)]);
    expect(results.map((result) => result.outcome).sort()).toEqual(['ignored', 'published']);
    expect(await feedWith(network, content)).toHaveLength(1);
    await expect(publishNow(sub, post.id)).rejects.toMatchObject({ message: PUBLICATION_MSG.alreadyPublished });
  });
});
