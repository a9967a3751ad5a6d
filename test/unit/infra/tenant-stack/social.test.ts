/**
 * Issue 12's deployment side in the tenant stack: the public OAuth callback (a Lambda with no grant
 * and only SITE_URL behind `GET /oauth/callback/{platform}` without authorizer, acknowledged for
 * cdk-nag; CloudFront's `/oauth/callback/*` behavior to the API origin, uncached, forwarding the
 * query string only, with a response headers policy that leaves the page's own CSP alone); the
 * `OAuthCallbackUrl` output derived from the site URL (CloudFront or the custom domain); SITE_URL on
 * the callables that build a redirect_uri; the 15-minute token refresh schedule with a scheduler
 * role that invokes only its job; and the social apps secret reference: GetSecretValue on exactly
 * the secret the context names (by complete ARN here; by name in permissions.test.ts) and nothing
 * at all without the context key, while synth still succeeds (cdk-nag included).
 */
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { SOCIAL_APPS_SECRET_ENV } from '../../../../infra/constructs/grants';
import { SOCIAL_TOKENS_EVENT, SOCIAL_TOKENS_RATE } from '../../../../infra/constructs/jobs';
import { OAUTH_CALLBACK_ROUTE_PATH } from '../../../../infra/constructs/oauth-callback';
import { OAUTH_CALLBACK_PATH_PATTERN } from '../../../../infra/constructs/web';
import { OAUTH_CALLBACK_ACCESS, OAUTH_REDIRECT_CALLABLES, WEBHOOK_URL_CALLABLES } from '../../../../infra/functions';
import { scheduleEvent } from '../../../../infra/local/schedules';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { SOCIAL_TOKENS_JOB } from '../../../../lambdas/events/socialTokens';
import { CALLABLE_NAMES, METRICS_STACK_ENV, oauthCallbackPath, OAUTH_NETWORKS, SITE_URL_ENV } from '@director-ia/shared';
import { createFixture, type Fixture, removeFixture, type SynthesizedTenant, synthTenant, useSynthesizedTenant } from '../../../support/cdk-fixture';
import { XRAY_WILDCARD_REASON } from '../../../../infra/constructs/node-function';
import { identityPolicies, logicalId, permissionLines, statementsOfRole, XRAY_LINES, type Resource } from '../../../support/template-iam';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:director-ia/demo/social-apps-AbC123';
const READERS = ['listarRedes', 'initiateOAuth', 'completarOAuth', 'conectarTelegram', 'elegirDestinos', 'desconectarRed', 'listarCuentasPublicitarias', 'crearBorradorMeta', 'verCampana'] as const;

type Behavior = Record<string, unknown> & { PathPattern: string };
interface Synth {
  stack: TenantStack;
  template: Template;
  assembly: CloudAssembly;
  resources: Record<string, Resource>;
}

/** A synthesized stack with its resources by logical id. */
const withResources = ({ stack, template, assembly }: SynthesizedTenant): Synth => ({ stack, template, assembly, resources: template.toJSON().Resources as Record<string, Resource> });

function synth(fixture: Fixture, context: Record<string, unknown>): Synth {
  return withResources(synthTenant(fixture, { tenant: 'demo', ...context }));
}

const envOf = (s: Synth, id: string) => ((s.resources[id]?.Properties.Environment ?? { Variables: {} }) as { Variables: Record<string, unknown> }).Variables;
const siteUrlParts = (s: Synth): unknown[] => ['https://', { 'Fn::GetAtt': [logicalId(s.stack, s.stack.web.distribution), 'DomainName'] }];
const siteUrlOf = (s: Synth) => ({ 'Fn::Join': ['', siteUrlParts(s)] });
const behaviors = (s: Synth) => {
  const distribution = Object.values(s.template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0];
  return (distribution?.Properties.DistributionConfig as { CacheBehaviors: Behavior[] }).CacheBehaviors;
};
const behavior = (s: Synth, pattern: string) => behaviors(s).find((b) => b.PathPattern === pattern);
const refOf = (value: unknown) => (value as { Ref: string }).Ref;
const acknowledged = (s: Synth) =>
  s.assembly
    .getStackByName(s.stack.stackName)
    .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })));

