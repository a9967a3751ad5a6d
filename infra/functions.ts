/**
 * What each Lambda may do: the single place that declares a function's table access and any
 * extra permissions (uploads bucket prefixes, the secrets key, the AI provider, the social networks'
 * app credentials). The constructs
 * derive every grant, the environment those grants imply, and the cdk-nag acknowledgements of
 * their wildcards from here (infra/constructs/grants.ts), and synth fails when a callable of the
 * contract has no entry, so a new function cannot ship with forgotten (or default) permissions.
 *
 * Entries describe a function's own work. What the callable protocol itself needs is added by
 * the API construct: the access middleware of `active` callables reads the caller's profile, so
 * those get table read whatever their entry says (see `tableAccessFor`), and the callables of
 * `CLIENT_IP_CALLABLES` get the origin-verify secret to resolve the viewer's IP.
 */
import { type Access, ASSET_KEY_SEGMENT, EXPORTS_KEY_SEGMENT, CALLABLE_NAMES, type CallableName, CHAT_TRANSCRIPT_SEGMENT, KEY_SEGMENT, type SecretPurpose, type UploadKind } from '@director-ia/shared';

/**
 * read = GetItem/BatchGetItem/Query; write = Put/Update/Delete/BatchWrite; no Scan anywhere;
 * none = no table at all (the OAuth callback page only renders HTML).
 */
export type TableAccess = 'none' | 'read' | 'write' | 'readWrite';

/** Object actions on the uploads bucket, limited to key patterns under `users/`. */
export interface UploadsPermission {
  kind: 'uploads';
  actions: readonly string[];
  /** Key patterns relative to the bucket (IAM wildcards), from `uploadKeys`. */
  keys: readonly string[];
}

/**
 * Actions on the KMS key that seals the brands' secrets, for secrets of one purpose only (issue 16:
 * kms:EncryptionContext:purpose and :field conditions, shared SECRET_PURPOSE_FIELDS); also sets
 * SECRETS_KMS_KEY_ARN.
 */
export interface SecretsPermission {
  kind: 'secrets';
  actions: readonly string[];
  purpose: SecretPurpose;
}

/**
 * The deployment's AI environment (AI_PROVIDER, BEDROCK_*) without any Bedrock grant: a function
 * that reports what the deployment can do but never invokes a model (obtenerCapacidades).
 */
export interface AiSettingsPermission {
  kind: 'aiSettings';
  actions: readonly [];
}

/** SPEECH_PROVIDER=polly without any Polly grant: the function reports that speech exists (obtenerCapacidades). */
export interface SpeechSettingsPermission {
  kind: 'speechSettings';
  actions: readonly [];
}

/** Model invocation through the AI provider layer (also sets AI_PROVIDER and BEDROCK_*). */
export interface AiPermission {
  kind: 'ai';
  actions: readonly string[];
}

/** Amazon Polly speech synthesis (also sets SPEECH_PROVIDER=polly: the function speaks with Polly). */
export interface PollyPermission {
  kind: 'polly';
  actions: readonly string[];
}

/** Asynchronous Bedrock jobs (video): start and read async invocations (also sets AI_PROVIDER and BEDROCK_*). */
export interface AiAsyncPermission {
  kind: 'aiAsync';
  actions: readonly string[];
}

/**
 * Amazon Transcribe batch jobs (mobile chat voice notes): start and read jobs named
 * `chat-<id>` (also sets TRANSCRIPTION_PROVIDER=transcribe: the function transcribes with it).
 */
export interface TranscribePermission {
  kind: 'transcribe';
  actions: readonly string[];
}

/**
 * Read the installation's social network apps (client ids and secrets; issue 12 item 4): the one
 * Secrets Manager secret named by the `socialAppsSecret` context key, and nothing else (also sets
 * SOCIAL_APPS_SECRET = its ARN). Without the context key the permission grants nothing and sets
 * nothing: every OAuth network is "no disponible" (Telegram needs no app).
 */
export interface SocialAppsPermission {
  kind: 'socialApps';
  actions: readonly string[];
}

/**
 * Create, move and delete the publications' one-time schedules (issue 13): the actions on the
 * schedules of the stack's one publications schedule group only (`schedule/<group>/*`), plus
 * iam:PassRole on the Scheduler's execution role, and only towards scheduler.amazonaws.com (also
 * sets SCHEDULE_GROUP, SCHEDULER_ROLE_ARN, SCHEDULE_TARGET_ARN = the publisher,
 * SCHEDULE_DEAD_LETTER_ARN; lambdas/platform/scheduler reads them).
 */
export interface SchedulerPermission {
  kind: 'scheduler';
  actions: readonly string[];
}

/**
 * Read the Meta webhook verify token (issue 14): GetSecretValue on exactly the stack's verify-token
 * secret (also sets WEBHOOK_VERIFY_SECRET = its ARN).
 */
export interface WebhookVerifyPermission {
  kind: 'webhookVerify';
  actions: readonly string[];
}

/**
 * Hand a stored inbound message to the inbox worker (issue 14): lambda:InvokeFunction on exactly
 * the worker's unqualified ARN (its name is fixed, `<stack>-inbox`), also sets
 * INBOX_WORKER_FUNCTION = its name (lambdas/platform/lambda invokeAsync).
 */
export interface InboxWorkerPermission {
  kind: 'inboxWorker';
  actions: readonly string[];
}

/**
/**
 * Cognito user pool admin actions (issue 17 items 1 and 2) on exactly the stack's user pool (also
 * sets USER_POOL_ID; lambdas/platform/users reads it).
 */
export interface UserPoolPermission {
  kind: 'userPool';
  actions: readonly string[];
}

/**
 * List keys of the uploads bucket under `users/` (issue 17 item 2: the export reads, the account
 * deletion empties a user's prefix): s3:ListBucket (ListObjectsV2) and s3:ListBucketVersions on
 * the bucket, only for an `s3:prefix` under `users/`.
 */
export interface UploadsListPermission {
  kind: 'uploadsList';
  actions: readonly string[];
}

/**
 * Hand a job to the data-rights worker (issue 17 item 2): lambda:InvokeFunction on exactly its
 * unqualified ARN (fixed name `<stack>-data-rights`); also sets DATA_RIGHTS_WORKER_FUNCTION.
 */
export interface DataRightsWorkerPermission {
  kind: 'dataRightsWorker';
  actions: readonly string[];
}

/**
 * Hand a render job to the render function (issue 18): lambda:InvokeFunction on exactly its
 * unqualified ARN (fixed name `<stack>-render`); also sets RENDER_WORKER_FUNCTION.
 */
