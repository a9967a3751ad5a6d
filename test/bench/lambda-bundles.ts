/**
 * Lambda bundle figures: bundles every function and trigger the way the CDK stack does
 * (the same esbuild settings as infra/constructs/node-function.ts, from infra/bundling).
 */
import { build } from 'esbuild';
import { CALLABLE_NAMES } from '../../shared';
import { lambdaBuildOptions } from '../../infra/bundling/lambda-esbuild';
import { KNOWLEDGE_NODE_MODULES } from '../../infra/constructs/jobs';

export interface LambdaEntry {
  name: string;
  entry: string;
  /** Packages the stack installs beside the bundle instead of bundling them (`nodeModules`). */
  nodeModules?: readonly string[];
}

export const LAMBDA_ENTRIES: LambdaEntry[] = [
  ...CALLABLE_NAMES.map((name) => ({ name, entry: `lambdas/functions/${name}.ts` })),
  { name: 'preSignUp (trigger)', entry: 'lambdas/triggers/preSignUp.ts' },
  { name: 'knowledgeUploaded (S3)', entry: 'lambdas/events/knowledgeUploaded.ts', nodeModules: KNOWLEDGE_NODE_MODULES },
  { name: 'blogDrafts (schedule)', entry: 'lambdas/events/blogDrafts.ts' },
  { name: 'blogPublico (HTTP, public blog)', entry: 'lambdas/http/blogPublico.ts' },
];

/** Minified bundle size in KB of one entry (its `nodeModules` are not part of the bundle). */
export async function bundleKb(entry: string, nodeModules: readonly string[] = []): Promise<number> {
  const result = await build({ ...lambdaBuildOptions(entry, nodeModules), write: false, logLevel: 'silent' });
  return result.outputFiles.reduce((sum, file) => sum + file.contents.byteLength, 0) / 1024;
}
