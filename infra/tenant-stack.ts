/**
 * One isolated stack per tenant (architecture "Deploy"): identity, data, the secrets key, files,
 * the callable API, background jobs, publishing (the publications' schedules, the publisher and its
 * sweep), the site, the public blog, the OAuth callback page, the inbox (the networks' webhooks and
 * the inbox worker, issue 14), the tracked links' redirect (issue 15) and the alarms and dashboard
 * (issue 16, infra/constructs/observability.ts), wired together, plus the outputs an operator
 * needs after `cdk deploy`. Every function's permissions come from infra/functions.ts through
 * one FunctionGrants; SECRETS_KMS_KEY_ARN and the AI variables are set only on functions whose
 * declared permissions use them (see infra/constructs/grants.ts). The origin-verify secret goes to
 * the site's API origin and to the client-IP callables only (lambdas/platform/callable/client-ip.ts).
 */
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@director-ia/shared';
import type { TenantSettings } from './context';
import { ApiConstruct, type ApiProps } from './constructs/api';
import { AuthConstruct } from './constructs/auth';
import { DataConstruct } from './constructs/data';
import { DataRightsConstruct, dataRightsWorkerOf } from './constructs/data-rights';
import { RenderConstruct, renderWorkerOf } from './constructs/render';
import { FunctionGrants } from './constructs/grants';
import { InboxConstruct, inboxWorkerOf } from './constructs/inbox';
import { JobsConstruct } from './constructs/jobs';
import { ObservabilityConstruct } from './constructs/observability';
import { OAuthCallbackConstruct } from './constructs/oauth-callback';
import { PublicationSchedulesConstruct, PublishingConstruct } from './constructs/publishing';
import { PublicBlogConstruct } from './constructs/public-blog';
import { SecretsConstruct } from './constructs/secrets';
import { StorageConstruct } from './constructs/storage';
import { TrackedLinksConstruct } from './constructs/tracked-links';
import { WebConstruct } from './constructs/web';
import { ACCOUNT_MAIL_CALLABLES, CAMPAIGN_SITE_URL_CALLABLES, LEAD_NOTIFYING_CALLABLES, OAUTH_REDIRECT_CALLABLES, WEBHOOK_URL_CALLABLES } from './functions';
import { DEFAULT_WEB_DIST, REPO_ROOT } from './paths';
import { OAUTH_NETWORKS, SITE_URL_ENV, TABLE_NAME_ENV, WEBHOOKS_PREFIX } from '@director-ia/shared';

export interface TenantStackProps extends StackProps {
  settings: TenantSettings;
  /** Root holding lambdas/ and package-lock.json (tests pass a fixture). */
  projectRoot?: string;
  /** The Vite build to deploy (tests pass a fixture). */
  webDistPath?: string;
  /** Replaces some callables' declared access (the twin's IAM tests; see ApiProps). */
  accessOverrides?: ApiProps['accessOverrides'];
  /** The edge stack's WAF web ACL for the distribution (issue 16; infra/edge-stack.ts); none: no WAF. */
  webAclArn?: string;
}

/** Powertools service name shared by all functions; function_name tells them apart in logs. */
export const SERVICE_NAME = 'director-ia';

export const stackNameOf = (tenant: string): string => `DirectorIa-${tenant}`;

export class TenantStack extends Stack {
  readonly data: DataConstruct;
  readonly storage: StorageConstruct;
  readonly secrets: SecretsConstruct;
  readonly auth: AuthConstruct;
  readonly api: ApiConstruct;
  readonly jobs: JobsConstruct;
  readonly dataRights: DataRightsConstruct;
  readonly render: RenderConstruct;
  readonly publicationSchedules: PublicationSchedulesConstruct;
  readonly publishing: PublishingConstruct;
  readonly web: WebConstruct;
  readonly publicBlog: PublicBlogConstruct;
  readonly oauthCallback: OAuthCallbackConstruct;
  readonly inbox: InboxConstruct;
  readonly trackedLinks: TrackedLinksConstruct;
  readonly observability: ObservabilityConstruct;

