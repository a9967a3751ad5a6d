// Lint config: typescript-eslint recommended for all TS, React hooks rules for the web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/platform/secrets/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_THROUGH_INDEX, SECRETS_ON_FIRST_USE] }] },
  },
  {
    files: ['lambdas/platform/secrets/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_THROUGH_INDEX] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
