/**
 * What every function of the tenant stack may do, read back from the synthesized template: the
 * exact `action @ resource` set of each role (table access with the profile read of `active`
 * callables, uploads prefixes, the secrets key, Bedrock, the social network apps secret), the
 * environment those permissions imply, the secrets key itself, the knowledge processing Lambda and its S3 notification, and the cdk-nag
 * acknowledgements of the wildcards, which sit only on the roles that need them.
 */
import { Validations } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { aiEnvironment, AI_ENV } from '../../../../infra/ai';
import { SECRETS_KMS_KEY_ARN_ENV, SOCIAL_APPS_SECRET_ENV, SPEECH_PROVIDER_ENV } from '../../../../infra/constructs/grants';
import { KNOWLEDGE_NODE_MODULES } from '../../../../infra/constructs/jobs';
import { XRAY_WILDCARD_REASON } from '../../../../infra/constructs/node-function';
import {
  accessOf,
  FUNCTION_ACCESS,
  KNOWLEDGE_UPLOADED_ACCESS,
  OAUTH_CALLBACK_ACCESS,
  PERMISSIONS,
  SOCIAL_TOKENS_ACCESS,
  tableAccessFor,
  unionTableAccess,
  type TableAccess,
} from '../../../../infra/functions';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { DAILY_GENERATION_QUOTA_ENV } from '../../../../lambdas/core/generation/quota';
import { bedrockModelsFromEnv } from '../../../../lambdas/platform/ai/providers/bedrock/text';
import { defaultAiProvider } from '../../../../lambdas/platform/ai';
import { SECRETS_KMS_KEY_ARN_ENV as LAMBDA_SECRETS_ENV } from '../../../../lambdas/platform/secrets';
import { CALLABLES, CALLABLE_NAMES, SECRET_PURPOSE_FIELDS, USER_POOL_ID_ENV, type CallableName, type SecretPurpose } from '@director-ia/shared';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { identityPolicies, logicalId, permissionLines, statementsOfRole, type Resource, type Statement } from '../../../support/template-iam';

type FunctionName = CallableName | 'preSignUp' | 'knowledgeUploaded' | 'blogDrafts' | 'socialTokens' | 'oauthCallback' | 'publisher' | 'publishingSweep' | 'socialWebhook' | 'inboxWorker' | 'trackedRedirect' | 'dataRights' | 'render';

const AI_CONTEXT = {
  aiProvider: 'bedrock',
  bedrockTextModelId: 'eu.amazon.nova-pro-v1:0',
  bedrockImageModelId: 'stability.sd3-5-large-v1:0',
  bedrockVideoModelId: 'luma.ray-v2:0',
  bedrockEmbeddingModelId: 'cohere.embed-v4:0',
  bedrockEmbeddingDimensions: '1536', // as `-c bedrockEmbeddingDimensions=1536` passes it
  bedrockRegion: 'eu-central-1',
  dailyGenerationQuota: '12',
};
/** The social network apps secret, known by name (issue 12). */
const SOCIAL_CONTEXT = { socialAppsSecret: 'director-ia/demo/social-apps' };

/** Every role: its log group, and X-Ray active tracing's segments (issue 16; X-Ray has no resource scoping). */
const LOGS = ['logs:CreateLogStream @ logs', 'logs:PutLogEvents @ logs', 'xray:PutTelemetryRecords @ *', 'xray:PutTraceSegments @ *'];
const READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'].flatMap((action) => [
  `${action} @ table`,
  `${action} @ table/index/gsi1`,
]);
const WRITE = ['dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].map(
  (action) => `${action} @ table`,
);
const TABLE: Record<TableAccess, string[]> = { none: [], read: READ, write: WRITE, readWrite: [...READ, ...WRITE] };

/** Effective table access, written out (not derived): `active` callables always read. */
const EXPECTED_TABLE: Record<FunctionName, TableAccess> = {
  obtenerPerfil: 'readWrite',
  guardarTema: 'readWrite', // declared 'write'; its access check reads the profile
  listarUsuarios: 'readWrite', // the one-time user directory backfill (issue 17)
  aprobarUsuario: 'readWrite',
  rechazarUsuario: 'readWrite',
  suspenderUsuario: 'readWrite',
  reactivarUsuario: 'readWrite',
  concederAdmin: 'readWrite',
  retirarAdmin: 'readWrite',
  listarAuditoria: 'read',
  solicitarSubida: 'readWrite',
  listarDocumentos: 'read',
  eliminarDocumento: 'readWrite',
  obtenerAjustesIA: 'read',
  obtenerCuotas: 'read',
  guardarAjustesIA: 'readWrite',
  obtenerIntegraciones: 'read',
  guardarIntegraciones: 'readWrite',
  obtenerAjustesBlog: 'read',
  guardarAjustesBlog: 'readWrite',
  generarImagen: 'readWrite',
  listarRecursos: 'read',
  eliminarRecurso: 'readWrite',
  generarIdentidad: 'readWrite',
  obtenerCapacidades: 'read',
  iniciarVideo: 'readWrite',
  estadoVideo: 'readWrite',
  obtenerWidget: 'readWrite', // public: IP load counter
  enviarMensajeWidget: 'readWrite',
  registrarLeadWidget: 'readWrite',
  listarLeads: 'read',
  actualizarLead: 'readWrite', // declared 'write'; its access check reads the profile
  eliminarLead: 'readWrite',
  obtenerConversacion: 'read',
  listarConversaciones: 'read',
  verConversacion: 'readWrite',
  responderConversacion: 'readWrite',
  aprobarRespuesta: 'readWrite',
  descartarRespuesta: 'readWrite',
  obtenerReglasBandeja: 'read',
  guardarReglasBandeja: 'readWrite', // declared 'write'; its access check reads the profile
  listarArticulos: 'read',
  generarArticulo: 'readWrite',
  guardarArticulo: 'readWrite',
  publicarArticulo: 'readWrite',
  eliminarArticulo: 'readWrite',
  listarPublicaciones: 'read',
  guardarPublicacion: 'readWrite',
  eliminarPublicacion: 'readWrite',
  generarPlanMensual: 'readWrite',
  aprobarPlan: 'readWrite',
  rechazarPlan: 'readWrite',
  editarPropuesta: 'readWrite',
  publicarAhora: 'readWrite',
  resolverPublicacion: 'readWrite',
  adaptarPublicacion: 'read',
  enviarMensajeChat: 'readWrite',
  listarMensajesChat: 'readWrite',
  confirmarAccionChat: 'readWrite',
  listarRedes: 'read',
  initiateOAuth: 'readWrite', // declared 'write' (the state); its access check reads the profile
  completarOAuth: 'readWrite',
  conectarTelegram: 'readWrite',
  elegirDestinos: 'readWrite',
  desconectarRed: 'readWrite',
  // Campañas (issue 15).
  listarCampanas: 'read',
  verCampana: 'readWrite',
  generarCampana: 'readWrite',
  editarCampana: 'readWrite',
  aprobarCampana: 'readWrite',
  eliminarCampana: 'readWrite',
  guardarGastoCampana: 'readWrite',
  obtenerCifrasMes: 'read',
  listarCuentasPublicitarias: 'readWrite',
  crearBorradorMeta: 'readWrite',
  preSignUp: 'write',
  knowledgeUploaded: 'readWrite',
  blogDrafts: 'readWrite',
  socialTokens: 'readWrite',
  oauthCallback: 'none',
  publisher: 'readWrite',
  publishingSweep: 'readWrite',
  socialWebhook: 'readWrite',
  inboxWorker: 'readWrite',
  // Tracked links (issue 15): claim, link and salt reads; salt, visitor and counter writes. Nothing else.
  trackedRedirect: 'readWrite',
  // Data rights (issue 17 item 2).
  solicitarExportacion: 'readWrite',
  obtenerMisDatos: 'read',
  guardarRetencion: 'readWrite',
  eliminarCuenta: 'readWrite',
  exportarLead: 'read',
  dataRights: 'readWrite',
  proponerGuion: 'readWrite',
  crearBandaSonora: 'readWrite',
  crearVideo: 'readWrite',
  estadoRender: 'readWrite',
  listarRenders: 'readWrite',
  render: 'readWrite',
};

