/**
 * Scheduled posts as other contexts create them (the chat's tools): `createScheduledPost` against
 * DynamoDB Local stores the post with its id reference, `listScheduledPosts` lists it by month
 * (what `listarPublicaciones` serves), and an invalid post is refused with nothing written.
 * (Moved from the plan integration test, issue 11 item 7: the calendar's callables stay there.)
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';

const db = await useDomainEnv();
const { createScheduledPost, listScheduledPosts } = await import('../../../../../lambdas/core/plan/posts');
const rawItems = (sub: string, prefix: string) => rawTableAt(db.endpoint, db.table).query(`user#${sub}`, prefix);
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
  ])('refuses %s and writes nothing', async (_label, change) => {
    const sub = uniqueSub();
    await createScheduledPost(sub, { title: 'Ya estaba', content: 'Texto', scheduledDate: '2031-03-01', platform: 'x', status: 'aprobado' });
    const before = await rawItems(sub, 'post');
    expect(before).toHaveLength(2);
    await expect(createScheduledPost(sub, { title: 'Título', content: 'Texto', scheduledDate: '2031-03-02', platform: 'x', status: 'aprobado', ...change })).rejects.toBeInstanceOf(InvalidInputError);
    expect(await rawItems(sub, 'post')).toEqual(before);
  });
});
