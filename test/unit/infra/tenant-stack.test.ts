/**
 * CDK tenant stack: synthesized in-process (bundling skipped, fixture handlers and web build)
 * and checked against the architecture's "Deploy" section: one Lambda and route per callable,
 * JWT on non-public routes, retained data, private TLS-only buckets, CloudFront with OAC and
 * /api/*, config.json, and cdk-nag clean. Each function's exact permissions: permissions.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { CALLABLES, CALLABLE_NAMES, ADMINS_GROUP, RuntimeConfigSchema } from '@director-ia/shared';
import { ACCESS_TOKEN_SCOPE, ApiConstruct, INVOKE_ROLE_CHUNK } from '../../../infra/constructs/api';
import { AuthConstruct } from '../../../infra/constructs/auth';
import { DataConstruct } from '../../../infra/constructs/data';
import { FunctionGrants } from '../../../infra/constructs/grants';
import { SecretsConstruct } from '../../../infra/constructs/secrets';
import { StorageConstruct } from '../../../infra/constructs/storage';
import { SPA_REWRITE_CODE } from '../../../infra/constructs/web';
import { FUNCTION_ACCESS } from '../../../infra/functions';
import { addNagChecks } from '../../../infra/nag';
import type { TenantStack } from '../../../infra/tenant-stack';
import { createFixture, removeFixture, useSynthesizedTenant } from '../../support/cdk-fixture';
import { actionsOf, identityPolicies, logicalId, statementsOfRole, type Resource } from '../../support/template-iam';

const CALLABLE_ACCESS = Object.fromEntries(CALLABLE_NAMES.map((name) => [name, CALLABLES[name].access]));

const FULL_CONTEXT = {
  tenant: 'demo',
  adminEmail: 'admin@example.com',
  partnerName: 'Socio SL',
  publicSiteUrl: 'https://example.com',
  tokenSyncUrl: '/api/tokenSync',
};

/** The config.json the deployment uploads (asset written by Source.jsonData). */
function deployedConfig(outdir: string): unknown {
  for (const entry of fs.readdirSync(outdir)) {
    const file = path.join(outdir, entry, 'config.json');
    if (entry.startsWith('asset.') && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  throw new Error('no config.json asset');
}

describe('tenant stack (full context, web build present)', () => {
  let stack: TenantStack;
  let template: Template;
  let assembly: CloudAssembly;
  let outdir: string;

  useSynthesizedTenant(FULL_CONTEXT, { webBuild: true }, (synth) => ({ stack, template, assembly, fixture: { outdir } } = synth));

  it('is named after the tenant and pinned to the default region without an account', () => {
    expect(stack.stackName).toBe('DirectorIa-demo');
    expect(stack.region).toBe('eu-west-1');
    expect(stack.account).toMatch(/^\$\{Token/);
  });

  describe('functions', () => {
    it('has one Node.js 24 arm64 Lambda per callable plus the PreSignUp trigger, the knowledge processing, the blog drafts job, the public blog, the OAuth callback page, the token refresh job, the publisher, the publishing sweep, the social webhook, the inbox worker, the tracked links\' redirect and the data-rights worker, and the x86_64 render function', () => {
      const ours = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
        (fn) => fn.Properties.Runtime === 'nodejs24.x',
      );
      expect(ours).toHaveLength(CALLABLE_NAMES.length + 13);
      const render = logicalId(stack, stack.render.worker as never);
      for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(([, fn]) => fn.Properties.Runtime === 'nodejs24.x')) {
        expect(fn.Properties.Architectures, id).toEqual([id === render ? 'x86_64' : 'arm64']);
      }
    });

    it('sizes the render function for 1080p video (issue 18): memory, Lambda\'s longest timeout, /tmp, no retries, failures to the jobs\' dead-letter queue', () => {
      const fn = template.toJSON().Resources[logicalId(stack, stack.render.worker as never)] as Resource;
      expect(fn.Properties).toMatchObject({ FunctionName: 'DirectorIa-demo-render', MemorySize: 10240, Timeout: 900, EphemeralStorage: { Size: 4096 } });
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: logicalId(stack, stack.render.worker as never) },
        MaximumRetryAttempts: 0,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack, stack.jobs.deadLetters), 'Arn'] } } },
      });
    });

    it('stays well under CloudFormation\'s 500 resources per stack: each function\'s permissions are inline in its role', () => {
      const resources = Object.values(template.toJSON().Resources as Record<string, Resource>);
      // 498 before issue 14 with a separate AWS::IAM::Policy per function role (node-function.ts);
      // 472 with issues 15 and 16, then about 70 fewer once API Gateway invokes the callables as
      // credentials roles instead of one AWS::Lambda::Permission each (infra/constructs/api.ts); 369
      // once callables that declare the same access share an execution role. Issue 17 adds its admin
      // and data-rights callables, the data-rights worker and (with a trusted key) the custom-token triggers;
      // issue 18 its five render callables and the render function (446). About fifty are left: the next
      // large addition needs fewer resources per callable (or a nested stack).
      expect(resources.length).toBeLessThan(455);
      const roles = [...CALLABLE_NAMES.map((name) => stack.api.functions[name].role), stack.inbox.webhook.role, stack.inbox.worker.role];
      for (const role of roles) {
        const cfn = template.toJSON().Resources[logicalId(stack, role as never)] as Resource;
        expect((cfn.Properties.Policies as { PolicyName: string }[]).map((policy) => policy.PolicyName)).toEqual(['access']);
        expect(role?.node.tryFindChild('DefaultPolicy')).toBeUndefined();
      }
    });

    it('has API Gateway invoke each callable as a credentials role that may invoke exactly its chunk of callables, with no resource-based permission per callable', () => {
      const resources = template.toJSON().Resources as Record<string, Resource>;
      const integrations = Object.values(template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>);
      const invokable = new Map<string, string[]>();
      for (const name of CALLABLE_NAMES) {
        const fnId = logicalId(stack, stack.api.functions[name]);
        const integration = integrations.find((i) => JSON.stringify(i.Properties.IntegrationUri) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }));
        const roleId = (integration?.Properties.CredentialsArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
        invokable.set(roleId, [...(invokable.get(roleId) ?? []), fnId]);
        expect(Object.values(template.findResources('AWS::Lambda::Permission', { Properties: { FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] } } }))).toHaveLength(0);
      }
      expect(invokable.size).toBe(Math.ceil(CALLABLE_NAMES.length / INVOKE_ROLE_CHUNK));
      for (const [roleId, fnIds] of invokable) {
        const role = resources[roleId] as Resource;
        expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
        const statements = (role.Properties.Policies as { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } }[]).flatMap((policy) => policy.PolicyDocument.Statement);
        expect(statements).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'lambda:InvokeFunction' })]);
        const granted = (statements[0]?.Resource as { 'Fn::GetAtt': [string, string] }[]).map((arn) => arn['Fn::GetAtt'][0]);
        expect(granted.sort()).toEqual([...fnIds].sort());
        // The inline policy stays well under IAM's 10,240 characters with real ARNs of 64-character names.
        expect(fnIds.length * 'arn:aws:lambda:eu-west-1:123456789012:function:'.length + fnIds.length * 68).toBeLessThan(10_240);
      }
    });

    it('lets no function reach local or private addresses: the outbound allowlist is the twin\'s only (issue 12, SSRF)', () => {
      const functions = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>);
      expect(functions.length).toBeGreaterThan(0);
      for (const fn of functions) expect(JSON.stringify(fn.Properties?.Environment ?? {})).not.toContain('OUTBOUND_ALLOWED_ORIGINS');
    });

    it.each(CALLABLE_NAMES)('%s: runtime, memory, timeout, logs and environment', (name) => {
      const fnId = logicalId(stack, stack.api.functions[name]);
      template.hasResource('AWS::Lambda::Function', {
        Properties: Match.objectLike({
          Runtime: 'nodejs24.x',
          Architectures: ['arm64'],
          MemorySize: 512,
          Timeout: 30,
          Handler: 'index.handler',
          LoggingConfig: Match.objectLike({ LogGroup: { Ref: Match.anyValue() } }),
          Environment: {
            Variables: Match.objectLike({
              TABLE_NAME: { Ref: logicalId(stack, stack.data.table) },
              POWERTOOLS_SERVICE_NAME: 'director-ia',
              NODE_OPTIONS: '--enable-source-maps',
              UPLOADS_BUCKET: { Ref: logicalId(stack, stack.storage.uploadsBucket) },
            }),
          },
        }),
      });
      expect(template.toJSON().Resources[fnId]).toBeDefined();
    });

    it.each(CALLABLE_NAMES)('%s: POST /api/%s route, JWT with the access-token scope unless public', (name) => {
      const isPublic = CALLABLE_ACCESS[name] === 'public';
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `POST /api/${name}`,
        AuthorizationType: isPublic ? 'NONE' : 'JWT',
        AuthorizerId: isPublic ? Match.absent() : Match.anyValue(),
        // Only access tokens carry this scope: the authorizer refuses a Cognito ID token, whose
        // aud (the client id) would otherwise pass the audience check (issue 10 item 4).
        AuthorizationScopes: isPublic ? Match.absent() : [ACCESS_TOKEN_SCOPE],
      });
    });

    it.each(CALLABLE_NAMES)('%s knows which app client its access tokens must come from', (name) => {
      const fn = template.toJSON().Resources[logicalId(stack, stack.api.functions[name] as never)] as Resource;
      expect(fn.Properties?.Environment).toMatchObject({ Variables: { USER_POOL_CLIENT_ID: { Ref: logicalId(stack, stack.auth.client) } } });
    });

    it('has exactly one route per callable, plus the public blog, the OAuth callback, the three webhook routes and the tracked links\' redirect (tenant-stack/public-blog.test.ts, tenant-stack/social.test.ts, tenant-stack/inbox.test.ts, tenant-stack/tracked-links.test.ts)', () => {
      template.resourceCountIs('AWS::ApiGatewayV2::Route', CALLABLE_NAMES.length + 6);
    });

    it('verifies Cognito JWTs of the web client', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [{ Ref: logicalId(stack, stack.auth.client) }],
          Issuer: { 'Fn::Join': ['', ['https://cognito-idp.eu-west-1.amazonaws.com/', { Ref: logicalId(stack, stack.auth.userPool) }]] },
        },
      });
    });

    it('logs API access and throttles the stage', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
        DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue() }),
      });
    });
  });

  describe('IAM', () => {
    it('gives the PreSignUp trigger write-only table access', () => {
      const actions = actionsOf(statementsOfRole(template, logicalId(stack, stack.auth.preSignUp.role as never)));
      expect(actions).toContain('dynamodb:PutItem');
      expect(actions).not.toContain('dynamodb:Query');
      expect(actions).not.toContain('dynamodb:GetItem');
    });

    it('attaches no AWS managed policy to our function roles', () => {
      const fns = [...Object.values(stack.api.functions), stack.auth.preSignUp, stack.jobs.knowledgeUploaded, stack.jobs.blogDrafts, stack.publicBlog.fn];
      for (const fn of fns) {
        const role = template.toJSON().Resources[logicalId(stack, fn.role as never)] as Resource;
        expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      }
    });

    const UNSCOPABLE = new Set(['polly:SynthesizeSpeech', 'transcribe:StartTranscriptionJob', 'xray:PutTraceSegments', 'xray:PutTelemetryRecords']);
    it('never grants anything on "*" except the CDK deployment invalidation, Amazon Polly speech, starting Transcribe jobs and X-Ray tracing', () => {
      for (const { roleId: id, document } of identityPolicies(template)) {
        for (const statement of document.Statement) {
          if (statement.Resource !== '*') continue;
          // polly:SynthesizeSpeech with the built-in voices has no resource to scope to (grants.ts);
          // transcribe:StartTranscriptionJob takes no resource type (grants.ts); X-Ray active
          // tracing's segments have no resource-level permissions (node-function.ts, issue 16).
          // CDK merges such statements on "*" of one role into one.
          if (actionsOf([statement]).every((action) => UNSCOPABLE.has(action))) continue;
          expect(id).toMatch(/^WebDeploymentRole/);
          expect(actionsOf([statement]).every((action) => action.startsWith('cloudfront:'))).toBe(true);
        }
      }
    });
  });

  describe('data', () => {
    it('keeps the single table from TABLE_SCHEMA, on demand, with PITR, retained', () => {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: 'gsi1',
              KeySchema: [
                { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { SSEEnabled: true },
        }),
      });
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
    });
  });

  describe('auth', () => {
    it('has an email sign-in pool with self sign-up, auto-verified email and the PreSignUp trigger', () => {
      template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: false }),
          LambdaConfig: { PreSignUp: { 'Fn::GetAtt': [logicalId(stack, stack.auth.preSignUp), 'Arn'] } },
          Policies: {
            PasswordPolicy: Match.objectLike({ RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true }),
          },
        }),
      });
    });

    it('lets Cognito invoke the trigger', () => {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Principal: 'cognito-idp.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [logicalId(stack, stack.auth.preSignUp), 'Arn'] },
      });
    });

    it('has the admins group', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: ADMINS_GROUP });
    });

    it('has a public web client with USER_PASSWORD_AUTH and SRP', () => {
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
      });
    });

    it('invites the first admin by email and puts them in admins, after the trigger exists', () => {
      template.hasResource('AWS::Cognito::UserPoolUser', {
        Properties: Match.objectLike({
          Username: 'admin@example.com',
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: Match.arrayWith([{ Name: 'email', Value: 'admin@example.com' }]),
        }),
        DependsOn: Match.arrayWith([logicalId(stack, stack.auth.preSignUp)]),
      });
      template.hasResourceProperties('AWS::Cognito::UserPoolUserToGroupAttachment', {
        Username: 'admin@example.com',
        GroupName: ADMINS_GROUP,
      });
    });
  });

  describe('storage and web', () => {
    it('blocks public access and encrypts every bucket', () => {
      const buckets = Object.values(template.findResources('AWS::S3::Bucket') as Record<string, Resource>);
      expect(buckets.length).toBe(3);
      for (const bucket of buckets) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties.BucketEncryption).toBeDefined();
        expect(bucket.DeletionPolicy).toBe('Retain');
      }
    });

    it('denies non-TLS requests on every bucket', () => {
      const bucketIds = Object.keys(template.findResources('AWS::S3::Bucket'));
      for (const bucketId of bucketIds) {
        template.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: bucketId },
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    });

    it('versions the uploads bucket, logs its access and allows uploads from the site', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/uploads/' }),
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: ['POST', 'PUT', 'GET'],
              AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack, stack.web.distribution), 'DomainName'] }]] }],
            }),
          ],
        },
      });
    });

    it('serves the web bucket through OAC and rewrites SPA routes on the default behavior only', () => {
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
          // Error responses would also rewrite the API's 403/404.
          CustomErrorResponses: Match.absent(),
          Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
        }),
      });
    });

    it('routes /api/* to the HTTP API uncached with all viewer headers but Host, and the viewer IP', () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          CacheBehaviors: Match.arrayWith([
            Match.objectLike({
              PathPattern: '/api/*',
              AllowedMethods: Match.arrayWith(['POST']),
              CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
              OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
              ViewerProtocolPolicy: 'https-only',
              // x-viewer-ip (test/unit/infra/tenant-stack/client-ip.test.ts); no SPA rewrite.
              FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
            }),
          ]),
          Origins: Match.arrayWith([
            Match.objectLike({
              DomainName: { 'Fn::Join': ['', [{ Ref: logicalId(stack, stack.api.httpApi) }, '.execute-api.eu-west-1.', { Ref: 'AWS::URLSuffix' }]] },
              CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] }),
            }),
          ]),
        }),
      });
    });

    it('deploys the build (hashed assets first) and config.json, then invalidates', () => {
      template.resourceCountIs('Custom::CDKBucketDeployment', 2);
      template.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketKeyPrefix: 'assets/',
        Prune: false,
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      });
      template.hasResourceProperties('Custom::CDKBucketDeployment', {
        Prune: true,
        Exclude: ['assets/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      });
      const site = Object.values(template.findResources('Custom::CDKBucketDeployment', { Properties: { Prune: true } }))[0] as Resource;
      // The build without assets/ and config.json.
      expect(site.Properties.SourceObjectKeys).toHaveLength(2);
    });

    it('writes a config.json that matches RuntimeConfigSchema', () => {
      const config = deployedConfig(outdir) as Record<string, unknown>;
      expect(RuntimeConfigSchema.safeParse(config).success).toBe(true);
      expect(config).toMatchObject({
        region: 'eu-west-1',
        apiBase: '/api',
        environment: 'demo',
        partnerName: 'Socio SL',
        publicSiteUrl: 'https://example.com',
        tokenSyncUrl: '/api/tokenSync',
      });
      // Pool and client ids are deploy-time values, substituted by the deployment.
      expect(config.userPoolId).toMatch(/^<<marker:/);
      expect(config.userPoolClientId).toMatch(/^<<marker:/);
      expect(config.userPoolEndpoint).toBeUndefined();
    });

    it.each(['SiteUrl', 'UserPoolId', 'UserPoolClientId', 'TableName'])('outputs %s', (name) => {
      template.hasOutput(name, { Value: Match.anyValue() });
    });
  });

  describe('cdk-nag', () => {
    it('reports no unacknowledged AwsSolutions findings', () => {
      // app.synth() already threw if any error was left; the report also lists warnings.
      const report = JSON.parse(fs.readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8')) as {
        pluginReports: { pluginName: string; violations: unknown[] }[];
      };
      const nag = report.pluginReports.filter((plugin) => plugin.pluginName.includes('AwsSolutions'));
      expect(nag.flatMap((plugin) => plugin.violations)).toEqual([]);
      // cdk-nag v3 reports through the validation report, not annotations; none are left either.
      expect(Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    });

    it('gives every acknowledged rule a reason', () => {
      const acknowledged = assembly
        .getStackByName(stack.stackName)
        .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>));
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const [id, reason] of acknowledged) {
        expect(id).toMatch(/^AwsSolutions::AwsSolutions-/);
        expect(reason.length).toBeGreaterThan(30);
      }
    });
  });
});