export interface RenderWorkerPermission {
  kind: 'renderWorker';
  actions: readonly string[];
}

export type PermissionSpec =
  | RenderWorkerPermission
  | UserPoolPermission
  | UploadsListPermission
  | DataRightsWorkerPermission
  | UploadsPermission
  | SecretsPermission
  | AiSettingsPermission
  | SpeechSettingsPermission
  | AiPermission
  | PollyPermission
  | AiAsyncPermission
  | TranscribePermission
  | SocialAppsPermission
  | SchedulerPermission
  | WebhookVerifyPermission
  | InboxWorkerPermission;

/**
 * Object keys are `users/<sub>/<segment>/<id>-<name>` (lambdas/core/uploads/keys.ts). The `<sub>`
 * segment is a wildcard by design: every tenant user has their own prefix and the functions pick
 * the caller's (or, for events, read it back from the key).
 */
export const uploadKeys = (kind: UploadKind): string => `users/*/${KEY_SEGMENT[kind]}/*`;

/** Generated assets: `users/<sub>/assets/<id>.<ext>` (lambdas/core/assets/keys.ts), same bucket. */
export const assetKeys = `users/*/${ASSET_KEY_SEGMENT}/*`;

/** Everything of every user: `users/<sub>/...` (issue 17 item 2, the data-rights worker only). */
export const userKeys = 'users/*';

/** Data exports: `users/<sub>/exports/<id>.zip` (lambdas/core/dataRights/export.ts). */
export const exportKeys = `users/*/${EXPORTS_KEY_SEGMENT}/*`;

/** Transcripts of chat voice notes: `users/<sub>/chat-transcripts/<id>.json` (lambdas/core/chat/keys.ts). */
export const chatTranscriptKeys = `users/*/${CHAT_TRANSCRIPT_SEGMENT}/*`;

/**
 * The extra permissions a function can declare, by name. Uploads grants are as narrow as the
 * code allows: the blog functions only ever touch keys that `parseUploadKey` accepted as the
 * caller's blog header, the knowledge functions only knowledge documents.
 */
