/**
 * Keeping a post's publications and schedules in step with the post (issue 13 "editing,
 * rescheduling or deleting a post moves or removes its schedule"; "daylight-saving changes in
 * Europe/Madrid publish at the local wall-clock time"), against DynamoDB Local and the fake
 * Scheduler door of ./support.ts: syncPublications creates one publication and one schedule per
 * destination, moves the schedule on an edit (a new revision: the old event is ignored), removes
 * publication and schedule on delete or when a target goes, and is idempotent.
 */
import { describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { connectSandbox, fakeScheduler, usePublishingEnv } from './support';

vi.mock('../../../../../lambdas/platform/scheduler', async (original) => (await import('./support')).schedulerMock(original));
vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('./support')).appsMock(original));

const env = await usePublishingEnv();
const { syncPublications, removePublications, rescheduleAll, publicationsOf } = await import('../../../../../lambdas/core/publishing');
const { handlePublishEvent } = await import('../../../../../lambdas/core/publishing/engine');
const { listPublications, readPost } = await import('../../../../../lambdas/core/publishing/store');
const { publicationScheduleName } = await import('../../../../../lambdas/core/publishing/schedules');
const { createScheduledPost, updateScheduledPost } = await import('../../../../../lambdas/core/plan/posts');
const { scheduledPosts } = await import('../../../../../lambdas/platform/db/entities/scheduledPost');
const { aiSettings } = await import('../../../../../lambdas/platform/db/entities/aiSettings');

/** Before every date used here: all of them are in the future. */
const NOW = new Date('2027-01-15T10:00:00.000Z');

async function approved(sub: string, date: string, time: string, platform: 'x' | 'telegram' = 'x') {
  const post = await createScheduledPost(sub, { title: 'Prueba', content: `Texto ${date} ${time}`, scheduledDate: date, time, platform, status: 'aprobado' }, NOW);
  const item = await readPost(sub, post.id);
  if (!item) throw new Error('post not stored');
  return item;
}

const scheduleOf = (id: string) => fakeScheduler.schedules.get(publicationScheduleName(id));

describe('daylight saving in Europe/Madrid (the brand’s default zone)', () => {
  it('02:30 on the spring-forward day goes out at 03:00 local (01:00Z); on the fall-back day at its first occurrence (00:30Z)', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const spring = await syncPublications(sub, await approved(sub, '2027-03-28', '02:30'), NOW);
    const autumn = await syncPublications(sub, await approved(sub, '2027-10-31', '02:30'), NOW);
    expect(spring.map((view) => view.dueAt)).toEqual(['2027-03-28T01:00:00.000Z']);
    expect(autumn.map((view) => view.dueAt)).toEqual(['2027-10-31T00:30:00.000Z']);
    expect(scheduleOf(spring[0]?.id ?? '')?.at.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(scheduleOf(autumn[0]?.id ?? '')?.at.toISOString()).toBe('2027-10-31T00:30:00.000Z');
    // An ordinary summer day: 19:00 CEST is 17:00Z.
    expect((await syncPublications(sub, await approved(sub, '2027-07-01', '19:00'), NOW))[0]?.dueAt).toBe('2027-07-01T17:00:00.000Z');
  });

  it('a new time zone moves every programado publication (rescheduleAll)', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const post = await approved(sub, '2027-07-01', '19:00');
    const [view] = await syncPublications(sub, post, NOW);
    await aiSettings().put({ uid: sub, timeZone: 'Atlantic/Canary', lastUpdated: NOW.toISOString() } as never).go();
    await rescheduleAll(sub, NOW);
    // 19:00 in the Canaries (WEST, UTC+1) is 18:00Z; a new revision carries it.
    expect((await publicationsOf(sub, [post.id], NOW)).get(post.id)).toMatchObject([{ id: view?.id, state: 'programado', dueAt: '2027-07-01T18:00:00.000Z' }]);
    expect(scheduleOf(view?.id ?? '')?.event.revision).toBe(2);
    expect(scheduleOf(view?.id ?? '')?.at.toISOString()).toBe('2027-07-01T18:00:00.000Z');
  });
});

