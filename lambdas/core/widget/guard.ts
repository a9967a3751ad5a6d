/**
 * The server-side output check of widget answers (issue 6 item 1, defence in depth behind the
 * prompt's rules): an answer is replaced by a safe one when it
 * - contains the per-request canary (the secret control code written only into the system prompt),
 *   also spelled with separators, in another case, or just its random part → 'canary';
 * - echoes the instructions: any run of ECHO_WORDS consecutive words of the fixed rules
 *   (prompt.ts WIDGET_RULES), or their headings, accents and punctuation ignored → 'instructions';
 * - names an amount (euros, dollars, percentages) that none of the knowledge passages contains
 *   → 'amount' (never invent prices or discounts).
 * Pure functions, no model calls.
 */
import { randomBytes } from 'node:crypto';
import { normalizeForMatch } from './interest';
import { WIDGET_RULES } from './prompt';

const CANARY_PREFIX = 'CANARIO';

/** A fresh canary: `CANARIO-` and 16 random upper-case hex digits. */
export function newCanary(): string {
  return `${CANARY_PREFIX}-${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** Letters and digits only, upper case: 'c-a n_a…' → 'CANA'. */
const compact = (text: string) => normalizeForMatch(text).replace(/[^a-z0-9]/g, '').toUpperCase();

/** Whether `text` contains `canary` or its random part, whatever the case or separators. */
export function containsCanary(text: string, canary: string): boolean {
  const haystack = compact(text);
  const whole = compact(canary);
  const secret = compact(canary.startsWith(`${CANARY_PREFIX}-`) ? canary.slice(CANARY_PREFIX.length + 1) : canary);
  return (whole.length > 0 && haystack.includes(whole)) || (secret.length >= 8 && haystack.includes(secret));
}

/** Consecutive words of the rules an answer may not repeat. */
export const ECHO_WORDS = 7;

const words = (text: string) => normalizeForMatch(text).replace(/[^a-z0-9ñ]+/g, ' ').trim().split(' ').filter(Boolean);

function shingles(text: string, n: number): Set<string> {
  const list = words(text);
  const out = new Set<string>();
  for (let i = 0; i + n <= list.length; i += 1) out.add(list.slice(i, i + n).join(' '));
  return out;
}

const RULE_SHINGLES = shingles(WIDGET_RULES.join(' '), ECHO_WORDS);
/** Headings of the prompt that no honest answer contains. */
const PROMPT_MARKERS = ['reglas que nunca cambian', 'codigo de control confidencial', 'formato de la respuesta: un objeto json'];

/** Whether `text` repeats a run of ECHO_WORDS words of the rules, or a heading of the prompt. */
export function echoesInstructions(text: string): boolean {
  const normalized = normalizeForMatch(text);
  if (PROMPT_MARKERS.some((marker) => normalized.includes(marker))) return true;
  for (const shingle of shingles(text, ECHO_WORDS)) if (RULE_SHINGLES.has(shingle)) return true;
  return false;
}

// An amount: currency before or after a number, or a percentage.
const AMOUNT = /(?:(€|\$|eur\b|euros?\b|usd\b|dolares?\b)\s*(\d[\d.,]*))|(?:(\d[\d.,]*)\s*(€|\$|eur\b|euros?\b|usd\b|dolares?\b|%|por ?ciento\b))/g;

function canonicalNumber(raw: string): string {
  const trimmed = raw.replace(/[.,]+$/, '');
  // 1.200 / 1,200 / 12.500,50 → thousands separators removed.
  let text = trimmed;
  if (/^\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?$/.test(text) && !/^\d{1,3}[.,]\d{1,2}$/.test(text)) {
    const decimal = /[.,](\d{1,2})$/.exec(text);
    const integer = (decimal ? text.slice(0, -decimal[0].length) : text).replace(/[.,]/g, '');
    text = decimal ? `${integer}.${decimal[1]}` : integer;
  } else {
    text = text.replace(',', '.');
  }
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? String(value) : trimmed;
}

/** The amounts `text` names, canonical: 'money:12.5', 'percent:20'. */
export function amountsIn(text: string): string[] {
  const normalized = normalizeForMatch(text);
  const out: string[] = [];
  for (const match of normalized.matchAll(AMOUNT)) {
    const number = match[2] ?? match[3] ?? '';
    const unit = match[1] ?? match[4] ?? '';
    const kind = unit === '%' || unit.startsWith('por') ? 'percent' : 'money';
    out.push(`${kind}:${canonicalNumber(number)}`);
  }
  return out;
}

/** The amounts of `reply` that appear in none of `sources`. */
export function inventedAmounts(reply: string, sources: readonly string[]): string[] {
  const known = new Set(sources.flatMap(amountsIn));
  return amountsIn(reply).filter((amount) => !known.has(amount));
}

export type GuardVerdict = { ok: true } | { ok: false; reason: 'canary' | 'instructions' | 'amount' };

/** Checks one answer (see the module header). */
export function checkReply(reply: string, context: { canary: string; sources: readonly string[] }): GuardVerdict {
  if (containsCanary(reply, context.canary)) return { ok: false, reason: 'canary' };
  if (echoesInstructions(reply)) return { ok: false, reason: 'instructions' };
  if (inventedAmounts(reply, context.sources).length > 0) return { ok: false, reason: 'amount' };
  return { ok: true };
}
