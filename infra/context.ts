/**
 * Reads and validates the CDK context of a tenant deployment (`-c tenant=acme -c region=...`).
 * Bad input fails before any construct is created, with a message that says how to fix it.
 */
import { type AiProviderId, DEFAULT_REGION } from '@director-ia/shared';

/**
 * Providers a deployment may default to. OpenAI-compatible endpoints and Gemini need keys, which
 * belong in a brand's sealed Integraciones settings, not in Lambda environment variables.
 */
export const DEPLOYMENT_AI_PROVIDERS = ['bedrock', 'offline'] as const satisfies readonly AiProviderId[];
export type DeploymentAiProvider = (typeof DEPLOYMENT_AI_PROVIDERS)[number];
export const DEFAULT_AI_PROVIDER: DeploymentAiProvider = 'bedrock';

export interface TenantSettings {
  /** Tenant id: names the stack and is the web's `environment`. */
  tenant: string;
  region: string;
  /** First admin: invited by Cognito by email and put in the admins group. */
  adminEmail?: string;
  /**
   * Where the stack's alarms are e-mailed (issue 16 observability): an e-mail subscription of the
   * alarms' SNS topic, which the recipient confirms; none when absent (the topic still exists).
   */
  alarmEmail?: string;
  partnerName?: string;
  publicSiteUrl?: string;
  tokenSyncUrl?: string;
  /** Custom domain of the site; needs `certificateArn` (an ACM certificate in us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /** The deployment's AI provider (`AI_PROVIDER` of AI functions); default bedrock. */
  aiProvider: DeploymentAiProvider;
  /**
   * Bedrock configuration (also used when a brand picks Bedrock in Integraciones). Unset values
   * are left to the defaults of lambdas/platform/ai/providers/bedrock/client.ts, the one place that keeps them.
   */
  bedrockTextModelId?: string;
  bedrockImageModelId?: string;
  /** A current async video model (e.g. luma.ray-v2:0); unset = no video generation. */
  bedrockVideoModelId?: string;
  bedrockEmbeddingModelId?: string;
  bedrockEmbeddingDimensions?: number;
  /** Region of the Bedrock runtime endpoint; default the function's own region. */
  bedrockRegion?: string;
  /**
   * Generations (images; later avatars, videos, voices) each user may start per UTC day
   * (`DAILY_GENERATION_QUOTA` of AI functions); unset = the code's default (shared/assets.ts).
   */
  dailyGenerationQuota?: number;
  /**
   * The existing Secrets Manager secret with the social networks' app credentials (issue 12 item 4;
   * README "Social networks"): its name (`director-ia/acme/social-apps`) or its complete ARN, in the
   * stack's region, encrypted with the account's default `aws/secretsmanager` key (the stack grants
   * no kms:Decrypt on another key). The functions that connect, refresh or revoke get
   * `secretsmanager:GetSecretValue` on exactly that secret and SOCIAL_APPS_SECRET; unset = no
   * grant, no variable, and every OAuth network's card says "No disponible en esta instalación".
   */
  socialAppsSecret?: string;
  /**
   * Custom-token sign-in (issue 17 item 3; README "Custom-token sign-in"): when set, the user pool
   * runs the custom authentication triggers and the web client allows CUSTOM_AUTH. `jwks` is the
   * public key(s) that sign the host page's tokens (a JWK or a JWKS, JSON, public parts only),
   * `audience` the `aud` they must carry (context `customTokenAudience`, default the tenant id),
   * `issuer` the `iss` when given. Unset (no `customTokenJwks`): the flow is off.
   */
  customToken?: { jwks: string; audience: string; issuer?: string };
}

/** Lowercase letters, digits and inner hyphens; short enough for every derived resource name. */
const TENANT_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const REGION_PATTERN = /^[a-z]{2}(?:-[a-z]+)+-\d$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;
const ACM_ARN_PATTERN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;
/**
 * A Bedrock model id or system inference profile id (`amazon.titan-embed-text-v2:0`,
 * `global.amazon.nova-2-lite-v1:0`), or the ARN of a foundation model or system inference
 * profile: what the functions' bedrock:InvokeModel grant covers.
 */
const BEDROCK_MODEL_PATTERN =
  /^(?:arn:aws[a-z-]*:bedrock:[a-z0-9-]*:(?:\d{12})?:(?:foundation-model|inference-profile)\/)?[a-z0-9][a-z0-9.:_-]{0,199}$/i;
const BEDROCK_MODEL_HINT =
  'expected a Bedrock model or inference profile id such as amazon.titan-embed-text-v2:0 or global.amazon.nova-2-lite-v1:0, or the ARN of a foundation model or system inference profile';
/** A Secrets Manager secret name: 1-512 of letters, digits and /_+=.@- (AWS's own rule). */
const SECRET_NAME_PATTERN = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
/** A complete secret ARN: the name, a hyphen and the 6 random characters Secrets Manager appends. */
const SECRET_ARN_PATTERN = /^arn:aws[a-z-]*:secretsmanager:([a-z0-9-]+):\d{12}:secret:[A-Za-z0-9/_+=.@-]+-[A-Za-z0-9]{6}$/;
/**
 * A name ending in a hyphen and 6 letters or digits reads like a complete ARN's suffix: IAM and
 * Secrets Manager would take the partial ARN built from it for another secret (CDK's
 * fromSecretNameV2 warns of AccessDenied), so such a secret must be given by its complete ARN.
 */
