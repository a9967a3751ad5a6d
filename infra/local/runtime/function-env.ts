/**
 * The environment a function's execution environment gets in the twin (issue 10 item 1): the
 * variables the stack gives it (template, resolved to the twin's resources), the ones the Lambda
 * runtime adds, and a short, documented list of twin settings (README "Where the twin differs"):
 *
 * - every AWS SDK call goes to the twin's AWS gateway (`AWS_ENDPOINT_URL`), signed with the
 *   function's own key pair, which is how the gateway knows whose IAM policy to apply;
 * - path-style S3 (s3rver), and Powertools at WARN unless the shell says otherwise;
 * - the developer's AI settings (AI_PROVIDER, OPENAI_*, GEMINI_*, IMAGEN_API_KEY, BEDROCK_*,
 *   DAILY_GENERATION_QUOTA) on the functions the stack gives AI settings to, so the twin can run
 *   offline or against a model of your choice without another synth;
 * - the mail catcher (SMTP_*), the offline speech engine (OFFLINE_TTS), WIDGET_DAILY_ANSWER_QUOTA and
 *   the daily quotas of shared/quotas.ts (DAILY_CHAT_TURN_QUOTA, …; issue 16 finding 2);
 * - OUTBOUND_ALLOWED_ORIGINS: the exact `host:port` origins the outbound HTTP client may reach
 *   although their address is local or private (a self-hosted model, the tests' stub servers);
 *   the stack never sets it, so in AWS only public addresses are reachable;
 * - the dashboard address in e-mails (SITE_URL) is the twin's origin instead of CloudFront's, and
 *   the public blog has no SITE_ORIGIN, so it names the host it was reached by (localhost or 127.0.0.1);
 * - without real AWS credentials there is no Polly or Transcribe, so SPEECH_PROVIDER and
 *   TRANSCRIPTION_PROVIDER are dropped and the functions say what they lack (as in a deployment
 *   without those grants);
 * - s3rver keeps no object versions (and does not serve ListObjectVersions), so UPLOADS_VERSIONED
 *   is 'false' where the stack sets it (issue 17: the account deletion lists current objects).
 */
import { DAILY_QUOTAS, UPLOADS_VERSIONED_ENV } from '@director-ia/shared';
import type { DeployedFunction } from '../deployment/template';

/** Shell variables passed to the functions that the stack gives AI settings (AI_PROVIDER) to. */
const AI_SETTINGS = /^(AI_PROVIDER|OPENAI_[A-Z_]+|GEMINI_[A-Z_]+|IMAGEN_API_KEY|BEDROCK_[A-Z_]+|DAILY_GENERATION_QUOTA)$/;
/** Shell variables passed to every function when set. */
const TWIN_SETTINGS = ['OFFLINE_TTS', 'WIDGET_DAILY_ANSWER_QUOTA', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'OUTBOUND_ALLOWED_ORIGINS', ...Object.values(DAILY_QUOTAS).map((rule) => rule.env)];
/** Variables that turn on AWS services the twin only reaches with real credentials. */
const REAL_AWS_ONLY = ['SPEECH_PROVIDER', 'TRANSCRIPTION_PROVIDER'];

export interface FunctionEnvOptions {
  region: string;
  /** The twin's AWS gateway (./aws-gateway). */
  gatewayUrl: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The twin's settings (see the module header), usually process.env after the twin set its defaults. */
  settings: Record<string, string | undefined>;
  siteUrl: string;
  /** Whether AWS services the twin does not emulate can be reached (the developer's credentials). */
  realAws: boolean;
}

/** The complete `process.env` of `fn`'s execution environments. */
export function functionEnvironment(fn: DeployedFunction, options: FunctionEnvOptions): Record<string, string> {
  const env: Record<string, string> = { ...fn.environment };
  if ('AI_PROVIDER' in fn.environment) {
    for (const [name, value] of Object.entries(options.settings)) if (AI_SETTINGS.test(name) && value !== undefined) env[name] = value;
  }
  for (const name of TWIN_SETTINGS) if (options.settings[name] !== undefined) env[name] = options.settings[name] as string;
  if ('SITE_URL' in env) env.SITE_URL = options.settings.SITE_URL ?? options.siteUrl;
  delete env.SITE_ORIGIN;
  if (!options.realAws) for (const name of REAL_AWS_ONLY) delete env[name];
  if (UPLOADS_VERSIONED_ENV in env) env[UPLOADS_VERSIONED_ENV] = 'false';
  const logGroup = `/aws/lambda/${fn.name}`;
  return {
    ...env,
    // What the Lambda runtime sets (https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime).
    AWS_REGION: options.region,
    AWS_DEFAULT_REGION: options.region,
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: logGroup,
    AWS_LAMBDA_LOG_STREAM_NAME: 'local',
    LAMBDA_TASK_ROOT: fn.codeDir,
    _HANDLER: fn.handler,
    AWS_ACCESS_KEY_ID: options.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: options.credentials.secretAccessKey,
    LANG: 'en_US.UTF-8',
    // The twin's own (see the module header).
    AWS_ENDPOINT_URL: options.gatewayUrl,
    S3_FORCE_PATH_STYLE: 'true',
    POWERTOOLS_LOG_LEVEL: options.settings.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  };
}
