/**
 * esbuild settings shared by the CDK Lambda bundles and the tests that build a bundle the way the
 * stack does. AWS SDK v3 stays external: the Node.js 24 runtime provides it. Library code is
 * bundled as published: no aliases or stubs (issue 10).
 */
import type { BuildOptions } from 'esbuild';
import path from 'node:path';

/** Packages left to the Lambda runtime. */
export const LAMBDA_EXTERNALS = ['@aws-sdk/*'];

/** ESM bundles lose `require`; some CommonJS dependencies still call it for Node builtins. */
export const ESM_REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);";

/**
 * esbuild options of one production Lambda bundle: what infra/constructs/node-function.ts asks
 * NodejsFunction for (ESM for Node 24, minified, SDK external, the `require` shim), without the
 * source map. For tests that build a single handler the way the stack does; `nodeModules` are
 * the packages the stack installs beside the bundle instead of bundling them.
 */
export function lambdaBuildOptions(entry: string, nodeModules: readonly string[] = []) {
  return {
    entryPoints: [path.resolve(entry)],
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    mainFields: ['module', 'main'],
    external: [...LAMBDA_EXTERNALS, ...nodeModules],
    banner: { js: ESM_REQUIRE_SHIM },
  } satisfies BuildOptions;
}
