/**
 * The scheduled blog drafts job (the handler the Scheduler and the twin's timer invoke) against
 * DynamoDB Local, with the offline provider: it drafts exactly once per due period even when runs
 * overlap, advances the due time, uses no generation quota, and skips disabled blogs (a stale due
 * item is removed without drafting). (Moved from the blog-manager integration test, issue 11 item
 * 7: the twin's timer cannot be made to fire, or to overlap, on demand; the schedule item kept by
 * `guardarAjustesBlog` is still checked there.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../support/domain-env';
import { rawTableAt } from '../../../support/raw-table';

const db = await useDomainEnv({ AI_PROVIDER: 'offline', UPLOADS_BUCKET: 'unit-uploads' });
const { handler } = await import('../../../../lambdas/events/blogDrafts');
const { saveBlogSettings } = await import('../../../../lambdas/core/settings/blog');
const { listArticles } = await import('../../../../lambdas/core/blog/articles');
const { readSchedule } = await import('../../../../lambdas/core/blog/schedule');
const table = rawTableAt(db.endpoint, db.table);

const event = () => ({ job: 'blogDrafts' as const, scheduledTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
const runJob = () => handler(event());
const enableBlog = (sub: string, settings: Record<string, unknown> = {}) =>
  saveBlogSettings({ sub }, { isEnabled: true, slug: `blog-${randomUUID().slice(0, 8)}`, topics: 'masa madre, desayunos', frequency: '1 artículo por semana', ...settings });
const scheduleItem = (sub: string) => table.get(`user#${sub}`, 'blog#schedule');
const today = () => new Date().toISOString().slice(0, 10);
const quotaUsed = async (sub: string) => ((await table.get(`user#${sub}`, `quota#generation#${today()}`))?.count as number | undefined) ?? 0;
/** Moves the next draft of `sub` (and its GSI1 key) to `at`, as if that time had come. */
async function makeDue(sub: string, at: Date): Promise<void> {
  const due = at.toISOString();
  await table.set(`user#${sub}`, 'blog#schedule', { nextDueAt: due, gsi1sk: `${due}#${sub}` });
}

describe('the scheduled drafts job', () => {
  it('drafts exactly once per due period, even with overlapping runs, and advances the due time', async () => {
    const eva = uniqueSub();
    await enableBlog(eva, { topics: 'recetas de otoño' });
    await makeDue(eva, new Date(Date.now() - 60 * 60 * 1000));
    await Promise.all([runJob(), runJob(), runJob()]);
    const articles = await listArticles(eva);
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({ origin: 'schedule', status: 'draft', offline: true, title: 'Recetas de otoño: apuntes de nuestra marca' });
    const schedule = await scheduleItem(eva);
    expect(Date.parse(schedule?.nextDueAt as string)).toBeGreaterThan(Date.now());
    expect((await readSchedule(eva))?.nextDueAt).toBe(schedule?.nextDueAt);
    expect(schedule?.lastArticleId).toBe(articles[0]?.id);
    // Nothing is due any more: another run drafts nothing; the schedule's drafts use no quota.
    await runJob();
    expect(await listArticles(eva)).toHaveLength(1);
    expect(await quotaUsed(eva)).toBe(0);
    // The next period: one more.
    await makeDue(eva, new Date(Date.now() - 1000));
    await runJob();
    expect(await listArticles(eva)).toHaveLength(2);
  });

  it('skips disabled blogs: no item after disabling, and a stale due item is removed without drafting', async () => {
    const [fede, gala] = [uniqueSub(), uniqueSub()];
    await Promise.all([enableBlog(fede), enableBlog(gala)]);
    await saveBlogSettings({ sub: fede }, { isEnabled: false });
    expect(await scheduleItem(fede)).toBeUndefined();
    // A stale item (the blog disabled behind the schedule's back).
    await makeDue(gala, new Date(Date.now() - 1000));
    await table.set(`user#${gala}`, 'settings#blog', { isEnabled: false });
    await runJob();
    expect(await listArticles(fede)).toEqual([]);
    expect(await listArticles(gala)).toEqual([]);
    expect(await scheduleItem(gala)).toBeUndefined();
  });
});