export const PERMISSIONS = {
  /** Sign presigned POSTs (the browser's upload is authorized as the role's s3:PutObject). */
  'uploads:signPost': {
    kind: 'uploads',
    actions: ['s3:PutObject'],
    keys: (Object.keys(KEY_SEGMENT) as UploadKind[]).map(uploadKeys),
  },
  /** HEAD the header image and presign its GET URL. */
  'uploads:readBlogHeader': { kind: 'uploads', actions: ['s3:GetObject'], keys: [uploadKeys('blogHeader')] },
  /** Delete the header image a new one replaced. */
  'uploads:deleteBlogHeader': { kind: 'uploads', actions: ['s3:DeleteObject'], keys: [uploadKeys('blogHeader')] },
  /** Read an uploaded knowledge document (processing). */
  'uploads:readKnowledge': { kind: 'uploads', actions: ['s3:GetObject', 's3:GetObjectVersion'], keys: [uploadKeys('knowledge')] },
  /** Remove a knowledge document for good (its exact version in the versioned bucket). */
  'uploads:deleteKnowledge': { kind: 'uploads', actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'], keys: [uploadKeys('knowledge')] },
  /** Store a generated asset (the function writes the file itself; browsers never upload here). */
  'assets:put': { kind: 'uploads', actions: ['s3:PutObject'], keys: [assetKeys] },
  /** Presign GET URLs of assets (a presigned URL is authorized as the signing role). */
  'assets:read': { kind: 'uploads', actions: ['s3:GetObject'], keys: [assetKeys] },
  /** Remove an asset for good (its exact version in the versioned bucket). */
  'assets:delete': { kind: 'uploads', actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'], keys: [assetKeys] },
  /**
   * Seal a secret of one purpose: the AWS Encryption SDK's KMS keyring generates a data key with
   * the secrets key, for an encryption context naming that purpose (and one of its fields).
   */
  'secrets:seal:ai-key': { kind: 'secrets', actions: ['kms:GenerateDataKey'], purpose: 'ai-key' },
  'secrets:seal:gmail': { kind: 'secrets', actions: ['kms:GenerateDataKey'], purpose: 'gmail' },
  'secrets:seal:social-token': { kind: 'secrets', actions: ['kms:GenerateDataKey'], purpose: 'social-token' },
  'secrets:seal:oauth-verifier': { kind: 'secrets', actions: ['kms:GenerateDataKey'], purpose: 'oauth-verifier' },
  /**
   * Open a sealed secret of one purpose (a brand's own AI key, its Gmail app password, a social
   * token, an OAuth verifier): kms:Decrypt for that purpose's context only.
   */
  'secrets:open:ai-key': { kind: 'secrets', actions: ['kms:Decrypt'], purpose: 'ai-key' },
  'secrets:open:gmail': { kind: 'secrets', actions: ['kms:Decrypt'], purpose: 'gmail' },
  'secrets:open:social-token': { kind: 'secrets', actions: ['kms:Decrypt'], purpose: 'social-token' },
  'secrets:open:oauth-verifier': { kind: 'secrets', actions: ['kms:Decrypt'], purpose: 'oauth-verifier' },
  /** The AI environment only (no Bedrock grant): report the deployment's AI capabilities. */
  'ai:settings': { kind: 'aiSettings', actions: [] },
  /** SPEECH_PROVIDER only (no Polly grant): report that the deployment speaks. */
  'speech:settings': { kind: 'speechSettings', actions: [] },
  /** Call the AI provider: Bedrock Converse and InvokeModel both authorize as bedrock:InvokeModel. */
  'ai:invoke': { kind: 'ai', actions: ['bedrock:InvokeModel'] },
  /** Check that an identity-lab sample (voice sample, identity video) exists (GetObject, body unread). */
  'uploads:readIdentitySamples': { kind: 'uploads', actions: ['s3:GetObject'], keys: [uploadKeys('voiceSample'), uploadKeys('identityVideo')] },
  /** Speak Spanish text with Amazon Polly's neural voices (identity lab 'voz'). */
  'polly:SynthesizeSpeech': { kind: 'polly', actions: ['polly:SynthesizeSpeech'] },
  /**
   * Start Bedrock async invocations (video jobs); Bedrock writes the output with this role (pair
   * with 'assets:put'). StartAsyncInvoke is authorized as bedrock:InvokeModel on the model: there is
   * no bedrock:StartAsyncInvoke action (the twin's IAM check refused the old grant, as AWS would).
   */
  'ai:async': { kind: 'aiAsync', actions: ['bedrock:InvokeModel'] },
  /** Read the state of Bedrock async invocations (video jobs). */
  'ai:asyncStatus': { kind: 'aiAsync', actions: ['bedrock:GetAsyncInvoke'] },
  /** Read the caller's chat photos and voice notes (the AI sees a photo; presigned GET URLs; Transcribe reads the note as this role). */
  'uploads:readChatMedia': { kind: 'uploads', actions: ['s3:GetObject'], keys: [uploadKeys('chatImage'), uploadKeys('chatVoice')] },
  /** Amazon Transcribe writes a voice note's transcript as this role, and the function reads it back. */
  'chat:transcripts': { kind: 'uploads', actions: ['s3:PutObject', 's3:GetObject'], keys: [chatTranscriptKeys] },
  /** Start and poll Amazon Transcribe jobs of chat voice notes (jobs named chat-<id>). */
  'transcribe:jobs': { kind: 'transcribe', actions: ['transcribe:StartTranscriptionJob', 'transcribe:GetTranscriptionJob'] },
  /** Read the social network apps secret (GetSecretValue on exactly that secret; no DescribeSecret, no listing). */
  'socialApps:read': { kind: 'socialApps', actions: ['secretsmanager:GetSecretValue'] },
  /**
   * Put (CreateSchedule, UpdateSchedule when it exists) and delete the publications' one-time
   * schedules (lambdas/platform/scheduler: putOneTimeSchedule, deleteSchedule; no Get, no List).
   */
  'scheduler:publications': { kind: 'scheduler', actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'] },
  /** Read the Meta webhook verify token (GetSecretValue on exactly that secret; issue 14). */
  'webhooks:readVerifyToken': { kind: 'webhookVerify', actions: ['secretsmanager:GetSecretValue'] },
  /** Invoke the inbox worker asynchronously (lambda:InvokeFunction on exactly its ARN; issue 14). */
  'inbox:invokeWorker': { kind: 'inboxWorker', actions: ['lambda:InvokeFunction'] },
  /** Read and change the admins group (issue 17 item 1: grant and revoke admin, count admins). */
  'users:adminGroup': { kind: 'userPool', actions: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup', 'cognito-idp:ListUsersInGroup'] },
  /** Sign a user out of every device (issue 17 item 1: suspend, reject, revoke admin). */
  'users:signOut': { kind: 'userPool', actions: ['cognito-idp:AdminUserGlobalSignOut'] },
  /** Issue 17 item 2: list a user's keys (every version too) under `users/` (export, account deletion). */
  'uploads:listUsers': { kind: 'uploadsList', actions: ['s3:ListBucket', 's3:ListBucketVersions'] },
  /** Issue 17 item 2: read any of a user's files into their export. */
  'uploads:readUsers': { kind: 'uploads', actions: ['s3:GetObject'], keys: [userKeys] },
  /** Issue 17 item 2: delete every object version of a user (account deletion; DeleteObjects authorizes each key). */
  'uploads:deleteUsers': { kind: 'uploads', actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'], keys: [userKeys] },
  /** Issue 17 item 2: store an export zip (tagged for the bucket's one-day lifecycle rule). */
  'exports:put': { kind: 'uploads', actions: ['s3:PutObject', 's3:PutObjectTagging'], keys: [exportKeys] },
  /** Issue 17 item 2: presign the GET link of an export zip. */
  'exports:read': { kind: 'uploads', actions: ['s3:GetObject'], keys: [exportKeys] },
  /** Issue 17 item 2: delete the owner's Cognito user (AdminDeleteUser on the stack's pool). */
  'cognito:deleteUser': { kind: 'userPool', actions: ['cognito-idp:AdminDeleteUser'] },
  /** Issue 17 item 2: invoke the data-rights worker asynchronously (exactly its ARN). */
  'dataRights:invokeWorker': { kind: 'dataRightsWorker', actions: ['lambda:InvokeFunction'] },
  /** Issue 18: queue a render job on the render function (exactly its ARN). */
  'render:invokeWorker': { kind: 'renderWorker', actions: ['lambda:InvokeFunction'] },
  /** Issue 18: read what a render starts from: an uploaded image, audio or soundtrack (magic bytes, size, the file itself). */
  'uploads:readMediaInputs': { kind: 'uploads', actions: ['s3:GetObject'], keys: [uploadKeys('videoImage'), uploadKeys('videoAudio'), uploadKeys('soundtrack')] },
} as const satisfies Record<string, PermissionSpec>;

export type Permission = keyof typeof PERMISSIONS;

export interface FunctionAccess {
  table: TableAccess;
  /**
   * Issue 16: the partitions (IAM patterns of the table's partition key) the function's item
   * actions are limited to, with a `ForAllValues:StringLike dynamodb:LeadingKeys` condition on the
   * table (GSI1 queries stay as they are: they name no table partition). Unset: any partition, for
   * functions that also touch global partitions (slug and link-code claims, salts, OAuth states,
   * network rate usage, digests).
   */
  partitions?: readonly string[];
  permissions?: readonly Permission[];
}

/** The tenant partitions: `user#<sub>` (lambdas/platform/db/schema.ts tenantIndex, counters.ts). */
export const TENANT_PARTITIONS: readonly string[] = ['user#*'];
/**
 * The admin callables' (issue 17 item 1): tenant partitions (profiles), the user directory
 * (`users#<status>`), the audit log (`audit`), the admin lock (`lock#admins`) and the one-time
 * migrations' marks (`migration#<name>`).
 */
export const ADMIN_PARTITIONS: readonly string[] = ['user#*', 'users#*', 'audit', 'lock#admins', 'migration#*'];
/** The public widget's: tenant partitions and its per-IP rate counters (`widget#ip#<hash>`, counters.ts). */
export const WIDGET_PARTITIONS: readonly string[] = ['user#*', 'widget#ip#*'];


/** Issue 17 item 2: the tenant partitions and the account deletions' partition (`accountDeletion`). */
export const ACCOUNT_DELETION_PARTITIONS: readonly string[] = ['user#*', 'accountDeletion'];

export const FUNCTION_ACCESS: Readonly<Record<CallableName, FunctionAccess>> = {
  // Mirrors isAdmin from the token's groups into the profile, so it also writes (an admin's status
  // moved to active also moves their user directory entry, `users#<status>`).
  obtenerPerfil: { table: 'readWrite', partitions: ['user#*', 'users#*'] },
  // Data rights (issue 17 item 2, lambdas/core/dataRights). A conditional put of the caller's one
  // DataExport item (GetItem when one is running), then the worker is invoked asynchronously.
  solicitarExportacion: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['dataRights:invokeWorker'] },
  // GetItems of the export job and the retention setting; presigns the zip's GET link.
  obtenerMisDatos: { table: 'read', partitions: TENANT_PARTITIONS, permissions: ['exports:read'] },
  // Puts (days > 0) or deletes (0) the DataSettings item.
  guardarRetencion: { table: 'write', partitions: TENANT_PARTITIONS },
  // Reads the profile (the confirmation e-mail) and the deletion record, creates the record in the
  // `accountDeletion` partition, invokes the worker.
  eliminarCuenta: { table: 'readWrite', partitions: ACCOUNT_DELETION_PARTITIONS, permissions: ['dataRights:invokeWorker'] },
  // GetItem of the lead, its conversations and a Query of their messages.
  exportarLead: { table: 'read', partitions: TENANT_PARTITIONS },
  guardarTema: { table: 'write', partitions: TENANT_PARTITIONS },
  // Issue 17 item 1. Query of the profiles on gsi1 (newest first) or of the user directory (by
  // status, by e-mail prefix on gsi1), BatchGet of the page's profiles, COUNT Queries per status;
  // writes only the one-time directory backfill (conditional puts and its migration mark).
  listarUsuarios: { table: 'readWrite', partitions: ADMIN_PARTITIONS },
  // A transaction: profile, directory entries, audit entry; then the e-mail to the user through
  // the approving admin's Gmail of Integraciones (opens its app password).
  aprobarUsuario: { table: 'readWrite', partitions: ADMIN_PARTITIONS, permissions: ['secrets:open:gmail'] },
  // The same transaction (with tokensValidAfter), then Cognito's global sign-out of the user.
  rechazarUsuario: { table: 'readWrite', partitions: ADMIN_PARTITIONS, permissions: ['users:signOut'] },
  suspenderUsuario: { table: 'readWrite', partitions: ADMIN_PARTITIONS, permissions: ['users:signOut'] },
  reactivarUsuario: { table: 'readWrite', partitions: ADMIN_PARTITIONS },
  // Under the admin lock (a conditional put/delete): the admins group, the profile mirror, the audit entry.
  concederAdmin: { table: 'readWrite', partitions: ADMIN_PARTITIONS, permissions: ['users:adminGroup'] },
  retirarAdmin: { table: 'readWrite', partitions: ADMIN_PARTITIONS, permissions: ['users:adminGroup', 'users:signOut'] },
  // Query of the audit partition, newest first.
  listarAuditoria: { table: 'read', partitions: ['user#*', 'audit'] },
  // Writes nothing itself: signs an S3 POST for one new key under the caller's prefix.
  // Counts the declared size against the caller's daily uploadBytes quota (UpdateItem; issue 16 finding 2).
  solicitarSubida: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['uploads:signPost'] },
  // Query of the caller's KnowledgeDocument items.
  listarDocumentos: { table: 'read', partitions: TENANT_PARTITIONS },
  // Reads the record, queries its chunks, batch-deletes chunks and the record, deletes the file.
  eliminarDocumento: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['uploads:deleteKnowledge'] },
  obtenerAjustesIA: { table: 'read', partitions: TENANT_PARTITIONS },
  // Reads the caller's daily quota counters (GetItem each; issue 16 finding 2); writes nothing.
  obtenerCuotas: { table: 'read', partitions: TENANT_PARTITIONS },
  // A new brand time zone moves every `programado` publication's schedule to its new instant
  // (core/publishing rescheduleAll).
  guardarAjustesIA: { table: 'readWrite', permissions: ['scheduler:publications'] },
  obtenerIntegraciones: { table: 'read', partitions: TENANT_PARTITIONS },
  // Seals new secrets; omitted ones stay as stored, so nothing is ever opened here.
  guardarIntegraciones: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:seal:ai-key', 'secrets:seal:gmail'] },
  // Presigned GET URL of the header image.
  obtenerAjustesBlog: { table: 'read', permissions: ['uploads:readBlogHeader'] },
  // Transaction: BlogSlug claim put/delete + settings put; HEAD of the new header image (and its
  // presigned URL); deletes the replaced header image.
  guardarAjustesBlog: { table: 'readWrite', permissions: ['uploads:readBlogHeader', 'uploads:deleteBlogHeader'] },
  // Reads AI settings and integrations (opens the brand's own provider key), updates the quota
  // counter, puts the asset file and record, presigns its URL; invokes the AI provider.
  generarImagen: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['assets:put', 'assets:read', 'secrets:open:ai-key', 'ai:invoke'] },
  // Query of the caller's Asset items and a presigned URL for each.
  listarRecursos: { table: 'read', partitions: TENANT_PARTITIONS, permissions: ['assets:read'] },
  // Reads the record, deletes the file (exact version) and the record.
  eliminarRecurso: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['assets:delete'] },
  // Avatar (AI image → asset), voice (Polly → asset), checks the caller's uploaded samples; quota.
  generarIdentidad: {
    table: 'readWrite',
    partitions: TENANT_PARTITIONS,
    permissions: ['assets:put', 'assets:read', 'secrets:open:ai-key', 'ai:invoke', 'polly:SynthesizeSpeech', 'uploads:readIdentitySamples'],
  },
  // Reads the brand's provider choice (no secret opened) and the deployment's AI and speech
  // environment; it invokes no model and speaks nothing, so it gets the settings without the grants.
  obtenerCapacidades: { table: 'read', partitions: TENANT_PARTITIONS, permissions: ['ai:settings', 'speech:settings'] },
  // Capabilities, topics to avoid, quota, StartAsyncInvoke (Bedrock writes the video under
  // users/<sub>/assets/video-<jobId>/ with this role), the VideoJob record (lambdas/core/generation/video.ts).
  iniciarVideo: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['ai:async', 'assets:put'] },
  // GetAsyncInvoke, registers the produced video as an asset (size read, URL signed), gives the quota back on failure.
  estadoVideo: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['ai:asyncStatus', 'assets:read'] },
  // Issue 18. A storyboard from the brand's provider (its own key opened when it has one), under the daily storyboards quota.
  proponerGuion: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:open:ai-key', 'ai:invoke'] },
  // Validates, takes a generation quota unit, records the RenderJob and queues it on the render function.
  crearBandaSonora: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['render:invokeWorker'] },
  // The same, after reading the uploaded image or audio's first bytes and size (a gallery image is a record read).
  crearVideo: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['render:invokeWorker', 'uploads:readMediaInputs'] },
  // Reads the job; a job past its deadline moves to 'error' and its quota unit is given back; signs the result's URL.
  estadoRender: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['assets:read'] },
  listarRenders: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['assets:read'] },
  // Website chat widget (issue 6 item 1), public. Counts the IP's loads (UpdateItem), reads the
  // brand's profile and AI settings.
  obtenerWidget: { table: 'readWrite', partitions: WIDGET_PARTITIONS },
  // Rate counters and the daily answer cap (UpdateItem), the brand's profile, AI settings and
  // integrations (opens the brand's own provider key), the conversation and its recent messages,
  // the brand's knowledge chunks (embeds the message); invokes the model; one transaction stores
  // the turn.
  enviarMensajeWidget: { table: 'readWrite', partitions: WIDGET_PARTITIONS, permissions: ['secrets:open:ai-key', 'ai:invoke'] },
  // Rate counters, the brand's profile and AI settings, the conversation; one transaction puts the
  // lead and links it; the new-lead email opens the Gmail app password (lambdas/core/leads/notify.ts).
  // Also the owners' pending new-lead digests (`leadNoticeDigest`, core/leads/notify.ts: a notice past the day's cap is deferred there).
  registrarLeadWidget: { table: 'readWrite', partitions: [...WIDGET_PARTITIONS, 'leadNoticeDigest'], permissions: ['secrets:open:gmail'] },
  // Mobile chat (issue 6 item 3). Stores the owner's message and the answers; reads the photo (the
  // AI sees it) and signs its URL; starts the voice note's transcription; the AI turn reads the
  // brand settings, integrations (opens the brand's own key), knowledge chunks (embeds the query)
  // and invokes the model; direct tools query leads and the month's posts and put a proposed post.
  enviarMensajeChat: { table: 'readWrite', permissions: ['uploads:readChatMedia', 'assets:read', 'secrets:open:ai-key', 'ai:invoke', 'transcribe:jobs', 'chat:transcripts'] },
  // Queries the history and signs its URLs; polls transcriptions, reads finished transcripts and
  // runs the AI turn on them (as enviarMensajeChat).
  listarMensajesChat: { table: 'readWrite', permissions: ['uploads:readChatMedia', 'assets:read', 'secrets:open:ai-key', 'ai:invoke', 'transcribe:jobs', 'chat:transcripts'] },
  // Resolves a pending action (conditional update) and runs it: an image under the daily quota
  // (as generarImagen), a blog draft (as the blog's article drafting) or a post created approved
  // and scheduled through the publishing engine (`crear_publicacion`, issue 13: as aprobarPlan), or a
  // video or soundtrack render queued on the render function (`crear_video`, `crear_musica`, issue 18).
  confirmarAccionChat: { table: 'readWrite', permissions: ['assets:put', 'assets:read', 'secrets:open:ai-key', 'ai:invoke', 'scheduler:publications', 'render:invokeWorker'] },
  // Gestión de Leads (issue 6 item 2): one Query of the caller's leads.
  listarLeads: { table: 'read', partitions: TENANT_PARTITIONS },
  // One conditional UpdateItem (the lead must exist under the caller's partition).
  actualizarLead: { table: 'write', partitions: TENANT_PARTITIONS },
  // Reads the lead, queries its conversation's messages, deletes lead + conversation + messages
  // in one transaction (overflow messages first, in batches).
  eliminarLead: { table: 'readWrite', partitions: TENANT_PARTITIONS },
  // Reads the lead and queries its conversation's messages.
  obtenerConversacion: { table: 'read', partitions: TENANT_PARTITIONS },
  // Bandeja (issue 14, lambdas/core/inbox/conversations.ts). One Query of the caller's conversations.
  listarConversaciones: { table: 'read', partitions: TENANT_PARTITIONS },
  // Reads the conversation and Queries its messages; marks it read (one UpdateItem).
  verConversacion: { table: 'readWrite', partitions: TENANT_PARTITIONS },
  // Reads the conversation, puts the owner's message ('enviando'), reads the connection and the
  // network apps, opens the page's sealed token (Instagram: the linked page's) or the bot token,
  // sends the reply, updates message and conversation; a refused token marks the connection
  // `reconectar` (UpdateItem). Meta and Telegram tokens have no refresh token; YouTube's (the
  // channel's access token) is refreshed and sealed again when it expires: secrets:seal.
  responderConversacion: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read'] },
  // Claims the suggestion (conditional UpdateItem), then as responderConversacion.
  aprobarRespuesta: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read'] },
  // Reads the conversation and the message; one conditional UpdateItem.
  descartarRespuesta: { table: 'readWrite', partitions: TENANT_PARTITIONS },
  // One GetItem of the rules (`settings#bandeja`).
  obtenerReglasBandeja: { table: 'read', partitions: TENANT_PARTITIONS },
  // One PutItem of the rules.
  guardarReglasBandeja: { table: 'write', partitions: TENANT_PARTITIONS },
  // Plan de Contenidos (issue 5 items 1–2). One Query of the month's posts and one of the caller's
  // pending proposals (the month's is returned with the posts).
  listarPublicaciones: { table: 'read' },
  // Reads the post's id reference; one transaction (a new date deletes the old item and puts the new
  // one); an approved post's publications are synced: connections read, schedules put, moved or deleted.
  guardarPublicacion: { table: 'readWrite', permissions: ['scheduler:publications'] },
  // Reads the id reference; deletes post and reference in one transaction, then its publications and their schedules.
  eliminarPublicacion: { table: 'readWrite', permissions: ['scheduler:publications'] },
  // Reads AI settings, integrations (opens the brand's own provider key) and knowledge chunks
  // (embeds the query with the deployment's provider); puts the proposal, deletes the month's older ones.
  generarPlanMensual: { table: 'readWrite', permissions: ['secrets:open:ai-key', 'ai:invoke'] },
  // Reads the proposal (and the media's asset records to validate each post); one transaction puts
  // every post and its reference and deletes the proposal; then each post's publications are synced
  // (connections read, one schedule put per publication).
  aprobarPlan: { table: 'readWrite', permissions: ['scheduler:publications'] },
  // Deletes the proposal (conditional).
  rechazarPlan: { table: 'readWrite' },
  // Publishing (issue 13). Reads the proposal (and the media's asset records to validate the post)
  // and updates it conditionally; nothing is scheduled before approval.
  editarPropuesta: { table: 'readWrite' },
  // Reads the post and its publications; they become `programado` now with a new revision
  // (conditional updates) and a one-time schedule at the current instant (the publisher publishes).
  publicarAhora: { table: 'readWrite', permissions: ['scheduler:publications'] },
  // Reads the `sin_confirmar` publication; marks it `publicado`, or schedules it again now (as publicarAhora).
  resolverPublicacion: { table: 'readWrite', permissions: ['scheduler:publications'] },
  // Reads AI settings and integrations (opens the brand's own provider key); invokes the model
  // (or adapts offline); nothing is stored.
  adaptarPublicacion: { table: 'read', partitions: TENANT_PARTITIONS, permissions: ['secrets:open:ai-key', 'ai:invoke'] },
  // Gestor del Blog (issue 5 item 3). Query of the caller's articles, BatchGet of their cover
  // assets (presigned URLs), GetItem of the draft schedule.
  listarArticulos: { table: 'read', permissions: ['assets:read'] },
  // Reads blog and AI settings, integrations (opens the brand's own provider key), knowledge chunks
  // (embeds the query) and the newest gallery image; quota counter; invokes the model; one
  // transaction puts the article and its slug claim; presigns the cover URL.
  generarArticulo: { table: 'readWrite', permissions: ['secrets:open:ai-key', 'ai:invoke', 'assets:read'] },
  // Reads the article and the cover asset; one transaction updates it (and swaps its slug claim); cover URL.
  guardarArticulo: { table: 'readWrite', permissions: ['assets:read'] },
  // Reads and updates the article; cover URL.
  publicarArticulo: { table: 'readWrite', permissions: ['assets:read'] },
  // Reads the article; one transaction deletes it and its slug claim.
  eliminarArticulo: { table: 'readWrite' },
  // Redes Sociales (issue 12). Reads the caller's SocialConnection items and the network apps
  // (which networks this installation can connect: the cards' availability).
  listarRedes: { table: 'read', partitions: TENANT_PARTITIONS, permissions: ['socialApps:read'] },
  // Puts the OAuthState item (the state's hash, bound to the caller) with the PKCE verifier sealed;
  // reads the network's app to build the consent URL (redirect_uri from SITE_URL).
  initiateOAuth: { table: 'write', permissions: ['secrets:seal:oauth-verifier', 'socialApps:read'] },
  // Consumes the OAuthState (one conditional DeleteItem), opens the verifier, exchanges the code
  // with the network's app (same redirect_uri), seals every token and upserts the SocialConnection;
  // then opens each selected page's token to subscribe the page to the inbox webhooks (issue 14).
  completarOAuth: { table: 'readWrite', permissions: ['secrets:seal:social-token', 'secrets:open:oauth-verifier', 'secrets:open:social-token', 'socialApps:read'] },
  // Checks the bot with the Telegram API (its URL may come from the network apps: the sandbox),
  // seals the bot token and upserts the SocialConnection; nothing is opened.
  conectarTelegram: { table: 'readWrite', permissions: ['secrets:seal:social-token', 'socialApps:read'] },
  // Reads the connection and updates its targets' selection (conditional UpdateItem); for Facebook
  // and Instagram, rewrites the inbox routes and subscribes each newly selected page to the
  // webhooks with its opened token and the network's app (issue 14).
  elegirDestinos: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:open:social-token', 'socialApps:read'] },
  // Opens the stored tokens to revoke them at the network (its app's credentials and revoke URL),
  // then replaces the item with a disconnected one.
  desconectarRed: { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:open:social-token', 'socialApps:read'] },
  // Campañas (issue 15, lambdas/core/campaigns). One Query of the caller's campaigns; their results
  // read the conversations and leads (one Query each), each campaign's daily click counters and
  // its posts' publications.
  listarCampanas: { table: 'read' },
  // Reads the campaign and its results (as listarCampanas). A campaign pushed to Meta refreshes its
  // spend from the Marketing API insights first (Facebook connection, network apps, the user token
  // opened; one conditional UpdateItem of the spend; a token Graph refuses marks the connection).
  verCampana: { table: 'readWrite', permissions: ['secrets:open:social-token', 'socialApps:read'] },
  // Reads the brand's time zone and AI settings (opens the brand's own provider key), the gallery's
  // image records and the proposed media's records; invokes the model (or builds offline); puts
  // the campaign. SITE_URL: the landing URL rule and the tracked link's length.
  generarCampana: { table: 'readWrite', permissions: ['secrets:open:ai-key', 'ai:invoke'] },
  // Reads the campaign (and the gallery records of the images and media it names); one conditional
  // UpdateItem at the revision read.
  editarCampana: { table: 'readWrite' },
  // Reads the campaign; one transaction per tracked link (code claim + link, SITE_URL); reads the
  // connections and the media records to validate each post; one transaction puts every post and
  // its reference and updates the campaign; then each post's publications are synced (one schedule
  // put per publication), as aprobarPlan.
  aprobarCampana: { table: 'readWrite', permissions: ['scheduler:publications'] },
  // Deletes the campaign (conditional); its posts stay.
  eliminarCampana: { table: 'readWrite', partitions: TENANT_PARTITIONS },
  // Reads the campaign; one conditional UpdateItem of its spend.
  guardarGastoCampana: { table: 'readWrite' },
  // Queries of the caller's publications, brand click counters, conversations, leads and campaigns.
  obtenerCifrasMes: { table: 'read' },
  // Campañas, Meta Ads draft (issue 15 item 3). Reads the Facebook connection and the network apps
  // (the Marketing API's base URL), opens the user token; Graph: granted permissions, ad accounts.
  // A token Graph refuses marks the connection `reconectar` (hence the write).
  listarCuentasPublicitarias: { table: 'readWrite', permissions: ['secrets:open:social-token', 'socialApps:read'] },
  // Reads the campaign, its creatives' gallery assets (presigned GET URLs Meta fetches the images
  // from), the Facebook and Instagram connections and the brand's time zone; opens the user token;
  // creates the creatives' tracked links (claim and link transaction) and, through Graph, the
  // PAUSED campaign, ad sets, creatives and ads, writing the draft after each (conditional updates).
  // A token Graph refuses marks the connection `reconectar`.
  crearBorradorMeta: { table: 'readWrite', permissions: ['secrets:open:social-token', 'socialApps:read', 'assets:read'] },
};