  constructor(scope: Construct, id: string, props: TenantStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const projectRoot = props.projectRoot ?? REPO_ROOT;
    Tags.of(this).add('app', 'director-ia');
    Tags.of(this).add('tenant', settings.tenant);

    const data = (this.data = new DataConstruct(this, 'Data'));
    const storage = (this.storage = new StorageConstruct(this, 'Storage'));
    const secrets = (this.secrets = new SecretsConstruct(this, 'Secrets', { tenant: settings.tenant, socialAppsSecret: settings.socialAppsSecret }));
    const environment = {
      [TABLE_NAME_ENV]: data.table.tableName,
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      UPLOADS_BUCKET: storage.uploadsBucket.bucketName,
    };
    // Before the functions: the scheduling ones are told (and granted) the group, role, publisher and queue.
    const publicationSchedules = (this.publicationSchedules = new PublicationSchedulesConstruct(this, 'PublicationSchedules'));
    const grants = new FunctionGrants({
      data,
      uploadsBucket: storage.uploadsBucket,
      secretsKey: secrets.key,
      ai: settings,
      socialAppsSecret: secrets.socialApps,
      scheduling: publicationSchedules.scheduling,
      webhookVerifySecret: secrets.webhookVerify,
      // Fixed name: the webhook and the sweep (created before the worker) name it.
      inboxWorker: inboxWorkerOf(this),
      // Fixed name: solicitarExportacion and eliminarCuenta (callables, created before it) name it.
      dataRightsWorker: dataRightsWorkerOf(this),
      // Fixed name: crearBandaSonora and crearVideo (callables, created before it) name it.
      renderWorker: renderWorkerOf(this),
    });
    const auth = (this.auth = new AuthConstruct(this, 'Auth', { grants, projectRoot, environment, adminEmail: settings.adminEmail, customToken: settings.customToken }));
    // The admin callables manage users of this pool (issue 17 item 1: 'userPool' permissions).
    grants.setUserPool(auth.userPool);
    const api = (this.api = new ApiConstruct(this, 'Api', { auth, grants, projectRoot, environment, originVerifySecret: secrets.originVerifyValue, accessOverrides: props.accessOverrides }));
    const jobs = (this.jobs = new JobsConstruct(this, 'Jobs', { grants, uploadsBucket: storage.uploadsBucket, projectRoot, environment }));
    // Data rights (issue 17 item 2): exports, account deletions, conversation retention.
    this.dataRights = new DataRightsConstruct(this, 'DataRights', { grants, projectRoot, environment, deadLetters: jobs.deadLetters });
    // Soundtracks and composed video (issue 18).
    this.render = new RenderConstruct(this, 'Render', { grants, projectRoot, environment, deadLetters: jobs.deadLetters });
    const publishing = (this.publishing = new PublishingConstruct(this, 'Publishing', { grants, schedules: publicationSchedules, projectRoot, environment }));

    const runtimeConfig: RuntimeConfig = {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      apiBase: '/api',
      environment: settings.tenant,
      ...(settings.partnerName ? { partnerName: settings.partnerName } : {}),
      ...(settings.publicSiteUrl ? { publicSiteUrl: settings.publicSiteUrl } : {}),
      ...(settings.tokenSyncUrl ? { tokenSyncUrl: settings.tokenSyncUrl } : {}),
    };
    const web = (this.web = new WebConstruct(this, 'Web', {
      apiDomainName: api.domainName,
      originVerifySecret: secrets.originVerifyValue,
      logsBucket: storage.logsBucket,
      webDistPath: props.webDistPath ?? DEFAULT_WEB_DIST,
      runtimeConfig,
      domainName: settings.domainName,
      certificateArn: settings.certificateArn,
      webAclArn: props.webAclArn,
    }));
    // Added after the distribution exists: the uploads bucket only needs its domain name.
    storage.allowBrowserAccessFrom(web.origins);
    // After the site too: its pages name the site's origin (canonical, og:url).
    this.publicBlog = new PublicBlogConstruct(this, 'PublicBlog', { httpApi: api.httpApi, grants, projectRoot, environment, siteOrigin: web.siteUrl });
    this.oauthCallback = new OAuthCallbackConstruct(this, 'OAuthCallback', { httpApi: api.httpApi, grants, projectRoot, serviceName: SERVICE_NAME, siteUrl: web.siteUrl });
    // The new-lead e-mail links to the dashboard (lambdas/core/leads/email.ts reads SITE_URL); the
    // OAuth redirect_uri is `${SITE_URL}/oauth/callback/<network>`.
    // conectarTelegram tells Telegram `${SITE_URL}/webhooks/telegram/<routeKey>` (issue 14).
    // Campaigns check landing URLs against the site's origin and create `${SITE_URL}/r/<code>` links (issue 15).
    // The approval e-mail tells the user where to sign in (issue 17).
    for (const name of [...ACCOUNT_MAIL_CALLABLES, ...LEAD_NOTIFYING_CALLABLES, ...OAUTH_REDIRECT_CALLABLES, ...WEBHOOK_URL_CALLABLES, ...CAMPAIGN_SITE_URL_CALLABLES]) api.functions[name].addEnvironment(SITE_URL_ENV, web.siteUrl);
    // The publishing sweep's daily failure digest links to the dashboard too (as the new-lead e-mail).
    publishing.sweep.addEnvironment(SITE_URL_ENV, web.siteUrl);
    // A post's publication gets its tracked link (`<SITE_URL>/r/<code>`) when it goes out (issue 15 item 4).
    publishing.publisher.addEnvironment(SITE_URL_ENV, web.siteUrl);
    // The networks' webhooks and the inbox worker (its new-lead e-mail links to the dashboard).
    const inbox = (this.inbox = new InboxConstruct(this, 'Inbox', { httpApi: api.httpApi, grants, projectRoot, environment, siteUrl: web.siteUrl }));
    // The tracked links' redirect (issue 15): `<SITE_URL>/r/<code>`, targets on the site's origin.
    this.trackedLinks = new TrackedLinksConstruct(this, 'TrackedLinks', { httpApi: api.httpApi, grants, projectRoot, environment, siteUrl: web.siteUrl, originVerifySecret: secrets.originVerifyValue });

    // Alarms (to the topic, e-mailed to alarmEmail) and the dashboard (issue 16).
    this.observability = new ObservabilityConstruct(this, 'Observability', {
      httpApi: api.httpApi,
      deadLetters: { publishing: publicationSchedules.deadLetters, inbox: inbox.deadLetters, jobs: jobs.deadLetters },
      serviceName: SERVICE_NAME,
      alarmEmail: settings.alarmEmail,
    });

    const output = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    output('SiteUrl', web.siteUrl, 'URL of the web app');
    output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool');
    output('UserPoolClientId', auth.client.userPoolClientId, 'Cognito app client of the web');
    output('TableName', data.table.tableName, 'DynamoDB table');
    output('UploadsBucketName', storage.uploadsBucket.bucketName, 'Bucket of user uploads');
    output('ApiEndpoint', api.httpApi.apiEndpoint, 'HTTP API (normally reached through the site at /api)');
    output('DistributionId', web.distribution.distributionId, 'CloudFront distribution (for invalidations)');
    output('PublishingDeadLetterQueueUrl', publicationSchedules.deadLetters.queueUrl, 'Publication events nobody handled (undelivered schedules, failed publisher invocations); the publishing sweep recovers publications by itself, read these to find out why');
    output('InboxDeadLetterQueueUrl', inbox.deadLetters.queueUrl, 'Inbox worker events that failed every retry; the publishing sweep re-delivers messages still pending by itself, read these to find out why');
    for (const network of ['facebook', 'instagram'] as const) {
      const label = network === 'facebook' ? 'Facebook' : 'Instagram';
      output(`${label}WebhookCallbackUrl`, `${web.siteUrl}${WEBHOOKS_PREFIX}/${network}`, `Callback URL of the ${label} Meta app's webhooks (App Dashboard > Webhooks; with the verify token of MetaWebhookVerifyTokenSecretName; fields messages, feed / comments)`);
    }
    output('MetaWebhookVerifyTokenSecretName', secrets.webhookVerify.secretName, 'Secrets Manager secret holding the Meta webhooks\' verify token: paste its value into each Meta app\'s Webhooks settings with the callback URL');
    output('JobsDeadLetterQueueUrl', jobs.deadLetters.queueUrl, 'Background job events that failed every retry: knowledge documents whose processing failed (the document stays in processing; delete and upload it again), undelivered blog drafts or token refresh schedules (their next run retries) and renders that failed outright (out of memory or time; estadoRender shows their job as failed and gives the quota back)');
    output('AlarmTopicArn', this.observability.topic.topicArn, 'SNS topic of the stack\'s alarms (e-mailed to the alarmEmail context key when set; subscribe more endpoints here)');
    output('DashboardName', this.observability.dashboard.dashboardName, 'CloudWatch dashboard of this tenant');
    output('OAuthCallbackUrl', this.oauthCallback.callbackUrl, `Redirect URI to register with each social network app, {platform} being its network: ${OAUTH_NETWORKS.join(', ')}`);
  }
}
