/**
 * The deployable Lambda artefacts of a synthesized cloud assembly (`cdk synth -o <outdir>`), for
 * the bench and for tests that load them the way the Lambda runtime does. No vitest imports here.
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** What a deployment synthesizes with (README "Deploying a tenant"): no AI or other overrides. */
export const DEPLOY_CONTEXT = { tenant: 'demo', adminEmail: 'owner@example.com' };

/** One `AWS::Lambda::Function` of a template whose code is a bundled Node asset (`index.mjs`). */
export interface LambdaArtefact {
  /** Logical id in the template, e.g. `ApiobtenerCapacidadesA77DD950`. */
  logicalId: string;
  /** Construct path, e.g. `DirectorIa-demo/Api/obtenerCapacidades/Resource`. */
  cdkPath: string;
  /** Short name for tables: the construct id before `/Resource`, e.g. `obtenerCapacidades`. */
  name: string;
  description: string;
  /** Absolute path of the asset directory (holds index.mjs, its source map, any node_modules). */
  assetDir: string;
  /** Absolute path of the bundle. */
  bundleFile: string;
  /** `Handler` property, e.g. `index.handler`. */
  handler: string;
  runtime: string;
  /** Environment variables as in the template: strings, or CloudFormation intrinsics (objects). */
  environment: Record<string, unknown>;
  /** Seconds. */
  timeout: number;
  /** MB. */
  memorySize: number;
}

interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

/** Templates of the stacks in a cloud assembly directory (`*.template.json`), parsed. */
function templates(outdir: string): { Resources?: Record<string, TemplateResource> }[] {
  return readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => JSON.parse(readFileSync(path.join(outdir, file), 'utf8')) as { Resources?: Record<string, TemplateResource> });
}

/**
 * Every Lambda function of the assembly in `outdir` whose asset directory has an `index.mjs`
 * (CDK's own Python or inline custom-resource functions are left out), in template order.
 */
export function lambdaArtefacts(outdir: string): LambdaArtefact[] {
  const found: LambdaArtefact[] = [];
  for (const template of templates(outdir)) {
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const assetPath = resource.Metadata?.['aws:asset:path'];
      if (typeof assetPath !== 'string') continue;
      const assetDir = path.resolve(outdir, assetPath);
      const bundleFile = path.join(assetDir, 'index.mjs');
      if (!existsSync(bundleFile)) continue;
      const props = resource.Properties ?? {};
      const cdkPath = String(resource.Metadata?.['aws:cdk:path'] ?? logicalId);
      const parts = cdkPath.split('/');
      found.push({
        logicalId,
        cdkPath,
        name: (parts.at(-1) === 'Resource' ? parts.at(-2) : parts.at(-1)) ?? logicalId,
        description: String(props.Description ?? ''),
        assetDir,
        bundleFile,
        handler: String(props.Handler ?? 'index.handler'),
        runtime: String(props.Runtime ?? ''),
        environment: ((props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}),
        timeout: Number(props.Timeout ?? 3),
        memorySize: Number(props.MemorySize ?? 128),
      });
    }
  }
  return found;
}

/**
 * The environment of an artefact with every intrinsic (Ref, Fn::GetAtt, …) replaced by a
 * placeholder string (`<logicalId>` for a Ref, `placeholder` otherwise), plus `extra` on top.
 */
export function placeholderEnvironment(artefact: LambdaArtefact, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(artefact.environment)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') env[key] = String(value);
    else if (value && typeof value === 'object' && 'Ref' in value) env[key] = `placeholder-${String((value as { Ref: unknown }).Ref)}`;
    else env[key] = 'placeholder';
  }
  return { ...env, ...extra };
}

/**
 * The `@aws-sdk/*` packages a bundle imports with static top-level `import` statements (what the
 * runtime loads before the handler runs), sorted; `import()` calls inside functions do not count.
 * Reads the file with esbuild's parser (every import left external), so strings that merely
 * mention a package are not mistaken for imports.
 */
export async function staticSdkImports(bundleFile: string): Promise<string[]> {
  const result = await build({
    entryPoints: [bundleFile],
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  });
  const packages = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.kind === 'import-statement' && imported.path.startsWith('@aws-sdk/')) packages.add(imported.path);
    }
  }
  return [...packages].sort();
}

/**
 * Makes `@aws-sdk/*` resolvable from the assets in `outdir`, as the Lambda runtime provides it:
 * `<outdir>/node_modules/@aws-sdk` → `<repoRoot>/node_modules/@aws-sdk`, and nothing else.
 */
export function linkRuntimeSdk(outdir: string, repoRoot: string): void {
  const modules = path.join(outdir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const link = path.join(modules, '@aws-sdk');
  if (!existsSync(link)) symlinkSync(path.join(repoRoot, 'node_modules', '@aws-sdk'), link, 'dir');
}

/** Size of an artefact's bundle (index.mjs only, not its source map or node_modules), KB. */
export function bundleKb(artefact: LambdaArtefact): number {
  return statSync(artefact.bundleFile).size / 1024;
}

/**
 * An anonymous API Gateway HTTP API (payload 2.0) request for callable `name` with body
 * `{"data": data}`, from 127.0.0.1, no Authorization header and no authorizer claims.
 */
export function anonymousCallableEvent(name: string, data: unknown): APIGatewayProxyEventV2 {
  const routeKey = `POST /api/${name}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: `/api/${name}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'POST', path: `/api/${name}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'artefacts' },
      requestId: 'r1',
      routeKey,
      stage: '$default',
      time: new Date(0).toISOString(),
      timeEpoch: 0,
    },
    body: JSON.stringify({ data }),
    isBase64Encoded: false,
  };
}