/**
 * Callables that rate-limit by client IP (the widget's per-IP limits): only these get the
 * origin-verify secret (ORIGIN_VERIFY_SECRET) that lets them trust the viewer IP CloudFront
 * forwards (lambdas/platform/callable/client-ip.ts); every other function sees API Gateway's
 * `sourceIp` and never holds the secret.
 */
export const CLIENT_IP_CALLABLES: readonly CallableName[] = ['obtenerWidget', 'enviarMensajeWidget', 'registrarLeadWidget'];

/** Callables that e-mail a user about their account (issue 17: the approval e-mail): they get SITE_URL, the site the e-mail links to. */
export const ACCOUNT_MAIL_CALLABLES: readonly CallableName[] = ['aprobarUsuario'];

/** Callables that send the new-lead e-mail (core/leads/notify.ts): they get SITE_URL, the site the e-mail links to. */
export const LEAD_NOTIFYING_CALLABLES: readonly CallableName[] = ['registrarLeadWidget'];

/**
 * Callables that build an OAuth redirect_uri (`${SITE_URL}/oauth/callback/<network>`): they get
 * SITE_URL, the site the networks send the owner back to (the stack output OAuthCallbackUrl).
 * completarOAuth needs it too: the code exchange repeats the exact redirect_uri.
 */
