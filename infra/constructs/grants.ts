/**
 * Turns a function's declared access (infra/functions.ts) into IAM: table actions, object actions
 * on key patterns of the uploads bucket, actions on the secrets key, Bedrock invocation, reading the
 * social network apps secret, the publications' schedules, the webhook verify token, invoking the
 * inbox worker. The environment a permission implies (SECRETS_KMS_KEY_ARN, AI_PROVIDER, BEDROCK_*,
 * SOCIAL_APPS_SECRET, SCHEDULE_*, WEBHOOK_VERIFY_SECRET, INBOX_WORKER_FUNCTION) is set here from
 * the same declaration, so a function has the variable exactly when it has the permission, and the
 * wildcards a permission implies are acknowledged for cdk-nag on that function's role only.
 *
 * Object grants are explicit statements rather than `bucket.grantRead/grantPut/grantDelete`:
 * those add s3:GetObject*, s3:GetBucket*, s3:List*, s3:Abort* or tagging actions no function here
 * needs.
 */
import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { aiEnvironment, bedrockAsyncResources, bedrockInvokeResources, type AiSettings } from '../ai';
import { permissionSpecs, type FunctionAccess, type PermissionSpec, type SecretsPermission, type TableAccess } from '../functions';
import { acknowledge, nagResourceId } from '../nag';
import type { DataConstruct } from './data';
import { SCHEDULER_SERVICE, type PublicationScheduling } from './publishing';
import {
  DATA_RIGHTS_WORKER_FUNCTION_ENV,
  RENDER_WORKER_FUNCTION_ENV,
  INBOX_WORKER_FUNCTION_ENV,
  SCHEDULE_DEAD_LETTER_ARN_ENV,
  SCHEDULE_GROUP_ENV,
  SCHEDULE_TARGET_ARN_ENV,
  SCHEDULER_ROLE_ARN_ENV,
  SECRET_PURPOSE_FIELDS,
  SOCIAL_APPS_SECRET_ENV,
  TRANSCRIPTION_JOB_PREFIX,
  USER_POOL_ID_ENV,
  WEBHOOK_VERIFY_SECRET_ENV,
} from '@director-ia/shared';

/** Same name as lambdas/platform/secrets/keyring.ts (not imported: it loads the crypto SDK). */
export const SECRETS_KMS_KEY_ARN_ENV = 'SECRETS_KMS_KEY_ARN';

export { SOCIAL_APPS_SECRET_ENV };

/**
 * The IAM resource of a referenced secret, as CDK's own grants compute it: the complete ARN, or for
 * a secret known by name `<partial ARN>-??????` (Secrets Manager appends 6 random characters).
 */
export function secretPolicyResource(secret: ISecret): string {
  return secret.secretFullArn ?? `${secret.secretArn}-??????`;
}

/** Same name as lambdas/platform/ai/speech/speech.ts reads (deploymentHasPolly). */
export const SPEECH_PROVIDER_ENV = 'SPEECH_PROVIDER';

/** Same name as lambdas/platform/ai/speech/transcription.ts reads (deploymentTranscriber). */
export const TRANSCRIPTION_PROVIDER_ENV = 'TRANSCRIPTION_PROVIDER';

/** The Transcribe jobs a 'transcribe' permission covers: this account's, in the stack's region, named chat-*. */
export const TRANSCRIBE_JOB_RESOURCE = `arn:${Aws.PARTITION}:transcribe:${Aws.REGION}:${Aws.ACCOUNT_ID}:transcription-job/${TRANSCRIPTION_JOB_PREFIX}*`;

const TRANSCRIBE_WILDCARD_REASON =
  'Transcription job names are created per voice note (chat-<id>), so the resource is this account\'s jobs in the stack region whose name starts with chat-; the only action on it is transcribe:GetTranscriptionJob.';

/** Transcribe actions without a resource type (IAM authorizes them only on "*"). */
const TRANSCRIBE_UNSCOPED_ACTIONS: readonly string[] = ['transcribe:StartTranscriptionJob'];

const TRANSCRIBE_START_REASON =
  'transcribe:StartTranscriptionJob has no resource-level scoping (the action takes no resource type), so the resource is *; it is the only Transcribe action granted on *, GetTranscriptionJob stays limited to chat-* jobs.';

