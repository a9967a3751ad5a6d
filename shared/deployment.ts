/**
 * The deployment contract (issue 11): names and shapes that the CDK stack (infra/), the Lambda
 * code (lambdas/) and the local twin (infra/local) must agree on. infra never imports Lambda
 * code; both sides read these from here, so the stack, the bundles and the twin cannot drift.
 * Declarations only.
 */
import type { UploadKind } from './uploads';

/**
 * The single DynamoDB table's key schema (architecture "Data"). The CDK table and the local
 * twin's CreateTable are both derived from this, so entities and infrastructure cannot drift.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** GSI1 serves cross-tenant lookups (admin user list, later blog by slug, widget by uid). */
  gsi1: { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /**
   * Time to live: DynamoDB deletes an item some time after this epoch-seconds attribute has passed
   * (rate-limit counters, lambdas/platform/db/counters.ts). Deletion is lazy and DynamoDB Local
   * never deletes, so code must not rely on it: expired items are ignored by the code that reads them.
   */
  timeToLiveAttribute: 'expiresAt',
} as const;

/** Environment variable every function reads for the table name. */
export const TABLE_NAME_ENV = 'TABLE_NAME';

/** Environment variable with the Cognito app client id whose access tokens the callables accept. */
export const USER_POOL_CLIENT_ID_ENV = 'USER_POOL_CLIENT_ID';

/** Environment variable with the Cognito user pool id, for the functions that manage users (issue 17). */
export const USER_POOL_ID_ENV = 'USER_POOL_ID';

/** Environment variable with the secret CloudFront adds to API requests (client-ip.ts). */
export const ORIGIN_VERIFY_SECRET_ENV = 'ORIGIN_VERIFY_SECRET';
/** Added by CloudFront to every request to the API origin (an origin custom header). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Set by the `/api/*` CloudFront Function to the viewer's IP (IPv4 or IPv6, no port). */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/** The dashboard's address, for links in notices (the twin sets it; in AWS, the site URL). */
export const SITE_URL_ENV = 'SITE_URL';
/** The network apps secret's ARN (issue 12: each social network's OAuth client), on the functions that connect, refresh or revoke. */
export const SOCIAL_APPS_SECRET_ENV = 'SOCIAL_APPS_SECRET';
/**
 * EventBridge Scheduler (issue 13: each scheduled post fires a one-time schedule at its instant),
 * on the functions that create, move or delete those schedules: the schedule group they live in,
 * the execution role the Scheduler assumes (the caller needs iam:PassRole on it), the function the
 * schedules invoke and, optionally, the SQS queue that receives what could not be delivered.
 */
export const SCHEDULE_GROUP_ENV = 'SCHEDULE_GROUP';
export const SCHEDULER_ROLE_ARN_ENV = 'SCHEDULER_ROLE_ARN';
export const SCHEDULE_TARGET_ARN_ENV = 'SCHEDULE_TARGET_ARN';
export const SCHEDULE_DEAD_LETTER_ARN_ENV = 'SCHEDULE_DEAD_LETTER_ARN';

/**
 * Issue 14: the inbox worker's function name (fixed: `<stack>-inbox`), which the webhook function
 * and the sweep invoke asynchronously with an InboxWorkerEvent (lambdas/core/inbox/types.ts).
 */
export const INBOX_WORKER_FUNCTION_ENV = 'INBOX_WORKER_FUNCTION';

/**
 * Issue 17 item 2: the data-rights worker's function name (fixed: `<stack>-data-rights`), which
 * solicitarExportacion and eliminarCuenta invoke asynchronously (lambdas/events/dataRights.ts).
 */
export const DATA_RIGHTS_WORKER_FUNCTION_ENV = 'DATA_RIGHTS_WORKER_FUNCTION';
/** The render function's name (issue 18: soundtracks and composed video), set on the callables that queue renders. */
export const RENDER_WORKER_FUNCTION_ENV = 'RENDER_WORKER_FUNCTION';
/**
 * Issue 17 item 2: 'true' when the uploads bucket keeps object versions (the stack's does), so an
 * account deletion removes every version and delete marker; the twin's s3rver keeps none and sets 'false'.
 */
export const UPLOADS_VERSIONED_ENV = 'UPLOADS_VERSIONED';
/** Issue 17 item 2: `users/<sub>/exports/<id>.zip`, the data exports (kept one day by a lifecycle rule). */
export const EXPORTS_KEY_SEGMENT = 'exports';

/**
 * Issue 14: the networks' webhooks reach the API under this path (CloudFront `/webhooks/*`):
 * `GET|POST /webhooks/{network}` (Meta: facebook, instagram) and `POST /webhooks/telegram/{routeKey}`.
 */
export const WEBHOOKS_PREFIX = '/webhooks';
/**
 * Issue 14: the ARN of the Secrets Manager secret holding the Meta webhook verify token (a random
 * string, the whole SecretString), on the webhook function only: `GET /webhooks/{network}` answers
 * Meta's verification request when `hub.verify_token` equals it.
 */
export const WEBHOOK_VERIFY_SECRET_ENV = 'WEBHOOK_VERIFY_SECRET';
/** The verify-token secret's name in a tenant's stack (fixed, so DevOps can read it by name; the twin registers the same). */
export const webhookVerifySecretName = (tenant: string): string => `director-ia/${tenant}/meta-webhook-verify-token`;