describe('tenant stack (no admin, no web build)', () => {
  let stack: TenantStack;
  let template: Template;
  let outdir: string;

  useSynthesizedTenant({ tenant: 'bare' }, { webBuild: false }, (synth) => ({ stack, template, fixture: { outdir } } = synth));

  it('creates no admin user or group attachment', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolUser', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolUserToGroupAttachment', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
  });

  it('warns and deploys only config.json, without pruning the previous build', () => {
    Annotations.fromStack(stack).hasWarning('/DirectorIa-bare/Web', Match.stringLikeRegexp('web/dist missing: run npm run build:web'));
    template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    template.hasResourceProperties('Custom::CDKBucketDeployment', { Prune: false, SourceObjectKeys: [Match.anyValue()] });
    const config = deployedConfig(outdir) as Record<string, unknown>;
    expect(config).toMatchObject({ environment: 'bare', apiBase: '/api' });
    expect(config).not.toHaveProperty('partnerName');
    expect(config).not.toHaveProperty('tokenSyncUrl');
  });
});

describe('tenant stack (custom domain)', () => {
  let template: Template;

  useSynthesizedTenant({
      tenant: 'shop',
      region: 'eu-south-2',
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789abc',
    }, { webBuild: true }, (synth) => ({ template } = synth));

  it('serves the domain with TLS 1.2 and allows uploads from both origins', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.example.com', Match.anyValue()] })] },
    });
    template.hasOutput('SiteUrl', { Value: 'https://app.example.com' });
  });

  it('uses the region from context', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      JwtConfiguration: Match.objectLike({ Issuer: { 'Fn::Join': ['', [Match.stringLikeRegexp('cognito-idp.eu-south-2'), Match.anyValue()]] } }),
    });
  });
});

