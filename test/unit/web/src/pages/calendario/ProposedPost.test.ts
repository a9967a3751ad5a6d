/**
 * A proposed post's checks (issue 13 item 2): its network gets its version when it has one (the
 * AI's adaptation or the owner's fix), else its own text; a network that is not one of ours has
 * no preview; an adaptation replaces that network's version only.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { proposalDraft, withVersion } = await import('../../../../../../web/src/pages/calendario/ProposedPost');

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
