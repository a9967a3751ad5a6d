/**
 * Lambda bundle figures: bundles every function and trigger the way the CDK stack does
 * (the same esbuild settings as infra/constructs/node-function.ts, from infra/bundling).
 */
import { build } from 'esbuild';
import path from 'node:path';
import { CALLABLE_NAMES } from '../../shared';
import { ESM_REQUIRE_SHIM, LAMBDA_ALIASES, LAMBDA_EXTERNALS } from '../../infra/bundling/lambda-esbuild';

export const LAMBDA_ENTRIES = [
  ...CALLABLE_NAMES.map((name) => ({ name, entry: `lambdas/functions/${name}.ts` })),
  { name: 'preSignUp (trigger)', entry: 'lambdas/triggers/preSignUp.ts' },
];

/** Minified bundle size in KB of one entry. */
export async function bundleKb(entry: string): Promise<number> {
  const result = await build({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    mainFields: ['module', 'main'],
    external: LAMBDA_EXTERNALS,
    alias: LAMBDA_ALIASES,
    banner: { js: ESM_REQUIRE_SHIM },
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles.reduce((sum, file) => sum + file.contents.byteLength, 0) / 1024;
}
