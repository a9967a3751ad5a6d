/**
 * Tracked links of published posts (issue 15 item 4), through the real publisher (handlePublishEvent)
 * on the twin's "Red de pruebas" in-process (./support.ts): a post outside a campaign gets one link
 * when its publication becomes `publicado` — to the brand's public blog home, UTM source = network,
 * medium social, campaign organico, content = post id — stored on the publication, shown in its
 * view, never in the published text, and never a second one; a campaign post (its link on the post)
 * gets none and its publications show the post's; a brand without a public blog gets none; a link
 * that cannot be made never fails the publication; the owner's "sí salió" (resolveUnconfirmed)
 * links too.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateTime } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { seedEnabledBlog } from '../../../../support/public-blog';
import { posts } from '../../../infra/local/social-sandbox/support';
import { connectSandbox, fakeScheduler, usePublishingEnv } from './support';

vi.mock('../../../../../lambdas/platform/scheduler', async (original) => (await import('./support')).schedulerMock(original));
vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('./support')).appsMock(original));

const env = await usePublishingEnv();
const SITE = 'http://localhost:5173';
const { syncPublications, postWithPublications } = await import('../../../../../lambdas/core/publishing');
const { resolveUnconfirmed } = await import('../../../../../lambdas/core/publishing/actions');
const { handlePublishEvent } = await import('../../../../../lambdas/core/publishing/engine');
const { linkPublication } = await import('../../../../../lambdas/core/publishing/links');
const { listPublications, readPost } = await import('../../../../../lambdas/core/publishing/store');
const { publicationScheduleName } = await import('../../../../../lambdas/core/publishing/schedules');
const { createScheduledPost } = await import('../../../../../lambdas/core/plan/posts');
const { publications } = await import('../../../../../lambdas/platform/db/entities/publication');
const { scheduledPosts } = await import('../../../../../lambdas/platform/db/entities/scheduledPost');

beforeEach(async () => {
  await fetch(`${env.t.sandbox.url}/__sandbox/faults`, { method: 'DELETE' });
});

/** A brand connected to X, optionally with a public blog; an approved post of it due in 3 minutes, synced; the event of its publication. */
async function approvedPost(options: { blog?: string; campaignLink?: { code: string; url: string } } = {}) {
  const sub = uniqueSub();
  await connectSandbox(env, sub, 'x');
  if (options.blog) await seedEnabledBlog(sub, options.blog);
  const { date, time } = localDateTime(new Date(Date.now() + 3 * 60_000), 'Europe/Madrid');
  const content = `Publicación de prueba ${randomUUID()}`;
  const created = await createScheduledPost(sub, { title: 'Prueba', content, scheduledDate: date, time, platform: 'x', status: 'aprobado' });
  if (options.campaignLink) {
    await scheduledPosts()
      .patch({ uid: sub, id: created.id, scheduledDate: date })
      .set({ campaignId: 'camp-1', linkCode: options.campaignLink.code, linkUrl: options.campaignLink.url })
      .go();
  }
  const post = await readPost(sub, created.id);
  if (!post) throw new Error('post not stored');
  await syncPublications(sub, post);
  const [publication] = await listPublications(sub, post.id);
  const schedule = publication && fakeScheduler.schedules.get(publicationScheduleName(publication.id));
  if (!schedule) throw new Error('no schedule');
  return { sub, post, content, event: schedule.event };
}

const storedLink = (sub: string, code: string) => env.raw.get(`user#${sub}`, `link#${code}`);

describe('a published post outside a campaign', () => {
  it('gets one tracked link to the blog home, on the publication and its view, not in the text', async () => {
    const { sub, post, content, event } = await approvedPost({ blog: 'mi-blog' });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'published' });
    const [publication] = await listPublications(sub, post.id);
    expect(publication?.state).toBe('publicado');
    const code = publication?.linkCode ?? '';
    expect(code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(publication?.linkUrl).toBe(`${SITE}/r/${code}`);
    expect(await storedLink(sub, code)).toMatchObject({
      targetUrl: `${SITE}/blog/mi-blog`,
      source: { kind: 'post', id: post.id, network: 'x' },
      utm: { source: 'x', medium: 'social', campaign: 'organico', content: post.id },
    });
    const view = await postWithPublications(sub, post.id);
    expect(view.publications[0]?.link).toEqual({ code, url: `${SITE}/r/${code}` });
    // The text the owner approved is what went out.
    const published = (await posts(env.t.sandbox, 'x')) as { text?: string }[];
    const sent = published.find((entry) => (entry.text ?? '').includes(content));
    expect(sent?.text).toBe(content);
    expect(sent?.text).not.toContain('/r/');

    // Never a second link: another run keeps the first.
    if (publication) await linkPublication(publication, new Date());
    const [again] = await listPublications(sub, post.id);
    expect(again?.linkCode).toBe(code);
    expect((await env.raw.query(`user#${sub}`, 'link#')).length).toBe(1);
  });

  it('gets none when the brand has no public blog, and stays publicado', async () => {
    const { sub, post, event } = await approvedPost();
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'published' });
    const [publication] = await listPublications(sub, post.id);
    expect(publication?.state).toBe('publicado');
    expect(publication?.linkCode).toBeUndefined();
    expect((await postWithPublications(sub, post.id)).publications[0]).not.toHaveProperty('link');
  });

  it('stays publicado when the link cannot be made (logged)', async () => {
    const { sub, post, event } = await approvedPost({ blog: 'otro-blog' });
    vi.stubEnv('SITE_URL', '');
    try {
      expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'published' });
    } finally {
      vi.unstubAllEnvs();
    }
    const [publication] = await listPublications(sub, post.id);
    expect(publication?.state).toBe('publicado');
    expect(publication?.linkCode).toBeUndefined();
  });

  it("gets its link when the owner says a sin_confirmar publication did go out", async () => {
    const { sub, post } = await approvedPost({ blog: 'mi-blog' });
    const [publication] = await listPublications(sub, post.id);
    if (!publication) throw new Error('no publication');
    await publications().patch({ uid: sub, postId: post.id, id: publication.id }).set({ state: 'sin_confirmar' }).remove(['dueKey']).go();
    const [view] = await resolveUnconfirmed(sub, post.id, publication.id, true);
    expect(view?.state).toBe('publicado');
    expect(view?.link?.url).toMatch(new RegExp(`^${SITE}/r/[0-9A-Za-z]{8}$`));
  });
});

describe('a campaign post', () => {
  it('gets no new link: its publications show the link its campaign gave it', async () => {
    const campaignLink = { code: 'CampA1b2', url: `${SITE}/r/CampA1b2` };
    const { sub, post, event } = await approvedPost({ blog: 'mi-blog', campaignLink });
    expect(await handlePublishEvent(event)).toMatchObject({ outcome: 'published' });
    const [publication] = await listPublications(sub, post.id);
    expect(publication?.state).toBe('publicado');
    expect(publication?.linkCode).toBeUndefined();
    expect(await env.raw.query(`user#${sub}`, 'link#')).toEqual([]);
    expect((await postWithPublications(sub, post.id)).publications[0]?.link).toEqual(campaignLink);
  });
});
