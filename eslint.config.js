// Lint config: typescript-eslint recommended for all TS, React hooks rules for the web, and the
// architecture of issue 11: layers (import-x/no-restricted-paths zones), no import cycles, and one
// door per resource (no-restricted-imports / no-restricted-globals outside the door's folder).
// test/unit/eslint.config.test.ts plants a violation of every rule and expects lint to fail.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Lambdas import the shared contract through its index only. shared/ is side-effect free and its
// index re-exports with `export *`; when a module behind it is also reached from a dynamic
// import(), esbuild wraps it in a lazy initializer and a direct import elsewhere leaves the static
// importers without the init call: the class is undefined at run time (issue 10, `instanceof
// CallableError`). shared/markdown.ts is not behind the index.
const SHARED_THROUGH_INDEX = {
  regex: String.raw`^@director-ia/shared/(?!markdown$)`,
  message: "Import the shared contract from its index ('@director-ia/shared'): see eslint.config.js.",
};
// The AWS Encryption SDK is a large part of a bundle that most invocations never use: Lambda code
// seals and opens through platform/secrets/lazy.ts, which imports it on the first call.
const SECRETS_ON_FIRST_USE = {
  regex: String.raw`(^|/)secrets(/(index|seal|keyring))?$`,
  message: "Seal and open through 'platform/secrets/lazy' (loads the Encryption SDK on first use).",
};

/**
 * One door per resource (issue 11): the package patterns that only the door's own folder may
 * import. The twin (infra/local) and the tests reach AWS directly and are not Lambda code.
 */
const MEDIA_DOOR_MESSAGE = 'The ffmpeg binary (and any child process) is run only through lambdas/platform/media (timeouts, progress, errors).';
const HTTP_DOOR_MESSAGE = 'Outbound HTTP goes through lambdas/platform/http (timeouts, size caps, no private addresses).';
export const DOORS = [
  {
    dir: 'lambdas/platform/db',
    patterns: [
      {
        group: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb', 'electrodb', '**/platform/db/client', '**/db/client'],
        message: 'DynamoDB is reached only through lambdas/platform/db (its entities, service and helpers).',
      },
    ],
  },
  {
    dir: 'lambdas/platform/storage',
    patterns: [
      {
        group: ['@aws-sdk/client-s3', '@aws-sdk/s3-*', '**/platform/storage/client', '**/storage/client'],
        message: 'S3 is reached only through lambdas/platform/storage.',
      },
    ],
  },
  {
    dir: 'lambdas/platform/secrets',
    patterns: [
      { group: ['@aws-sdk/client-kms', '@aws-crypto/*'], message: 'KMS and the Encryption SDK are reached only through lambdas/platform/secrets.' },
      {
        group: ['@aws-sdk/client-secrets-manager', '@aws-lambda-powertools/parameters', '@aws-lambda-powertools/parameters/*'],
        message: "Secrets Manager is read only through lambdas/platform/secrets ('platform/secrets/managed').",
      },
      SECRETS_ON_FIRST_USE,
    ],
  },
  {
    dir: 'lambdas/platform/scheduler',
    patterns: [{ group: ['@aws-sdk/client-scheduler'], message: 'EventBridge Scheduler is reached only through lambdas/platform/scheduler.' }],
  },
  {
    dir: 'lambdas/platform/users',
    patterns: [{ group: ['@aws-sdk/client-cognito-identity-provider'], message: 'The Cognito user pool is reached only through lambdas/platform/users.' }],
  },
  {
    dir: 'lambdas/platform/media',
    patterns: [{ group: ['@ffmpeg-installer/*', '@ffprobe-installer/*'], message: MEDIA_DOOR_MESSAGE }],
    paths: ['node:child_process', 'child_process'].map((name) => ({ name, message: MEDIA_DOOR_MESSAGE })),
  },
  {
    dir: 'lambdas/platform/http',
    patterns: [
      { group: ['undici', 'undici/*'], message: HTTP_DOOR_MESSAGE },
    ],
    paths: ['node:http', 'node:https', 'http', 'https', 'axios', 'got', 'node-fetch'].map((name) => ({ name, message: HTTP_DOOR_MESSAGE })),
  },
];
const FETCH_THROUGH_DOOR = { name: 'fetch', message: HTTP_DOOR_MESSAGE };

