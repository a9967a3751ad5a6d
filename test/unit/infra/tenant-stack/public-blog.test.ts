/**
 * The public blog in the tenant stack (issue 5 item 4): one Node.js 24 arm64 Lambda behind the HTTP
 * API route `GET /blog/{proxy+}` without authorizer (acknowledged for cdk-nag with its reason),
 * exactly the permissions of PUBLIC_BLOG_ACCESS (table read, GetObject on blog header images and
 * generated assets, nothing else), the site origin in its environment, and CloudFront's `/blog/*`
 * behavior to the API origin: GET/HEAD, HTTPS, compressed, no SPA rewrite, a short cache keyed
 * on the path only. Also with a custom domain: the pages name it.
 */
import { Validations } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { PUBLIC_BLOG_ROUTE_PATH, SITE_ORIGIN_ENV } from '../../../../infra/constructs/public-blog';
import { BLOG_MAX_TTL, PUBLIC_BLOG_PATH_PATTERN } from '../../../../infra/constructs/web';
import { PUBLIC_BLOG_ACCESS } from '../../../../infra/functions';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { PAGE_MAX_AGE_SECONDS } from '../../../../lambdas/core/blog/pages';
import { SITE_ORIGIN_ENV as HANDLER_SITE_ORIGIN_ENV } from '../../../../lambdas/http/blogPublico';
import { createFixture, removeFixture, synthTenant, useSynthesizedTenant } from '../../../support/cdk-fixture';
import { XRAY_WILDCARD_REASON } from '../../../../infra/constructs/node-function';
import { logicalId, permissionLines, statementsOfRole, XRAY_LINES, type Resource } from '../../../support/template-iam';

type Behavior = Record<string, unknown> & { PathPattern: string };

