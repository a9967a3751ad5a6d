/**
 * The tracked links' redirect in the tenant stack (issue 15 item 4): one Node.js 24 function with
 * the shared environment, SITE_URL and the origin-verify secret, table read/write and nothing else;
 * the public `GET /r/{code}` route without authorizer, acknowledged for cdk-nag; CloudFront's
 * `/r/*` behavior to the API origin (GET/HEAD, uncached, the ViewerIp function, no query string,
 * only the user agent and viewer IP forwarded, no-referrer response headers); CloudFront's logs
 * (visitors' IPs) expire as the privacy note says.
 */
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { CLOUDFRONT_LOG_PREFIX } from '../../../../infra/constructs/storage';
import { TRACKED_REDIRECT_ROUTE_PATH } from '../../../../infra/constructs/tracked-links';
import { OAUTH_CALLBACK_PATH_PATTERN, TRACKED_LINK_FORWARDED_HEADERS, TRACKED_LINKS_PATH_PATTERN } from '../../../../infra/constructs/web';
import { TRACKED_REDIRECT_ACCESS } from '../../../../infra/functions';
import { API_ORIGIN_PREFIXES } from '../../../../infra/local/router';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { EDGE_LOG_RETENTION_DAYS, LINK_MSG, METRICS_STACK_ENV, ORIGIN_VERIFY_SECRET_ENV, SITE_URL_ENV, TABLE_NAME_ENV, trackedLinkPath, VIEWER_IP_HEADER } from '@director-ia/shared';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { XRAY_WILDCARD_REASON } from '../../../../infra/constructs/node-function';
import { logicalId, permissionLines, statementsOfRole, XRAY_LINES, type Resource } from '../../../support/template-iam';

type Behavior = Record<string, unknown> & { PathPattern: string };

describe('tracked links (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let assembly: CloudAssembly;
  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => ({ stack, template, assembly } = synth));

  const resources = () => template.toJSON().Resources as Record<string, Resource>;
  const fnId = () => logicalId(stack, stack.trackedLinks.redirect);
  const behavior = (pattern: string) => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0];
    return (distribution?.Properties.DistributionConfig as { CacheBehaviors: Behavior[] }).CacheBehaviors.find((b) => b.PathPattern === pattern);
  };

  it('runs Node.js 24 on arm64 with the shared environment, SITE_URL and the origin-verify secret', () => {
    const fn = resources()[fnId()];
    expect(fn?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 10 });
    const variables = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).sort()).toEqual(['NODE_OPTIONS', METRICS_STACK_ENV, 'POWERTOOLS_SERVICE_NAME', TABLE_NAME_ENV, 'UPLOADS_BUCKET', SITE_URL_ENV, ORIGIN_VERIFY_SECRET_ENV].sort());
    expect(JSON.stringify(variables[SITE_URL_ENV])).toMatch(/Distribution.*DomainName/);
  });

  it('may read and write the table and its own logs, nothing else', () => {
    expect(TRACKED_REDIRECT_ACCESS).toEqual({ table: 'readWrite' });
    const fn = resources()[fnId()];
    const logGroup = (fn?.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    const lines = permissionLines(statementsOfRole(template, logicalId(stack, stack.trackedLinks.redirect.role as never)), {
      [logicalId(stack, stack.data.table)]: 'table',
      [logGroup]: 'logs',
    });
    expect(lines.every((line) => line.startsWith('dynamodb:') || line.endsWith('@ logs') || XRAY_LINES.includes(line))).toBe(true);
    expect(lines).toContain('dynamodb:UpdateItem @ table');
    expect(lines).toContain('dynamodb:GetItem @ table');
  });

  it('is the GET /r/{code} route of the HTTP API, without authorizer, acknowledged for cdk-nag', () => {
    expect(TRACKED_REDIRECT_ROUTE_PATH).toBe('/r/{code}');
    expect(trackedLinkPath('Ab12Cd34')).toBe('/r/Ab12Cd34');
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).filter((r) => String(r.Properties.RouteKey).endsWith(` ${TRACKED_REDIRECT_ROUTE_PATH}`));
    expect(routes.map((r) => r.Properties.RouteKey)).toEqual([`GET ${TRACKED_REDIRECT_ROUTE_PATH}`]);
    expect(routes[0]?.Properties).toMatchObject({ AuthorizationType: 'NONE' });
    expect(routes[0]?.Properties.AuthorizerId).toBeUndefined();
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration', { Properties: { IntegrationUri: { 'Fn::GetAtt': [fnId(), 'Arn'] } } });
    expect(Object.keys(integrations)).toHaveLength(1);
    const acknowledged = assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .filter((entry) => entry.path.includes('/TrackedLinks/') || entry.path.includes('--r--{code}'))
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>))
      // Beside X-Ray's wildcard, which every function role carries (node-function.ts).
      .filter(([, reason]) => reason !== XRAY_WILDCARD_REASON);
    expect(acknowledged.map(([id]) => id)).toEqual(['AwsSolutions::AwsSolutions-APIG4']);
    expect(acknowledged[0]?.[1]).toMatch(/public by design.*never a URL from the request/);
  });

  it('is routed by CloudFront /r/* to the API origin: GET/HEAD, uncached, with the viewer IP, no query string, no-referrer', () => {
    expect(TRACKED_LINKS_PATH_PATTERN).toBe('/r/*');
    expect(API_ORIGIN_PREFIXES).toContain('/r/');
    const links = behavior(TRACKED_LINKS_PATH_PATTERN);
    expect(links).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      TargetOriginId: behavior('/api/*')?.TargetOriginId,
      ResponseHeadersPolicyId: behavior(OAUTH_CALLBACK_PATH_PATTERN)?.ResponseHeadersPolicyId,
    });
    expect(links?.FunctionAssociations).toEqual(behavior('/api/*')?.FunctionAssociations);
    const policy = resources()[(links?.OriginRequestPolicyId as { Ref: string }).Ref];
    expect(TRACKED_LINK_FORWARDED_HEADERS).toEqual(['User-Agent', VIEWER_IP_HEADER]);
    expect(policy?.Properties.OriginRequestPolicyConfig).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: TRACKED_LINK_FORWARDED_HEADERS },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });
});

describe('edge logs (issue 15 item 4, the privacy note)', () => {
  let stack: TenantStack;
  let template: Template;
  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => ({ stack, template } = synth));

  it('keeps CloudFront\'s logs, which hold visitors\' IP addresses, only as long as the privacy note says', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0];
    expect((distribution?.Properties.DistributionConfig as { Logging: unknown }).Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logicalId(stack, stack.storage.logsBucket), 'RegionalDomainName'] }, Prefix: CLOUDFRONT_LOG_PREFIX });
    const bucket = template.toJSON().Resources[logicalId(stack, stack.storage.logsBucket)] as Resource;
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: { Prefix?: string; ExpirationInDays: number; Status: string }[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ Prefix: CLOUDFRONT_LOG_PREFIX, ExpirationInDays: EDGE_LOG_RETENTION_DAYS, Status: 'Enabled' }));
    expect(LINK_MSG.privacyNote).toContain(`durante ${EDGE_LOG_RETENTION_DAYS} días`);
  });
});
