/**
 * Issue 14's deployment side in the tenant stack (infra/constructs/inbox.ts): the public webhook
 * routes (`GET|POST /webhooks/{network}`, `POST /webhooks/telegram/{routeKey}`) to the socialWebhook
 * function without authorizer (APIG4 acknowledged with the reason: the function checks the
 * signatures), the inbox worker with its fixed name, timeout and asynchronous invocation settings
 * (two retries, one hour, failures to its own dead-letter queue), lambda:InvokeFunction on exactly
 * the worker for exactly the webhook and the publishing sweep, the Meta webhook verify-token
 * secret (generated, named, read by the webhook only), the stack outputs DevOps pastes into Meta,
 * and CloudFront's `/webhooks/*` behavior. Exact permission lines are in permissions.test.ts.
 */
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { INBOX_WORKER_MAX_EVENT_AGE, INBOX_WORKER_RETRY_ATTEMPTS, inboxWorkerFunctionName } from '../../../../infra/constructs/inbox';
import { WEBHOOK_FORWARDED_HEADERS, WEBHOOKS_PATH_PATTERN } from '../../../../infra/constructs/web';
import { INBOX_WORKER_ACCESS, PERMISSIONS, SOCIAL_WEBHOOK_ACCESS } from '../../../../infra/functions';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { INBOX_WORKER_FUNCTION_ENV, SITE_URL_ENV, WEBHOOK_VERIFY_SECRET_ENV, webhookVerifySecretName } from '@director-ia/shared';
import { everyFunctionOf, useSynthesizedTenant } from '../../../support/cdk-fixture';
import { logicalId, permissionLines, statementsOfRole, type Resource, type Statement } from '../../../support/template-iam';

