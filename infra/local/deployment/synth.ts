/**
 * Child-process entry of the twin's synth (./build.ts): builds the CDK app exactly as `cdk synth`
 * does (infra/app.ts `buildApp`, cdk.json's feature flags, the NodejsFunction bundling of
 * infra/constructs/node-function.ts) and writes the cloud assembly to the given directory.
 * Run in its own process so the CDK library's memory does not stay in the twin.
 *
 * argv[2]: JSON of `SynthRequest`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type BuildAppOptions } from '../../app';
import { REPO_ROOT } from '../../paths';

export interface SynthRequest {
  outdir: string;
  /** CDK context on top of cdk.json's (tenant, aiProvider...). */
  context: Record<string, unknown>;
  /** Skip esbuild (the template alone: IAM, environment, routes). */
  skipBundling?: boolean;
  accessOverrides?: BuildAppOptions['accessOverrides'];
}

const request = JSON.parse(process.argv[2] ?? '{}') as SynthRequest;
const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
const { app } = buildApp({
  // The CLI turns these on for every synth: construct paths and asset folders in the template's metadata.
  context: { ...cdkJson.context, 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true, ...request.context, ...(request.skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}) },
  outdir: request.outdir,
  // The twin serves the web itself (Vite or web/dist): no copy of a build in the assembly.
  webDistPath: path.join(request.outdir, 'no-web-build'),
  accessOverrides: request.accessOverrides,
});
app.synth();