const POLLY_WILDCARD_REASON =
  'polly:SynthesizeSpeech has no resource-level scoping for the built-in voices (its only resource type is a lexicon, which this app does not use), so the resource is *; the only action granted is polly:SynthesizeSpeech.';

export interface FunctionGrantsProps {
  data: DataConstruct;
  uploadsBucket: IBucket;
  secretsKey: IKey;
  /** The deployment's AI settings (environment of functions with 'ai:invoke'). */
  ai: AiSettings;
  /** The social network apps secret (context `socialAppsSecret`); unset: 'socialApps:read' grants nothing. */
  socialAppsSecret?: ISecret;
  /** The publications' schedules (infra/constructs/publishing.ts); required by 'scheduler' permissions. */
  scheduling?: PublicationScheduling;
  /** The Meta webhook verify-token secret (SecretsConstruct); required by 'webhookVerify' permissions. */
  webhookVerifySecret?: ISecret;
  /** The inbox worker's fixed name and unqualified ARN (infra/constructs/inbox.ts); required by 'inboxWorker' permissions. */
  inboxWorker?: { functionName: string; functionArn: string };
  /** The data-rights worker's fixed name and unqualified ARN (infra/constructs/data-rights.ts); required by 'dataRightsWorker' permissions. */
  dataRightsWorker?: { functionName: string; functionArn: string };
  /** The render function's fixed name and unqualified ARN (infra/constructs/render.ts); required by 'renderWorker' permissions. */
  renderWorker?: { functionName: string; functionArn: string };
}

const SCHEDULES_WILDCARD_REASON =
  'Schedules are created at run time, one per publication (named pub_<publicationId>), so the resource is every schedule of this stack\'s publications group only; the actions are scheduler:CreateSchedule, UpdateSchedule and DeleteSchedule on those schedules.';

const UPLOADS_WILDCARD_REASON =
  'Per-tenant user prefixes are wildcards by design: object keys are users/<sub>/<area>/<id>-<name>, one prefix per user, and the function only acts on keys it derives from the verified caller or parses back from an S3 event; the grant is limited to this area of the uploads bucket and to the listed object actions.';
const BEDROCK_WILDCARD_REASON =
  'Model ids are configuration (context bedrock*ModelId, or a brand choosing Bedrock in Integraciones) and cross-region inference profiles route to foundation models in the other regions of their geography (global profiles: the region-less model ARN), so the resources are the foundation models of the Bedrock region\'s geography and region-less ones, and this account\'s inference profiles in the Bedrock region; the only action is bedrock:InvokeModel (Converse and InvokeModel).';

const BEDROCK_ASYNC_WILDCARD_REASON =
  'Video model ids are configuration (context) and may be cross-region inference profiles, and async invocation ids are created by Bedrock per job, so the resources are the models as for InvokeModel (the Bedrock region\'s geography) and this account\'s async invocations in the Bedrock region; the only actions are bedrock:InvokeModel (what StartAsyncInvoke authorizes as) and bedrock:GetAsyncInvoke.';


export class FunctionGrants {
  private userPool: IUserPool | undefined;

  constructor(private readonly props: FunctionGrantsProps) {}

  /**
   * The user pool of 'userPool' permissions (issue 17): set once the pool exists (the pool's
   * PreSignUp trigger is granted before it, by this same object).
   */
  setUserPool(userPool: IUserPool): void {
    this.userPool = userPool;
  }

  /**
   * Grants `access` to `fn`'s role. `table` overrides the declared table access (the API
   * construct adds what the callable protocol's middleware needs).
   */
  apply(fn: LambdaFunction, access: FunctionAccess, table: TableAccess = access.table): void {
    this.props.data.grant(fn, table, access.partitions);
    const acknowledgements: Record<string, string> = {};
    const specs = permissionSpecs(access);
    for (const spec of specs) if (spec.kind !== 'secrets') Object.assign(acknowledgements, this.grantOne(fn, spec));
    this.grantSecrets(fn, specs.filter((spec): spec is SecretsPermission => spec.kind === 'secrets'));
    if (Object.keys(acknowledgements).length > 0 && fn.role) acknowledge(fn.role, acknowledgements);
  }

