/**
 * What the AI settings of a deployment mean for a function that uses AI: the environment the
 * provider layer reads (lambdas/platform/ai/config.ts and providers/bedrock/client.ts) and the Bedrock
 * resources its role may invoke. Only values given in context are set: the model defaults live in
 * providers/bedrock/client.ts alone, so a deployment without overrides follows the code's current models.
 */
import { Aws, Fn, Token } from 'aws-cdk-lib';
import type { TenantSettings } from './context';

/** Environment variable names of the AI provider layer. */
export const AI_ENV = {
  provider: 'AI_PROVIDER',
  textModel: 'BEDROCK_TEXT_MODEL_ID',
  imageModel: 'BEDROCK_IMAGE_MODEL_ID',
  /** Async video generation (iniciarVideo); unset = video unavailable, said plainly by the app. */
  videoModel: 'BEDROCK_VIDEO_MODEL_ID',
  embeddingModel: 'BEDROCK_EMBEDDING_MODEL_ID',
  embeddingDimensions: 'BEDROCK_EMBEDDING_DIMENSIONS',
  region: 'BEDROCK_REGION',
  /** Read by the generators' quota (lambdas/core/generation/quota.ts). */
  dailyGenerationQuota: 'DAILY_GENERATION_QUOTA',
} as const;

export type AiSettings = Pick<
  TenantSettings,
  'aiProvider' | 'bedrockTextModelId' | 'bedrockImageModelId' | 'bedrockVideoModelId' | 'bedrockEmbeddingModelId' | 'bedrockEmbeddingDimensions' | 'bedrockRegion' | 'dailyGenerationQuota'
>;

/**
 * The environment of AI functions. AI_PROVIDER is always set: the layer's own default is
 * `offline` (the local twin), which a deployment must never fall back to by omission.
 */
export function aiEnvironment(settings: AiSettings): Record<string, string> {
  const entries: [string, string | number | undefined][] = [
    [AI_ENV.provider, settings.aiProvider],
    [AI_ENV.textModel, settings.bedrockTextModelId],
    [AI_ENV.imageModel, settings.bedrockImageModelId],
    [AI_ENV.videoModel, settings.bedrockVideoModelId],
    [AI_ENV.embeddingModel, settings.bedrockEmbeddingModelId],
    [AI_ENV.embeddingDimensions, settings.bedrockEmbeddingDimensions],
    [AI_ENV.region, settings.bedrockRegion],
    [AI_ENV.dailyGenerationQuota, settings.dailyGenerationQuota],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]));
}

/**
 * The geography of `region` as an IAM region pattern: `eu-central-1` → `eu-*` (a token region
 * is split at deploy time).
 */
function geographyOf(region: string): string {
  const prefix = Token.isUnresolved(region) ? Fn.select(0, Fn.split('-', region)) : (region.split('-')[0] ?? region);
  return `${prefix}-*`;
}

/**
 * What bedrock:InvokeModel is granted on (issue 16: scoped to the Bedrock region, `region`). Model
 * ids are configuration (context, and a brand may pick Bedrock in Integraciones): this account's
 * inference profiles in `region`; the foundation models of `region`'s geography, where a
 * geographic cross-region profile (`eu.`, `us.`, `apac.`) routes; and the region-less foundation
 * model ARN a global profile (`global.`) is authorized on.
 */
export function bedrockInvokeResources(region: string): string[] {
  return [
    `arn:${Aws.PARTITION}:bedrock:${geographyOf(region)}::foundation-model/*`,
    `arn:${Aws.PARTITION}:bedrock:::foundation-model/*`,
    `arn:${Aws.PARTITION}:bedrock:${region}:${Aws.ACCOUNT_ID}:inference-profile/*`,
  ];
}

/**
 * What the video jobs' grants (StartAsyncInvoke authorizes as bedrock:InvokeModel; GetAsyncInvoke)
 * are on: the models (as for InvokeModel) and this account's async invocations in `region`.
 */
export function bedrockAsyncResources(region: string): string[] {
  return [...bedrockInvokeResources(region), `arn:${Aws.PARTITION}:bedrock:${region}:${Aws.ACCOUNT_ID}:async-invoke/*`];
}