export const OAUTH_REDIRECT_CALLABLES: readonly CallableName[] = ['initiateOAuth', 'completarOAuth'];

/**
 * Callables that register a webhook URL with a network (issue 14: conectarTelegram's setWebhook to
 * `${SITE_URL}/webhooks/telegram/<routeKey>`): they get SITE_URL. desconectarRed's deleteWebhook
 * names no URL, so it does not.
 */
export const WEBHOOK_URL_CALLABLES: readonly CallableName[] = ['conectarTelegram'];

/**
 * Campaign callables that need the site's address (issue 15): generarCampana accepts a landing URL
 * of the site's own origin and measures the tracked link a post gets; aprobarCampana creates the
 * posts' tracked links (`${SITE_URL}/r/<code>`, the site's origin always an allowed target). They
 * get SITE_URL. So do crearBorradorMeta (the creatives' links), resolverPublicacion (the owner's
 * "sí, se publicó" gives the publication its link) and publicarArticulo (an article's link).
 */
export const CAMPAIGN_SITE_URL_CALLABLES: readonly CallableName[] = ['generarCampana', 'aprobarCampana', 'crearBorradorMeta', 'resolverPublicacion', 'publicarArticulo'];

/**
 * The publisher (lambdas/events/publisher.ts), invoked by a publication's one-time schedule:
 * claims the publication (conditional writes, lease), reads the post, the connection and the
 * network's rate usage; opens the access token and refreshes one that expires soon (opens the
 * refresh token, seals the new tokens) with the network's app; presigns GET URLs of the post's
 * gallery media for the network to fetch; records the outcome; a postponement (rate limit, media
 * not ready) moves its schedule. The notices are the sweep's, so no SMTP and no SITE_URL.
 */
