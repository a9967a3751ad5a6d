/**
 * Web bundle figures: builds the web, loads the login screen in Chromium against a twin serving
 * that build, and reports the gzip size of the JS it actually fetched, plus each page chunk.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';

const DIST = path.resolve('web/dist');

export function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).byteLength / 1024;
}

export function buildWeb(): void {
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
}

/** JS files (relative to dist) the login screen requested before showing 'Iniciar Sesión'. */
export async function loginScreenScripts(url: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.add(pathname.replace(/^\//, ''));
    });
    await page.goto(url);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/** Page chunks: the lazily loaded modules under web/src/pages, as named in the Vite manifest. */
export function pageChunks(): { page: string; file: string }[] {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean; src?: string }>;
  return Object.entries(manifest)
    .filter(([source, chunk]) => chunk.isDynamicEntry && source.startsWith('src/pages/'))
    .map(([source, chunk]) => ({ page: source.replace(/^src\/pages\//, '').replace(/\.tsx?$/, ''), file: chunk.file }));
}

export function allJs(): string[] {
  return readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
}

export { DIST };
