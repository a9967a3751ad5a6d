/**
 * twitter-text stays out of the shared index's eager import graph (issue 13 brief: it is heavy,
 * core-js 2 and large regexes). At run time the index and every non-X validation leave it
 * unloaded, and the first X text loads it once. In bundles: a Lambda built with the production
 * esbuild settings that imports the index without validatePost carries none of it; one that calls
 * validatePost does (no code splitting in Lambda bundles), and a split build (the web) puts it in
 * a chunk of its own that the entry only imports dynamically.
 */
import { build, type Metafile } from 'esbuild';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { lambdaBuildOptions } from '../../../../../infra/bundling/lambda-esbuild';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('twitter-text', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const isTwitterText = (input: string) => input.includes('node_modules/twitter-text/');

describe('at run time', () => {
  it('the index and non-X validation do not load twitter-text; the first X text does, once', async () => {
    const shared = await import('@director-ia/shared');
    expect(loads.count).toBe(0);
    for (const network of shared.SOCIAL_NETWORKS.filter((network) => network !== 'x')) {
      await shared.validatePost(network, { text: 'Hola https://example.com', title: 'T', media: [] });
    }
    expect(shared.previewShape('x').maxMedia).toBe(4);
    expect(loads.count).toBe(0);
    expect(await shared.validatePost('x', { text: 'Hola', media: [] })).toEqual([]);
    expect(await shared.measureText('weighted', 'https://example.com/a/very/long/path')).toBe(23);
    expect(loads.count).toBe(1);
  });
});

/** esbuild of a module whose source is `contents` (resolved from the repository root). */
async function bundle(contents: string, splitting: boolean): Promise<Metafile> {
  const { entryPoints: _entry, ...lambda } = lambdaBuildOptions('shared/index.ts');
  const options = splitting ? { ...lambda, platform: 'browser' as const, target: 'es2022', banner: {}, splitting: true, outdir: path.join(ROOT, 'out') } : lambda;
  const result = await build({ ...options, stdin: { contents, resolveDir: ROOT, sourcefile: 'entry.ts', loader: 'ts' }, write: false, metafile: true, logLevel: 'silent' });
  return result.metafile;
}
const inputsOf = (metafile: Metafile) => Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));

describe('in bundles', () => {
  it('a Lambda that imports the index (limits, previews, messages) without validatePost carries no twitter-text', async () => {
    const metafile = await bundle(
      "import { MSG, NETWORK_LIMITS, previewShape, PUBLISHING_MSG } from '@director-ia/shared';\nconsole.log(MSG, NETWORK_LIMITS.x, previewShape('x'), PUBLISHING_MSG.titleRequired('youtube'));",
      false,
    );
    const inputs = inputsOf(metafile);
    expect(inputs.some((input) => input.startsWith('shared/publishing/'))).toBe(true);
    expect(inputs.filter(isTwitterText)).toEqual([]);
    expect(inputs.filter((input) => input.includes('node_modules/core-js/'))).toEqual([]);
  });

  it('a Lambda that validates carries it (loaded lazily: bundles are not split)', async () => {
    const inputs = inputsOf(await bundle("import { validatePost } from '@director-ia/shared';\nexport const check = validatePost;", false));
    expect(inputs.some(isTwitterText)).toBe(true);
  });

  it('a split build (the web) keeps it out of the chunk that validates, in a chunk loaded on demand', async () => {
    const metafile = await bundle("import * as shared from '@director-ia/shared';\nexport const all = shared;", true);
    const [entryName, entry] = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint) ?? [];
    expect(entryName).toBeDefined();
    expect(Object.keys(entry?.inputs ?? {}).filter(isTwitterText)).toEqual([]);
    const lazy = Object.entries(metafile.outputs).filter(([, output]) => Object.keys(output.inputs).some(isTwitterText));
    expect(lazy).toHaveLength(1);
    const [lazyName] = lazy[0] ?? [];
    expect(entry?.imports).toContainEqual(expect.objectContaining({ path: lazyName, kind: 'dynamic-import' }));
  });
});
