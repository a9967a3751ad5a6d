/**
 * Approving and fixing a proposed plan (issue 13 item 2), against DynamoDB Local with the
 * publishing engine mocked (its own tests cover it):
 * - approval validates every post first: the first a network refuses stops it with
 *   PUBLICATION_MSG.approvalInvalid and nothing is written (the plan stays pending);
 * - approved posts are written with their versions and outbox key, then synced one by one; a
 *   failed sync is logged and the approval still answers;
 * - editProposal replaces one post (versions included); a gone plan or post is NOT_FOUND.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_MSG, PUBLICATION_MSG, PUBLISHING_MSG, type Publication } from '@director-ia/shared';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { storeConnections } from '../../../../support/social-connections';
import { InvalidInputError, NotFoundError } from '../../../../../lambdas/platform/errors';

vi.mock('../../../../../lambdas/core/publishing', () => ({
  syncPublications: vi.fn(),
  removePublications: vi.fn(),
  publicationsOf: vi.fn(async () => new Map()),
}));

const db = await useDomainEnv();
const { approvePlan, editProposal, pendingProposal } = await import('../../../../../lambdas/core/plan/proposals');
const { planProposals } = await import('../../../../../lambdas/platform/db/entities/scheduledPost');
const engine = await import('../../../../../lambdas/core/publishing');
const table = rawTableAt(db.endpoint, db.table);

const NOW = new Date('2031-02-20T10:00:00.000Z');
const MONTH = '2031-03';

function publication(network: Publication['network']): Publication {
  return { id: `pub-${network}`, network, targetId: null, targetName: null, state: 'programado', dueAt: '2031-03-05T18:00:00.000Z', publishedAt: null, url: null, reason: null, fix: null, privacy: 'public', sandbox: true };
}

type StoredPost = { id: string; title: string; content: string; scheduledDate: string; time?: string; platform: string; versions?: { network: 'x' | 'linkedin' | 'telegram'; text: string }[] };

async function plan(sub: string, posts: StoredPost[]): Promise<string> {
  const id = `plan${Math.random().toString(36).slice(2, 18).padEnd(16, '0')}`;
  await planProposals().create({ uid: sub, id, month: MONTH, title: 'Plan', budget: 300, posts, offline: true, model: 'offline-plan-v1', createdAt: NOW.toISOString() }).go();
  return id;
}

const post = (id: string, overrides: Partial<StoredPost> = {}): StoredPost => ({ id, title: `Post ${id}`, content: 'Texto', scheduledDate: '2031-03-05', time: '10:00', platform: 'x', ...overrides });

beforeEach(() => {
  vi.mocked(engine.syncPublications).mockReset().mockImplementation(async (_sub, item) => [publication(item.platform as Publication['network'])]);
});

describe('approvePlan', () => {
  it('refuses the first post a network cannot take, with its reason, and writes nothing', async () => {
    const sub = uniqueSub();
    await storeConnections(sub, ['linkedin', 'x', 'instagram']);
    const planId = await plan(sub, [post('p1', { platform: 'linkedin' }), post('p2', { title: 'Largo', content: 'a'.repeat(281) }), post('p3', { platform: 'instagram' })]);
    await expect(approvePlan(sub, planId, NOW)).rejects.toThrow(new InvalidInputError(PUBLICATION_MSG.approvalInvalid('Largo', 'x', PUBLISHING_MSG.tooLong('x', 'text', 280, 281))));
    expect(await table.query(`user#${sub}`, 'post')).toEqual([]);
    expect((await pendingProposal(sub, MONTH))?.planId).toBe(planId);
    expect(engine.syncPublications).not.toHaveBeenCalled();
  });

  it('does not refuse a post for a network that is not connected (its publication will ask to connect it)', async () => {
    const sub = uniqueSub();
    const planId = await plan(sub, [post('p1', { platform: 'instagram' }), post('p2', { content: 'a'.repeat(281) })]);
    const approved = await approvePlan(sub, planId, NOW);
    expect(approved.posts.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it("checks a post's version for its network instead of its content", async () => {
    const sub = uniqueSub();
    await storeConnections(sub, ['x']);
    const planId = await plan(sub, [post('p1', { content: 'a'.repeat(281), versions: [{ network: 'x', text: 'Cabe en X' }] })]);
    const approved = await approvePlan(sub, planId, NOW);
    expect(approved.posts[0]).toMatchObject({ versions: [{ network: 'x', text: 'Cabe en X' }], publications: [publication('x')] });
  });

  it('writes each post with its outbox key, then syncs each; a failed sync is left to the sweep', async () => {
    const sub = uniqueSub();
    const planId = await plan(sub, [post('p1', { platform: 'telegram' }), post('p2', { scheduledDate: '2031-03-09' })]);
    vi.mocked(engine.syncPublications).mockImplementationOnce(async () => {
      throw new Error('Scheduler down');
    });
    const approved = await approvePlan(sub, planId, NOW);
    expect(approved.posts.map((p) => [p.id, p.status, p.publications.length])).toEqual([
      ['p1', 'aprobado', 0],
      ['p2', 'aprobado', 1],
    ]);
    const stored = await table.query(`user#${sub}`, 'post#');
    expect(stored.map((item) => item.syncKey)).toEqual([`${NOW.toISOString()}#${sub}#p1`, `${NOW.toISOString()}#${sub}#p2`]);
    expect(engine.syncPublications).toHaveBeenCalledTimes(2);
    expect(engine.syncPublications).toHaveBeenCalledWith(sub, expect.objectContaining({ id: 'p2', syncKey: `${NOW.toISOString()}#${sub}#p2` }), NOW);
    expect(await pendingProposal(sub, MONTH)).toBeUndefined();
  });
});

describe('editProposal', () => {
  it('replaces one post, versions included, and leaves the others as they were', async () => {
    const sub = uniqueSub();
    const planId = await plan(sub, [post('p1'), post('p2', { platform: 'telegram' })]);
    const fixed = await editProposal(sub, {
      planId,
      post: { id: 'p1', title: ' Corto ', content: 'Nuevo texto', scheduledDate: '2031-03-10', time: '21:15', platform: 'linkedin', versions: [{ network: 'x', text: 'Para X' }] },
    });
    expect(fixed.posts[0]).toEqual({ id: 'p1', title: 'Corto', content: 'Nuevo texto', scheduledDate: '2031-03-10', time: '21:15', platform: 'linkedin', versions: [{ network: 'x', text: 'Para X' }], media: [], status: 'propuesto' });
    expect(fixed.posts[1]).toMatchObject({ id: 'p2', platform: 'telegram', versions: [] });
    expect(await pendingProposal(sub, MONTH)).toEqual(fixed);
  });

  it('is NOT_FOUND for a plan that is gone and for a post the plan does not have', async () => {
    const sub = uniqueSub();
    const planId = await plan(sub, [post('p1')]);
    const edit = { id: 'p1', title: 'T', content: 'C', scheduledDate: '2031-03-10', time: '10:00', platform: 'x' as const, versions: [] };
    await expect(editProposal(sub, { planId, post: { ...edit, id: 'nope' } })).rejects.toThrow(new NotFoundError(PLAN_MSG.postNotFound));
    await expect(editProposal(uniqueSub(), { planId, post: edit })).rejects.toThrow(new NotFoundError(PLAN_MSG.planNotFound));
    await planProposals().delete({ uid: sub, id: planId }).go();
    await expect(editProposal(sub, { planId, post: edit })).rejects.toThrow(new NotFoundError(PLAN_MSG.planNotFound));
  });

  it('refuses two versions for one network', async () => {
    const sub = uniqueSub();
    const planId = await plan(sub, [post('p1')]);
    const versions = [
      { network: 'x' as const, text: 'a' },
      { network: 'x' as const, text: 'b' },
    ];
    await expect(editProposal(sub, { planId, post: { id: 'p1', title: 'T', content: 'C', scheduledDate: '2031-03-10', time: '10:00', platform: 'x', versions } })).rejects.toBeInstanceOf(InvalidInputError);
  });
});
