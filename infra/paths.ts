/**
 * Filesystem locations the CDK app reads: the repository root (NodejsFunction project root and
 * lock file), handler entry modules and the web build. Resolved from this file, not the cwd, so
 * the app synthesizes the same way from the CLI, from tests and from any working directory.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Vite build output the web bucket serves (`npm run build:web`). */
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

/** Entry module of a callable function, relative to a project root. */
export function functionEntry(projectRoot: string, name: string): string {
  return path.join(projectRoot, 'lambdas', 'functions', `${name}.ts`);
}

/** Entry module of a Cognito trigger, relative to a project root. */
export function triggerEntry(projectRoot: string, name: string): string {
  return path.join(projectRoot, 'lambdas', 'triggers', `${name}.ts`);
}

/** Entry module of an event handler (S3 and other AWS events), relative to a project root. */
export function eventEntry(projectRoot: string, name: string): string {
  return path.join(projectRoot, 'lambdas', 'events', `${name}.ts`);
}

/** Entry module of a plain HTTP handler (not a callable: e.g. the public blog's HTML), relative to a project root. */
export function httpEntry(projectRoot: string, name: string): string {
  return path.join(projectRoot, 'lambdas', 'http', `${name}.ts`);
}
