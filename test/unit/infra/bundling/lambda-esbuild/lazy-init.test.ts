/**
 * Modules that esbuild initializes lazily in the Lambda bundles. A module reached from a dynamic
 * `import()` is wrapped in an `init_x()` function, and every static importer must call it first.
 * esbuild drops that call when the importer reaches the module through a side-effect-free
 * `export *` index (shared/) while the dynamic graph imports it directly: its classes stay
 * undefined, which is how `enviarMensajeWidget` and `obtenerCapacidades` failed with
 * "Right-hand side of 'instanceof' is not an object" on their first request (issue 10). The lint
 * rule in eslint.config.js keeps lambdas on shared's index; these checks catch the failure itself.
 * Also checked: no module of shared/ is initialized lazily, since reaching shared's index from a
 * lazily loaded module keeps the whole contract (every callable's schemas) in the bundle and
 * builds it at load (lambdas/platform/ai/errors.ts says how that is avoided).
 */
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lambdaBuildOptions } from '../../../../../infra/bundling/lambda-esbuild';
import { KNOWLEDGE_NODE_MODULES } from '../../../../../infra/constructs/jobs';
import { anonymousCallableEvent, linkRuntimeSdk } from '../../../../support/artefacts';

/** Every handler module the stack deploys: lambdas/{functions,triggers,events,http}/*.ts. */
const ENTRIES = ['functions', 'triggers', 'events', 'http'].flatMap((dir) =>
  readdirSync(path.join('lambdas', dir))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `lambdas/${dir}/${file}`),
);

/**
 * The unminified production bundle of each entry (names kept, so `init_*` can be read), from ONE
 * esbuild run over every entry point: without code splitting each entry still gets its own whole
 * bundle, as when built alone, but every module is parsed once instead of once per entry.
 */
async function readableBundles(entries: readonly string[]): Promise<{ entry: string; text: string }[]> {
  const outdir = path.resolve('.lazy-init-bundles');
  const result = await build({
    ...lambdaBuildOptions(entries[0] as string, KNOWLEDGE_NODE_MODULES),
    entryPoints: entries.map((entry) => path.resolve(entry)),
    outbase: path.resolve('lambdas'),
    outdir,
    minify: false,
    write: false,
    logLevel: 'silent',
  });
  const byPath = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  return entries.map((entry) => {
    const text = byPath.get(path.join(outdir, path.relative('lambdas', entry)).replace(/\.ts$/, '.js'));
    if (text === undefined) throw new Error(`no bundle for ${entry}`);
    return { entry, text };
  });
}

/** Source paths of the modules the bundle initializes lazily (`__esm` wrappers). */
function lazyModules(text: string): string[] {
  return [...text.matchAll(/^var init_\w+ = __esm\(\{\n\s+"([^"]+)"/gm)].map((match) => match[1] as string);
}

/** Names of lazily initialized modules that nothing ever initializes. */
function orphanInits(text: string): string[] {
  const defined = [...text.matchAll(/^var (init_\w+) = __esm\(/gm)].map((match) => match[1] as string);
  return defined.filter((name) => !new RegExp(`\\b${name}\\(\\)`).test(text));
}

describe('lazily initialized modules in the Lambda bundles', () => {
  it('finds every handler entry', () => {
    expect(ENTRIES.length).toBeGreaterThan(40);
    expect(ENTRIES).toContain('lambdas/functions/obtenerCapacidades.ts');
  });

  let bundles: { entry: string; text: string }[] = [];
  // One esbuild run over every entry: about 20 s on a quiet machine, over a minute beside the
  // integration project on CI's two cores, so the project's hook timeout (180 s) applies.
  beforeAll(async () => {
    bundles = await readableBundles(ENTRIES);
  });

  it('are all initialized somewhere (none left undefined by a dropped init call)', () => {
    const orphans = bundles.map(({ entry, text }) => ({ entry, orphans: orphanInits(text) }));
    expect(orphans.filter((found) => found.orphans.length > 0)).toEqual([]);
  });

  it('never include the shared contract (it stays tree-shaken and is not built at load)', () => {
    const lazyShared = bundles.map(({ entry, text }) => ({ entry, modules: lazyModules(text).filter((module) => module.startsWith('shared/')) }));
    expect(lazyShared.filter((found) => found.modules.length > 0)).toEqual([]);
  });
});

describe('the callables that failed on their first request in the bundle (issue 10)', () => {
  // Outside the repository, so that only @aws-sdk/* resolves beyond the bundle, as in Lambda.
  const dir = mkdtempSync(path.join(tmpdir(), 'lazy-init-'));
  beforeAll(() => {
    linkRuntimeSdk(dir, process.cwd());
    vi.stubEnv('TABLE_NAME', 'x');
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    // A closed local port: DynamoDB calls fail at once, without leaving the machine.
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:9');
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  async function bundledHandler(name: string) {
    const outdir = path.join(dir, name);
    await build({ ...lambdaBuildOptions(`lambdas/functions/${name}.ts`), outfile: path.join(outdir, 'index.mjs'), logLevel: 'silent' });
    return (await import(pathToFileURL(path.join(outdir, 'index.mjs')).href)) as { handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2> };
  }

  it.each([
    ['obtenerCapacidades', null, 401],
    ['enviarMensajeWidget', { uid: 'u1', conversationId: null, message: 'hola' }, 500],
  ])('%s answers an anonymous request with the error envelope', async (name, data, status) => {
    const { handler } = await bundledHandler(name);
    const response = await handler(anonymousCallableEvent(name, data), { awsRequestId: 'r1', functionName: name, getRemainingTimeInMillis: () => 10_000 });
    expect(response.statusCode).toBe(status);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: { status: expect.any(String), message: expect.any(String) } });
  });
});
