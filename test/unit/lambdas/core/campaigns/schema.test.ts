/**
 * The campaign answer's repair (issue 15 item 2, lambdas/core/campaigns/schema.ts), pure: odd
 * weights still split the budget exactly; creatives are kept 2–3 per network, with a gallery image
 * only when it is one of the caller's, else an image prompt, and template creatives fill a short
 * network; posts are kept inside the campaign's dates, not before today, on its networks, with room
 * for the link; nothing usable is rejected.
 */
import { describe, expect, it } from 'vitest';
import { campaignWeeks, CAMPAIGN_MSG, type CampaignBrief } from '@director-ia/shared';
import { CampaignRejected, CAMPAIGN_POST_CONTENT_MAX, normalizeWeight, repairCampaign, type CampaignAnswer } from '../../../../../lambdas/core/campaigns/schema';

const BRIEF: CampaignBrief = {
  name: 'Primavera',
  objective: 'leads',
  budget: 100.01,
  startDate: '2031-03-03',
  endDate: '2031-03-16',
  networks: ['instagram', 'facebook'],
  offer: 'Primera clase gratis',
  audience: { locations: [{ kind: 'provincia', name: 'Valencia' }], ageMin: 25, ageMax: 45, interests: ['yoga'] },
  landingUrl: 'https://tuweb.es/oferta',
};
const CTX = {
  brief: BRIEF,
  weeks: campaignWeeks(BRIEF.startDate, BRIEF.endDate),
  budgetCents: 10001,
  notBefore: '2031-03-05',
  galleryImages: new Set(['img00000000000000001']),
  brand: { topicsToAvoid: 'política' },
  fill: [
    { network: 'facebook', headline: 'Plantilla 1', primaryText: 'Texto 1' },
    { network: 'facebook', headline: 'Plantilla 2', primaryText: 'Texto 2' },
    { network: 'instagram', headline: 'Plantilla 3', primaryText: 'Texto 3' },
  ],
};

const creative = (network: string, headline: string, extra: Partial<CampaignAnswer['creatives'][number]> = {}) => ({ network, headline, primaryText: `Texto de ${headline}`, ...extra });
const post = (scheduledDate: string, platform: string, extra: Partial<CampaignAnswer['posts'][number]> = {}) => ({ title: `Post ${scheduledDate} ${platform}`, content: 'Ven a probar', scheduledDate, platform, ...extra });

const ANSWER: CampaignAnswer = {
  summary: 'Instagram primero.',
  weights: [
    { network: 'instagram', week: 1, weight: 3 },
    { network: 'IG', week: '2', weight: '7.4' },
    { network: 'facebook', week: 1, weight: -5 },
    { network: 'facebook', week: 2, weight: 'mucho' },
    { network: 'twitter', week: 1, weight: 50 },
    { network: 'instagram', week: 9, weight: 50 },
  ],
  audiences: [{ network: 'Instagram', description: 'Gente activa', interests: ['pilates', 'x'.repeat(61)] }],
  creatives: [
    creative('instagram', 'Uno', { assetId: 'img00000000000000001', callToAction: 'sign up' }),
    creative('instagram', 'Dos', { assetId: 'img-de-otro-usuario' }),
    creative('instagram', 'Tres', { imagePrompt: 'Una clase al aire libre' }),
    creative('instagram', 'Cuatro'),
    creative('instagram', 'uno'),
    creative('facebook', 'Hablemos de política'),
    creative('facebook', 'Cinco', { callToAction: 'BUY_NOW' }),
  ],
  posts: [
    post('2031-03-04', 'instagram'),
    post('2031-03-17', 'facebook'),
    post('2031-03-10', 'linkedin'),
    post('2031-03-08T10:00:00Z', 'Facebook', { time: '9:30', content: `${'a'.repeat(1500)}` }),
    post('2031-03-06', 'instagram', { time: 'tarde' }),
    post('2031-03-06', 'instagram'),
  ],
};

describe('repairCampaign', () => {
  it('splits the budget exactly by the weights it can read (garbage, negatives and strangers weigh 0)', () => {
    const { split } = repairCampaign(ANSWER, CTX);
    expect(split).toEqual([
      { network: 'instagram', week: 1, cents: 3000 },
      { network: 'instagram', week: 2, cents: 7001 },
      { network: 'facebook', week: 1, cents: 0 },
      { network: 'facebook', week: 2, cents: 0 },
    ]);
    expect(split.reduce((sum, cell) => sum + cell.cents, 0)).toBe(10001);
  });

  it('splits equally when no weight is usable', () => {
    const { split } = repairCampaign({ ...ANSWER, weights: [{ network: 'facebook', week: 1, weight: 0 }] }, CTX);
    expect(split.map((cell) => cell.cents)).toEqual([2501, 2500, 2500, 2500]);
  });

  it('keeps 2–3 creatives per network, gallery images only when the caller has them, and fills a short network from the templates', () => {
    const { creatives } = repairCampaign(ANSWER, CTX);
    expect(creatives.map((c) => [c.network, c.headline, c.callToAction, c.assetId ?? null, c.imagePrompt ?? null])).toEqual([
      ['instagram', 'Uno', 'SIGN_UP', 'img00000000000000001', null],
      ['instagram', 'Dos', 'SIGN_UP', null, 'Dos. Texto de Dos'],
      ['instagram', 'Tres', 'SIGN_UP', null, 'Una clase al aire libre'],
      ['facebook', 'Cinco', 'SIGN_UP', null, 'Cinco. Texto de Cinco'],
      ['facebook', 'Plantilla 1', 'SIGN_UP', null, 'Plantilla 1. Texto 1'],
    ]);
  });

  it('keeps posts inside the dates, not before today, on the networks of the brief, with room for the link', () => {
    const { posts } = repairCampaign(ANSWER, CTX);
    expect(posts.map((p) => [p.scheduledDate, p.platform, p.time])).toEqual([
      ['2031-03-06', 'instagram', '19:00'],
      ['2031-03-08', 'facebook', '09:30'],
    ]);
    expect([...(posts[1]?.content ?? '')].length).toBe(CAMPAIGN_POST_CONTENT_MAX);
  });

  it('gives each network an audience with the brief’s places and ages, and valid interests only', () => {
    const { audiences } = repairCampaign(ANSWER, { ...CTX, audienceFallback: (network) => `Plantilla ${network}` });
    expect(audiences).toEqual([
      { network: 'instagram', description: 'Gente activa', locations: BRIEF.audience.locations, ageMin: 25, ageMax: 45, interests: ['pilates'] },
      { network: 'facebook', description: 'Plantilla facebook', locations: BRIEF.audience.locations, ageMin: 25, ageMax: 45, interests: ['yoga'] },
    ]);
  });

  it('rejects an answer without a usable creative or post', () => {
    expect(() => repairCampaign({ ...ANSWER, creatives: [creative('tiktok', 'Fuera')] }, CTX)).toThrow(CampaignRejected);
    expect(() => repairCampaign({ ...ANSWER, posts: [post('2031-03-20', 'instagram')] }, CTX)).toThrow(CAMPAIGN_MSG.noValidProposal);
  });

  it('reads weights as non-negative integers', () => {
    expect([normalizeWeight(2.5), normalizeWeight(' 40% '), normalizeWeight('1,6'), normalizeWeight(Number.NaN), normalizeWeight(-1), normalizeWeight(1e12)]).toEqual([3, 40, 2, 0, 0, 1_000_000]);
  });
});