describe('inbox (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let assembly: CloudAssembly;

  useSynthesizedTenant({ tenant: 'demo', socialAppsSecret: 'director-ia/demo/social-apps' }, { webBuild: false }, (synth) => {
    ({ stack, template, assembly } = synth);
    resources = template.toJSON().Resources as Record<string, Resource>;
  });

  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalId(stack, construct);
  const envOf = (construct: { node: { defaultChild?: unknown } }) => ((resources[idOf(construct)]?.Properties.Environment ?? { Variables: {} }) as { Variables: Record<string, unknown> }).Variables;
  const siteUrl = () => ({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [idOf(stack.web.distribution), 'DomainName'] }]] });
  const workerArn = { 'Fn::Join': ['', ['arn:aws:lambda:eu-west-1:', { Ref: 'AWS::AccountId' }, ':function:DirectorIa-demo-inbox']] };
  const acknowledged = () =>
    assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })));
  const everyFunction = () => everyFunctionOf(stack);

  describe('webhook routes', () => {
    const webhookRoutes = () =>
      Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).filter((route) => String(route.Properties.RouteKey).includes(' /webhooks/'));

    it('are exactly GET and POST /webhooks/{network} and POST /webhooks/telegram/{routeKey}, public, to the webhook function', () => {
      expect(webhookRoutes().map((route) => route.Properties.RouteKey).sort()).toEqual(['GET /webhooks/{network}', 'POST /webhooks/telegram/{routeKey}', 'POST /webhooks/{network}']);
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
      for (const route of webhookRoutes()) {
        expect(route.Properties).toMatchObject({ AuthorizationType: 'NONE' });
        expect(route.Properties.AuthorizerId).toBeUndefined();
        const integrationId = JSON.stringify(route.Properties.Target).match(/"Ref":"(\w+)"/)?.[1] ?? '';
        expect(integrations[integrationId]?.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [idOf(stack.inbox.webhook), 'Arn'] });
      }
    });

    it('acknowledge APIG4 on each route, saying the function checks the signatures', () => {
      const entries = acknowledged().filter(({ id, path }) => id === 'AwsSolutions::AwsSolutions-APIG4' && path.includes('webhooks'));
      expect(entries).toHaveLength(3);
      for (const { reason } of entries) expect(reason).toMatch(/X-Hub-Signature-256.*X-Telegram-Bot-Api-Secret-Token/);
    });

    it('reach the webhook function, which answers within 10 s with the worker\'s name and the verify token\'s ARN', () => {
      expect(resources[idOf(stack.inbox.webhook)]?.Properties).toMatchObject({ Timeout: 10, Runtime: 'nodejs24.x', Architectures: ['arm64'] });
      expect(envOf(stack.inbox.webhook)).toMatchObject({
        [INBOX_WORKER_FUNCTION_ENV]: 'DirectorIa-demo-inbox',
        [WEBHOOK_VERIFY_SECRET_ENV]: { Ref: idOf(stack.secrets.webhookVerify) },
      });
      expect(SOCIAL_WEBHOOK_ACCESS).toEqual({ table: 'readWrite', permissions: ['socialApps:read', 'webhooks:readVerifyToken', 'inbox:invokeWorker'] });
    });
  });

  describe('inbox worker', () => {
    it('has the fixed name <stack>-inbox, a 60 s timeout and SITE_URL for the new-lead e-mail', () => {
      expect(inboxWorkerFunctionName('DirectorIa-demo')).toBe('DirectorIa-demo-inbox');
      expect(resources[idOf(stack.inbox.worker)]?.Properties).toMatchObject({ FunctionName: 'DirectorIa-demo-inbox', Timeout: 60 });
      expect(envOf(stack.inbox.worker)[SITE_URL_ENV]).toEqual(siteUrl());
      expect(INBOX_WORKER_ACCESS).toEqual({ table: 'readWrite', permissions: ['ai:invoke', 'secrets:open:ai-key', 'secrets:open:gmail', 'secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read'] });
    });

    it('retries a failed event twice within an hour, then sends it to its own dead-letter queue', () => {
      expect(INBOX_WORKER_RETRY_ATTEMPTS).toBe(2);
      expect(INBOX_WORKER_MAX_EVENT_AGE.toSeconds()).toBe(3600);
      const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig') as Record<string, Resource>).filter(
        (config) => JSON.stringify(config.Properties.FunctionName) === JSON.stringify({ Ref: idOf(stack.inbox.worker) }),
      );
      expect(configs.map((config) => config.Properties)).toEqual([
        {
          FunctionName: { Ref: idOf(stack.inbox.worker) },
          Qualifier: '$LATEST',
          MaximumRetryAttempts: 2,
          MaximumEventAgeInSeconds: 3600,
          DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [idOf(stack.inbox.deadLetters), 'Arn'] } } },
        },
      ]);
    });

    it('keeps dead letters 14 days in an SQS-encrypted queue that refuses plain HTTP, acknowledged as a DLQ, printed as InboxDeadLetterQueueUrl', () => {
      expect({ ...resources[idOf(stack.inbox.deadLetters)]?.Properties, Tags: undefined }).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600, Tags: undefined });
      const policy = Object.values(template.findResources('AWS::SQS::QueuePolicy') as Record<string, Resource>).find(
        (p) => JSON.stringify(p.Properties.Queues) === JSON.stringify([{ Ref: idOf(stack.inbox.deadLetters) }]),
      );
      expect((policy?.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toEqual([
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]);
      const entries = acknowledged().filter(({ path }) => path === `/${stack.inbox.deadLetters.node.path}`);
      expect(entries.map(({ id }) => id)).toEqual(['AwsSolutions::AwsSolutions-SQS3']);
      expect((template.toJSON().Outputs.InboxDeadLetterQueueUrl as { Value: unknown }).Value).toEqual({ Ref: idOf(stack.inbox.deadLetters) });
    });

    it('may be invoked by exactly the webhook and the publishing sweep, on exactly its unqualified ARN, named in INBOX_WORKER_FUNCTION', () => {
      expect(PERMISSIONS['inbox:invokeWorker']).toEqual({ kind: 'inboxWorker', actions: ['lambda:InvokeFunction'] });
      const invokers = [stack.inbox.webhook, stack.publishing.sweep];
      for (const fn of everyFunction()) {
        // Invoking the inbox worker (the data-rights worker is invoked by its own callables).
        const statements = statementsOfRole(template, idOf(fn.role as never)).filter((s: Statement) => JSON.stringify(s.Action).includes('lambda:') && JSON.stringify(s.Resource).includes('-inbox'));
        const invokes = invokers.includes(fn);
        expect(statements, fn.node.path).toEqual(invokes ? [{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: workerArn }] : []);
        expect(envOf(fn)[INBOX_WORKER_FUNCTION_ENV], fn.node.path).toEqual(invokes ? 'DirectorIa-demo-inbox' : undefined);
      }
    });
  });

  describe('Meta webhook verify token', () => {
    it('is generated by Secrets Manager under its fixed name (letters and digits, 48), never in the template, deleted with the stack', () => {
      const secret = resources[idOf(stack.secrets.webhookVerify)];
      expect(secret?.Properties).toMatchObject({
        Name: webhookVerifySecretName('demo'),
        GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false },
      });
      expect(webhookVerifySecretName('demo')).toBe('director-ia/demo/meta-webhook-verify-token');
      expect(secret?.Properties.SecretString).toBeUndefined();
      expect(secret?.DeletionPolicy).toBe('Delete');
      expect(JSON.stringify(template.toJSON())).not.toMatch(/resolve:secretsmanager:[^"]*meta-webhook|WebhookVerifyToken[^"]*:SecretString/);
    });

    it('is readable by the webhook only (GetSecretValue on exactly it), named in WEBHOOK_VERIFY_SECRET', () => {
      expect(PERMISSIONS['webhooks:readVerifyToken']).toEqual({ kind: 'webhookVerify', actions: ['secretsmanager:GetSecretValue'] });
      const ref = { Ref: idOf(stack.secrets.webhookVerify) };
      for (const fn of everyFunction()) {
        const reads = fn === stack.inbox.webhook;
        const lines = permissionLines(statementsOfRole(template, idOf(fn.role as never)), { [ref.Ref]: 'verifyToken' }).filter((line) => line.includes('verifyToken'));
        expect(lines, fn.node.path).toEqual(reads ? ['secretsmanager:GetSecretValue @ verifyToken'] : []);
        expect(envOf(fn)[WEBHOOK_VERIFY_SECRET_ENV], fn.node.path).toEqual(reads ? ref : undefined);
      }
    });

    it('acknowledges SMG4 (no rotation) with the reason', () => {
      const entries = acknowledged().filter(({ path }) => path === `/${stack.secrets.webhookVerify.node.path}`);
      expect(entries.map(({ id }) => id)).toEqual(['AwsSolutions::AwsSolutions-SMG4']);
      expect(entries[0]?.reason).toMatch(/pasted by hand/);
    });
  });

  describe('outputs', () => {
    const output = (name: string) => template.toJSON().Outputs[name] as { Value: unknown; Description: string } | undefined;

    it.each([
      ['FacebookWebhookCallbackUrl', 'facebook'],
      ['InstagramWebhookCallbackUrl', 'instagram'],
    ])('%s is the site\'s /webhooks/%s, described for the Meta app', (name, network) => {
      const [, [scheme, domain, ...rest]] = (siteUrl() as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      expect(output(name)?.Value).toEqual({ 'Fn::Join': ['', [scheme, domain, ...rest, `/webhooks/${network}`]] });
      expect(output(name)?.Description).toMatch(/Webhooks.*verify token/);
    });

    it('MetaWebhookVerifyTokenSecretName names the verify-token secret, saying what to do with it', () => {
      expect(JSON.stringify(stack.resolve(stack.secrets.webhookVerify.secretName))).toEqual(JSON.stringify(output('MetaWebhookVerifyTokenSecretName')?.Value));
      expect(output('MetaWebhookVerifyTokenSecretName')?.Description).toMatch(/paste its value/);
    });
  });

  describe('CloudFront /webhooks/*', () => {
    type Behavior = Record<string, unknown> & { PathPattern: string; TargetOriginId: string; OriginRequestPolicyId?: unknown };
    const behaviors = () => ((Object.values(template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0]?.Properties.DistributionConfig as { CacheBehaviors: Behavior[] }).CacheBehaviors);
    const webhooks = () => behaviors().find((behavior) => behavior.PathPattern === WEBHOOKS_PATH_PATTERN);

    it('goes to the API origin with every method, uncached, HTTPS only', () => {
      expect(WEBHOOKS_PATH_PATTERN).toBe('/webhooks/*');
      const api = behaviors().find((behavior) => behavior.PathPattern === '/api/*');
      expect(webhooks()).toMatchObject({
        TargetOriginId: api?.TargetOriginId,
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        ViewerProtocolPolicy: 'https-only',
      });
      expect(webhooks()?.FunctionAssociations).toBeUndefined();
    });

    it('forwards the whole query string, the two signature headers and Content-Type, no cookies', () => {
      expect(WEBHOOK_FORWARDED_HEADERS).toEqual(['X-Hub-Signature-256', 'X-Telegram-Bot-Api-Secret-Token', 'Content-Type']);
      const policyId = (webhooks()?.OriginRequestPolicyId as { Ref: string }).Ref;
      expect((resources[policyId]?.Properties.OriginRequestPolicyConfig as Record<string, unknown>)).toMatchObject({
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: WEBHOOK_FORWARDED_HEADERS },
        CookiesConfig: { CookieBehavior: 'none' },
      });
    });
  });
});
