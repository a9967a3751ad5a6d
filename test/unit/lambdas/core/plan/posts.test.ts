/**
 * Scheduled posts as other contexts create them (the chat's tools): `createScheduledPost` against
 * DynamoDB Local stores the post with its id reference, `listScheduledPosts` lists it by month
 * (what `listarPublicaciones` serves), and an invalid post is refused with nothing written.
 * (Moved from the plan integration test, issue 11 item 7: the calendar's callables stay there.)
 * Post times (issue 13 item 1): a new post without a time gets its network's default, stored; an
 * edit without a time keeps the post's; a post stored before posts had a time (spec 3's shape)
 * reads as its network's default; an invalid time is refused.
 * The publishing engine (lambdas/core/publishing) is mocked: its own tests cover it; the aspects
 * of issue 13 (targets, media, versions, validation, the outbox and the engine's calls) are in
 * ./posts/publishing.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { TIME_MSG } from '@director-ia/shared';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';

vi.mock('../../../../../lambdas/core/publishing', () => ({
  syncPublications: vi.fn(async () => []),
  removePublications: vi.fn(async () => undefined),
  publicationsOf: vi.fn(async (_sub: string, ids: readonly string[]) => new Map(ids.map((id) => [id, []]))),
}));

const db = await useDomainEnv();
const { createScheduledPost, listScheduledPosts, updateScheduledPost } = await import('../../../../../lambdas/core/plan/posts');
const table = rawTableAt(db.endpoint, db.table);
const rawItems = (sub: string, prefix: string) => table.query(`user#${sub}`, prefix);
const MONTH = '2031-03';

describe('createScheduledPost', () => {
  it('stores a post the calendar lists, with its id reference', async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: ' Desde el chat ', content: 'Texto', scheduledDate: '2031-03-01', platform: 'telegram', status: 'propuesto' });
    expect(post).toMatchObject({ id: expect.stringMatching(/^[a-z0-9]{20}$/), title: 'Desde el chat', scheduledDate: '2031-03-01', platform: 'telegram', status: 'propuesto' });
    expect(await listScheduledPosts(sub, MONTH)).toEqual([post]);
    expect(await listScheduledPosts(sub, '2031-04')).toEqual([]);
    expect(await rawItems(sub, `postref#${post.id}`)).toHaveLength(1);
  });

  it.each([
    ['an unknown network', { platform: 'myspace' }],
    ['an unknown status', { status: 'publicado' }],
    ['an impossible date', { scheduledDate: '2031-02-29' }],
    ['an empty title', { title: '  ' }],
    ['an impossible time', { time: '24:00' }],
    ['a time without minutes', { time: '19' }],
  ])('refuses %s and writes nothing', async (_label, change) => {
    const sub = uniqueSub();
    await createScheduledPost(sub, { title: 'Ya estaba', content: 'Texto', scheduledDate: '2031-03-01', platform: 'x', status: 'aprobado' });
    const before = await rawItems(sub, 'post');
    expect(before).toHaveLength(2);
    await expect(createScheduledPost(sub, { title: 'Título', content: 'Texto', scheduledDate: '2031-03-02', platform: 'x', status: 'aprobado', ...change })).rejects.toBeInstanceOf(InvalidInputError);
    expect(await rawItems(sub, 'post')).toEqual(before);
  });
});

describe('post times', () => {
  it("a new post without a time gets its network's default, stored; one with a time keeps it", async () => {
    const sub = uniqueSub();
    const byDefault = await createScheduledPost(sub, { title: 'Oferta', content: 'Texto', scheduledDate: '2031-03-03', platform: 'linkedin', status: 'propuesto' });
    const chosen = await createScheduledPost(sub, { title: 'Noche', content: 'Texto', scheduledDate: '2031-03-04', time: '22:30', platform: 'linkedin', status: 'propuesto' });
    expect(byDefault.time).toBe('09:00');
    expect(chosen.time).toBe('22:30');
    expect((await rawItems(sub, 'post#2031-03-03'))[0]).toMatchObject({ time: '09:00' });
    expect((await listScheduledPosts(sub, MONTH)).map((p) => p.time)).toEqual(['09:00', '22:30']);
  });

  it("an edit sets the time, an edit without one keeps it, also when the post moves to another day", async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: 'Post', content: 'Texto', scheduledDate: '2031-03-05', platform: 'telegram', status: 'aprobado' });
    const edit = { id: post.id, title: post.title, content: post.content, scheduledDate: post.scheduledDate, platform: 'telegram' as const };
    expect((await updateScheduledPost(sub, { ...edit, time: '07:45' })).time).toBe('07:45');
    expect((await updateScheduledPost(sub, { ...edit, platform: 'linkedin' })).time).toBe('07:45');
    const moved = await updateScheduledPost(sub, { ...edit, scheduledDate: '2031-03-09' });
    expect(moved).toMatchObject({ scheduledDate: '2031-03-09', time: '07:45' });
    expect((await rawItems(sub, 'post#'))[0]).toMatchObject({ scheduledDate: '2031-03-09', time: '07:45' });
    await expect(updateScheduledPost(sub, { ...edit, scheduledDate: '2031-03-09', time: '7:45' })).rejects.toThrow(new InvalidInputError(TIME_MSG.timeInvalid));
    expect((await listScheduledPosts(sub, MONTH)).map((p) => p.time)).toEqual(['07:45']);
  });

  it("a post stored before posts had a time reads as its network's default, and gets one when edited", async () => {
    const sub = uniqueSub();
    const at = '2030-01-01T00:00:00.000Z';
    // Spec 3's shape, as issue 5 stored it: no time.
    for (const [id, date, platform] of [['old0000000000000001', '2031-03-10', 'facebook'], ['old0000000000000002', '2031-03-11', 'myspace']]) {
      await table.put({ pk: `user#${sub}`, sk: `post#${date}#${id}`, uid: sub, id, title: 'Antigua', content: 'Texto', scheduledDate: date, platform, status: 'aprobado', createdAt: at, updatedAt: at, __edb_e__: 'scheduledPost', __edb_v__: '1' });
      await table.put({ pk: `user#${sub}`, sk: `postref#${id}`, uid: sub, id, scheduledDate: date, __edb_e__: 'scheduledPostRef', __edb_v__: '1' });
    }
    expect((await listScheduledPosts(sub, MONTH)).map((p) => [p.platform, p.time])).toEqual([
      ['facebook', '13:00'],
      ['myspace', '10:00'],
    ]);
    const edited = await updateScheduledPost(sub, { id: 'old0000000000000001', title: 'Antigua', content: 'Texto', scheduledDate: '2031-03-10', platform: 'facebook', time: '16:20' });
    expect(edited.time).toBe('16:20');
    expect((await rawItems(sub, 'post#2031-03-10'))[0]).toMatchObject({ time: '16:20' });
  });
});
