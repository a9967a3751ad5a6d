/**
 * Posts and publishing (issue 13 items 1–3), against DynamoDB Local with the publishing engine
 * (lambdas/core/publishing) mocked — its own tests cover what it does; these check what the posts
 * ask of it and what they store:
 * - targets, media (the caller's gallery assets) and versions are stored, checked, and kept when
 *   an edit leaves them out;
 * - an approved post must be publishable on each target network (validatePost, its version for
 *   the network if any, media from the asset records): refused with the Spanish reason, nothing
 *   written;
 * - creating or editing an approved post sets the outbox key in the same write, then syncs its
 *   publications and answers them; a failed sync still answers the saved post;
 * - a proposed post is neither validated nor synced; deleting removes the publications; the month
 *   lists each post with its publications.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG, PUBLISHING_MSG, type Publication } from '@director-ia/shared';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';
import { rawTableAt } from '../../../../../support/raw-table';
import { storeConnections } from '../../../../../support/social-connections';
import { InvalidInputError } from '../../../../../../lambdas/platform/errors';

vi.mock('../../../../../../lambdas/core/publishing', () => ({
  syncPublications: vi.fn(),
  removePublications: vi.fn(),
  publicationsOf: vi.fn(),
}));

const db = await useDomainEnv();
const { createScheduledPost, deleteScheduledPost, listScheduledPosts, updateScheduledPost } = await import('../../../../../../lambdas/core/plan/posts');
const { assets } = await import('../../../../../../lambdas/platform/db/entities/asset');
const engine = await import('../../../../../../lambdas/core/publishing');
const table = rawTableAt(db.endpoint, db.table);
const storedPost = async (sub: string) => (await table.query(`user#${sub}`, 'post#'))[0];

const NOW = new Date('2031-02-01T10:00:00.000Z');
const LATER = new Date('2031-02-02T11:30:00.000Z');

function publication(network: Publication['network'], id = `pub-${network}`): Publication {
  return { id, network, targetId: null, targetName: null, state: 'programado', dueAt: '2031-03-05T18:00:00.000Z', publishedAt: null, url: null, reason: null, fix: null, privacy: 'public', sandbox: true };
}

/** A gallery asset record of `sub` (the file itself is not needed: validation reads the record). */
async function asset(sub: string, id: string, mediaType: string, size: number): Promise<string> {
  await assets()
    .create({ uid: sub, id, type: mediaType.startsWith('video/') ? 'video' : mediaType.startsWith('audio/') ? 'voice' : 'image', prompt: 'p', key: `users/${sub}/assets/${id}`, mediaType, size, offline: true, model: 'offline', createdAt: NOW.toISOString() })
    .go();
  return id;
}

beforeEach(() => {
  vi.mocked(engine.syncPublications).mockReset().mockImplementation(async (_sub, post) => (post.targets ?? [{ network: post.platform }]).map((target) => publication(target.network as Publication['network'])));
  vi.mocked(engine.removePublications).mockReset().mockResolvedValue(undefined);
  vi.mocked(engine.publicationsOf).mockReset().mockImplementation(async (_sub, ids) => new Map(ids.map((id) => [id, [publication('x', `pub-of-${id}`)]])));
});