const AMBIGUOUS_SECRET_NAME = /-[A-Za-z0-9]{6}$/;

/** Largest embedding size any supported model produces is 3072 (Nova); leave room, refuse nonsense. */
const MAX_EMBEDDING_DIMENSIONS = 8192;
/** A daily quota beyond this is no quota at all (and a typo); refuse it. */
const MAX_DAILY_GENERATION_QUOTA = 100_000;

export class ContextError extends Error {
  override name = 'ContextError';
}

/** Context values come from `-c key=value` (strings) or from tests (anything): accept strings only. */
function optionalString(context: Record<string, unknown>, key: string): string | undefined {
  const value = context[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ContextError(`Context "${key}" must be a string.`);
  return value.trim();
}

/** A positive integer from a number (cdk.json, tests) or a string of digits (`-c key=1024`). */
function optionalPositiveInt(context: Record<string, unknown>, key: string, max: number): number | undefined {
  const value = context[key];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max) {
    throw new ContextError(`Invalid context "${key}" = ${JSON.stringify(value)}: expected a whole number from 1 to ${max}.`);
  }
  return number;
}

function checked(value: string | undefined, key: string, pattern: RegExp, hint: string): string | undefined {
  if (value !== undefined && !pattern.test(value)) {
    throw new ContextError(`Invalid context "${key}" = "${value}": ${hint}.`);
  }
  return value;
}

/**
 * `socialAppsSecret` checked: a complete ARN in the stack's region (the functions read it with
 * their own region's endpoint), or a name that cannot be mistaken for a complete ARN.
 */
function socialAppsSecretOf(value: string | undefined, region: string): string | undefined {
  if (value === undefined) return undefined;
  const key = 'socialAppsSecret';
  if (value.startsWith('arn:')) {
    const arnRegion = SECRET_ARN_PATTERN.exec(value)?.[1];
    if (arnRegion === undefined) {
      throw new ContextError(`Invalid context "${key}" = "${value}": expected a secret name or the complete secret ARN (arn:aws:secretsmanager:<region>:<account>:secret:<name>-<6 characters>, as the console shows it).`);
    }
    if (arnRegion !== region) {
      throw new ContextError(`Invalid context "${key}" = "${value}": the secret is in ${arnRegion} but the stack is in ${region}; the functions read it in their own region (replicate the secret to ${region}).`);
    }
    return value;
  }
  checked(value, key, SECRET_NAME_PATTERN, 'expected a Secrets Manager secret name (letters, digits and /_+=.@-) or its complete ARN');
  if (AMBIGUOUS_SECRET_NAME.test(value)) {
    throw new ContextError(`Invalid context "${key}" = "${value}": a name ending in a hyphen and 6 characters looks like an ARN suffix to Secrets Manager; pass the secret's complete ARN instead.`);
  }
  return value;
}

/** The longest trusted JWKS (JSON characters) the triggers' environment may carry. */
const MAX_CUSTOM_TOKEN_JWKS_CHARS = 2500;
/** Members of a public JWK; anything else (notably `d`, `p`, `q`: private parts) is refused. */
const PUBLIC_JWK_MEMBERS = new Set(['kty', 'kid', 'alg', 'use', 'key_ops', 'n', 'e', 'crv', 'x', 'y', 'x5c', 'x5t', 'x5t#S256', 'x5u']);

/**
 * `customTokenJwks` checked: JSON of one public RSA or EC JWK or of a JWKS `{"keys": [...]}` of them
 * (several need distinct `kid`s, which the tokens name), normalized to a JWKS; with its audience
 * (`customTokenAudience`, default the tenant) and optional issuer (`customTokenIssuer`).
 */
