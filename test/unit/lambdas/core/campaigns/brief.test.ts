/**
 * The server's brief checks (issue 15 item 1, lambdas/core/campaigns/brief.ts): the contract's
 * schema again, a start date not before the BRAND's today (its time zone, not UTC), the landing
 * URL rule (https, or the site's own origin even over http) and canonical province names.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_BRIEF_MSG, CAMPAIGN_MSG } from '@director-ia/shared';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

await useDomainEnv({ SITE_URL: 'http://localhost:5173' });
const { checkBrief, checkedBrief, landingAllowed } = await import('../../../../../lambdas/core/campaigns/brief');
const { saveAiSettings } = await import('../../../../../lambdas/core/settings/aiSettings');

const SITE = 'http://localhost:5173';
const brief = (overrides: Record<string, unknown> = {}) => ({
  name: 'Primavera',
  objective: 'leads',
  budget: 600,
  startDate: '2031-03-03',
  endDate: '2031-03-30',
  networks: ['instagram', 'facebook'],
  offer: 'Primera clase gratis',
  audience: { locations: [{ kind: 'provincia', name: 'valencia' }, { kind: 'ciudad', name: 'Gandia' }], ageMin: 25, ageMax: 45, interests: ['yoga'] },
  landingUrl: 'https://tuweb.es/oferta',
  ...overrides,
});

describe('checkedBrief', () => {
  it('keeps a valid brief with provinces in their canonical spelling (cities as typed)', () => {
    const checked = checkedBrief(brief(), '2031-03-01', SITE);
    expect(checked.audience.locations).toEqual([
      { kind: 'provincia', name: 'Valencia' },
      { kind: 'ciudad', name: 'Gandia' },
    ]);
    expect(checked.budget).toBe(600);
  });

  it("refuses a start before today, and accepts today's", () => {
    expect(() => checkedBrief(brief({ startDate: '2031-03-02' }), '2031-03-03', SITE)).toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.startPast));
    expect(checkedBrief(brief({ startDate: '2031-03-03' }), '2031-03-03', SITE).startDate).toBe('2031-03-03');
  });

  it("accepts https anywhere and the site's own origin over http, nothing else", () => {
    expect(landingAllowed('https://otra.es/x', SITE)).toBe(true);
    expect(landingAllowed('http://localhost:5173/blog/marca', SITE)).toBe(true);
    expect(landingAllowed('http://tuweb.es/oferta', SITE)).toBe(false);
    expect(landingAllowed('http://localhost:9999/', SITE)).toBe(false);
    expect(() => checkedBrief(brief({ landingUrl: 'http://tuweb.es/oferta' }), '2031-03-01', SITE)).toThrow(new InvalidInputError(CAMPAIGN_MSG.landingNotAllowed));
    expect(() => checkedBrief(brief({ landingUrl: 'ftp://tuweb.es/' }), '2031-03-01', SITE)).toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.landingInvalid));
  });

  it("answers the schema's Spanish messages", () => {
    expect(() => checkedBrief(brief({ budget: 0 }), '2031-03-01', SITE)).toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.budgetInvalid));
    expect(() => checkedBrief(brief({ networks: [] }), '2031-03-01', SITE)).toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.networksRequired));
    expect(() => checkedBrief(brief({ endDate: '2031-03-01' }), '2031-03-01', SITE)).toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.endBeforeStart));
    expect(() => checkedBrief(brief({ audience: { ...brief().audience, locations: [{ kind: 'provincia', name: 'Narnia' }] } }), '2031-03-01', SITE)).toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.provinceInvalid));
  });
});

describe('checkBrief', () => {
  it("reads today in the brand's zone: late on the 2nd in UTC is already the 3rd in Madrid", async () => {
    const sub = uniqueSub();
    const now = new Date('2031-03-02T23:30:00Z');
    await expect(checkBrief(sub, brief({ startDate: '2031-03-02' }), now)).rejects.toThrow(new InvalidInputError(CAMPAIGN_BRIEF_MSG.startPast));
    expect((await checkBrief(sub, brief(), now)).today).toBe('2031-03-03');
    // A brand in Mexico City is six hours behind UTC: still the 2nd there.
    await saveAiSettings({ sub }, { timeZone: 'America/Mexico_City' });
    expect((await checkBrief(sub, brief({ startDate: '2031-03-02' }), now)).today).toBe('2031-03-02');
  });
});