describe('an approved post', () => {
  it('is stored with its outbox key in the same write, then synced; the answer carries the publications', async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: 'Oferta', content: 'Texto', scheduledDate: '2031-03-05', platform: 'x', status: 'aprobado', targets: [{ network: 'x' }, { network: 'telegram', targetId: '@canal' }, { network: 'x' }] }, NOW);
    const syncKey = `${NOW.toISOString()}#${sub}#${post.id}`;
    expect(await storedPost(sub)).toMatchObject({ syncKey, gsi1pk: 'publicationSync', gsi1sk: syncKey, targets: [{ network: 'x' }, { network: 'telegram', targetId: '@canal' }] });
    expect(engine.syncPublications).toHaveBeenCalledTimes(1);
    expect(engine.syncPublications).toHaveBeenCalledWith(sub, expect.objectContaining({ id: post.id, status: 'aprobado', syncKey }), NOW);
    expect(post.targets).toEqual([{ network: 'x' }, { network: 'telegram', targetId: '@canal' }]);
    expect(post.publications.map((p) => p.network)).toEqual(['x', 'telegram']);
  });

  it('is refused, with the network\'s Spanish reason and nothing written, when a target network cannot take it', async () => {
    const sub = uniqueSub();
    await storeConnections(sub, ['instagram', 'linkedin', 'x']);
    await expect(createScheduledPost(sub, { title: 'Foto', content: 'Texto', scheduledDate: '2031-03-05', platform: 'instagram', status: 'aprobado' }, NOW)).rejects.toThrow(
      new InvalidInputError(PUBLISHING_MSG.mediaRequired('instagram', ['image', 'video'])),
    );
    await expect(createScheduledPost(sub, { title: 'Largo', content: 'a'.repeat(300), scheduledDate: '2031-03-05', platform: 'linkedin', status: 'aprobado', targets: [{ network: 'linkedin' }, { network: 'x' }] }, NOW)).rejects.toThrow(
      new InvalidInputError(PUBLISHING_MSG.tooLong('x', 'text', 280, 300)),
    );
    expect(await table.query(`user#${sub}`, 'post')).toEqual([]);
    expect(engine.syncPublications).not.toHaveBeenCalled();
  });

  it('is not refused for a network that is not connected: that publication will ask to connect it', async () => {
    const sub = uniqueSub();
    await storeConnections(sub, ['x'], 'reconectar');
    const post = await createScheduledPost(sub, { title: 'Largo', content: 'a'.repeat(300), scheduledDate: '2031-03-05', platform: 'x', status: 'aprobado', targets: [{ network: 'x' }, { network: 'instagram' }] }, NOW);
    expect(post.publications.map((p) => p.network)).toEqual(['x', 'instagram']);
    expect(engine.syncPublications).toHaveBeenCalledTimes(1);
  });

  it("is checked with each network's version, and with its media read from the caller's gallery", async () => {
    const sub = uniqueSub();
    await storeConnections(sub, ['instagram', 'x']);
    const photo = await asset(sub, 'a0000000000000000001', 'image/jpeg', 300_000);
    const post = await createScheduledPost(
      sub,
      { title: 'Carta', content: 'a'.repeat(300), scheduledDate: '2031-03-05', platform: 'instagram', status: 'aprobado', targets: [{ network: 'instagram' }, { network: 'x' }], media: [photo], versions: [{ network: 'x', text: 'Corto para X' }] },
      NOW,
    );
    expect(post).toMatchObject({ media: [photo], versions: [{ network: 'x', text: 'Corto para X' }] });
    const edit = { id: post.id, title: post.title, content: post.content, scheduledDate: post.scheduledDate, platform: 'instagram' as const };
    await expect(updateScheduledPost(sub, { ...edit, versions: [] }, LATER)).rejects.toThrow(new InvalidInputError(PUBLISHING_MSG.tooLong('x', 'text', 280, 300)));
    const png = await asset(sub, 'a0000000000000000002', 'image/png', 1000);
    await expect(updateScheduledPost(sub, { ...edit, media: [png] }, LATER)).rejects.toThrow(new InvalidInputError(PUBLISHING_MSG.mediaFormat('instagram', 'image', 'image/png', ['image/jpeg'])));
    expect(await storedPost(sub)).toMatchObject({ media: [photo], versions: [{ network: 'x', text: 'Corto para X' }], syncKey: `${NOW.toISOString()}#${sub}#${post.id}` });
    expect(engine.syncPublications).toHaveBeenCalledTimes(1);
  });

  it('refuses a gallery id the caller has no asset with, and an asset that is neither image nor video', async () => {
    const sub = uniqueSub();
    const other = uniqueSub();
    const theirs = await asset(other, 'a0000000000000000003', 'image/jpeg', 1000);
    const voice = await asset(sub, 'a0000000000000000004', 'audio/mpeg', 1000);
    const base = { title: 'Foto', content: 'Texto', scheduledDate: '2031-03-05', platform: 'facebook', status: 'aprobado' } as const;
    await expect(createScheduledPost(sub, { ...base, media: [theirs] }, NOW)).rejects.toThrow(new InvalidInputError(PUBLICATION_MSG.mediaMissing));
    await expect(createScheduledPost(sub, { ...base, status: 'propuesto', media: [theirs] }, NOW)).rejects.toThrow(new InvalidInputError(PUBLICATION_MSG.mediaMissing));
    await expect(createScheduledPost(sub, { ...base, media: [voice] }, NOW)).rejects.toThrow(new InvalidInputError(PUBLICATION_MSG.mediaNotPublishable));
    await expect(createScheduledPost(sub, { ...base, versions: [{ network: 'x', text: 'a' }, { network: 'x', text: 'b' }] }, NOW)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(createScheduledPost(sub, { ...base, targets: [] }, NOW)).rejects.toBeInstanceOf(InvalidInputError);
    expect(await table.query(`user#${sub}`, 'post')).toEqual([]);
  });

  it('edited: a new outbox key in the same write (also when it moves to another day), synced; omitted parts are kept', async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: 'Oferta', content: 'Texto', scheduledDate: '2031-03-05', platform: 'telegram', status: 'aprobado', targets: [{ network: 'telegram' }, { network: 'linkedin' }], versions: [{ network: 'linkedin', text: 'Para LinkedIn' }] }, NOW);
    const moved = await updateScheduledPost(sub, { id: post.id, title: 'Oferta', content: 'Otro texto', scheduledDate: '2031-03-06', time: '08:30', platform: 'telegram' }, LATER);
    const syncKey = `${LATER.toISOString()}#${sub}#${post.id}`;
    expect(await storedPost(sub)).toMatchObject({ scheduledDate: '2031-03-06', syncKey, gsi1sk: syncKey, targets: [{ network: 'telegram' }, { network: 'linkedin' }], versions: [{ network: 'linkedin', text: 'Para LinkedIn' }] });
    expect(engine.syncPublications).toHaveBeenLastCalledWith(sub, expect.objectContaining({ id: post.id, scheduledDate: '2031-03-06', time: '08:30', syncKey }), LATER);
    expect(moved.publications.map((p) => p.network)).toEqual(['telegram', 'linkedin']);
  });

  it('a failed sync still answers the saved post, still in the outbox, with its publications as they are', async () => {
    const sub = uniqueSub();
    vi.mocked(engine.syncPublications).mockRejectedValue(new Error('Scheduler down'));
    const post = await createScheduledPost(sub, { title: 'Oferta', content: 'Texto', scheduledDate: '2031-03-05', platform: 'x', status: 'aprobado' }, NOW);
    expect(post.publications).toEqual([publication('x', `pub-of-${post.id}`)]);
    expect(await storedPost(sub)).toMatchObject({ id: post.id, syncKey: `${NOW.toISOString()}#${sub}#${post.id}` });
  });
});

