/**
 * Vite config of the web app. Root is this folder; the production build goes to web/dist.
 * The local twin runs it in middleware mode (`createServer({ configFile: 'web/vite.config.ts',
 * server: { middlewareMode: true, hmr } })`), so `server` here only sets what is safe there.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const sharedDir = fileURLToPath(new URL('../shared/', import.meta.url));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the bench finds each page's chunk through it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The shared contract is declarations only: importing MSG through its barrel must not
        // drag every zod schema (and classic zod) into the login path.
        moduleSideEffects: [{ test: new RegExp(`^${escapeRegExp(sharedDir)}`), sideEffects: false }],
      },
    },
  },
  server: {
    // The app imports the shared contract from ../shared.
    fs: { allow: [repoRoot] },
  },
});
