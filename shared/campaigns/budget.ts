/**
 * Campaign budget arithmetic (issue 15 items 1 and 2): the brief's total budget, its split per
 * network and week, and the owner's edits of that split. Pure and shared by the web (live edits)
 * and the server (validating a proposal before storing it).
 *
 * Every amount here is an integer number of euro CENTS (a `number` that is a safe integer): sums
 * of cents are exact, so "the split sums exactly to the total" holds by construction. Euros only
 * appear at the edges: `parseBudgetEuros` (what the owner typed) and `formatEuros` (what is shown).
 *
 * The budget rule is the plan's (shared/plan.ts `parseBudget` / `validBudget`, message
 * BUDGET_INVALID): greater than 0, at most MAX_BUDGET_EUR, rounded to cents. It is reused, not
 * restated, so the Plan and Campañas pages accept and refuse the same inputs.
 *
 * Splitting uses the largest remainder (Hamilton) method in exact integer arithmetic (BigInt), so
 * the result does not depend on floating point and ties go to the earlier cell.
 */
import { CallableError } from '../contract/errors';
import type { SocialNetwork } from '../networks';
import { BUDGET_INVALID, formatBudget, MAX_BUDGET_EUR, parseBudget, validBudget } from '../plan';

/** Largest campaign budget, cents (the plan's MAX_BUDGET_EUR). */
export const MAX_BUDGET_CENTS = MAX_BUDGET_EUR * 100;

/** One cell of the split: a network in one week of the campaign (week 1 is the first). */
export interface BudgetCell {
  network: SocialNetwork;
  week: number;
}

/** A cell with its share of the budget, integer cents ≥ 0. */
export type BudgetAllocation<C extends BudgetCell = BudgetCell> = C & { cents: number };

/** Spanish messages of the budget split (issue 15 item 2). */
export const CAMPAIGN_BUDGET_MSG = {
  budgetInvalid: BUDGET_INVALID,
  noCells: 'Elige al menos una red y una semana para repartir el presupuesto.',
  weightsMismatch: 'El reparto del presupuesto no es válido: falta o sobra algún peso.',
  weightInvalid: 'El reparto del presupuesto no es válido: cada peso debe ser un número entero igual o mayor que 0.',
  weightsAllZero: 'El reparto del presupuesto no es válido: al menos una red y semana debe recibir presupuesto.',
  allocationInvalid: 'El reparto del presupuesto no es válido: cada cifra debe ser una cantidad en euros igual o mayor que 0.',
  cellNotFound: 'Esa red y semana no forma parte del reparto.',
  editTooLarge: (maxCents: number) =>
    `Esa cifra no cabe en el presupuesto: como máximo ${formatEuros(maxCents)} sin cambiar el total ni las cifras bloqueadas.`,
  nothingToAbsorb: 'No hay otras cifras sin bloquear que puedan compensar el cambio: desbloquea alguna.',
} as const;

export type BudgetErrorCode = 'budgetInvalid' | 'noCells' | 'weightsMismatch' | 'weightInvalid' | 'weightsAllZero' | 'allocationInvalid' | 'cellNotFound' | 'editTooLarge' | 'nothingToAbsorb';

/**
 * A refused budget operation: an INVALID_ARGUMENT callable error (so a callable may let it through
 * as a 400 with its Spanish message) with a `code` the web can branch on.
 */
export class BudgetError extends CallableError {
  readonly code: BudgetErrorCode;

  constructor(code: BudgetErrorCode, message: string) {
    super('INVALID_ARGUMENT', message);
    this.name = 'BudgetError';
    this.code = code;
  }
}

function fail(code: Exclude<BudgetErrorCode, 'editTooLarge'>): never {
  throw new BudgetError(code, CAMPAIGN_BUDGET_MSG[code]);
}

/** The outcome of reading a budget: cents, or the plan's Spanish message. */
export type BudgetParse = { ok: true; cents: number } | { ok: false; message: typeof BUDGET_INVALID };

/**
 * The campaign's total budget as the owner gave it, in euros (issue 15 item 1, same rule as the
 * plan): a number, or text with a decimal comma or point and an optional '€' ('600', '600,50',
 * '600.50 €'). Valid when > 0 and ≤ MAX_BUDGET_EUR after rounding to cents (more than two
 * decimals are rounded, as the plan does). Refused: 0, negatives, NaN, ±Infinity, exponents in
 * text ('1e9'), 1e9 (over the maximum), thousands separators ('1.500,00'), any other type.
 * Beware (the plan's rule): '1.500' reads as 1,50 €.
 * Returns integer cents, or BUDGET_INVALID.
 */
export function parseBudgetEuros(input: unknown): BudgetParse {
  const euros = typeof input === 'number' ? validBudget(input) : typeof input === 'string' ? parseBudget(input) : null;
  return euros === null ? { ok: false, message: BUDGET_INVALID } : { ok: true, cents: Math.round(euros * 100) };
}

/** Text the owner typed meaning zero euros: '0', '0,00', '0 €'. */
const ZERO_TEXT = /^\s*0+(?:[.,]0+)?\s*€?\s*$/;

/**
 * One figure of the split as the owner typed it, in euros (issue 15 item 2): like
 * `parseBudgetEuros` but 0 is allowed (a network may get nothing in a week). Returns integer cents,
 * or BUDGET_INVALID.
 */
export function parseAllocationEuros(input: unknown): BudgetParse {
  if (input === 0 || (typeof input === 'string' && ZERO_TEXT.test(input))) return { ok: true, cents: 0 };
  return parseBudgetEuros(input);
}