describe('a proposed post', () => {
  it('is neither validated for its networks nor synced, and has no outbox key', async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: 'Foto', content: 'Texto', scheduledDate: '2031-03-05', platform: 'instagram', status: 'propuesto' }, NOW);
    await updateScheduledPost(sub, { id: post.id, title: 'Foto', content: 'a'.repeat(300), scheduledDate: '2031-03-05', platform: 'x' }, LATER);
    expect(await storedPost(sub)).not.toHaveProperty('syncKey');
    expect(await storedPost(sub)).not.toHaveProperty('gsi1pk');
    expect(engine.syncPublications).not.toHaveBeenCalled();
  });
});

describe('the month and deletion', () => {
  it("lists each post with its publications (one call for the month's posts)", async () => {
    const sub = uniqueSub();
    const a = await createScheduledPost(sub, { title: 'A', content: 'Texto', scheduledDate: '2031-03-05', platform: 'x', status: 'aprobado' }, NOW);
    const b = await createScheduledPost(sub, { title: 'B', content: 'Texto', scheduledDate: '2031-03-07', platform: 'x', status: 'propuesto' }, NOW);
    vi.mocked(engine.publicationsOf).mockClear();
    const posts = await listScheduledPosts(sub, '2031-03', LATER);
    expect(engine.publicationsOf).toHaveBeenCalledTimes(1);
    expect(engine.publicationsOf).toHaveBeenCalledWith(sub, [a.id, b.id], LATER);
    expect(posts.map((post) => post.publications[0]?.id)).toEqual([`pub-of-${a.id}`, `pub-of-${b.id}`]);
    expect(await listScheduledPosts(sub, '2031-04', LATER)).toEqual([]);
  });

  it('deleting a post removes its publications after the post', async () => {
    const sub = uniqueSub();
    const post = await createScheduledPost(sub, { title: 'A', content: 'Texto', scheduledDate: '2031-03-05', platform: 'x', status: 'aprobado' }, NOW);
    await deleteScheduledPost(sub, post.id);
    expect(engine.removePublications).toHaveBeenCalledWith(sub, post.id);
    expect(await table.query(`user#${sub}`, 'post')).toEqual([]);
  });
});
