/**
 * esbuild settings shared by the CDK Lambda bundles and the bundle-size bench, so the bench
 * measures exactly what deploys. AWS SDK v3 stays external: the Node.js 24 runtime provides it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Packages left to the Lambda runtime. */
export const LAMBDA_EXTERNALS = ['@aws-sdk/*'];

/** Module substitutions applied to production bundles (see each stub's header for why). */
export const LAMBDA_ALIASES: Record<string, string> = {
  jsonschema: path.join(here, 'jsonschema-stub.cjs'),
  'asn1.js': path.join(here, 'asn1-stub.cjs'),
};

/** ESM bundles lose `require`; some CommonJS dependencies still call it for Node builtins. */
export const ESM_REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);";
