/**
 * The budget split as the proposal view edits it (issue 15 item 2): a table of networks × weeks
 * with row, column and grand totals, one euro figure per cell. The owner's edit of one cell is
 * read with shared `parseAllocationEuros` and re-balanced with shared `rebalance` (the other
 * unlocked cells absorb the difference, so the grand total stays the budget); a refusal comes back
 * as its Spanish message (BudgetError's, e.g. the maximum that fits) for the page to show inline.
 */
import { BudgetError, CAMPAIGN_BUDGET_MSG, parseAllocationEuros, rebalance, type CampaignNetwork, type CampaignWeek, type SplitCell } from '@director-ia/shared';

/** One row of the table: a network, its cells by week (the split's index, or undefined when the split lacks it) and its total. */
export interface SplitRow {
  network: CampaignNetwork;
  cells: { week: number; index: number | undefined; cents: number }[];
  totalCents: number;
}

export interface SplitGrid {
  rows: SplitRow[];
  /** Per week, in `weeks` order. */
  weekTotals: number[];
  totalCents: number;
}

/** The table of `split` over `weeks`: networks in the split's order (the brief's), weeks ascending. */
export function splitGrid(split: readonly SplitCell[], weeks: readonly Pick<CampaignWeek, 'week'>[]): SplitGrid {
  const networks = [...new Set(split.map((cell) => cell.network))];
  const rows = networks.map((network) => {
    const cells = weeks.map(({ week }) => {
      const index = split.findIndex((cell) => cell.network === network && cell.week === week);
      return { week, index: index < 0 ? undefined : index, cents: index < 0 ? 0 : (split[index]?.cents ?? 0) };
    });
    return { network, cells, totalCents: cells.reduce((sum, cell) => sum + cell.cents, 0) };
  });
  const weekTotals = weeks.map((_, position) => rows.reduce((sum, row) => sum + (row.cells[position]?.cents ?? 0), 0));
  return { rows, weekTotals, totalCents: split.reduce((sum, cell) => sum + cell.cents, 0) };
}

/** Cents as the owner types euros: '600', '37,50' (decimal comma, no thousands separator: parseAllocationEuros reads it back). */
export function centsText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole},${String(fraction).padStart(2, '0')}`;
}

export type SplitEdit = { ok: true; split: SplitCell[] } | { ok: false; message: string };

/**
 * `split` after the owner typed `text` (euros) into cell `index`, the `locked` cells kept: the
 * re-balanced split, or the Spanish reason it is refused (not an amount ≥ 0, more than fits, no
 * unlocked cell to absorb the change).
 */
export function editSplit(split: readonly SplitCell[], index: number, text: string, locked: ReadonlySet<number>): SplitEdit {
  const amount = parseAllocationEuros(text);
  if (!amount.ok) return { ok: false, message: CAMPAIGN_BUDGET_MSG.allocationInvalid };
  try {
    return { ok: true, split: rebalance(split, { cellIndex: index, cents: amount.cents }, locked) };
  } catch (error) {
    if (error instanceof BudgetError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Whether two splits have the same cells with the same cents. */
export function sameSplit(a: readonly SplitCell[], b: readonly SplitCell[]): boolean {
  return a.length === b.length && a.every((cell, index) => cell.network === b[index]?.network && cell.week === b[index]?.week && cell.cents === b[index]?.cents);
}

/** The split as editarCampana takes it (only network, week and cents). */
export const splitPayload = (split: readonly SplitCell[]) => split.map(({ network, week, cents }) => ({ network, week, cents }));
