/**
 * Every OR in an ElectroDB `.where()` condition sits inside parentheses. ElectroDB joins a
 * write's own condition (a patch's or remove's existence check, a create's non-existence check)
 * and ours with a bare AND, and AND binds tighter than OR: `exists AND a OR b` holds whenever `b`
 * does, even for a missing item, so a patch recreated a lead digest the account deletion had just
 * removed (lambdas/core/leads/digest.ts). The rule holds for every write, so that turning a put
 * into a patch later cannot bring the bug back. The planted conditions prove what is caught.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDAS_ROOT as ROOT, sourceFiles as sources } from '../../../../../support/source-files';

/** A `.where(params => \`condition\`)` call and its template literal. */
const WHERE = /\.where\(\s*(?:\([^)]*\)|\w+)\s*=>\s*`((?:[^`\\]|\\.)*)`/g;

/** The template's text with each `${…}` replaced by `x` (its parentheses are the expression's own). */
function withoutExpressions(template: string): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    if (template[i] === '$' && template[i + 1] === '{') {
      let depth = 0;
      for (i += 1; i < template.length; i++) {
        if (template[i] === '{') depth++;
        else if (template[i] === '}' && --depth === 0) break;
      }
      out += 'x';
    } else out += template[i];
  }
  return out;
}

/** Whether `condition` has an OR outside every parenthesis. */
export function bareOr(condition: string): boolean {
  let depth = 0;
  const text = withoutExpressions(condition);
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (depth === 0 && /^\sOR\s/.test(text.slice(i, i + 4))) return true;
  }
  return false;
}

/** The `.where()` conditions of `source` that have a bare OR. */
export function bareOrConditions(source: string): string[] {
  return [...source.matchAll(WHERE)].map((match) => match[1] as string).filter(bareOr);
}

describe('ORs in .where() conditions', () => {
  it.each([
    ['a bare OR', '.where((attr, op) => `${op.notExists(attr.day)} OR ${op.ne(attr.day, day)}`)', 1],
    ['a bare OR after a grouped one', ".where(({ a, b }, { eq }) => `(${eq(a, 1)} OR ${eq(a, 2)}) AND ${eq(b, 3)} OR ${eq(b, 'x(y)')}`)", 1],
    ['an OR in parentheses', '.where((attr, op) => `(${op.notExists(attr.day)} OR ${op.ne(attr.day, day)})`)', 0],
    ['ORs in nested parentheses', '.where((attr, op) =>\n  `${op.eq(attr.r, r)} AND (${op.eq(attr.s, 1)} OR (${op.eq(attr.s, 2)} AND ${op.lt(attr.l, n)}))`,\n)', 0],
    ['no OR', '.where(({ holder }, { eq }) => `${eq(holder, "OR")}`)', 0],
  ])('finds %s', (_label, code, found) => {
    expect(bareOrConditions(code)).toHaveLength(found);
  });

  it('finds none under lambdas/', () => {
    const files = sources(ROOT);
    const conditions = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(WHERE)]);
    // The pattern still sees the conditions (a change of style would make this test pass vacuously).
    expect(conditions.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => bareOrConditions(readFileSync(file, 'utf8')).map((condition) => `${path.relative(ROOT, file)}: ${condition}`))).toEqual([]);
  });
});
