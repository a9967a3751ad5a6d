/**
 * CDK app entry (`cdk.json` runs it with tsx): one TenantStack per `-c tenant=<id>`, with the
 * cdk-nag AwsSolutions checks as a synth-time validation plugin. `buildApp` builds the same app
 * in-process for tests; running this file is what the CDK CLI does.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, type AppProps } from 'aws-cdk-lib';
import { ContextError, parseTenantContext, type TenantSettings } from './context';
import { EdgeStack, edgeStackNameOf } from './edge-stack';
import { addNagChecks } from './nag';
import { stackNameOf, TenantStack, type TenantStackProps } from './tenant-stack';

const CONTEXT_KEYS = [
  'tenant',
  'region',
  'adminEmail',
  'alarmEmail',
  'partnerName',
  'publicSiteUrl',
  'tokenSyncUrl',
  'domainName',
  'certificateArn',
  'aiProvider',
  'bedrockTextModelId',
  'bedrockImageModelId',
  'bedrockVideoModelId',
  'bedrockEmbeddingModelId',
  'bedrockEmbeddingDimensions',
  'bedrockRegion',
  'dailyGenerationQuota',
  'socialAppsSecret',
] as const satisfies readonly (keyof TenantSettings)[];
/** Context keys read into `TenantSettings.customToken` (issue 17 item 3: custom-token sign-in). */
const CUSTOM_TOKEN_CONTEXT_KEYS = ['customTokenJwks', 'customTokenAudience', 'customTokenIssuer'] as const;

export interface BuildAppOptions {
  /** Extra context (tests); the CLI passes cdk.json and `-c` values through the environment. */
  context?: Record<string, unknown>;
  outdir?: AppProps['outdir'];
  projectRoot?: string;
  webDistPath?: string;
  accessOverrides?: TenantStackProps['accessOverrides'];
}

export interface CreateTenantStackProps {
  settings: TenantSettings;
  projectRoot?: string;
  webDistPath?: string;
  accessOverrides?: TenantStackProps['accessOverrides'];
}

/** The tenant's stack, env-agnostic in account (synth needs no credentials) and pinned in region. */
export function createTenantStack(app: App, props: CreateTenantStackProps): TenantStack {
  const name = stackNameOf(props.settings.tenant);
  // Issue 16: the distribution's WAF web ACL lives in us-east-1 (infra/edge-stack.ts).
  const edgeName = edgeStackNameOf(name);
  const edge = new EdgeStack(app, edgeName, { stackName: edgeName, description: `Director IA tenant ${props.settings.tenant}: edge (WAF)` });
  return new TenantStack(app, name, {
    stackName: name,
    env: { region: props.settings.region },
    crossRegionReferences: true,
    description: `Director IA tenant ${props.settings.tenant}`,
    webAclArn: edge.webAclArn,
    ...props,
  });
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stack: TenantStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  const context = Object.fromEntries([...CONTEXT_KEYS, ...CUSTOM_TOKEN_CONTEXT_KEYS].map((key) => [key, app.node.tryGetContext(key) as unknown]));
  const settings = parseTenantContext(context);
  addNagChecks(app);
  const stack = createTenantStack(app, { settings, projectRoot: options.projectRoot, webDistPath: options.webDistPath, accessOverrides: options.accessOverrides });
  return { app, stack };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    // The App synthesizes itself when the CLI's process exits.
    buildApp();
  } catch (error) {
    if (!(error instanceof ContextError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