export const PUBLISHER_ACCESS: FunctionAccess = {
  table: 'readWrite',
  permissions: ['secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read', 'assets:read', 'scheduler:publications'],
};

/**
 * The publishing sweep (lambdas/events/publishingSweep.ts, every PUBLISHING_SWEEP_RATE): Queries of
 * the outbox and of due publications on GSI1, finishes post syncs and re-puts the schedules of
 * publications whose schedule or lease was lost (the publisher publishes), marks missed ones; the
 * daily failure digest e-mail opens the brand's Gmail app password (as the new-lead notice,
 * core/leads/notify.ts) and links to the dashboard (SITE_URL). It publishes nothing itself (no
 * media). Issue 14: it polls the YouTube channels' comments (core/inbox/poll.ts): the YouTube
 * app (socialApps:read) and each channel's access token, refreshed and sealed again when it
 * expires (secrets:seal); new comments go to the inbox worker.
 */
export const PUBLISHING_SWEEP_ACCESS: FunctionAccess = {
  table: 'readWrite',
  permissions: ['secrets:open:gmail', 'secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read', 'scheduler:publications', 'inbox:invokeWorker'],
};

/**
 * The public webhook of the networks' messages (lambdas/http/socialWebhook.ts, issue 14; `GET|POST
 * /webhooks/{network}`, `POST /webhooks/telegram/{routeKey}` without authorizer): reads the network
 * apps (each Meta app's secret checks X-Hub-Signature-256) and the verify token (Meta's
 * verification request); a Query of the route items on GSI1 resolves the brand, and conditional
 * puts/updates store each message once (GetItem of a Telegram route's secret hash); each newly
 * stored message is handed to the worker (asynchronous Invoke). No key: nothing is sealed or opened.
 */