describe('social networks in the tenant stack (secret by complete ARN)', () => {
  let s: Synth;

  useSynthesizedTenant({ tenant: 'demo', socialAppsSecret: SECRET_ARN }, { webBuild: false }, (synth) => (s = withResources(synth)));

  const pageId = () => logicalId(s.stack, s.stack.oauthCallback.fn);
  const jobId = () => logicalId(s.stack, s.stack.jobs.socialTokens);
  const linesOf = (fnId: string, roleId: string) => {
    const logGroup = (s.resources[fnId]?.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    return permissionLines(statementsOfRole(s.template, roleId), {
      [logicalId(s.stack, s.stack.data.table)]: 'table',
      [logicalId(s.stack, s.stack.secrets.key)]: 'secretsKey',
      [logGroup]: 'logs',
    });
  };

  describe('OAuth callback page', () => {
    it('runs Node.js 24 on arm64 with only the service name and SITE_URL (no table, bucket or key)', () => {
      expect(s.resources[pageId()]?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 5 });
      expect(envOf(s, pageId())).toEqual({ NODE_OPTIONS: '--enable-source-maps', [METRICS_STACK_ENV]: 'DirectorIa-demo', POWERTOOLS_SERVICE_NAME: 'director-ia', [SITE_URL_ENV]: siteUrlOf(s) });
    });

    it('has no permission but its own logs', () => {
      expect(OAUTH_CALLBACK_ACCESS).toEqual({ table: 'none' });
      expect(linesOf(pageId(), logicalId(s.stack, s.stack.oauthCallback.fn.role as never))).toEqual(['logs:CreateLogStream @ logs', 'logs:PutLogEvents @ logs', ...XRAY_LINES]);
    });

    it('is the GET /oauth/callback/{platform} route of the HTTP API, without authorizer, integrated with the page', () => {
      expect(OAUTH_CALLBACK_ROUTE_PATH).toBe('/oauth/callback/{platform}');
      for (const network of OAUTH_NETWORKS) expect(oauthCallbackPath(network)).toBe(OAUTH_CALLBACK_ROUTE_PATH.replace('{platform}', network));
      const routes = Object.values(s.template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).filter((r) => r.Properties.RouteKey === `GET ${OAUTH_CALLBACK_ROUTE_PATH}`);
      expect(routes).toHaveLength(1);
      expect(routes[0]?.Properties).toMatchObject({ ApiId: { Ref: logicalId(s.stack, s.stack.api.httpApi) }, AuthorizationType: 'NONE' });
      expect(routes[0]?.Properties.AuthorizerId).toBeUndefined();
      const integrations = s.template.findResources('AWS::ApiGatewayV2::Integration', {
        Properties: { IntegrationType: 'AWS_PROXY', IntegrationUri: { 'Fn::GetAtt': [pageId(), 'Arn'] }, PayloadFormatVersion: '2.0' },
      });
      expect(Object.keys(integrations)).toHaveLength(1);
      expect(JSON.stringify(routes[0]?.Properties.Target)).toContain(Object.keys(integrations)[0]);
    });

    it('acknowledges the public route for cdk-nag with its reason, and nothing on the page\'s role', () => {
      // Beside X-Ray's wildcard, which every function role carries (node-function.ts).
      const entries = acknowledged(s).filter((e) => (e.path.includes('/OAuthCallback/') || e.path.includes('oauth--callback')) && e.reason !== XRAY_WILDCARD_REASON);
      expect(entries.map((e) => e.id)).toEqual(['AwsSolutions::AwsSolutions-APIG4']);
      expect(entries[0]?.reason).toMatch(/public by design .* completarOAuth/);
    });

    it('is routed by CloudFront /oauth/callback/* to the API origin: GET/HEAD, HTTPS, uncached, no function', () => {
      expect(OAUTH_CALLBACK_PATH_PATTERN).toBe('/oauth/callback/*');
      const callback = behavior(s, OAUTH_CALLBACK_PATH_PATTERN);
      expect(callback).toMatchObject({
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        TargetOriginId: behavior(s, '/api/*')?.TargetOriginId,
      });
      expect(callback?.FunctionAssociations).toBeUndefined();
    });

    it('forwards the whole query string (code, state, the networks\' error fields) and no cookies or viewer headers', () => {
      const policy = s.resources[refOf(behavior(s, OAUTH_CALLBACK_PATH_PATTERN)?.OriginRequestPolicyId)];
      expect(policy?.Type).toBe('AWS::CloudFront::OriginRequestPolicy');
      expect(policy?.Properties.OriginRequestPolicyConfig).toMatchObject({
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      });
    });

    it('answers with no-referrer and no framing, and no CSP of CloudFront\'s: the page\'s own CSP (script hash) reaches the browser', () => {
      const callbackPolicyId = refOf(behavior(s, OAUTH_CALLBACK_PATH_PATTERN)?.ResponseHeadersPolicyId);
      expect(callbackPolicyId).not.toBe(refOf(behavior(s, '/blog/*')?.ResponseHeadersPolicyId));
      const config = s.resources[callbackPolicyId]?.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown>; CustomHeadersConfig?: unknown; RemoveHeadersConfig?: unknown };
      expect(config.SecurityHeadersConfig).toEqual({
        StrictTransportSecurity: { AccessControlMaxAgeSec: 31_536_000, IncludeSubdomains: true, Override: true },
        ContentTypeOptions: { Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
      });
      expect(config.CustomHeadersConfig).toBeUndefined();
      expect(config.RemoveHeadersConfig).toBeUndefined();
    });

    it('prints OAuthCallbackUrl: the site URL and the callback path with {platform}, naming the networks', () => {
      const output = s.template.toJSON().Outputs.OAuthCallbackUrl as { Value: { 'Fn::Join': [string, unknown[]] }; Description: string };
      expect(output.Value).toEqual({ 'Fn::Join': ['', [...siteUrlParts(s), OAUTH_CALLBACK_ROUTE_PATH]] });
      for (const network of OAUTH_NETWORKS) expect(output.Description).toContain(network);
    });
  });

  it('gives SITE_URL (the site URL) to the callables that build a redirect_uri or a webhook URL, and to no other social callable', () => {
    expect([...OAUTH_REDIRECT_CALLABLES].sort()).toEqual(['completarOAuth', 'initiateOAuth']);
    // conectarTelegram tells Telegram `${SITE_URL}/webhooks/telegram/<routeKey>` (issue 14).
    expect(WEBHOOK_URL_CALLABLES).toEqual(['conectarTelegram']);
    for (const name of ['listarRedes', 'initiateOAuth', 'completarOAuth', 'conectarTelegram', 'elegirDestinos', 'desconectarRed'] as const) {
      const expected = OAUTH_REDIRECT_CALLABLES.includes(name) || WEBHOOK_URL_CALLABLES.includes(name) ? siteUrlOf(s) : undefined;
      expect(envOf(s, logicalId(s.stack, s.stack.api.functions[name]))[SITE_URL_ENV]).toEqual(expected);
    }
    expect(envOf(s, jobId())[SITE_URL_ENV]).toBeUndefined();
  });

  describe('social apps secret by complete ARN', () => {
    it('grants GetSecretValue on exactly that ARN and names it in SOCIAL_APPS_SECRET, for the readers only', () => {
      // Bandeja's replies send with the connection's tokens; the sweep polls YouTube comments (issue 14).
      const readers = [
        ...READERS.map((name) => s.stack.api.functions[name]),
        s.stack.api.functions.responderConversacion,
        s.stack.api.functions.aprobarRespuesta,
        s.stack.jobs.socialTokens,
        s.stack.publishing.publisher,
        s.stack.publishing.sweep,
        s.stack.inbox.webhook,
        s.stack.inbox.worker,
      ];
      const all = [...CALLABLE_NAMES.map((name) => s.stack.api.functions[name]), s.stack.jobs.socialTokens, s.stack.publishing.publisher, s.stack.publishing.sweep, s.stack.jobs.blogDrafts, s.stack.jobs.knowledgeUploaded, s.stack.publicBlog.fn, s.stack.oauthCallback.fn, s.stack.auth.preSignUp, s.stack.inbox.webhook, s.stack.inbox.worker];
      const verifyToken = logicalId(s.stack, s.stack.secrets.webhookVerify);
      for (const fn of all) {
        const reads = readers.includes(fn);
        // The webhook's grant on the stack's own verify token is tenant-stack/inbox.test.ts's.
        const lines = permissionLines(statementsOfRole(s.template, logicalId(s.stack, fn.role as never)), { [verifyToken]: 'verifyToken' }).filter((line) => line.startsWith('secretsmanager:') && !line.endsWith(' verifyToken'));
        expect(lines).toEqual(reads ? [`secretsmanager:GetSecretValue @ ${SECRET_ARN}`] : []);
        expect(envOf(s, logicalId(s.stack, fn))[SOCIAL_APPS_SECRET_ENV]).toBe(reads ? SECRET_ARN : undefined);
      }
    });

    it('creates no secret of its own for it (the operator owns it)', () => {
      const secrets = Object.values(s.template.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>);
      expect(secrets).toHaveLength(2); // the origin-verify secret and the Meta webhook verify token (issue 14)
      expect(JSON.stringify(secrets)).not.toContain('social');
    });
  });

  describe('token refresh job', () => {
    const schedule = () => s.resources[logicalId(s.stack, s.stack.jobs.socialTokensSchedule)] as Resource;

    it('runs on Node.js 24 arm64 for up to 5 minutes with the shared environment, the key and the secret', () => {
      expect(s.resources[jobId()]?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 300, LoggingConfig: { LogFormat: 'JSON' } });
      expect(envOf(s, jobId())).toMatchObject({
        TABLE_NAME: { Ref: logicalId(s.stack, s.stack.data.table) },
        POWERTOOLS_SERVICE_NAME: 'director-ia',
        SECRETS_KMS_KEY_ARN: { 'Fn::GetAtt': [logicalId(s.stack, s.stack.secrets.key), 'Arn'] },
        [SOCIAL_APPS_SECRET_ENV]: SECRET_ARN,
      });
    });

    it('has exactly table read/write, seal, open and the secret: no S3, no Bedrock, no Scan', () => {
      const read = ['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'Query'].flatMap((a) => [`dynamodb:${a} @ table`, `dynamodb:${a} @ table/index/gsi1`]);
      const write = ['BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'PutItem', 'UpdateItem'].map((a) => `dynamodb:${a} @ table`);
      const expected = new Set(['logs:CreateLogStream @ logs', 'logs:PutLogEvents @ logs', ...XRAY_LINES, ...read, ...write, 'kms:GenerateDataKey @ secretsKey', 'kms:Decrypt @ secretsKey', `secretsmanager:GetSecretValue @ ${SECRET_ARN}`]);
      expect(linesOf(jobId(), logicalId(s.stack, s.stack.jobs.socialTokens.role as never))).toEqual([...expected].sort());
    });

    it('is invoked every 15 minutes with the event the handler and the twin use, retried little', () => {
      expect(SOCIAL_TOKENS_RATE.toMinutes()).toBe(15);
      const props = schedule().Properties as { ScheduleExpression: string; State: string; FlexibleTimeWindow: unknown; Target: Record<string, unknown> };
      expect(props).toMatchObject({ ScheduleExpression: 'rate(15 minutes)', State: 'ENABLED', FlexibleTimeWindow: { Mode: 'OFF' } });
      expect(props.Target.Arn).toEqual({ 'Fn::GetAtt': [jobId(), 'Arn'] });
      expect(JSON.parse(props.Target.Input as string)).toEqual({ job: SOCIAL_TOKENS_JOB, scheduledTime: '<aws.scheduler.scheduled-time>' });
      expect(Object.keys(scheduleEvent(props.Target.Input as string, new Date()) as object).sort()).toEqual(Object.keys(SOCIAL_TOKENS_EVENT).sort());
      // A run older than the period is superseded by the next one.
      expect(props.Target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 900 });
    });

    it('lets the Scheduler invoke only that function, through its own role', () => {
      const roleId = ((schedule().Properties.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn['Fn::GetAtt'] as [string, string])[0];
      const blogRoleId = ((s.resources[logicalId(s.stack, s.stack.jobs.blogDraftsSchedule)]?.Properties.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn['Fn::GetAtt'] as [string, string])[0];
      expect(roleId).not.toBe(blogRoleId);
      const trust = (s.resources[roleId]?.Properties.AssumeRolePolicyDocument as { Statement: { Principal: unknown }[] }).Statement;
      expect(trust.map((st) => st.Principal)).toEqual([{ Service: 'scheduler.amazonaws.com' }]);
      // And send undelivered events to the jobs' dead-letter queue (issue 16).
      expect(statementsOfRole(s.template, roleId)).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [jobId(), 'Arn'] } }, { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [logicalId(s.stack, s.stack.jobs.deadLetters), 'Arn'] } }]);
    });
  });
});