/** Server layers, top to bottom: a layer imports only the layers below it. */
const ENTRY_LAYERS = ['./lambdas/functions', './lambdas/events', './lambdas/http', './lambdas/triggers'];
/** The sub-folders of `dir` (repo-relative). */
const foldersOf = (dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = foldersOf('web/src/features');
const PAGES = foldersOf('web/src/pages');

/** import-x/no-restricted-paths zones: `target` may not import from `from` (paths from the repo root). */
export const LAYER_ZONES = [
  { target: './lambdas/core', from: ENTRY_LAYERS, message: 'core is below the function layer (functions → core → platform → shared).' },
  { target: './lambdas/platform', from: ['./lambdas/core', ...ENTRY_LAYERS], message: 'platform is below core (functions → core → platform → shared); pass what it needs from above.' },
  { target: './shared', from: ['./lambdas', './web', './infra', './test'], message: 'shared/ is the contract: it imports nothing of lambdas, web, infra or tests.' },
  { target: './lambdas', from: ['./web', './infra', './test'], message: 'Lambda code imports only lambdas/ and the shared contract.' },
  { target: './web', from: ['./lambdas', './infra'], message: 'The web app talks to the server only through the shared contract and web/src/lib/api.ts.' },
  { target: './infra', from: './lambdas', message: 'infra names Lambda code only by entry path (infra/functions.ts); shared constants live in the shared contract.' },
  { target: ['./web/src/pages', './web/src/features', './web/src/ui', './web/src/lib'], from: './web/src/app', message: 'Nothing below app/ imports it (app → pages → features → ui/lib).' },
  { target: ['./web/src/features', './web/src/ui', './web/src/lib'], from: './web/src/pages', message: 'pages/ sit above features (app → pages → features → ui/lib).' },
  { target: ['./web/src/ui', './web/src/lib'], from: './web/src/features', message: 'ui/ and lib/ sit below features (app → pages → features → ui/lib).' },
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: "A feature imports another feature only through that feature's index.ts.",
  })),
  ...PAGES.map((page) => ({
    target: `./web/src/pages/${page}`,
    from: './web/src/pages',
    except: [`./${page}`],
    message: 'A page does not import another page: what two pages share belongs in a feature or ui/.',
  })),
];

/** Per Lambda folder, the import patterns it may not use (every door but its own). */
function lambdaImportRules(ownDoor) {
  const patterns = [SHARED_THROUGH_INDEX];
  const paths = [];
  for (const door of DOORS) {
    if (door.dir === ownDoor) continue;
    patterns.push(...door.patterns);
    paths.push(...(door.paths ?? []));
  }
  return { 'no-restricted-imports': ['error', { paths, patterns }] };
}

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', '.bench', '.scratch', 'dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript preset (parsers, extensions), so no-cycle can read the modules an
      // import leads to; our resolver instead of its default one.
      ...Object.fromEntries(Object.entries(importX.flatConfigs.typescript.settings).filter(([key]) => key !== 'import-x/resolver')),
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }] },
  },
  {
    files: ['lambdas/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    // A dynamic import() back into a module that is already loaded is how heavy code loads lazily
    // (platform/ai speech providers, the web's sign-in actions): not a cycle at load time.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ['lambdas/**/*.ts'],
    ignores: DOORS.map((door) => `${door.dir}/**`),
    rules: { ...lambdaImportRules(undefined), 'no-restricted-globals': ['error', FETCH_THROUGH_DOOR] },
  },
  ...DOORS.map((door) => ({
    files: [`${door.dir}/**/*.ts`],
    rules: {
      ...lambdaImportRules(door.dir),
      'no-restricted-globals': door.dir === 'lambdas/platform/http' ? 'off' : ['error', FETCH_THROUGH_DOOR],
    },
  })),
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