function customTokenOf(context: Record<string, unknown>, tenant: string): TenantSettings['customToken'] {
  const raw = optionalString(context, 'customTokenJwks');
  const audience = optionalString(context, 'customTokenAudience');
  const issuer = optionalString(context, 'customTokenIssuer');
  if (raw === undefined) {
    if (audience !== undefined || issuer !== undefined) throw new ContextError('Context "customTokenAudience" and "customTokenIssuer" need "customTokenJwks" (the public key that signs the custom tokens).');
    return undefined;
  }
  const invalid = (why: string) => new ContextError(`Invalid context "customTokenJwks": ${why}. Expected the JSON of a public JWK (RSA or EC) or of a JWKS {"keys": [...]}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('not JSON');
  }
  const keys = parsed && typeof parsed === 'object' && 'keys' in parsed ? (parsed as { keys: unknown }).keys : [parsed];
  if (!Array.isArray(keys) || keys.length === 0) throw invalid('no keys');
  for (const key of keys as unknown[]) {
    if (!key || typeof key !== 'object') throw invalid('a key is not an object');
    const jwk = key as Record<string, unknown>;
    if (jwk.kty !== 'RSA' && jwk.kty !== 'EC') throw invalid(`key type ${JSON.stringify(jwk.kty)} is not RSA or EC`);
    const extra = Object.keys(jwk).filter((member) => !PUBLIC_JWK_MEMBERS.has(member));
    if (extra.length > 0) throw invalid(`a key has ${extra.join(', ')}, which a public key does not (never give the private key)`);
  }
  if (keys.length > 1 && new Set(keys.map((key: { kid?: unknown }) => key.kid)).size !== keys.length) throw invalid('several keys need distinct "kid"s');
  const jwks = JSON.stringify({ keys });
  // Lambda's environment holds 4 KB in all; a few public keys fit well under this.
  if (jwks.length > MAX_CUSTOM_TOKEN_JWKS_CHARS) throw invalid(`${jwks.length} characters, more than the ${MAX_CUSTOM_TOKEN_JWKS_CHARS} the triggers' environment can hold`);
  return { jwks, audience: audience ?? tenant, ...(issuer ? { issuer } : {}) };
}

export function parseTenantContext(context: Record<string, unknown>): TenantSettings {
  const tenant = optionalString(context, 'tenant');
  if (tenant === undefined) {
    throw new ContextError('Missing context "tenant": run e.g. `npx cdk synth -c tenant=demo`.');
  }
  checked(
    tenant,
    'tenant',
    TENANT_PATTERN,
    'use 1-32 lowercase letters, digits or hyphens, starting and ending with a letter or digit (e.g. acme-shop)',
  );
  const region = checked(optionalString(context, 'region') ?? DEFAULT_REGION, 'region', REGION_PATTERN, 'expected an AWS region such as eu-west-1');
  const adminEmail = checked(optionalString(context, 'adminEmail')?.toLowerCase(), 'adminEmail', EMAIL_PATTERN, 'expected an email address');
  const alarmEmail = checked(optionalString(context, 'alarmEmail')?.toLowerCase(), 'alarmEmail', EMAIL_PATTERN, 'expected an email address');
  const publicSiteUrl = checked(optionalString(context, 'publicSiteUrl'), 'publicSiteUrl', /^https?:\/\/\S+$/, 'expected an http(s) URL');
  // Same origin by design (spec: token sync), so a path such as /api/tokenSync or a full URL.
  const tokenSyncUrl = checked(optionalString(context, 'tokenSyncUrl'), 'tokenSyncUrl', /^(?:\/|https:\/\/)\S*$/, 'expected a path starting with / or an https URL');
  const domainName = checked(optionalString(context, 'domainName')?.toLowerCase(), 'domainName', DOMAIN_PATTERN, 'expected a DNS name such as app.example.com');
  const certificateArn = checked(optionalString(context, 'certificateArn'), 'certificateArn', ACM_ARN_PATTERN, 'expected an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from there)');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new ContextError('Context "domainName" and "certificateArn" go together: give both or neither.');
  }
  const aiProvider = optionalString(context, 'aiProvider') ?? DEFAULT_AI_PROVIDER;
  if (!(DEPLOYMENT_AI_PROVIDERS as readonly string[]).includes(aiProvider)) {
    throw new ContextError(
      `Invalid context "aiProvider" = "${aiProvider}": expected ${DEPLOYMENT_AI_PROVIDERS.join(' or ')} (OpenAI-compatible endpoints and Gemini are chosen per brand in Integraciones, where their keys are sealed).`,
    );
  }
  const model = (key: string) => checked(optionalString(context, key), key, BEDROCK_MODEL_PATTERN, BEDROCK_MODEL_HINT);
  const bedrock = {
    bedrockTextModelId: model('bedrockTextModelId'),
    bedrockImageModelId: model('bedrockImageModelId'),
    bedrockVideoModelId: model('bedrockVideoModelId'),
    bedrockEmbeddingModelId: model('bedrockEmbeddingModelId'),
    bedrockEmbeddingDimensions: optionalPositiveInt(context, 'bedrockEmbeddingDimensions', MAX_EMBEDDING_DIMENSIONS),
    bedrockRegion: checked(optionalString(context, 'bedrockRegion'), 'bedrockRegion', REGION_PATTERN, 'expected an AWS region such as eu-west-1'),
  };
  return {
    tenant,
    region: region ?? DEFAULT_REGION,
    adminEmail,
    alarmEmail,
    partnerName: optionalString(context, 'partnerName'),
    publicSiteUrl,
    tokenSyncUrl,
    domainName,
    certificateArn,
    aiProvider: aiProvider as DeploymentAiProvider,
    ...bedrock,
    dailyGenerationQuota: optionalPositiveInt(context, 'dailyGenerationQuota', MAX_DAILY_GENERATION_QUOTA),
    socialAppsSecret: socialAppsSecretOf(optionalString(context, 'socialAppsSecret'), region ?? DEFAULT_REGION),
    customToken: customTokenOf(context, tenant),
  };
}