/**
 * Cents as Spanish euros for display ('600 €', '37,50 €', '15.000 €'): the plan's `formatBudget`,
 * so the Plan and Campañas pages write money alike (no ',00' for whole euros).
 */
export function formatEuros(cents: number): string {
  return formatBudget(cents / 100);
}

/** Sum of the allocation's cents. */
export function totalCents(allocation: readonly { cents: number }[]): number {
  return allocation.reduce((sum, cell) => sum + cell.cents, 0);
}

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Largest remainder apportionment of `total` (integer ≥ 0) by integer weights (≥ 0, not all 0):
 * each share is floor(total·w/W), and the units left go one each to the largest remainders,
 * earlier index first on ties. Exact (BigInt). Returns the shares in the weights' order.
 */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  const quotas = weights.map((weight, index) => {
    const product = BigInt(total) * BigInt(weight);
    return { index, share: product / sum, remainder: product % sum };
  });
  let left = total - Number(quotas.reduce((acc, quota) => acc + quota.share, 0n));
  const byRemainder = [...quotas].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : b.remainder > a.remainder ? 1 : -1));
  for (const quota of byRemainder) {
    if (left === 0) break;
    quota.share += 1n;
    left -= 1;
  }
  return quotas.map((quota) => Number(quota.share));
}

/** Pairs each item with the share at the same position (the arrays have the same length). */
function withShares<T>(items: readonly T[], shares: readonly number[]): [T, number][] {
  return shares.map((share, index) => [items[index] as T, share]);
}

/**
 * Splits `total` cents over the cells (issue 15 item 2: "the budget split per network and week
 * sums exactly to the total"), in proportion to `weights` (non-negative integers, one per cell,
 * e.g. percentages or cents; default: equal). A cell with weight 0 gets 0. Largest remainder
 * method: the result sums exactly to `total`, every cell is ≥ 0 and within one cent of its exact
 * share, ties go to the earlier cell, and the same input always gives the same output.
 * Returns the cells (copied) with `cents`.
 * Throws BudgetError: budgetInvalid (total not an integer in 1..MAX_BUDGET_CENTS), noCells,
 * weightsMismatch, weightInvalid, weightsAllZero.
 */
export function splitBudget<C extends BudgetCell>(total: number, cells: readonly C[], weights?: readonly number[]): BudgetAllocation<C>[] {
  if (!isCents(total) || total === 0 || total > MAX_BUDGET_CENTS) fail('budgetInvalid');
  if (cells.length === 0) fail('noCells');
  const used = weights ?? cells.map(() => 1);
  if (used.length !== cells.length) fail('weightsMismatch');
  if (!used.every(isCents)) fail('weightInvalid');
  if (used.every((weight) => weight === 0)) fail('weightsAllZero');
  return withShares(cells, apportion(total, used)).map(([cell, cents]) => ({ ...cell, cents }));
}

/** The owner's change of one figure: the cell's index in the allocation and its new cents. */
export interface BudgetEdit {
  cellIndex: number;
  cents: number;
}

/**
 * Applies the owner's edit of one figure and re-balances the rest (issue 15 item 2: "the owner can
 * edit any figure, and the split re-balances"; done when "the split always sums to the total after
 * edits"). The total (the allocation's sum) does not change. The edited cell gets exactly
 * `edit.cents` (even if it was locked: the edit is the owner's explicit choice); the `locked`
 * indexes keep their cents; the other cells share what is left in proportion to their current
 * cents (equally when they are all 0), by the largest remainder method, so none goes below 0 and
 * the result sums exactly to the total. An edit larger than the total minus the locked cells is
 * REFUSED (not clamped: the owner sees the maximum in the message instead of a figure silently
 * different from the one typed).
 * Returns a new allocation (the input is not changed).
 * Throws BudgetError: allocationInvalid (empty, or a figure not an integer ≥ 0), cellNotFound,
 * budgetInvalid (edit not an integer ≥ 0), editTooLarge (message carries the maximum),
 * nothingToAbsorb (the value changes but every other cell is locked).
 */
export function rebalance<C extends BudgetCell>(allocation: readonly BudgetAllocation<C>[], edit: BudgetEdit, locked: ReadonlySet<number> = new Set()): BudgetAllocation<C>[] {
  if (allocation.length === 0 || !allocation.every((cell) => isCents(cell.cents))) fail('allocationInvalid');
  if (!Number.isInteger(edit.cellIndex) || edit.cellIndex < 0 || edit.cellIndex >= allocation.length) fail('cellNotFound');
  if (!isCents(edit.cents)) fail('budgetInvalid');
  const total = totalCents(allocation);
  const free: { index: number; cents: number }[] = [];
  let lockedCents = 0;
  allocation.forEach((cell, index) => {
    if (index === edit.cellIndex) return;
    if (locked.has(index)) lockedCents += cell.cents;
    else free.push({ index, cents: cell.cents });
  });
  const available = total - lockedCents;
  if (edit.cents > available) throw new BudgetError('editTooLarge', CAMPAIGN_BUDGET_MSG.editTooLarge(available));
  const rest = available - edit.cents;
  if (free.length === 0 && rest !== 0) fail('nothingToAbsorb');
  const weights = free.some((cell) => cell.cents > 0) ? free.map((cell) => cell.cents) : free.map(() => 1);
  const absorbed = new Map(free.length === 0 ? [] : withShares(free, apportion(rest, weights)).map(([cell, cents]) => [cell.index, cents]));
  return allocation.map((cell, index) => ({ ...cell, cents: index === edit.cellIndex ? edit.cents : (absorbed.get(index) ?? cell.cents) }));
}