const KNOWLEDGE = 'uploads/users/*/knowledge/*';
const BLOG = 'uploads/users/*/blog/*';
const ASSETS = 'uploads/users/*/assets/*';
const VOICE_SAMPLES = 'uploads/users/*/voice-samples/*';
const IDENTITY_VIDEOS = 'uploads/users/*/identity-videos/*';
const CHAT_IMAGES = 'uploads/users/*/chat-images/*';
const CHAT_VOICE = 'uploads/users/*/chat-voice/*';
const CHAT_TRANSCRIPTS = 'uploads/users/*/chat-transcripts/*';
/** Issue 18: what a render starts from (uploads), and the render function (its fixed name). */
const VIDEO_IMAGES = 'uploads/users/*/video-images/*';
const VIDEO_AUDIO = 'uploads/users/*/video-audio/*';
const SOUNDTRACKS = 'uploads/users/*/soundtracks/*';
const MEDIA_INPUTS = [VIDEO_IMAGES, VIDEO_AUDIO, SOUNDTRACKS].map((keys) => `s3:GetObject @ ${keys}`);
const INVOKE_RENDER = 'lambda:InvokeFunction @ arn:aws:lambda:eu-west-1:<AWS::AccountId>:function:DirectorIa-demo-render';
// StartTranscriptionJob takes no resource type: IAM matches it only on "*".
const TRANSCRIBE_JOBS = ['transcribe:StartTranscriptionJob @ *', 'transcribe:GetTranscriptionJob @ arn:<AWS::Partition>:transcribe:<AWS::Region>:<AWS::AccountId>:transcription-job/chat-*'];
const POLLY = 'polly:SynthesizeSpeech @ *';
// Issue 16: Bedrock in the configured region (eu-central-1): its geography's models (geographic
// cross-region profiles), the region-less model ARN (global profiles), its inference profiles and jobs.
const FOUNDATION_MODELS = 'arn:<AWS::Partition>:bedrock:eu-*::foundation-model/*';
const GLOBAL_MODELS = 'arn:<AWS::Partition>:bedrock:::foundation-model/*';
const INFERENCE_PROFILES = 'arn:<AWS::Partition>:bedrock:eu-central-1:<AWS::AccountId>:inference-profile/*';
const ASYNC_INVOCATIONS = 'arn:<AWS::Partition>:bedrock:eu-central-1:<AWS::AccountId>:async-invoke/*';
const BEDROCK = [FOUNDATION_MODELS, GLOBAL_MODELS, INFERENCE_PROFILES].map((resource) => `bedrock:InvokeModel @ ${resource}`);
// GetSecretValue on the one social apps secret: known by name, so the policy adds Secrets Manager's suffix.
const SOCIAL_APPS = 'secretsmanager:GetSecretValue @ arn:aws:secretsmanager:eu-west-1:<AWS::AccountId>:secret:director-ia/demo/social-apps-??????';
const SEAL = 'kms:GenerateDataKey @ secretsKey';
// The publications' schedules: put/delete in the stack's group, and passing the Scheduler's role to the Scheduler.
const SCHEDULES = ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule']
  .map((action) => `${action} @ arn:aws:scheduler:eu-west-1:<AWS::AccountId>:schedule/DirectorIa-demo-publications/*`)
  .concat('iam:PassRole @ schedulerRole');
const OPEN = 'kms:Decrypt @ secretsKey';
/** Issue 14: the Meta webhook verify token (the stack's own secret) and the inbox worker (its fixed name). */
const VERIFY_TOKEN = 'secretsmanager:GetSecretValue @ verifyToken';
const INVOKE_WORKER = 'lambda:InvokeFunction @ arn:aws:lambda:eu-west-1:<AWS::AccountId>:function:DirectorIa-demo-inbox';
/** Issue 17 item 2: the data-rights worker (its fixed name), the export zips, a user's whole prefix. */
const INVOKE_DATA_RIGHTS = 'lambda:InvokeFunction @ arn:aws:lambda:eu-west-1:<AWS::AccountId>:function:DirectorIa-demo-data-rights';
const EXPORTS = 'uploads/users/*/exports/*';
const USERS = 'uploads/users/*';
// StartAsyncInvoke authorizes as bedrock:InvokeModel; reading a job is bedrock:GetAsyncInvoke.
const asyncLines = (action: string) => [FOUNDATION_MODELS, GLOBAL_MODELS, INFERENCE_PROFILES, ASYNC_INVOCATIONS].map((resource) => `${action} @ ${resource}`);
const ASYNC_START = asyncLines('bedrock:InvokeModel');
const ASYNC_STATUS = asyncLines('bedrock:GetAsyncInvoke');

/** The mobile chat's send and history functions: chat media, assets, the brand's key, the model, Transcribe and transcripts. */
const CHAT_EXTRA = [
  `s3:GetObject @ ${CHAT_IMAGES}`,
  `s3:GetObject @ ${CHAT_VOICE}`,
  `s3:GetObject @ ${ASSETS}`,
  'kms:Decrypt @ secretsKey',
  ...BEDROCK,
  ...TRANSCRIBE_JOBS,
  `s3:PutObject @ ${CHAT_TRANSCRIPTS}`,
  `s3:GetObject @ ${CHAT_TRANSCRIPTS}`,
];