describe('syncPublications', () => {
  it('is idempotent: a second sync writes nothing new and keeps the revision and schedule', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const post = await approved(sub, '2027-05-05', '12:00');
    const first = await syncPublications(sub, post, NOW);
    const puts = fakeScheduler.puts;
    const again = await syncPublications(sub, post, NOW);
    expect(again).toEqual(first);
    expect(fakeScheduler.puts).toBe(puts);
    expect((await listPublications(sub, post.id)).map((item) => item.revision)).toEqual([1]);
  });

  it('moves the schedule on an edit (new revision; the old schedule’s event is ignored)', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const post = await approved(sub, '2027-05-05', '12:00');
    const [view] = await syncPublications(sub, post, NOW);
    const oldEvent = scheduleOf(view?.id ?? '')?.event;
    await updateScheduledPost(sub, { id: post.id, title: post.title, content: post.content, scheduledDate: '2027-05-06', time: '09:15', platform: 'x' }, NOW);
    const [moved] = await syncPublications(sub, (await readPost(sub, post.id)) as NonNullable<Awaited<ReturnType<typeof readPost>>>, NOW);
    expect(moved).toMatchObject({ id: view?.id, state: 'programado', dueAt: '2027-05-06T07:15:00.000Z' });
    const schedule = scheduleOf(view?.id ?? '');
    expect(schedule?.at.toISOString()).toBe('2027-05-06T07:15:00.000Z');
    expect(schedule?.event.revision).toBe(2);
    expect(await handlePublishEvent(oldEvent as NonNullable<typeof oldEvent>, NOW)).toMatchObject({ outcome: 'ignored', detail: 'stale revision' });
    // A change of text alone is a new revision too.
    await updateScheduledPost(sub, { id: post.id, title: post.title, content: 'Otro texto', scheduledDate: '2027-05-06', time: '09:15', platform: 'x' }, NOW);
    await syncPublications(sub, (await readPost(sub, post.id)) as NonNullable<Awaited<ReturnType<typeof readPost>>>, NOW);
    expect(scheduleOf(view?.id ?? '')?.event.revision).toBe(3);
  });

  it('removes publication and schedule when the post is deleted, and when a target goes; clears the outbox key', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    await connectSandbox(env, sub, 'telegram');
    const post = await approved(sub, '2027-05-05', '12:00');
    const withTargets = { ...post, targets: [{ network: 'x' as const }, { network: 'telegram' as const }], syncKey: `${NOW.toISOString()}#${sub}#${post.id}` };
    await scheduledPosts().put(withTargets).go();
    const both = await syncPublications(sub, withTargets, NOW);
    expect(both.map((view) => [view.network, view.targetId, view.state])).toEqual([
      ['x', '1500000000000000001', 'programado'],
      ['telegram', '@canal_pruebas', 'programado'],
    ]);
    expect((await readPost(sub, post.id))?.syncKey).toBeUndefined();
    const [x, telegram] = both;

    const onlyTelegram = { ...withTargets, targets: [{ network: 'telegram' as const }] };
    await scheduledPosts().put(onlyTelegram).go();
    expect((await syncPublications(sub, onlyTelegram, NOW)).map((view) => view.network)).toEqual(['telegram']);
    expect(scheduleOf(x?.id ?? '')).toBeUndefined();
    expect(scheduleOf(telegram?.id ?? '')).toBeDefined();

    await removePublications(sub, post.id);
    expect(await listPublications(sub, post.id)).toEqual([]);
    expect(scheduleOf(telegram?.id ?? '')).toBeUndefined();
    await removePublications(sub, post.id);
  });

  it('a post no longer approved loses its unpublished publications; a target without a connection fails at its time with the fix', async () => {
    const sub = uniqueSub();
    const post = await approved(sub, '2027-05-05', '12:00');
    const [orphan] = await syncPublications(sub, post, NOW);
    expect(orphan).toMatchObject({ network: 'x', targetId: null, state: 'programado' });
    const event = scheduleOf(orphan?.id ?? '')?.event;
    expect(await handlePublishEvent(event as NonNullable<typeof event>, new Date('2027-05-05T10:00:00.000Z'))).toMatchObject({ outcome: 'failed' });
    expect((await publicationsOf(sub, [post.id], NOW)).get(post.id)).toMatchObject([
      { state: 'error', reason: PUBLICATION_MSG.notConnected('x'), fix: { label: PUBLICATION_MSG.connect('x'), href: '/redes' } },
    ]);
    await syncPublications(sub, { ...post, status: 'propuesto' }, NOW);
    expect(await listPublications(sub, post.id)).toEqual([]);
  });

  it('a post approved minutes after its time still goes out: programado, its schedule firing at once', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    // 10:50 in Madrid on 2027-01-15 is 09:50Z: ten minutes before NOW.
    const [view] = await syncPublications(sub, await approved(sub, '2027-01-15', '10:50'), NOW);
    expect(view).toMatchObject({ state: 'programado', dueAt: '2027-01-15T09:50:00.000Z' });
    expect(scheduleOf(view?.id ?? '')).toBeDefined();
  });

  it('a post already past its time becomes no_publicado (never silently dropped), with no schedule', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const [view] = await syncPublications(sub, await approved(sub, '2027-01-10', '12:00'), NOW);
    expect(view).toMatchObject({ state: 'no_publicado', reason: PUBLICATION_MSG.notPublished });
    expect(scheduleOf(view?.id ?? '')).toBeUndefined();
  });
});
