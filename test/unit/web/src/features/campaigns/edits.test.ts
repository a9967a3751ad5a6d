/**
 * The proposal's lists as editarCampana takes them (issue 15 item 2): the whole list with one item
 * changed, without what the strict edit schemas refuse (a creative's link, a post's status), and
 * checked with the contract's input schema.
 */
import { describe, expect, it } from 'vitest';
import { editarCampana } from '@director-ia/shared';
import { checkEdit, creativesWith, postsWith } from '../../../../../../web/src/features/campaigns/edits';
import { campaign } from './fixtures';

const { proposal } = campaign();

describe('creativesWith', () => {
  it("changes one creative, keeps the others, and drops what the edit schema refuses", () => {
    const creatives = creativesWith(proposal.creatives, 'cr-1', { assetId: 'img-9' });
    expect(creatives).toEqual([
      { id: 'cr-1', network: 'facebook', headline: 'Yoga en Málaga', primaryText: 'Tu primera semana, gratis.', callToAction: 'SIGN_UP', assetId: 'img-9', imagePrompt: 'Clase de yoga al amanecer' },
      { id: 'cr-2', network: 'instagram', headline: '=Oferta', primaryText: 'Tu primera semana, gratis.', callToAction: 'SIGN_UP', assetId: 'img-1' },
    ]);
    expect(editarCampana.input.safeParse({ id: 'c-1', creatives }).success).toBe(true);
  });
});

describe('postsWith', () => {
  it('changes one post and leaves out its status', () => {
    const posts = postsWith(proposal.posts, 'p-1', { title: 'Nuevo título', time: '09:30' });
    expect(posts).toEqual([{ id: 'p-1', title: 'Nuevo título', content: 'Ven a probar una clase.', scheduledDate: '2030-10-02', time: '09:30', platform: 'instagram', versions: [], media: [] }]);
    expect(checkEdit({ id: 'c-1', posts }).ok).toBe(true);
  });
});

describe('checkEdit', () => {
  it("answers the contract's Spanish problem", () => {
    const checked = checkEdit({ id: 'c-1', posts: postsWith(proposal.posts, 'p-1', { time: '25:00' }) });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/hora/i);
    const empty = checkEdit({ id: 'c-1', creatives: creativesWith(proposal.creatives, 'cr-1', { headline: '' }) });
    expect(!empty.ok && empty.message).toMatch(/Titular/);
  });
});