describe('public blog (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let assembly: CloudAssembly;

  useSynthesizedTenant({ tenant: 'demo', adminEmail: 'admin@example.com' }, { webBuild: true }, (synth) => ({ stack, template, assembly } = synth));

  const fnId = () => logicalId(stack, stack.publicBlog.fn);
  const fnResource = () => template.toJSON().Resources[fnId()] as Resource;
  const behaviors = () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0];
    return (distribution?.Properties.DistributionConfig as { CacheBehaviors: Behavior[] }).CacheBehaviors;
  };

  it('runs Node.js 24 on arm64 with the shared environment and the site origin', () => {
    expect(fnResource().Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      Timeout: 10,
      MemorySize: 512,
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: logicalId(stack, stack.data.table) },
          UPLOADS_BUCKET: { Ref: logicalId(stack, stack.storage.uploadsBucket) },
          POWERTOOLS_SERVICE_NAME: 'director-ia',
          [SITE_ORIGIN_ENV]: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack, stack.web.distribution), 'DomainName'] }]] },
        },
      },
    });
    expect(SITE_ORIGIN_ENV).toBe(HANDLER_SITE_ORIGIN_ENV);
  });

  it('has exactly its declared permissions: table read and GetObject of blog headers and assets', () => {
    expect(PUBLIC_BLOG_ACCESS).toEqual({ table: 'read', permissions: ['uploads:readBlogHeader', 'assets:read'] });
    const logGroup = (fnResource().Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    const lines = permissionLines(statementsOfRole(template, logicalId(stack, stack.publicBlog.fn.role as never)), {
      [logicalId(stack, stack.data.table)]: 'table',
      [logicalId(stack, stack.storage.uploadsBucket)]: 'uploads',
      [logGroup]: 'logs',
    });
    const read = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'].flatMap((action) => [`${action} @ table`, `${action} @ table/index/gsi1`]);
    expect(lines).toEqual(
      ['logs:CreateLogStream @ logs', 'logs:PutLogEvents @ logs', ...XRAY_LINES, ...read, 's3:GetObject @ uploads/users/*/blog/*', 's3:GetObject @ uploads/users/*/assets/*'].sort(),
    );
  });

  it('is the GET /blog/{proxy+} route of the HTTP API, without authorizer', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).filter(
      (route) => route.Properties.RouteKey === `GET ${PUBLIC_BLOG_ROUTE_PATH}`,
    );
    expect(routes).toHaveLength(1);
    expect(routes[0]?.Properties).toMatchObject({ ApiId: { Ref: logicalId(stack, stack.api.httpApi) }, AuthorizationType: 'NONE' });
    expect(routes[0]?.Properties.AuthorizerId).toBeUndefined();
    const target = JSON.stringify(routes[0]?.Properties.Target);
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration', {
      Properties: { IntegrationType: 'AWS_PROXY', IntegrationUri: { 'Fn::GetAtt': [fnId(), 'Arn'] }, PayloadFormatVersion: '2.0' },
    });
    expect(Object.keys(integrations)).toHaveLength(1);
    expect(target).toContain(Object.keys(integrations)[0]);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fnId(), 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
    });
  });

  it('is routed by CloudFront /blog/* to the API origin: GET/HEAD, HTTPS, compressed, no SPA rewrite', () => {
    expect(PUBLIC_BLOG_PATH_PATTERN).toBe('/blog/*');
    const blog = behaviors().find((behavior) => behavior.PathPattern === PUBLIC_BLOG_PATH_PATTERN);
    const api = behaviors().find((behavior) => behavior.PathPattern === '/api/*');
    expect(blog).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      TargetOriginId: api?.TargetOriginId,
    });
    expect(blog?.FunctionAssociations).toBeUndefined();
    expect(blog?.OriginRequestPolicyId).toBeUndefined();
    // Its own headers policy, without CSP: the pages' own reaches the reader (web-headers.test.ts).
    expect(blog?.ResponseHeadersPolicyId).not.toEqual(api?.ResponseHeadersPolicyId);
  });

  it('caches pages as briefly as they say, keyed on the path and the visit\'s ref and UTM only (issue 15: the page forwards them to its chat frame)', () => {
    const blog = behaviors().find((behavior) => behavior.PathPattern === PUBLIC_BLOG_PATH_PATTERN);
    const policies = template.findResources('AWS::CloudFront::CachePolicy') as Record<string, Resource>;
    const policyId = (blog?.CachePolicyId as { Ref: string }).Ref;
    expect(policies[policyId]?.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: BLOG_MAX_TTL.toSeconds(),
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['ref', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content'] },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    expect(BLOG_MAX_TTL.toSeconds()).toBeGreaterThanOrEqual(PAGE_MAX_AGE_SECONDS);
    expect(BLOG_MAX_TTL.toSeconds()).toBeLessThanOrEqual(300);
  });

  it('acknowledges the public route for cdk-nag with its reason, and nothing else of its own', () => {
    const entries = assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .filter((entry) => entry.path.includes('/PublicBlog/') || entry.path.includes('blog--{proxy+}'))
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })));
    const route = entries.filter(({ id }) => id.includes('APIG4'));
    expect(route).toHaveLength(1);
    expect(route[0]?.reason).toMatch(/public by design/);
    // Beside X-Ray's wildcard, which every function role carries (node-function.ts).
    const roles = entries.filter(({ id, reason }) => id.includes('IAM5') && reason !== XRAY_WILDCARD_REASON);
    expect(roles.map(({ id }) => id).sort()).toEqual([
      expect.stringMatching(/Resource::<StorageUploads\w+\.Arn>\/users\/\*\/assets\/\*\]$/),
      expect.stringMatching(/Resource::<StorageUploads\w+\.Arn>\/users\/\*\/blog\/\*\]$/),
    ]);
  });
});

describe('public blog with a custom domain', () => {
  it('names the custom domain as the site origin', () => {
    const fixture = createFixture({ webBuild: false });
    try {
      const { stack, template } = synthTenant(fixture, {
        tenant: 'demo',
        domainName: 'blog.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      });
      const variables = (template.toJSON().Resources[logicalId(stack, stack.publicBlog.fn)] as Resource).Properties.Environment as { Variables: Record<string, unknown> };
      expect(variables.Variables[SITE_ORIGIN_ENV]).toBe('https://blog.example.com');
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({ CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: PUBLIC_BLOG_PATH_PATTERN })]) }),
      });
    } finally {
      removeFixture(fixture);
    }
  });
});
