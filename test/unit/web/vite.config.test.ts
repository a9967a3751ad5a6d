/**
 * web/vite.config.ts, the production web build (`npm run build:web`, what `cdk deploy` uploads):
 * Vite builds the whole app, every lazily loaded page and surface included, into a fresh folder.
 * The twin serves the app through Vite's dev server, which compiles a page only when it is opened,
 * so a stylesheet that does not compile (an AdminPage.module.css `composes` of a class defined
 * later) broke the deploy while every test that never opened that page stayed green.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { REPO_ROOT } from '../../../infra/paths';

const outDir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the production web build', () => {
  it('builds every page and surface of the app, styles included', async () => {
    await build({ configFile: path.join(REPO_ROOT, 'web/vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('<div id="root">');
    const admin = Object.entries(manifest).find(([source]) => source.includes('pages/admin/'));
    expect(admin?.[1].css?.length).toBeGreaterThan(0);
    const css = readFileSync(path.join(outDir, admin?.[1].css?.[0] ?? ''), 'utf8');
    expect(css).toMatch(/_unverified_[\w-]+\{/);
  }, 180_000);
});
