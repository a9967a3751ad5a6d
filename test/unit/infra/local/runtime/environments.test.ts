/**
 * The twin's Lambda service (infra/local/runtime/environments.ts) with small bundles written here:
 * an environment loads its module once and reuses it, sees only the function's environment, runs
 * concurrent calls in separate environments; a module that throws on load, a missing handler, a
 * handler that throws or outlives its timeout, and a crash are each reported as the invocation's
 * error, and the next invocation gets a fresh environment.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LambdaHost, type HostedFunction } from '../../../../../infra/local/runtime/environments';

const root = mkdtempSync(path.join(tmpdir(), 'lambda-host-'));
let host: LambdaHost | undefined;

/** A function whose bundle is `source` (an ES module exporting `handler`). */
function fn(name: string, source: string, extra: Partial<HostedFunction> = {}): HostedFunction {
  const codeDir = path.join(root, name);
  mkdirSync(codeDir, { recursive: true });
  writeFileSync(path.join(codeDir, 'index.mjs'), source);
  return { name, codeDir, handler: 'index.handler', timeoutSeconds: 3, memoryMb: 128, environment: { ONLY_THIS: 'yes' }, arn: `arn:aws:lambda:eu-west-1:000000000000:function:${name}`, logGroupName: `/aws/lambda/${name}`, ...extra };
}

const COUNTER = `let calls = 0; const loadedAt = Date.now();
export const handler = async (event, context) => ({ calls: ++calls, loadedAt, event, env: Object.keys(process.env).sort(), name: context.functionName, remaining: context.getRemainingTimeInMillis() });`;

afterEach(async () => {
  await host?.stop();
  host = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LambdaHost', () => {
  it('loads the bundle once and reuses it; the environment is only the function\'s; the context is Lambda\'s', async () => {
    host = new LambdaHost([fn('counter', COUNTER)]);
    const first = await host.invoke('counter', { n: 1 });
    const second = await host.invoke('counter', { n: 2 });
    expect(first).toMatchObject({ ok: true, coldStart: true, result: { calls: 1, event: { n: 1 }, env: ['ONLY_THIS'], name: 'counter' } });
    expect(second).toMatchObject({ ok: true, coldStart: false, result: { calls: 2, event: { n: 2 } } });
    const remaining = (first as { result: { remaining: number } }).result.remaining;
    expect(remaining).toBeGreaterThan(2000);
    expect(remaining).toBeLessThanOrEqual(3000);
  });

  it('runs concurrent invocations in separate environments', async () => {
    host = new LambdaHost([fn('slow', `export const handler = async () => { await new Promise((r) => setTimeout(r, 300)); return globalThis.crypto.randomUUID(); };`)]);
    const [a, b] = await Promise.all([host.invoke('slow', {}), host.invoke('slow', {})]);
    expect(a).toMatchObject({ ok: true, coldStart: true });
    expect(b).toMatchObject({ ok: true, coldStart: true });
  });

  it.each([
    ['a module that throws on load', `throw new TypeError("Cannot set properties of undefined (setting 'isFunction')"); export const handler = async () => 1;`, 'init', 'TypeError'],
    ['a bundle without the handler export', `export const main = async () => 1;`, 'init', 'Runtime.HandlerNotFound'],
    ['a handler that throws', `export const handler = async () => { throw new RangeError('boom'); };`, 'error', 'RangeError'],
    ['a handler that exits the runtime', `export const handler = async () => { process.exit(3); };`, 'crash', 'Runtime.ExitError'],
  ])('reports %s as the invocation\'s error, and tries again with a fresh environment', async (_label, source, kind, errorType) => {
    const name = `bad-${kind}-${errorType.replace(/\W/g, '')}`;
    host = new LambdaHost([fn(name, source)]);
    const outcome = await host.invoke(name, {});
    expect(outcome).toMatchObject({ ok: false, kind, error: { errorType } });
    // The service is still there for the next call (which fails the same way here).
    expect(await host.invoke(name, {})).toMatchObject({ ok: false, kind });
  });

  it('ends an invocation that outlives the timeout, and the next one runs in a new environment', async () => {
    host = new LambdaHost([
      fn('sleepy', `let calls = 0; export const handler = async (event) => { calls++; if (event.sleep) await new Promise((r) => setTimeout(r, 5000)); return calls; };`, { timeoutSeconds: 1 }),
    ]);
    const started = Date.now();
    expect(await host.invoke('sleepy', { sleep: true })).toMatchObject({ ok: false, kind: 'timeout', error: { errorMessage: 'Task timed out after 1.00 seconds' } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await host.invoke('sleepy', {})).toMatchObject({ ok: true, coldStart: true, result: 1 });
  });

  it('answers an unknown function with ResourceNotFoundException', async () => {
    host = new LambdaHost([]);
    expect(await host.invoke('nope', {})).toMatchObject({ ok: false, error: { errorType: 'ResourceNotFoundException' } });
  });

  it('serves a new build after replace(); the old environments end', async () => {
    host = new LambdaHost([fn('v', `export const handler = async () => 'v1';`)]);
    expect(await host.invoke('v', {})).toMatchObject({ result: 'v1' });
    host.replace([fn('v2', `export const handler = async () => 'v2';`, { name: 'v' })]);
    expect(await host.invoke('v', {})).toMatchObject({ ok: true, coldStart: true, result: 'v2' });
  });
});

describe('LambdaHost output', () => {
  it('appends everything a function prints to its log file, and shows the console all but the metrics\' EMF lines', async () => {
    const logFile = path.join(root, 'logs', 'printer.log');
    const emf = JSON.stringify({ _aws: { Timestamp: 1, CloudWatchMetrics: [] }, CallableInvocations: 1 });
    const shown: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      shown.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      host = new LambdaHost([fn('printer', `export const handler = async () => { console.log(${JSON.stringify(emf)}); console.log('una línea de log'); return 1; };`, { logFile })]);
      expect(await host.invoke('printer', {})).toMatchObject({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.stdout.write = write;
    }
    expect(shown.join('')).toContain('una línea de log');
    expect(shown.join('')).not.toContain('_aws');
    expect(readFileSync(logFile, 'utf8')).toBe(`${emf}\nuna línea de log\n`);
  });
});
