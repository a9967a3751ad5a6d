/**
 * "No DynamoDB Scan anywhere" (team rule; issue 17 item 1 "no Scan"), for the code: no Lambda
 * source builds a Scan (the SDK's ScanCommand, an ElectroDB `.scan`, a raw 'Scan' operation). The
 * IAM side (no function is granted dynamodb:Scan) is test/unit/infra/tenant-stack/permissions.test.ts.
 * The planted sources prove each pattern is caught.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDAS_ROOT as ROOT, sourceFiles as sources } from '../../../../../support/source-files';


/** What a Scan looks like in code (comments are stripped first, so prose may say "never a Scan"). */
const SCAN_PATTERNS = [/\bScanCommand\b/, /\.scan\s*[.(]/, /\bparallelScan\b/, /['"]Scan['"]/];

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function scans(source: string): boolean {
  const code = stripComments(source);
  return SCAN_PATTERNS.some((pattern) => pattern.test(code));
}

describe('no Scan in the Lambda code', () => {
  it.each([
    ["the SDK's ScanCommand", "import { ScanCommand } from '@aws-sdk/lib-dynamodb';"],
    ["an ElectroDB scan", 'await profiles().scan.go();'],
    ['a raw Scan operation', "await client.send({ operation: 'Scan' });"],
  ])('catches %s', (_label, code) => {
    expect(scans(code)).toBe(true);
  });

  it('ignores prose in comments', () => {
    expect(scans('// never a Scan: a ScanCommand would read the whole table\n/* no .scan( here */\nconst x = 1;')).toBe(false);
  });

  it('finds none under lambdas/', () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => scans(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
