/**
 * Click counters (issue 15 items 4 and 5, lambdas/core/links/clicks.ts) against DynamoDB Local:
 * every click also adds to the brand-wide daily counter (`brandclicks#all#<day>`, clicks only), and
 * a campaign's days and the brand's range of days are read back with one Query each.
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv();
const { brandClicksBetween, campaignClickTotals, countClick } = await import('../../../../../lambdas/core/links/clicks');
const table = rawTableAt(db.endpoint, db.table);

const ANA = { ip: '198.51.100.1', userAgent: 'Firefox' };
const LUIS = { ip: '198.51.100.2', userAgent: 'Safari' };
const CAMPAIGN = 'c0000000000000000001';

describe('countClick and its totals', () => {
  it('adds every click to the brand counter of its day, with or without a campaign', async () => {
    const sub = uniqueSub();
    await countClick(sub, { code: 'AAAAAAAA', campaignId: CAMPAIGN }, ANA, new Date('2031-03-31T23:59:00Z'));
    await countClick(sub, { code: 'AAAAAAAA', campaignId: CAMPAIGN }, ANA, new Date('2031-04-01T00:01:00Z'));
    await countClick(sub, { code: 'BBBBBBBB' }, LUIS, new Date('2031-04-01T10:00:00Z'));
    await countClick(sub, { code: 'BBBBBBBB' }, LUIS, new Date('2031-04-01T11:00:00Z'));
    expect(await table.query(`user#${sub}`, 'brandclicks#')).toMatchObject([
      { sk: 'brandclicks#all#2031-03-31', clicks: 1 },
      { sk: 'brandclicks#all#2031-04-01', clicks: 3 },
    ]);
    expect(await brandClicksBetween(sub, '2031-04-01', '2031-04-30')).toBe(3);
    expect(await brandClicksBetween(sub, '2031-03-01', '2031-03-31')).toBe(1);
    expect(await brandClicksBetween(sub, '2031-05-01', '2031-05-31')).toBe(0);
    // A visitor is unique once per UTC day: Ana on two days counts twice.
    expect(await campaignClickTotals(sub, CAMPAIGN)).toEqual({ clicks: 2, uniques: 2 });
    expect(await campaignClickTotals(sub, 'c0000000000000000002')).toEqual({ clicks: 0, uniques: 0 });
    expect(await campaignClickTotals(uniqueSub(), CAMPAIGN)).toEqual({ clicks: 0, uniques: 0 });
  });
});