describe('social networks without socialAppsSecret', () => {
  it('synthesizes (cdk-nag included) with no grant on a social apps secret and no SOCIAL_APPS_SECRET anywhere', () => {
    const fixture = createFixture({ webBuild: false });
    try {
      const s = synth(fixture, {});
      // The only Secrets Manager grant left is the webhook's on the stack's own verify token (issue 14).
      const verifyToken = logicalId(s.stack, s.stack.secrets.webhookVerify);
      const grants = permissionLines(identityPolicies(s.template).flatMap((policy) => policy.document.Statement), {}).filter((line) => line.startsWith('secretsmanager:'));
      expect(grants).toEqual([`secretsmanager:GetSecretValue @ <${verifyToken}>`]);
      const functions = Object.values(s.template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
      for (const fn of functions) expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain(SOCIAL_APPS_SECRET_ENV);
      // The rest of the social deployment is there all the same.
      expect(s.template.toJSON().Outputs.OAuthCallbackUrl).toBeDefined();
      s.template.resourceCountIs('AWS::Scheduler::Schedule', 4); // blog drafts, token refresh, publishing sweep, data rights (issue 17)
    } finally {
      removeFixture(fixture);
    }
  });
});

describe('social networks with a custom domain', () => {
  it('derives OAuthCallbackUrl and SITE_URL from the custom domain', () => {
    const fixture = createFixture({ webBuild: false });
    try {
      const s = synth(fixture, { domainName: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
      expect((s.template.toJSON().Outputs.OAuthCallbackUrl as { Value: unknown }).Value).toBe('https://app.example.com/oauth/callback/{platform}');
      expect(envOf(s, logicalId(s.stack, s.stack.api.functions.initiateOAuth))[SITE_URL_ENV]).toBe('https://app.example.com');
      expect(envOf(s, logicalId(s.stack, s.stack.oauthCallback.fn))[SITE_URL_ENV]).toBe('https://app.example.com');
    } finally {
      removeFixture(fixture);
    }
  });
});