describe('API construct', () => {
  function apiStack(callables: { name: string; access: 'public' | 'signedIn' | 'active' | 'admin' }[]) {
    const fixture = createFixture({ webBuild: false });
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, outdir: fixture.outdir });
    addNagChecks(app);
    const stack = new Stack(app, 'ApiOnly', { env: { region: 'eu-west-1' } });
    const data = new DataConstruct(stack, 'Data');
    const storage = new StorageConstruct(stack, 'Storage');
    const secrets = new SecretsConstruct(stack, 'Secrets', { tenant: 'apionly' });
    const grants = new FunctionGrants({ data, uploadsBucket: storage.uploadsBucket, secretsKey: secrets.key, ai: { aiProvider: 'bedrock' } });
    const environment = { TABLE_NAME: data.table.tableName };
    const auth = new AuthConstruct(stack, 'Auth', { grants, projectRoot: fixture.projectRoot, environment });
    const build = () => new ApiConstruct(stack, 'Api', { auth, grants, projectRoot: fixture.projectRoot, environment, callables });
    return { fixture, app, stack, build };
  }

  /** Table actions of one built callable's role. */
  function tableActions(stack: Stack, api: ApiConstruct, name: 'guardarTema') {
    const statements = statementsOfRole(Template.fromStack(stack), logicalId(stack, api.functions[name].role as never));
    return actionsOf(statements).filter((action) => action.startsWith('dynamodb:'));
  }

  it('leaves public routes without an authorizer, acknowledged for cdk-nag', () => {
    const { fixture, app, stack, build } = apiStack([
      { name: 'obtenerPerfil', access: 'public' },
      { name: 'guardarTema', access: 'active' },
    ]);
    try {
      build();
      // Throws if the public route's AwsSolutions-APIG4 finding were not acknowledged.
      expect(() => app.synth()).not.toThrow();
      const template = Template.fromStack(stack);
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/obtenerPerfil', AuthorizationType: 'NONE' });
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/guardarTema', AuthorizationType: 'JWT' });
    } finally {
      removeFixture(fixture);
    }
  });

  it.each([
    ['active', true],
    ['signedIn', true],
    ['admin', true],
    ['public', false],
  ] as const)('adds table read to a write-only callable when its access is %s: %s', (access, reads) => {
    // guardarTema declares 'write': the access middleware of every non-public level reads the
    // profile (status and tokensValidAfter; issue 17 item 1).
    const { fixture, stack, build } = apiStack([{ name: 'guardarTema', access }]);
    try {
      const actions = tableActions(stack, build(), 'guardarTema');
      expect(actions).toContain('dynamodb:PutItem');
      expect(actions.includes('dynamodb:GetItem')).toBe(reads);
    } finally {
      removeFixture(fixture);
    }
  });

  it('fails synth for a callable without an access entry', () => {
    const { fixture, build } = apiStack([{ name: 'nuevaFuncion', access: 'active' }]);
    try {
      expect(build).toThrow(/infra\/functions\.ts.*nuevaFuncion/);
    } finally {
      removeFixture(fixture);
    }
  });

  it('has an access entry for exactly the callables of the contract', () => {
    expect(Object.keys(FUNCTION_ACCESS).sort()).toEqual([...CALLABLE_NAMES].sort());
  });
});

describe('SPA rewrite (CloudFront Function)', () => {
  // The function's source runs as-is in CloudFront's JS runtime; evaluate the same text here.
  const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };

  it.each([
    ['/', '/index.html'],
    ['/chat/abc123', '/index.html'],
    ['/widget/abc123', '/index.html'],
    ['/blog/mi-primer-articulo', '/index.html'],
    ['/config.json', '/config.json'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('%s → %s', (uri, expected) => {
    expect(handler({ request: { uri } }).uri).toBe(expected);
  });
});
