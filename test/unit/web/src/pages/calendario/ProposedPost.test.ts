/**
 * A proposed post's checks (issue 13 items 1–2): its network gets its version when it has one (the
 * AI's adaptation or the owner's fix), else its own text, with its gallery media (unknown while
 * the gallery is read; an id gone from it is a reason of its own); a network that is not one of
 * ours has no preview; an adaptation replaces that network's version only; the reasons block the
 * approval only on a connected network (as aprobarPlan refuses), else they are a note; the edit
 * sends the post's media.
 */
import { describe, expect, it, vi } from 'vitest';
import { editarPropuesta, PUBLICATION_MSG, PUBLISHING_MSG, validatePost } from '@director-ia/shared';
import { card, connectedFacebook } from '../../features/social/fixtures';
import { asset, plannedPost } from '../../features/publishing/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { isConnected, proposalCheck, proposalDraft, proposalFields, proposalStanding, withVersion } = await import('../../../../../../web/src/pages/calendario/ProposedPost');

const post = { title: 'Ramos', content: 'Texto general', platform: 'x', versions: [{ network: 'facebook' as const, text: 'Para Facebook' }] };

describe('proposalDraft', () => {
  it("uses the network's version, else the post's text and title", () => {
    expect(proposalDraft(post)).toEqual({ network: 'x', text: 'Texto general', title: 'Ramos' });
    expect(proposalDraft({ ...post, platform: 'facebook' })).toEqual({ network: 'facebook', text: 'Para Facebook', title: 'Ramos' });
    expect(proposalDraft({ ...post, versions: [{ network: 'x', text: 'Corto', title: 'T' }] })).toEqual({ network: 'x', text: 'Corto', title: 'T' });
  });

  it('is null for a network that is not one of ours', () => {
    expect(proposalDraft({ ...post, platform: 'myspace' })).toBeNull();
  });
});

describe('withVersion', () => {
  it("replaces or removes one network's version", () => {
    expect(withVersion(post.versions, 'x', { text: 'Corto' })).toEqual([...post.versions, { network: 'x', text: 'Corto' }]);
    expect(withVersion(post.versions, 'facebook', { text: 'Otro' })).toEqual([{ network: 'facebook', text: 'Otro' }]);
    expect(withVersion(post.versions, 'facebook', undefined)).toEqual([]);
  });
});

describe('proposalCheck', () => {
  const gallery = [asset('a'), asset('v', { type: 'video', mediaType: 'video/mp4', size: 1000 })];

  it('gives the network its text with the media found in the gallery, in order', () => {
    expect(proposalCheck({ ...post, platform: 'facebook', media: ['v', 'a'] }, gallery)).toEqual({
      network: 'facebook',
      draft: { text: 'Para Facebook', title: 'Ramos', media: [{ kind: 'video', contentType: 'video/mp4', size: 1000 }, { kind: 'image', contentType: 'image/jpeg', size: 200_000 }] },
      missing: [],
    });
  });

  it('leaves out and reports an id gone from the gallery', () => {
    const check = proposalCheck({ ...post, media: ['gone', 'a'] }, gallery);
    expect(check?.missing).toEqual(['gone']);
    expect(check?.draft?.media).toHaveLength(1);
  });

  it('cannot say what a post with media gets while the gallery is read; one without media can', () => {
    expect(proposalCheck({ ...post, media: ['a'] }, undefined)?.draft).toBeUndefined();
    expect(proposalCheck({ ...post, media: [] }, undefined)?.draft).toEqual({ text: 'Texto general', title: 'Ramos', media: [] });
    expect(proposalCheck({ ...post, platform: 'myspace', media: [] }, gallery)).toBeNull();
  });
});

describe('isConnected', () => {
  it("is true only for a 'conectada' card, unknown while the cards are read", () => {
    const cards = [connectedFacebook, card('instagram', { state: 'reconectar' }), card('x')];
    expect(isConnected(cards, 'facebook')).toBe(true);
    expect(isConnected(cards, 'instagram')).toBe(false);
    expect(isConnected(cards, 'x')).toBe(false);
    expect(isConnected(undefined, 'facebook')).toBeUndefined();
  });
});

describe('proposalStanding', () => {
  it('blocks with the reasons on a connected network, or while it is not known', async () => {
    const problems = await validatePost('instagram', { text: 'Sin imagen', media: [] });
    expect(problems.map((problem) => problem.message)).toEqual([PUBLISHING_MSG.mediaRequired('instagram', ['image', 'video'])]);
    expect(proposalStanding({ missing: [] }, problems, true)).toEqual({ reasons: problems, blocking: true, notConnected: false });
    expect(proposalStanding({ missing: [] }, problems, undefined).blocking).toBe(true);
  });

  it('only notes the reasons on a network that is not connected', async () => {
    const problems = await validatePost('tiktok', { text: 'Sin vídeo', media: [] });
    expect(proposalStanding({ missing: [] }, problems, false)).toEqual({ reasons: problems, blocking: false, notConnected: true });
  });

  it('puts a media item gone from the gallery first, and blocks nothing without reasons', () => {
    expect(proposalStanding({ missing: ['gone'] }, [], true)).toEqual({ reasons: [{ code: 'media_missing', message: PUBLICATION_MSG.mediaMissing }], blocking: true, notConnected: false });
    expect(proposalStanding({ missing: [] }, [], true)).toEqual({ reasons: [], blocking: false, notConnected: false });
    expect(proposalStanding({ missing: [] }, undefined, true)).toEqual({ reasons: undefined, blocking: false, notConnected: false });
  });
});

describe('proposalFields', () => {
  it("sends the post's fields with its media, in order, as editarPropuesta takes them", () => {
    const proposed = plannedPost({ media: ['b', 'a'], versions: [{ network: 'instagram', text: 'Para Instagram' }] });
    const checked = editarPropuesta.input.parse({ planId: 'plan-1', post: { id: proposed.id, ...proposalFields(proposed) } });
    expect(checked.post).toEqual({ id: 'pp1', title: proposed.title, content: proposed.content, scheduledDate: '2026-07-14', time: '19:00', platform: 'instagram', versions: proposed.versions, media: ['b', 'a'] });
  });
});