/** Everything beyond logs and table, per function (absent = nothing). */
const USER_POOL = 'userPool';
const EXPECTED_EXTRA: Partial<Record<FunctionName, string[]>> = {
  // Issue 17 item 1: the approval e-mail through the admin's Gmail; the admins group; global sign-out.
  aprobarUsuario: ['kms:Decrypt @ secretsKey'],
  rechazarUsuario: [`cognito-idp:AdminUserGlobalSignOut @ ${USER_POOL}`],
  suspenderUsuario: [`cognito-idp:AdminUserGlobalSignOut @ ${USER_POOL}`],
  concederAdmin: ['AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'ListUsersInGroup'].map((action) => `cognito-idp:${action} @ ${USER_POOL}`),
  retirarAdmin: ['AdminAddUserToGroup', 'AdminRemoveUserFromGroup', 'ListUsersInGroup', 'AdminUserGlobalSignOut'].map((action) => `cognito-idp:${action} @ ${USER_POOL}`),
  solicitarSubida: [
    `s3:PutObject @ ${KNOWLEDGE}`,
    `s3:PutObject @ ${BLOG}`,
    `s3:PutObject @ ${VOICE_SAMPLES}`,
    `s3:PutObject @ ${IDENTITY_VIDEOS}`,
    `s3:PutObject @ ${CHAT_IMAGES}`,
    `s3:PutObject @ ${CHAT_VOICE}`,
    `s3:PutObject @ ${VIDEO_IMAGES}`,
    `s3:PutObject @ ${VIDEO_AUDIO}`,
    `s3:PutObject @ ${SOUNDTRACKS}`,
  ],
  eliminarDocumento: [`s3:DeleteObject @ ${KNOWLEDGE}`, `s3:DeleteObjectVersion @ ${KNOWLEDGE}`],
  obtenerAjustesBlog: [`s3:GetObject @ ${BLOG}`],
  guardarAjustesBlog: [`s3:GetObject @ ${BLOG}`, `s3:DeleteObject @ ${BLOG}`],
  guardarIntegraciones: ['kms:GenerateDataKey @ secretsKey'],
  guardarAjustesIA: SCHEDULES,
  aprobarPlan: SCHEDULES,
  guardarPublicacion: SCHEDULES,
  eliminarPublicacion: SCHEDULES,
  publicarAhora: SCHEDULES,
  resolverPublicacion: SCHEDULES,
  generarImagen: [
    `s3:PutObject @ ${ASSETS}`,
    `s3:GetObject @ ${ASSETS}`,
    'kms:Decrypt @ secretsKey',
    ...BEDROCK,
  ],
  listarRecursos: [`s3:GetObject @ ${ASSETS}`],
  generarIdentidad: [
    `s3:PutObject @ ${ASSETS}`,
    `s3:GetObject @ ${ASSETS}`,
    'kms:Decrypt @ secretsKey',
    ...BEDROCK,
    POLLY,
    `s3:GetObject @ ${VOICE_SAMPLES}`,
    `s3:GetObject @ ${IDENTITY_VIDEOS}`,
  ],
  iniciarVideo: [...ASYNC_START, `s3:PutObject @ ${ASSETS}`],
  estadoVideo: [...ASYNC_STATUS, `s3:GetObject @ ${ASSETS}`],
  eliminarRecurso: [`s3:DeleteObject @ ${ASSETS}`, `s3:DeleteObjectVersion @ ${ASSETS}`],
  listarArticulos: [`s3:GetObject @ ${ASSETS}`],
  generarArticulo: ['kms:Decrypt @ secretsKey', ...BEDROCK, `s3:GetObject @ ${ASSETS}`],
  guardarArticulo: [`s3:GetObject @ ${ASSETS}`],
  publicarArticulo: [`s3:GetObject @ ${ASSETS}`],
  generarPlanMensual: ['kms:Decrypt @ secretsKey', ...BEDROCK],
  // Campañas (issue 15): the proposal as the plan's; approval schedules the posts as aprobarPlan.
  generarCampana: ['kms:Decrypt @ secretsKey', ...BEDROCK],
  aprobarCampana: SCHEDULES,
  adaptarPublicacion: ['kms:Decrypt @ secretsKey', ...BEDROCK],
  enviarMensajeWidget: ['kms:Decrypt @ secretsKey', ...BEDROCK],
  registrarLeadWidget: ['kms:Decrypt @ secretsKey'],
  enviarMensajeChat: CHAT_EXTRA,
  listarMensajesChat: CHAT_EXTRA,
  confirmarAccionChat: [
    `s3:PutObject @ ${ASSETS}`,
    `s3:GetObject @ ${ASSETS}`,
    'kms:Decrypt @ secretsKey',
    ...BEDROCK,
    ...SCHEDULES,
    INVOKE_RENDER,
  ],
  blogDrafts: ['kms:Decrypt @ secretsKey', ...BEDROCK],
  listarRedes: [SOCIAL_APPS],
  initiateOAuth: [SEAL, SOCIAL_APPS],
  completarOAuth: [SEAL, OPEN, SOCIAL_APPS],
  conectarTelegram: [SEAL, SOCIAL_APPS],
  // Subscribes newly selected pages to the inbox webhooks with their tokens (issue 14).
  elegirDestinos: [OPEN, SOCIAL_APPS],
  desconectarRed: [OPEN, SOCIAL_APPS],
  // Meta Ads draft (issue 15): the user token, the network apps; the draft also presigns its images.
  listarCuentasPublicitarias: [OPEN, SOCIAL_APPS],
  verCampana: [OPEN, SOCIAL_APPS],
  crearBorradorMeta: [OPEN, SOCIAL_APPS, `s3:GetObject @ ${ASSETS}`],
  responderConversacion: [OPEN, SEAL, SOCIAL_APPS],
  aprobarRespuesta: [OPEN, SEAL, SOCIAL_APPS],
  socialTokens: [SEAL, OPEN, SOCIAL_APPS],
  // Failed invocations go to the dead-letter queue (its on-failure destination): SendMessage only.
  publisher: [OPEN, SEAL, SOCIAL_APPS, `s3:GetObject @ ${ASSETS}`, ...SCHEDULES, 'sqs:SendMessage @ deadLetters'],
  // Issue 14: it polls YouTube comments with the channel's token (refreshed and sealed again).
  publishingSweep: [OPEN, SEAL, SOCIAL_APPS, ...SCHEDULES, INVOKE_WORKER],
  // Bandeja (issue 14): the webhook reads the apps and the verify token and hands messages to the
  // worker; the worker answers (AI, the brand's key), sends (tokens) and fails to its own queue.
  socialWebhook: [SOCIAL_APPS, VERIFY_TOKEN, INVOKE_WORKER],
  inboxWorker: [...BEDROCK, OPEN, SEAL, SOCIAL_APPS, 'sqs:SendMessage @ inboxDeadLetters'],
  solicitarExportacion: [INVOKE_DATA_RIGHTS],
  eliminarCuenta: [INVOKE_DATA_RIGHTS],
  obtenerMisDatos: [`s3:GetObject @ ${EXPORTS}`],
  // Export (list, read, put the tagged zip), deletion (social revoke, schedules, every object
  // version, the Cognito user), failures to the jobs' queue.
  dataRights: [
    's3:ListBucket @ uploads',
    's3:ListBucketVersions @ uploads',
    `s3:GetObject @ ${USERS}`,
    `s3:PutObject @ ${EXPORTS}`,
    `s3:PutObjectTagging @ ${EXPORTS}`,
    `s3:DeleteObject @ ${USERS}`,
    `s3:DeleteObjectVersion @ ${USERS}`,
    OPEN,
    SOCIAL_APPS,
    ...SCHEDULES,
    'cognito-idp:AdminDeleteUser @ userPool',
    'sqs:SendMessage @ jobsDeadLetters',
  ],
  // Issue 18: the render callables queue jobs on the render function; crearVideo reads the uploads it names.
  proponerGuion: ['kms:Decrypt @ secretsKey', ...BEDROCK],
  crearBandaSonora: [INVOKE_RENDER],
  crearVideo: [INVOKE_RENDER, ...MEDIA_INPUTS],
  estadoRender: [`s3:GetObject @ ${ASSETS}`],
  listarRenders: [`s3:GetObject @ ${ASSETS}`],
  // Reads the inputs, writes the result, the brand's provider, Polly (voice-over), Transcribe
  // (an audiogram's captions), the post's schedules (a video attached to an approved post), its DLQ.
  render: [
    ...MEDIA_INPUTS,
    `s3:PutObject @ ${ASSETS}`,
    `s3:GetObject @ ${ASSETS}`,
    'kms:Decrypt @ secretsKey',
    ...BEDROCK,
    POLLY,
    ...TRANSCRIBE_JOBS,
    `s3:PutObject @ ${CHAT_TRANSCRIPTS}`,
    `s3:GetObject @ ${CHAT_TRANSCRIPTS}`,
    ...SCHEDULES,
    'sqs:SendMessage @ jobsDeadLetters',
  ],
  knowledgeUploaded: [
    `s3:GetObject @ ${KNOWLEDGE}`,
    `s3:GetObjectVersion @ ${KNOWLEDGE}`,
    `s3:DeleteObject @ ${KNOWLEDGE}`,
    `s3:DeleteObjectVersion @ ${KNOWLEDGE}`,
    ...BEDROCK,
    // Its failed events' on-failure destination (issue 16).
    'sqs:SendMessage @ jobsDeadLetters',
  ],
};

/** The functions that declare ai:invoke (bedrock:InvokeModel and the AI environment). */
const AI_FUNCTIONS: FunctionName[] = ['knowledgeUploaded', 'generarImagen', 'generarIdentidad', 'enviarMensajeWidget', 'generarArticulo', 'generarPlanMensual', 'generarCampana', 'enviarMensajeChat', 'listarMensajesChat', 'confirmarAccionChat', 'blogDrafts', 'adaptarPublicacion', 'inboxWorker', 'proponerGuion', 'render'];
/** Issue 16: obtenerCapacidades reports the AI and speech settings (their environment) without any Bedrock or Polly grant. */
const AI_SETTINGS_ONLY: FunctionName[] = ['obtenerCapacidades'];
/** Bedrock async invocation (video jobs): AI environment and Bedrock wildcards too, no InvokeModel. */
const VIDEO_FUNCTIONS: FunctionName[] = ['iniciarVideo', 'estadoVideo'];

const ALL_FUNCTIONS = [...CALLABLE_NAMES, 'preSignUp', 'knowledgeUploaded', 'blogDrafts', 'socialTokens', 'oauthCallback', 'publisher', 'publishingSweep', 'socialWebhook', 'inboxWorker', 'trackedRedirect', 'dataRights', 'render'] as FunctionName[];
/** The functions that declare socialApps:read (GetSecretValue on the social apps secret and SOCIAL_APPS_SECRET). */
const SOCIAL_APPS_READERS: FunctionName[] = ['listarRedes', 'initiateOAuth', 'completarOAuth', 'conectarTelegram', 'elegirDestinos', 'desconectarRed', 'listarCuentasPublicitarias', 'crearBorradorMeta', 'verCampana', 'responderConversacion', 'aprobarRespuesta', 'socialTokens', 'publisher', 'publishingSweep', 'socialWebhook', 'inboxWorker', 'dataRights'];
/** Not callables: their entries are not in FUNCTION_ACCESS. */
const NON_CALLABLE_READERS: FunctionName[] = ['socialTokens', 'publisher', 'publishingSweep', 'socialWebhook', 'inboxWorker', 'dataRights'];

describe('function permissions (tenant stack with AI context)', () => {
  let stack: TenantStack;
  let template: Template;
  let assembly: CloudAssembly;

  useSynthesizedTenant({ tenant: 'demo', ...AI_CONTEXT, ...SOCIAL_CONTEXT }, { webBuild: false }, (synth) => ({ stack, template, assembly } = synth));

  const fnOf = (name: FunctionName): LambdaFunction => {
    const others: Record<Exclude<FunctionName, CallableName>, LambdaFunction> = {
      preSignUp: stack.auth.preSignUp,
      knowledgeUploaded: stack.jobs.knowledgeUploaded,
      blogDrafts: stack.jobs.blogDrafts,
      socialTokens: stack.jobs.socialTokens,
      oauthCallback: stack.oauthCallback.fn,
      publisher: stack.publishing.publisher,
      publishingSweep: stack.publishing.sweep,
      socialWebhook: stack.inbox.webhook,
      inboxWorker: stack.inbox.worker,
      trackedRedirect: stack.trackedLinks.redirect,
      dataRights: stack.dataRights.worker,
      render: stack.render.worker,
    };
    return name in others ? others[name as keyof typeof others] : stack.api.functions[name as CallableName];
  };
  const resourceOf = (name: FunctionName) => template.toJSON().Resources[logicalId(stack, fnOf(name))] as Resource;
  const roleIdOf = (name: FunctionName) => logicalId(stack, fnOf(name).role as never);
  const envOf = (name: FunctionName) => (resourceOf(name).Properties.Environment as { Variables: Record<string, unknown> }).Variables;

  /** The role's permissions with the stack's resources named. */
  function linesOf(name: FunctionName): string[] {
    const logGroup = (resourceOf(name).Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    return permissionLines(statementsOfRole(template, roleIdOf(name)), {
      [logicalId(stack, stack.data.table)]: 'table',
      [logicalId(stack, stack.storage.uploadsBucket)]: 'uploads',
      [logicalId(stack, stack.secrets.key)]: 'secretsKey',
      [logicalId(stack, stack.publicationSchedules.role)]: 'schedulerRole',
      [logicalId(stack, stack.publicationSchedules.deadLetters)]: 'deadLetters',
      [logicalId(stack, stack.inbox.deadLetters)]: 'inboxDeadLetters',
      [logicalId(stack, stack.jobs.deadLetters)]: 'jobsDeadLetters',
      [logicalId(stack, stack.secrets.webhookVerify)]: 'verifyToken',
      [logicalId(stack, stack.auth.userPool)]: 'userPool',
      [logGroup]: 'logs',
    });
  }

  it('callables share an execution role exactly when they declare the same access, and the role says which', () => {
    const declaration = (name: CallableName) => JSON.stringify([accessOf(name), tableAccessFor(accessOf(name), CALLABLES[name].access)]);
    for (const a of CALLABLE_NAMES) {
      for (const b of CALLABLE_NAMES) {
        if (a < b) expect(roleIdOf(a) === roleIdOf(b), `${a} / ${b}`).toBe(declaration(a) === declaration(b));
      }
    }
    const distinct = new Set(CALLABLE_NAMES.map(declaration)).size;
    expect(new Set(CALLABLE_NAMES.map(roleIdOf)).size).toBe(distinct);
    expect(distinct).toBeLessThan(CALLABLE_NAMES.length);
    const shared = CALLABLE_NAMES.filter((name) => CALLABLE_NAMES.some((other) => other !== name && roleIdOf(other) === roleIdOf(name)));
    for (const name of shared) {
      const description = (template.toJSON().Resources[roleIdOf(name)] as Resource).Properties.Description as string;
      expect(description).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it.each(ALL_FUNCTIONS)('%s has exactly its declared permissions', (name) => {
    const expected = new Set([...LOGS, ...TABLE[EXPECTED_TABLE[name]], ...(EXPECTED_EXTRA[name] ?? [])]);
    expect(linesOf(name)).toEqual([...expected].sort());
  });

  describe('user pool (issue 17 item 1)', () => {
    it('names the pool in USER_POOL_ID on exactly the functions with a user pool permission', () => {
      // The admin actions (issue 17 item 1) and the data-rights worker (AdminDeleteUser, item 2).
      const managers: FunctionName[] = ['rechazarUsuario', 'suspenderUsuario', 'concederAdmin', 'retirarAdmin', 'dataRights'];
      const poolId = { Ref: 'AuthUserPool8115E87F' };
      for (const name of ALL_FUNCTIONS) expect(envOf(name)[USER_POOL_ID_ENV]).toEqual(managers.includes(name) ? poolId : undefined);
    });
  });

  describe('table', () => {
    it('lets guardarTema (declared write, access active) read the caller profile', () => {
      expect(FUNCTION_ACCESS.guardarTema.table).toBe('write');
      expect(linesOf('guardarTema')).toContain('dynamodb:GetItem @ table');
    });

    it.each(CALLABLE_NAMES.filter((name) => CALLABLES[name].access !== 'public'))('%s (not public) can read the table', (name) => {
      expect(linesOf(name)).toContain('dynamodb:GetItem @ table');
    });

    it('keeps the PreSignUp trigger write-only (it is no callable)', () => {
      expect(linesOf('preSignUp').filter((line) => line.startsWith('dynamodb:GetItem'))).toEqual([]);
    });

    /** Issue 16: the functions whose item actions are limited to tenant partitions (the widget: and its per-IP counters). */
    const TENANT_ONLY: FunctionName[] = [
      'guardarTema', 'solicitarSubida', 'listarDocumentos', 'eliminarDocumento', 'obtenerAjustesIA',
      'obtenerIntegraciones', 'guardarIntegraciones', 'generarImagen', 'listarRecursos', 'eliminarRecurso', 'generarIdentidad', 'obtenerCapacidades',
      'iniciarVideo', 'estadoVideo', 'listarLeads', 'actualizarLead', 'eliminarLead', 'obtenerConversacion', 'listarConversaciones', 'verConversacion',
      'responderConversacion', 'aprobarRespuesta', 'descartarRespuesta', 'obtenerReglasBandeja', 'guardarReglasBandeja', 'adaptarPublicacion', 'listarRedes',
      'elegirDestinos', 'desconectarRed', 'eliminarCampana', 'socialTokens', 'knowledgeUploaded', 'obtenerCuotas',
      'solicitarExportacion', 'obtenerMisDatos', 'guardarRetencion', 'exportarLead',
      'proponerGuion', 'crearBandaSonora', 'crearVideo', 'estadoRender', 'listarRenders',
    ];
    const WIDGET: FunctionName[] = ['obtenerWidget', 'enviarMensajeWidget'];
    /** Issue 17 item 1: profiles, the user directory, the audit log, the admin lock, the migrations' marks. */
    const ADMIN: FunctionName[] = ['listarUsuarios', 'aprobarUsuario', 'rechazarUsuario', 'suspenderUsuario', 'reactivarUsuario', 'concederAdmin', 'retirarAdmin'];
    const SPECIAL: Partial<Record<FunctionName, string[]>> = {
      obtenerPerfil: ['user#*', 'users#*'],
      listarAuditoria: ['user#*', 'audit'],
      registrarLeadWidget: ['user#*', 'widget#ip#*', 'leadNoticeDigest'],
    };

    it.each(ALL_FUNCTIONS)('limits the table items of %s to its partitions (dynamodb:LeadingKeys), never GSI1', (name) => {
      const table = logicalId(stack, stack.data.table);
      const partitions = new Set<string>();
      for (const statement of statementsOfRole(template, roleIdOf(name)).filter((s) => JSON.stringify(s.Action).includes('dynamodb:'))) {
        const keys = (statement as { Condition?: Record<string, Record<string, string[]>> }).Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
        for (const resource of [statement.Resource].flat()) {
          expect(JSON.stringify(resource)).toContain(table);
          if (JSON.stringify(resource).includes('/index/')) expect(keys).toBeUndefined();
          else partitions.add(JSON.stringify(keys ?? 'any'));
        }
      }
      // The lead form also defers new-lead notices past the day's cap to the owners' digest partition (issue 16 finding 1).
      const expected = TENANT_ONLY.includes(name)
        ? ['user#*']
        : WIDGET.includes(name)
          ? ['user#*', 'widget#ip#*']
          : ADMIN.includes(name)
            ? ['user#*', 'users#*', 'audit', 'lock#admins', 'migration#*']
            : name === 'eliminarCuenta'
              ? ['user#*', 'accountDeletion'] // the account deletion's record lives outside the owner's partition (issue 17 item 2)
              : (SPECIAL[name] ?? 'any');
      expect([...partitions]).toEqual(EXPECTED_TABLE[name] === 'none' ? [] : [JSON.stringify(expected)]);
    });

    it('never allows Scan', () => {
      for (const name of ALL_FUNCTIONS) expect(linesOf(name).some((line) => line.startsWith('dynamodb:Scan'))).toBe(false);
    });
  });

  describe('uploads bucket', () => {
    it('gives listarDocumentos, obtenerPerfil and the settings readers no S3 permission', () => {
      for (const name of ['listarDocumentos', 'obtenerPerfil', 'obtenerAjustesIA', 'obtenerIntegraciones', 'guardarIntegraciones'] as const) {
        expect(linesOf(name).filter((line) => line.startsWith('s3:'))).toEqual([]);
      }
    });

    it('never grants bucket-level, listing or wildcard S3 actions to our functions (but the data-rights worker, on users/ only)', () => {
      for (const name of ALL_FUNCTIONS.filter((fn) => fn !== 'dataRights')) {
        for (const line of linesOf(name).filter((l) => l.startsWith('s3:'))) {
          expect(line).toMatch(/^s3:(GetObject|GetObjectVersion|PutObject|DeleteObject|DeleteObjectVersion) @ uploads\/users\/\*\/(knowledge|blog|assets|voice-samples|identity-videos|chat-images|chat-voice|chat-transcripts|exports|video-images|video-audio|soundtracks)\/\*$/);
        }
      }
    });

    it('lets the data-rights worker list keys only under users/ (s3:prefix condition on the bucket)', () => {
      const listing = statementsOfRole(template, roleIdOf('dataRights')).filter((s) => JSON.stringify(s.Action).includes('s3:ListBucket'));
      expect(listing).toHaveLength(1);
      expect((listing[0] as { Condition?: unknown }).Condition).toEqual({ StringLike: { 's3:prefix': ['users/*'] } });
    });
  });

  describe('secrets key', () => {
    it('is a retained, rotated customer managed key with the tenant alias and a description', () => {
      // Two keys: this one and the alarms topic's (observability.test.ts).
      template.resourceCountIs('AWS::KMS::Key', 2);
      template.hasResource('AWS::KMS::Key', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({ EnableKeyRotation: true, Description: Match.stringLikeRegexp('Director IA demo: seals brand secrets') }),
      });
      template.hasResourceProperties('AWS::KMS::Alias', {
        AliasName: 'alias/director-ia/demo/secrets',
        TargetKeyId: { 'Fn::GetAtt': [logicalId(stack, stack.secrets.key), 'Arn'] },
      });
    });

    it('is named SECRETS_KMS_KEY_ARN on exactly the functions with a secrets permission', () => {
      expect(SECRETS_KMS_KEY_ARN_ENV).toBe(LAMBDA_SECRETS_ENV);
      const keyArn = { 'Fn::GetAtt': [logicalId(stack, stack.secrets.key), 'Arn'] };
      const sealing: FunctionName[] = ['aprobarUsuario', 'guardarIntegraciones', 'generarImagen', 'generarIdentidad', 'generarArticulo', 'generarPlanMensual', 'enviarMensajeChat', 'listarMensajesChat', 'confirmarAccionChat', 'blogDrafts', 'enviarMensajeWidget', 'registrarLeadWidget', 'initiateOAuth', 'completarOAuth', 'conectarTelegram', 'elegirDestinos', 'desconectarRed', 'socialTokens', 'publisher', 'publishingSweep', 'adaptarPublicacion', 'responderConversacion', 'aprobarRespuesta', 'inboxWorker', 'generarCampana', 'listarCuentasPublicitarias', 'crearBorradorMeta', 'verCampana', 'dataRights', 'proponerGuion', 'render'];
      for (const name of ALL_FUNCTIONS) {
        const usesSecrets = sealing.includes(name);
        expect(envOf(name)[SECRETS_KMS_KEY_ARN_ENV]).toEqual(usesSecrets ? keyArn : undefined);
        expect(linesOf(name).some((line) => line.startsWith('kms:'))).toBe(usesSecrets);
      }
    });

    it('lets a later function open or seal secrets of one purpose by declaring secrets:open:<purpose> or secrets:seal:<purpose>', () => {
      expect(PERMISSIONS['secrets:open:ai-key']).toEqual({ kind: 'secrets', actions: ['kms:Decrypt'], purpose: 'ai-key' });
      expect(PERMISSIONS['secrets:seal:gmail']).toEqual({ kind: 'secrets', actions: ['kms:GenerateDataKey'], purpose: 'gmail' });
    });

    /** Issue 16: per function, the purposes its kms:Decrypt and kms:GenerateDataKey are limited to. */
    const EXPECTED_PURPOSES: Partial<Record<FunctionName, { open?: string[]; seal?: string[] }>> = {
      guardarIntegraciones: { seal: ['ai-key', 'gmail'] },
      generarImagen: { open: ['ai-key'] },
      generarIdentidad: { open: ['ai-key'] },
      enviarMensajeWidget: { open: ['ai-key'] },
      registrarLeadWidget: { open: ['gmail'] },
      aprobarUsuario: { open: ['gmail'] },
      enviarMensajeChat: { open: ['ai-key'] },
      listarMensajesChat: { open: ['ai-key'] },
      confirmarAccionChat: { open: ['ai-key'] },
      generarPlanMensual: { open: ['ai-key'] },
      adaptarPublicacion: { open: ['ai-key'] },
      generarArticulo: { open: ['ai-key'] },
      generarCampana: { open: ['ai-key'] },
      blogDrafts: { open: ['ai-key'] },
      initiateOAuth: { seal: ['oauth-verifier'] },
      completarOAuth: { open: ['oauth-verifier', 'social-token'], seal: ['social-token'] },
      elegirDestinos: { open: ['social-token'] },
      conectarTelegram: { seal: ['social-token'] },
      desconectarRed: { open: ['social-token'] },
      verCampana: { open: ['social-token'] },
      listarCuentasPublicitarias: { open: ['social-token'] },
      crearBorradorMeta: { open: ['social-token'] },
      responderConversacion: { open: ['social-token'], seal: ['social-token'] },
      aprobarRespuesta: { open: ['social-token'], seal: ['social-token'] },
      socialTokens: { open: ['social-token'], seal: ['social-token'] },
      dataRights: { open: ['social-token'] },
      publisher: { open: ['social-token'], seal: ['social-token'] },
      publishingSweep: { open: ['gmail', 'social-token'], seal: ['social-token'] },
      inboxWorker: { open: ['ai-key', 'gmail', 'social-token'], seal: ['social-token'] },
      proponerGuion: { open: ['ai-key'] },
      render: { open: ['ai-key'] },
    };

    it.each(ALL_FUNCTIONS)('limits the secrets key of %s to its purposes, and their fields', (name) => {
      const kms = statementsOfRole(template, roleIdOf(name)).filter((s) => JSON.stringify(s.Action).startsWith('"kms:'));
      const purposes = (action: string) => {
        const statement = kms.find((s) => s.Action === action) as (Statement & { Condition: Record<string, Record<string, string[]>> }) | undefined;
        if (!statement) return undefined;
        const test = action === 'kms:Decrypt' ? 'StringEqualsIfExists' : 'StringEquals';
        const granted = statement.Condition[test]?.['kms:EncryptionContext:purpose'] ?? [];
        expect(statement.Condition.StringLike?.['kms:EncryptionContext:field']).toEqual(granted.flatMap((purpose) => SECRET_PURPOSE_FIELDS[purpose as SecretPurpose]));
        return granted;
      };
      expect(kms.length).toBe(Object.keys(EXPECTED_PURPOSES[name] ?? {}).length);
      expect(purposes('kms:Decrypt')).toEqual(EXPECTED_PURPOSES[name]?.open);
      expect(purposes('kms:GenerateDataKey')).toEqual(EXPECTED_PURPOSES[name]?.seal);
    });
  });

  describe('social network apps secret', () => {
    it('grants GetSecretValue on exactly that secret, and nothing else of Secrets Manager, only to the functions that declare socialApps:read', () => {
      for (const name of ALL_FUNCTIONS) {
        // The webhook also reads the stack's own verify token (tenant-stack/inbox.test.ts).
        const lines = linesOf(name).filter((line) => line.startsWith('secretsmanager:') && line !== VERIFY_TOKEN);
        expect(lines).toEqual(SOCIAL_APPS_READERS.includes(name) ? [SOCIAL_APPS] : []);
      }
      expect(CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('socialApps:read')).sort()).toEqual(SOCIAL_APPS_READERS.filter((name) => !NON_CALLABLE_READERS.includes(name)).sort());
    });

    it('names the secret (its partial ARN: Powertools reads it by that) in SOCIAL_APPS_SECRET on exactly those functions', () => {
      expect(SOCIAL_APPS_SECRET_ENV).toBe('SOCIAL_APPS_SECRET');
      const partialArn = { 'Fn::Join': ['', ['arn:aws:secretsmanager:eu-west-1:', { Ref: 'AWS::AccountId' }, ':secret:director-ia/demo/social-apps']] };
      for (const name of ALL_FUNCTIONS) expect(envOf(name)[SOCIAL_APPS_SECRET_ENV]).toEqual(SOCIAL_APPS_READERS.includes(name) ? partialArn : undefined);
    });

    it('is its own permission kind: GetSecretValue only (no DescribeSecret, no listing)', () => {
      expect(PERMISSIONS['socialApps:read']).toEqual({ kind: 'socialApps', actions: ['secretsmanager:GetSecretValue'] });
      expect(SOCIAL_TOKENS_ACCESS).toEqual({ table: 'readWrite', partitions: ['user#*'], permissions: ['secrets:seal:social-token', 'secrets:open:social-token', 'socialApps:read'] });
      expect(OAUTH_CALLBACK_ACCESS).toEqual({ table: 'none' });
    });
  });

  describe('AI', () => {
    it('grants bedrock:InvokeModel only to functions that declare ai:invoke', () => {
      const bedrockRoles = identityPolicies(template)
        .filter((policy) => JSON.stringify(policy.document).includes('bedrock:InvokeModel'))
        .map((policy) => JSON.stringify([{ Ref: policy.roleId }]));
      // iniciarVideo too: starting an async invocation authorizes as bedrock:InvokeModel ('ai:async').
      // Callables that declare the same access share one role (infra/constructs/api.ts).
      expect(bedrockRoles.sort()).toEqual([...new Set(([...AI_FUNCTIONS, 'iniciarVideo'] as FunctionName[]).map((name) => JSON.stringify([{ Ref: roleIdOf(name) }])))].sort());
      expect(CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('ai:invoke')).sort()).toEqual(AI_FUNCTIONS.filter((name) => name !== 'knowledgeUploaded' && name !== 'blogDrafts' && name !== 'inboxWorker' && name !== 'render').sort());
    });

    it.each([...AI_FUNCTIONS, ...VIDEO_FUNCTIONS, ...AI_SETTINGS_ONLY])('sets the AI environment from context on %s', (name) => {
      expect(envOf(name)).toMatchObject({
        AI_PROVIDER: 'bedrock',
        BEDROCK_TEXT_MODEL_ID: 'eu.amazon.nova-pro-v1:0',
        BEDROCK_IMAGE_MODEL_ID: 'stability.sd3-5-large-v1:0',
        BEDROCK_VIDEO_MODEL_ID: 'luma.ray-v2:0',
        BEDROCK_EMBEDDING_MODEL_ID: 'cohere.embed-v4:0',
        BEDROCK_EMBEDDING_DIMENSIONS: '1536',
        BEDROCK_REGION: 'eu-central-1',
        DAILY_GENERATION_QUOTA: '12',
      });
    });

    it('names the quota variable the generators read', () => {
      expect(AI_ENV.dailyGenerationQuota).toBe(DAILY_GENERATION_QUOTA_ENV);
    });

    it('sets no AI environment on functions without ai:invoke', () => {
      for (const name of ALL_FUNCTIONS.filter((n) => !AI_FUNCTIONS.includes(n) && !VIDEO_FUNCTIONS.includes(n) && !AI_SETTINGS_ONLY.includes(n))) {
        for (const variable of Object.values(AI_ENV)) expect(envOf(name)[variable]).toBeUndefined();
      }
    });
  });

  describe('Amazon Polly', () => {
    it('grants polly:SynthesizeSpeech and sets SPEECH_PROVIDER=polly exactly on the functions that declare it', () => {
      for (const name of ALL_FUNCTIONS) {
        // obtenerCapacidades only says that the deployment speaks: the variable, no grant (issue 16).
        expect(linesOf(name).includes(POLLY)).toBe(name === 'generarIdentidad' || name === 'render');
        expect(envOf(name)[SPEECH_PROVIDER_ENV]).toEqual(name === 'generarIdentidad' || name === 'obtenerCapacidades' || name === 'render' ? 'polly' : undefined);
      }
      expect(SPEECH_PROVIDER_ENV).toBe('SPEECH_PROVIDER');
    });
  });

  describe('knowledge processing Lambda', () => {
    it('runs Node.js 24 on arm64 for up to 5 minutes with 1536 MB', () => {
      expect(resourceOf('knowledgeUploaded').Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: 300,
        MemorySize: 1536,
        LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: expect.any(String) } },
      });
      expect(KNOWLEDGE_NODE_MODULES).toEqual(['unpdf', 'mammoth']);
    });

    it('has the table, bucket and service environment', () => {
      expect(envOf('knowledgeUploaded')).toMatchObject({
        TABLE_NAME: { Ref: logicalId(stack, stack.data.table) },
        UPLOADS_BUCKET: { Ref: logicalId(stack, stack.storage.uploadsBucket) },
        POWERTOOLS_SERVICE_NAME: 'director-ia',
        NODE_OPTIONS: '--enable-source-maps',
      });
    });

    it('is invoked by the uploads bucket for objects created under users/', () => {
      const fnArn = { 'Fn::GetAtt': [logicalId(stack, stack.jobs.knowledgeUploaded), 'Arn'] };
      template.hasResourceProperties('Custom::S3BucketNotifications', {
        BucketName: { Ref: logicalId(stack, stack.storage.uploadsBucket) },
        NotificationConfiguration: {
          LambdaFunctionConfigurations: [
            { Events: ['s3:ObjectCreated:*'], Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'users/' }] } }, LambdaFunctionArn: fnArn },
          ],
        },
      });
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 's3.amazonaws.com',
        FunctionName: fnArn,
        SourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.storage.uploadsBucket), 'Arn'] },
        SourceAccount: { Ref: 'AWS::AccountId' },
      });
    });

    it('declares its grants in infra/functions.ts', () => {
      expect(KNOWLEDGE_UPLOADED_ACCESS).toEqual({ table: 'readWrite', partitions: ['user#*'], permissions: ['uploads:readKnowledge', 'uploads:deleteKnowledge', 'ai:invoke'] });
    });
  });

  describe('cdk-nag acknowledgements', () => {
    const acknowledged = () =>
      assembly
        .getStackByName(stack.stackName)
        .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })));

    it('acknowledges uploads and Bedrock wildcards only on the roles whose permissions imply them', () => {
      const paths = (pattern: RegExp) => [...new Set(acknowledged().filter(({ id }) => pattern.test(id)).map(({ path }) => path))].sort();
      // Callables that declare the same access share one role (infra/constructs/api.ts).
      const roles = (...names: FunctionName[]) => [...new Set(names.map((name) => `/${fnOf(name).role?.node.path}`))].sort();
      // The public blog's role (not a callable): test/unit/infra/tenant-stack/public-blog.test.ts checks its acknowledgements.
      expect(paths(/IAM5\[Resource::<StorageUploads\w+\.Arn>\/users\//).filter((path) => !path.includes('/PublicBlog/'))).toEqual(
        roles('solicitarSubida', 'eliminarDocumento', 'obtenerAjustesBlog', 'guardarAjustesBlog', 'generarImagen', 'listarRecursos', 'eliminarRecurso', 'generarIdentidad', 'knowledgeUploaded', 'listarArticulos', 'generarArticulo', 'guardarArticulo', 'publicarArticulo', 'enviarMensajeChat', 'listarMensajesChat', 'confirmarAccionChat', 'publisher', 'crearBorradorMeta', 'obtenerMisDatos', 'dataRights', ...VIDEO_FUNCTIONS, 'crearVideo', 'estadoRender', 'listarRenders', 'render'),
      );
      expect(paths(/IAM5\[Resource::arn:<AWS::Partition>:bedrock:/)).toEqual(roles(...AI_FUNCTIONS, ...VIDEO_FUNCTIONS));
      // X-Ray active tracing on every function (issue 16), acknowledged on each role.
      expect(paths(/IAM5\[Resource::\*\]/).filter((path) => path.includes('/Api/'))).toEqual(roles(...CALLABLE_NAMES));
      // Beyond that, Polly (no resource scoping for built-in voices) and starting Transcribe jobs (no resource type).
      const otherWildcards = acknowledged().filter(({ id, reason, path }) => /IAM5\[Resource::\*\]/.test(id) && reason !== XRAY_WILDCARD_REASON && path.includes('/Api/'));
      expect([...new Set(otherWildcards.map(({ path }) => path))].sort()).toEqual(roles('generarIdentidad', 'enviarMensajeChat', 'listarMensajesChat'));
    });

    it('acknowledges the bucket-notifications handler managed policy, with CDK named as its owner', () => {
      const entries = acknowledged().filter(({ path }) => path.includes('BucketNotificationsHandler'));
      expect(entries.map(({ id }) => id)).toEqual([
        'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      ]);
    });
  });
});

describe('infra/functions.ts', () => {
  it('unions read into every non-public callable (the access check reads the caller profile; issue 17)', () => {
    for (const level of ['active', 'signedIn', 'admin'] as const) {
      expect(tableAccessFor({ table: 'write' }, level)).toBe('readWrite');
      expect(tableAccessFor({ table: 'read' }, level)).toBe('read');
      expect(tableAccessFor({ table: 'readWrite' }, level)).toBe('readWrite');
      expect(tableAccessFor({ table: 'none' }, level)).toBe('read');
    }
    expect(tableAccessFor({ table: 'none' }, 'public')).toBe('none');
    expect(tableAccessFor({ table: 'write' }, 'public')).toBe('write');
  });

  it.each([
    ['read', 'read', 'read'],
    ['write', 'write', 'write'],
    ['read', 'write', 'readWrite'],
    ['readWrite', 'read', 'readWrite'],
    ['none', 'read', 'read'],
    ['write', 'none', 'write'],
    ['none', 'none', 'none'],
  ] as const)('%s ∪ %s = %s', (a, b, union) => {
    expect(unionTableAccess(a, b)).toBe(union);
  });

  it('scopes every uploads permission to known areas under users/ (a whole user prefix only for the data-rights worker)', () => {
    for (const [name, spec] of Object.entries(PERMISSIONS)) {
      if (spec.kind !== 'uploads') continue;
      // Issue 17 item 2: reading a user's files into their export, deleting them with the account.
      if (name === 'uploads:readUsers' || name === 'uploads:deleteUsers') {
        expect(spec.keys).toEqual(['users/*']);
        continue;
      }
      for (const keys of spec.keys) expect(keys).toMatch(/^users\/\*\/(knowledge|blog|assets|voice-samples|identity-videos|chat-images|chat-voice|chat-transcripts|exports|video-images|video-audio|soundtracks)\/\*$/);
      for (const action of spec.actions) expect(action).not.toContain('*');
    }
  });

  it('signs uploads for every upload kind', () => {
    expect(PERMISSIONS['uploads:signPost'].keys).toEqual([
      'users/*/knowledge/*',
      'users/*/blog/*',
      'users/*/voice-samples/*',
      'users/*/identity-videos/*',
      'users/*/chat-images/*',
      'users/*/chat-voice/*',
      'users/*/video-images/*',
      'users/*/video-audio/*',
      'users/*/soundtracks/*',
    ]);
  });

  it('declares Bedrock async invocation (video jobs) as its own permission kind, only for the video functions', () => {
    expect(PERMISSIONS['ai:async']).toEqual({ kind: 'aiAsync', actions: ['bedrock:InvokeModel'] });
    expect(PERMISSIONS['ai:asyncStatus']).toEqual({ kind: 'aiAsync', actions: ['bedrock:GetAsyncInvoke'] });
    expect(CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('ai:async'))).toEqual(['iniciarVideo']);
    expect(CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('ai:asyncStatus'))).toEqual(['estadoVideo']);
  });

  it('declares Amazon Polly as its own permission kind, only for the functions that speak or report speech', () => {
    expect(PERMISSIONS['polly:SynthesizeSpeech']).toEqual({ kind: 'polly', actions: ['polly:SynthesizeSpeech'] });
    expect(CALLABLE_NAMES.filter((name) => (accessOf(name).permissions ?? []).includes('polly:SynthesizeSpeech'))).toEqual(['generarIdentidad']);
  });

  it('keeps generated assets in their own area: put, read and delete, never signed for browsers', () => {
    expect(PERMISSIONS['assets:put']).toEqual({ kind: 'uploads', actions: ['s3:PutObject'], keys: ['users/*/assets/*'] });
    expect(PERMISSIONS['assets:read']).toEqual({ kind: 'uploads', actions: ['s3:GetObject'], keys: ['users/*/assets/*'] });
    expect(PERMISSIONS['assets:delete']).toEqual({ kind: 'uploads', actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'], keys: ['users/*/assets/*'] });
    expect(PERMISSIONS['uploads:signPost'].keys).not.toContain('users/*/assets/*');
  });
});

describe('AI environment', () => {
  it('sets only AI_PROVIDER by default, leaving model defaults to the provider layer', () => {
    expect(aiEnvironment({ aiProvider: 'bedrock' })).toEqual({ AI_PROVIDER: 'bedrock' });
  });

  it('is read back by the provider layer as configured', () => {
    const env = aiEnvironment({
      aiProvider: 'bedrock',
      bedrockTextModelId: 'eu.amazon.nova-pro-v1:0',
      bedrockImageModelId: 'stability.sd3-5-large-v1:0',
      bedrockEmbeddingModelId: 'cohere.embed-v4:0',
      bedrockEmbeddingDimensions: 1536,
      bedrockRegion: 'eu-central-1',
    });
    expect(bedrockModelsFromEnv(env)).toEqual({
      text: 'eu.amazon.nova-pro-v1:0',
      image: 'stability.sd3-5-large-v1:0',
      embedding: 'cohere.embed-v4:0',
      embeddingDimensions: 1536,
    });
    expect(env.BEDROCK_REGION).toBe('eu-central-1');
    expect(defaultAiProvider(env).id).toBe('bedrock');
    expect(defaultAiProvider(aiEnvironment({ aiProvider: 'offline' })).id).toBe('offline');
  });
});