/**
 * The folder of each upload kind under the user's prefix `users/<sub>/` (architecture "Files").
 * Keyed by `UploadKind` (shared/uploads.ts); infra derives IAM key patterns from these.
 */
export const KEY_SEGMENT = {
  knowledge: 'knowledge',
  blogHeader: 'blog',
  voiceSample: 'voice-samples',
  identityVideo: 'identity-videos',
  chatImage: 'chat-images',
  chatVoice: 'chat-voice',
  videoImage: 'video-images',
  videoAudio: 'video-audio',
  soundtrack: 'soundtracks',
} as const satisfies Readonly<Record<UploadKind, string>>;

/** The folder of generated assets under the user's prefix. */
export const ASSET_KEY_SEGMENT = 'assets';

/** The folder of voice-note transcripts under the user's prefix (issue 6 item 3). */
export const CHAT_TRANSCRIPT_SEGMENT = 'chat-transcripts';

/** Prefix of every transcription job the chat starts (the IAM grant is limited to it). */
export const TRANSCRIPTION_JOB_PREFIX = 'chat-';

/** The AI providers a deployment may choose (architecture "AI"; cdk context `aiProvider`). */
export type AiProviderId = 'offline' | 'bedrock' | 'openai-compatible' | 'gemini';

/**
 * Issue 16 finding 5: what a sealed secret is for. Every sealed value's encryption context names
 * its `purpose` next to the tenant and the field (lambdas/platform/secrets), and each function's
 * grant on the secrets key is limited to the purposes it needs (infra/functions.ts 'secrets:*'
 * permissions, kms:EncryptionContext:purpose and :field conditions). The fields of each purpose
 * are IAM wildcard patterns (`*` = any run of characters): the seal code derives a field's purpose
 * from them, and the grants test the field too, so values sealed before purposes existed (context
 * {tenant, field} only) open for the same functions and no others.
 */
export const SECRET_PURPOSE_FIELDS = {
  /** The brand's own AI provider keys (Integraciones). */
  'ai-key': ['openaiApiKey', 'geminiApiKey', 'imagenApiKey'],
  /** The brand's Gmail app password (owner notices: new leads, failure digests). */
  gmail: ['gmailAppPassword'],
  /** Social network tokens: `social:<network>:access|refresh` and page/bot tokens `social:<network>:target:<id>`. */
  'social-token': ['social:*'],
  /** The PKCE verifier of an OAuth consent in flight: `oauth:<stateHash>:verifier`. */
  'oauth-verifier': ['oauth:*:verifier'],
} as const satisfies Record<string, readonly string[]>;

export type SecretPurpose = keyof typeof SECRET_PURPOSE_FIELDS;

/**
 * The functions' custom metrics (issue 16 observability): CloudWatch namespace, the dimensions
 * every datum carries and the metric names, shared by the emitters (lambdas/platform/metrics.ts,
 * embedded metric format on stdout) and the stack's alarms and dashboard
 * (infra/constructs/observability.ts). Powertools adds the `service` dimension itself.
 */
export const METRICS_NAMESPACE = 'DirectorIa';
/** Environment variable with the tenant's stack name, the `stack` dimension of every metric. */
export const METRICS_STACK_ENV = 'METRICS_STACK';
/** Dimension names: `service` (Powertools, POWERTOOLS_SERVICE_NAME), `stack`; `code` on CallableErrors only. */
export const METRIC_DIMENSIONS = { service: 'service', stack: 'stack', code: 'code' } as const;
/** Metric names (units: counts, except CallableLatency in milliseconds). */
export const METRIC_NAMES = {
  /** One per callable request that reached the function. */
  callableInvocations: 'CallableInvocations',
  /** One per callable error response, with its wire status as the `code` dimension. */
  callableErrors: 'CallableErrors',
  /** Time from the request entering the middlewares to its response, ms. */
  callableLatency: 'CallableLatency',
  /** AI provider failures: throttling, 5xx, unreachable, refusals, unusable output. */
  aiProviderErrors: 'AiProviderErrors',
  /** Publication attempts that failed (the post is marked failed) or missed their time. */
  publishingFailures: 'PublishingFailures',
  /** Social token refreshes that failed (retried by the next run) or were refused (reconnect). */
  tokenRefreshFailures: 'TokenRefreshFailures',
} as const;

/**
 * Issue 17 item 3 (spec 4 "sign-in with a custom token"): the custom-token sign-in triggers'
 * trust, from the deployment's CDK context (infra/context.ts `customToken*`). The public key(s)
 * that sign the tokens a host page passes (a JWK or a JWKS `{"keys": [...]}`, JSON), the audience
 * (`aud`) they must carry and, optionally, the issuer (`iss`). Without the key the triggers refuse.
 */
export const CUSTOM_TOKEN_JWKS_ENV = 'CUSTOM_TOKEN_JWKS';
export const CUSTOM_TOKEN_AUDIENCE_ENV = 'CUSTOM_TOKEN_AUDIENCE';
export const CUSTOM_TOKEN_ISSUER_ENV = 'CUSTOM_TOKEN_ISSUER';
/** The one challenge of the custom-token flow: the answer is the token itself. */
export const CUSTOM_TOKEN_CHALLENGE = 'CUSTOM_CHALLENGE';
/** The challenge's metadata, recorded in Cognito's session (DefineAuthChallenge checks it). */
export const CUSTOM_TOKEN_CHALLENGE_METADATA = 'CUSTOM_TOKEN';