  /**
   * The secrets key, by purpose (issue 16): one statement per action, allowed only for an
   * encryption context whose field is one of the purposes' fields and whose purpose is one of them.
   * Opening also accepts a value sealed before purposes existed (no purpose key: the field alone
   * decides, StringEqualsIfExists); sealing always requires the purpose.
   */
  private grantSecrets(fn: LambdaFunction, specs: SecretsPermission[]): void {
    if (specs.length === 0) return;
    const actions = [...new Set(specs.flatMap((spec) => spec.actions))];
    for (const action of actions) {
      const purposes = [...new Set(specs.filter((spec) => spec.actions.includes(action)).map((spec) => spec.purpose))];
      const fields = purposes.flatMap((purpose) => SECRET_PURPOSE_FIELDS[purpose]);
      const purposeTest = action === 'kms:Decrypt' ? 'StringEqualsIfExists' : 'StringEquals';
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: [action],
          resources: [this.props.secretsKey.keyArn],
          conditions: { [purposeTest]: { 'kms:EncryptionContext:purpose': purposes }, StringLike: { 'kms:EncryptionContext:field': fields } },
        }),
      );
    }
    fn.addEnvironment(SECRETS_KMS_KEY_ARN_ENV, this.props.secretsKey.keyArn);
  }

  /** The region Bedrock is called in: context `bedrockRegion`, else the function's own (what the provider layer does). */
  private bedrockRegion(fn: LambdaFunction): string {
    return this.props.ai.bedrockRegion ?? Stack.of(fn).region;
  }

  /** Adds one permission; returns the cdk-nag findings it implies, with their reasons. */
  private grantOne(fn: LambdaFunction, spec: PermissionSpec): Record<string, string> {
    const wildcards = (resources: readonly string[], reason: string) =>
      Object.fromEntries(resources.map((resource) => [`AwsSolutions-IAM5[Resource::${nagResourceId(fn, resource)}]`, reason]));
    switch (spec.kind) {
      case 'uploads': {
        const resources = spec.keys.map((keys) => this.props.uploadsBucket.arnForObjects(keys));
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources }));
        return wildcards(resources, UPLOADS_WILDCARD_REASON);
      }
      case 'secrets':
        return {}; // grantSecrets: one statement per action for all the function's purposes
      case 'aiSettings':
        for (const [name, value] of Object.entries(aiEnvironment(this.props.ai))) fn.addEnvironment(name, value);
        return {};
      case 'speechSettings':
        fn.addEnvironment(SPEECH_PROVIDER_ENV, 'polly');
        return {};
      case 'ai': {
        const resources = bedrockInvokeResources(this.bedrockRegion(fn));
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources }));
        for (const [name, value] of Object.entries(aiEnvironment(this.props.ai))) fn.addEnvironment(name, value);
        return wildcards(resources, BEDROCK_WILDCARD_REASON);
      }
      case 'polly':
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: ['*'] }));
        fn.addEnvironment(SPEECH_PROVIDER_ENV, 'polly');
        return { 'AwsSolutions-IAM5[Resource::*]': POLLY_WILDCARD_REASON };
      case 'aiAsync': {
        const resources = bedrockAsyncResources(this.bedrockRegion(fn));
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources }));
        for (const [name, value] of Object.entries(aiEnvironment(this.props.ai))) fn.addEnvironment(name, value);
        return wildcards(resources, BEDROCK_ASYNC_WILDCARD_REASON);
      }
      case 'transcribe': {
        // transcribe:StartTranscriptionJob takes no resource type, so IAM matches it only on "*" (the
        // twin's IAM check refused the job-scoped grant, as AWS would); reading jobs stays scoped.
        const unscoped = spec.actions.filter((action) => TRANSCRIBE_UNSCOPED_ACTIONS.includes(action));
        const scoped = spec.actions.filter((action) => !TRANSCRIBE_UNSCOPED_ACTIONS.includes(action));
        if (unscoped.length) fn.addToRolePolicy(new PolicyStatement({ actions: unscoped, resources: ['*'] }));
        if (scoped.length) fn.addToRolePolicy(new PolicyStatement({ actions: scoped, resources: [TRANSCRIBE_JOB_RESOURCE] }));
        fn.addEnvironment(TRANSCRIPTION_PROVIDER_ENV, 'transcribe');
        return { ...wildcards([TRANSCRIBE_JOB_RESOURCE], TRANSCRIBE_WILDCARD_REASON), ...(unscoped.length ? { 'AwsSolutions-IAM5[Resource::*]': TRANSCRIBE_START_REASON } : {}) };
      }
      case 'socialApps': {
        // Not secret.grantRead: it adds secretsmanager:DescribeSecret, which no function needs.
        const secret = this.props.socialAppsSecret;
        if (!secret) return {};
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [secretPolicyResource(secret)] }));
        fn.addEnvironment(SOCIAL_APPS_SECRET_ENV, secret.secretArn);
        return {};
      }
      case 'scheduler': {
        const scheduling = this.props.scheduling;
        if (!scheduling) throw new Error(`${fn.node.path} declares a scheduler permission but the stack gave FunctionGrants no publication schedules.`);
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [scheduling.schedulesArn] }));
        // Passing the role is what lets the Scheduler act as it: only that role, only to the Scheduler.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['iam:PassRole'], resources: [scheduling.roleArn], conditions: { StringEquals: { 'iam:PassedToService': SCHEDULER_SERVICE } } }));
        fn.addEnvironment(SCHEDULE_GROUP_ENV, scheduling.groupName);
        fn.addEnvironment(SCHEDULER_ROLE_ARN_ENV, scheduling.roleArn);
        fn.addEnvironment(SCHEDULE_TARGET_ARN_ENV, scheduling.targetArn);
        fn.addEnvironment(SCHEDULE_DEAD_LETTER_ARN_ENV, scheduling.deadLetterArn);
        return wildcards([scheduling.schedulesArn], SCHEDULES_WILDCARD_REASON);
      }
      case 'webhookVerify': {
        const secret = this.props.webhookVerifySecret;
        if (!secret) throw new Error(`${fn.node.path} declares a webhook verify-token permission but the stack gave FunctionGrants no verify-token secret.`);
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [secretPolicyResource(secret)] }));
        fn.addEnvironment(WEBHOOK_VERIFY_SECRET_ENV, secret.secretArn);
        return {};
      }
      case 'uploadsList': {
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [this.props.uploadsBucket.bucketArn], conditions: { StringLike: { 's3:prefix': ['users/*'] } } }));
        return {};
      }
      case 'userPool': {
        const pool = this.userPool;
        if (!pool) throw new Error(`${fn.node.path} declares a user pool permission but the stack gave FunctionGrants no user pool.`);
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [pool.userPoolArn] }));
        fn.addEnvironment(USER_POOL_ID_ENV, pool.userPoolId);
        return {};
      }
      case 'dataRightsWorker': {
        const worker = this.props.dataRightsWorker;
        if (!worker) throw new Error(`${fn.node.path} declares a data-rights worker permission but the stack gave FunctionGrants no data-rights worker.`);
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [worker.functionArn] }));
        fn.addEnvironment(DATA_RIGHTS_WORKER_FUNCTION_ENV, worker.functionName);
        return {};
      }
      case 'renderWorker': {
        const worker = this.props.renderWorker;
        if (!worker) throw new Error(`${fn.node.path} declares a render worker permission but the stack gave FunctionGrants no render worker.`);
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [worker.functionArn] }));
        fn.addEnvironment(RENDER_WORKER_FUNCTION_ENV, worker.functionName);
        return {};
      }
      case 'inboxWorker': {
        const worker = this.props.inboxWorker;
        if (!worker) throw new Error(`${fn.node.path} declares an inbox worker permission but the stack gave FunctionGrants no inbox worker.`);
        // The unqualified ARN only: the callers invoke $LATEST by name, never a version or alias.
        fn.addToRolePolicy(new PolicyStatement({ actions: [...spec.actions], resources: [worker.functionArn] }));
        fn.addEnvironment(INBOX_WORKER_FUNCTION_ENV, worker.functionName);
        return {};
      }
    }
  }
}