export const SOCIAL_WEBHOOK_ACCESS: FunctionAccess = { table: 'readWrite', permissions: ['socialApps:read', 'webhooks:readVerifyToken', 'inbox:invokeWorker'] };

/**
 * The inbox worker (lambdas/events/inboxWorker.ts, issue 14; invoked asynchronously by the webhook
 * and the sweep): reads the message, the conversation, the brand's rules, AI settings and
 * integrations (opens the brand's own provider key) and knowledge chunks, counts the daily answer
 * cap, invokes the model (as enviarMensajeWidget); sends the reply with the connection's sealed
 * page or bot token, refreshing one that is due with the network's app (opens, seals); puts the
 * lead and sends the new-lead e-mail with the brand's Gmail app password (as registrarLeadWidget;
 * SITE_URL for its link).
 */
export const INBOX_WORKER_ACCESS: FunctionAccess = { table: 'readWrite', permissions: ['ai:invoke', 'secrets:open:ai-key', 'secrets:open:gmail', 'secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read'] };

/**
 * The custom-token sign-in triggers (Define, Create and Verify Auth Challenge; issue 17 item 3)
 * decide from Cognito's event and the trusted key in their environment: no AWS access at all.
 */
export const CUSTOM_AUTH_TRIGGER_ACCESS: FunctionAccess = { table: 'none' };

/** The PreSignUp trigger only creates the pending profile. */
export const PRE_SIGN_UP_ACCESS: FunctionAccess = { table: 'write' };

/**
 * Knowledge processing (S3 ObjectCreated): reads the object, writes the record and its chunks
 * (and deletes chunks of a failed run), removes rejected files, embeds with the deployment's
 * AI provider.
 */
export const KNOWLEDGE_UPLOADED_ACCESS: FunctionAccess = {
  table: 'readWrite',
  partitions: TENANT_PARTITIONS,
  permissions: ['uploads:readKnowledge', 'uploads:deleteKnowledge', 'ai:invoke'],
};

/**
 * The scheduled draft job (EventBridge Scheduler; lambdas/events/blogDrafts.ts): Query of the due
 * schedule items on GSI1 and their conditional updates; per brand, what `generarArticulo` reads and
 * writes (no quota counter, no cover URL), so the same AI grants, opening the brand's own key.
 */
