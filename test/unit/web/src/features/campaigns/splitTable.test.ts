/**
 * The split table of the proposal view (issue 15 item 2): rows per network, columns per week,
 * totals that add up to the budget; a typed figure re-balances the unlocked cells (shared
 * `rebalance`) and a refused one comes back as its Spanish message.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_BUDGET_MSG, type SplitCell } from '@director-ia/shared';
import { centsText, editSplit, sameSplit, splitGrid, splitPayload } from '../../../../../../web/src/features/campaigns/splitTable';

const weeks = [
  { week: 1, start: '2030-10-01', end: '2030-10-07' },
  { week: 2, start: '2030-10-08', end: '2030-10-10' },
];
// 600 € over Facebook and Instagram, two weeks.
const split: SplitCell[] = [
  { network: 'facebook', week: 1, cents: 20_000 },
  { network: 'facebook', week: 2, cents: 10_000 },
  { network: 'instagram', week: 1, cents: 15_000 },
  { network: 'instagram', week: 2, cents: 15_000 },
];
const sum = (cells: readonly SplitCell[]) => cells.reduce((total, cell) => total + cell.cents, 0);

describe('splitGrid', () => {
  it('lays the split out as networks × weeks with row, column and grand totals', () => {
    const grid = splitGrid(split, weeks);
    expect(grid.rows.map((row) => [row.network, row.cells.map((cell) => [cell.index, cell.cents]), row.totalCents])).toEqual([
      ['facebook', [[0, 20_000], [1, 10_000]], 30_000],
      ['instagram', [[2, 15_000], [3, 15_000]], 30_000],
    ]);
    expect(grid.weekTotals).toEqual([35_000, 25_000]);
    expect(grid.totalCents).toBe(60_000);
  });

  it('marks a (network, week) the split lacks', () => {
    const grid = splitGrid(split.slice(0, 3), weeks);
    expect(grid.rows[1]?.cells[1]).toEqual({ week: 2, index: undefined, cents: 0 });
  });
});

describe('editSplit', () => {
  it('sets the typed figure and re-balances the other unlocked cells, the total unchanged', () => {
    const result = editSplit(split, 0, '300', new Set());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.split[0]?.cents).toBe(30_000);
    expect(sum(result.split)).toBe(60_000);
    // The other three shared the 300 € left in proportion to 100 : 150 : 150.
    expect(result.split.slice(1).map((cell) => cell.cents)).toEqual([7_500, 11_250, 11_250]);
  });

  it('keeps locked cells as they are', () => {
    const result = editSplit(split, 0, '250,50', new Set([3]));
    // 600 − 150 (locked) − 250,50 = 199,50 € shared 100 : 150 by the two free cells.
    expect(result.ok && result.split.map((cell) => cell.cents)).toEqual([25_050, 7_980, 11_970, 15_000]);
  });

  it('reads the decimal comma, the euro sign and zero', () => {
    expect(editSplit(split, 1, '0 €', new Set()).ok).toBe(true);
    const result = editSplit(split, 1, '99,99 €', new Set());
    expect(result.ok && result.split[1]?.cents).toBe(9_999);
  });

  it.each(['abc', '-10', '1.500,00', ''])('refuses %j as not an amount', (text) => {
    expect(editSplit(split, 0, text, new Set())).toEqual({ ok: false, message: CAMPAIGN_BUDGET_MSG.allocationInvalid });
  });

  it('refuses more than fits beside the locked cells, saying the maximum', () => {
    expect(editSplit(split, 0, '500', new Set([2, 3]))).toEqual({ ok: false, message: CAMPAIGN_BUDGET_MSG.editTooLarge(30_000) });
  });

  it('refuses a change nothing can absorb', () => {
    expect(editSplit(split, 0, '100', new Set([1, 2, 3]))).toEqual({ ok: false, message: CAMPAIGN_BUDGET_MSG.nothingToAbsorb });
  });
});

describe('split helpers', () => {
  it('writes cents as the owner types euros, and they read back', () => {
    expect([0, 5, 3_750, 60_000, 1_500_000].map(centsText)).toEqual(['0', '0,05', '37,50', '600', '15000']);
    for (const cents of [5, 3_750, 1_500_000]) {
      const result = editSplit([{ network: 'facebook', week: 1, cents: 2_000_000 }, { network: 'facebook', week: 2, cents: 0 }], 0, centsText(cents), new Set());
      expect(result.ok && result.split[0]?.cents).toBe(cents);
    }
  });

  it('compares splits cell by cell and sends only network, week and cents', () => {
    expect(sameSplit(split, split.map((cell) => ({ ...cell })))).toBe(true);
    expect(sameSplit(split, [...split.slice(0, 3), { network: 'instagram', week: 2, cents: 14_999 }])).toBe(false);
    expect(sameSplit(split, split.slice(1))).toBe(false);
    expect(splitPayload([{ ...split[0], extra: true } as SplitCell])).toEqual([{ network: 'facebook', week: 1, cents: 20_000 }]);
  });
});