export const BLOG_DRAFTS_ACCESS: FunctionAccess = { table: 'readWrite', permissions: ['secrets:open:ai-key', 'ai:invoke'] };

/**
 * The public blog's HTML (lambdas/http/blogPublico.ts, `GET /blog/{proxy+}` without authorizer):
 * GetItems of the slug claim, blog settings, profile, AI settings (brand name), article slug claim
 * and article, a Query of the brand's articles, BatchGet of cover assets; presigned GET URLs of the
 * header image and of cover assets. Nothing is written.
 */
export const PUBLIC_BLOG_ACCESS: FunctionAccess = { table: 'read', permissions: ['uploads:readBlogHeader', 'assets:read'] };

/**
 * The public OAuth callback page (lambdas/http/oauthCallback.ts, `GET /oauth/callback/{platform}`
 * without authorizer): it only renders a page that hands `code`/`state` to the dashboard that opened
 * it, so no table, no key, no secret; its one setting is SITE_URL (the postMessage target origin).
 */
export const OAUTH_CALLBACK_ACCESS: FunctionAccess = { table: 'none' };

/**
 * The tracked links' redirect (lambdas/http/trackedRedirect.ts, `GET /r/{code}` without authorizer,
 * issue 15 item 4): GetItems of the code claim, the link and the day's salt; conditional puts of
 * the salt and the visitor items; UpdateItem ADD of the daily counters. No key, no secret, no
 * bucket; its settings are SITE_URL (the allowed origin) and the origin-verify secret (client IP).
 */
export const TRACKED_REDIRECT_ACCESS: FunctionAccess = { table: 'readWrite' };

/**
 * The token refresh job (EventBridge Scheduler every 15 minutes; lambdas/events/socialTokens.ts):
 * Query of the due connections on GSI1, a conditional lease per account, opens the refresh token,
 * refreshes it with the network's app, seals and writes the new tokens (or marks `reconectar`).
 */
export const SOCIAL_TOKENS_ACCESS: FunctionAccess = { table: 'readWrite', partitions: TENANT_PARTITIONS, permissions: ['secrets:seal:social-token', 'secrets:open:social-token', 'socialApps:read'] };

/**
 * Access levels whose middleware reads the table: every non-public one reads the caller's profile
 * (status, and `tokensValidAfter` for tokens issued before a suspension; issue 17 item 1).
 */
export const LEVELS_THAT_READ_PROFILE: readonly Access[] = ['active', 'signedIn', 'admin'];

/**
 * The data-rights worker (lambdas/events/dataRights.ts, issue 17 item 2), one function for three
 * jobs to spare the stack's resources (a function, role, async config and schedule each):
 * - export: Query of the owner's partition, GetItems of the blog slug claim; lists the owner's
 *   files (s3:ListBucket with prefix `users/`), reads them, puts the zip (tagged) under exports;
 *   conditional updates of the job item. No secret is opened: sealed values are left out.
 * - account deletion: disconnects the social connections (opens their tokens to revoke them at
 *   the network with its app; Telegram's deleteWebhook), deletes the publications' schedules,
 *   deletes the owner's items in and outside `user#<sub>` (slug and link-code claims, rate usage,
 *   digests: hence any partition), every object version under `users/<sub>/`, the Cognito user.
 * - the schedule's sweep: Query of `accountDeletion` (resumes deletions) and of GSI1
 *   `dataRetention`, deletes expired conversations and their messages.
 * Least privilege within one role: no seal, no AI, no mail; object writes only under exports.
 */
export const DATA_RIGHTS_WORKER_ACCESS: FunctionAccess = {
  table: 'readWrite',
  permissions: ['uploads:listUsers', 'uploads:readUsers', 'exports:put', 'uploads:deleteUsers', 'secrets:open:social-token', 'socialApps:read', 'scheduler:publications', 'cognito:deleteUser'],
};

/**
 * The render function (lambdas/events/render.ts, issue 18): reads the job and the brand's settings,
 * writes the job's progress and the asset records, gives the quota back on failure, attaches a
 * video to its scheduled post; reads the render's inputs (uploads and gallery assets), writes the
 * results under assets; calls the brand's AI provider (storyboard, score, missing images), Polly
 * (voice-over) and Transcribe (an audiogram's captions; transcripts under chat-transcripts). A
 * video made for a scheduled post is attached through the post's edit path (as guardarPublicacion:
 * an approved post's publications are synced, hence any partition and the publications' schedules).
 */
export const RENDER_WORKER_ACCESS: FunctionAccess = {
  table: 'readWrite',
  permissions: ['uploads:readMediaInputs', 'assets:put', 'assets:read', 'secrets:open:ai-key', 'ai:invoke', 'polly:SynthesizeSpeech', 'transcribe:jobs', 'chat:transcripts', 'scheduler:publications'],
};

/** The union of two table accesses. */
export function unionTableAccess(a: TableAccess, b: TableAccess): TableAccess {
  if (a === b || b === 'none') return a;
  if (a === 'none') return b;
  return 'readWrite';
}

/**
 * What a callable's role needs in the table: its own work plus what its access level's
 * middleware does. Only `public` reads nothing before the handler runs.
 */
export function tableAccessFor(access: FunctionAccess, level: Access): TableAccess {
  return LEVELS_THAT_READ_PROFILE.includes(level) ? unionTableAccess(access.table, 'read') : access.table;
}

/**
 * Access of a callable; throws for a callable without an entry. The Record type already
 * catches this at compile time; the runtime check also covers names added without a type check.
 */
export function accessOf(name: string): FunctionAccess {
  const access = (FUNCTION_ACCESS as Record<string, FunctionAccess | undefined>)[name];
  if (!access) {
    throw new Error(`Callable "${name}" has no access entry: add it to FUNCTION_ACCESS in infra/functions.ts.`);
  }
  return access;
}

/** Checks every callable of the contract up front, listing all that are missing. */
export function assertEveryCallableHasAccess(names: readonly string[] = CALLABLE_NAMES): void {
  const missing = names.filter((name) => !Object.hasOwn(FUNCTION_ACCESS, name));
  if (missing.length > 0) {
    throw new Error(`Callables without an access entry in infra/functions.ts: ${missing.join(', ')}.`);
  }
}

/** The specs of a function's permissions, in declaration order. */
export function permissionSpecs(access: FunctionAccess): PermissionSpec[] {
  return (access.permissions ?? []).map((name) => PERMISSIONS[name]);
}
