/**
 * The site's response headers policies (issue 16 finding 4): the SPA, the API and the webhooks get
 * the strict CSP of infra/web-headers.ts with `frame-ancestors 'none'` and X-Frame-Options DENY,
 * `/widget/*` is its own behavior (the SPA, the same origin and rewrite) whose CSP lets any site
 * frame it, and `/blog/*` keeps its pages' own CSP; every policy has HSTS, nosniff,
 * Referrer-Policy, Permissions-Policy and COOP.
 */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, WIDGET_PATH_PATTERN } from '../../../../infra/web-headers';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { type Resource } from '../../../support/template-iam';
import type { Template } from 'aws-cdk-lib/assertions';

type Behavior = Record<string, unknown> & { PathPattern?: string };
type HeadersConfig = {
  SecurityHeadersConfig: Record<string, Record<string, unknown>>;
  CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
};

/** A CloudFormation string value as text: `Fn::Join` parts joined, `Ref`/`Fn::GetAtt` as `<Id>`/`<Id.Attr>`. */
function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  if (object.Ref) return `<${String(object.Ref)}>`;
  if (object['Fn::GetAtt']) return `<${(object['Fn::GetAtt'] as string[]).join('.')}>`;
  const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
  return parts.map(rendered).join(separator);
}

describe('response headers policies (tenant stack)', () => {
    let template: Template;
  useSynthesizedTenant({ tenant: 'demo', adminEmail: 'admin@example.com' }, { webBuild: true }, (synth) => ({ template } = synth));

  const distributionConfig = () => (Object.values(template.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0]?.Properties.DistributionConfig ?? {}) as { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[] };
  const behavior = (pattern: string) => distributionConfig().CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
  const policyOf = (b: Behavior | undefined): HeadersConfig => {
    const id = (b?.ResponseHeadersPolicyId as { Ref: string }).Ref;
    return (template.toJSON().Resources[id] as Resource).Properties.ResponseHeadersPolicyConfig as HeadersConfig;
  };
  const expectedCsp = (framable: boolean) =>
    contentSecurityPolicy({ uploads: 'https://*.s3.eu-west-1.amazonaws.com', cognito: 'https://cognito-idp.eu-west-1.amazonaws.com' }, framable);
  const custom = (config: HeadersConfig) => Object.fromEntries((config.CustomHeadersConfig?.Items ?? []).map((item) => [item.Header, [item.Value, item.Override]]));
  const commonHeaders = {
    StrictTransportSecurity: { AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS, IncludeSubdomains: true, Override: true },
    ContentTypeOptions: { Override: true },
    ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
  };

  it('gives the SPA a strict CSP (self scripts and styles; images, media and connections to the region\'s S3 and Cognito) that forbids framing', () => {
    const config = policyOf(distributionConfig().DefaultCacheBehavior);
    const csp = rendered(config.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy);
    expect(csp).toBe(expectedCsp(false));
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    // The region's S3 (the bucket's own name would be a cycle: its CORS rule names the distribution).
    expect(csp).toContain("img-src 'self' data: blob: https://*.s3.eu-west-1.amazonaws.com;");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://*.s3.eu-west-1.amazonaws.com;");
    expect(csp).not.toContain('unsafe');
    expect(config.SecurityHeadersConfig).toEqual({
      ...commonHeaders,
      ContentSecurityPolicy: { ContentSecurityPolicy: config.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy, Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
    });
    expect(custom(config)).toEqual({
      'permissions-policy': [expect.stringContaining('microphone=(self)'), true],
      'cross-origin-opener-policy': ['same-origin-allow-popups', true],
    });
    expect(custom(config)['permissions-policy']?.[0]).toContain('camera=()');
  });

  it('applies the same policy to /api/* and /webhooks/*', () => {
    const site = distributionConfig().DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(behavior('/api/*')?.ResponseHeadersPolicyId).toEqual(site);
    expect(behavior('/webhooks/*')?.ResponseHeadersPolicyId).toEqual(site);
  });

  it('serves /widget/* as the SPA (same origin, same rewrite) with a CSP any site may frame, and no X-Frame-Options', () => {
    const widget = behavior(WIDGET_PATH_PATTERN);
    const spa = distributionConfig().DefaultCacheBehavior;
    expect(widget).toMatchObject({ TargetOriginId: spa.TargetOriginId, FunctionAssociations: spa.FunctionAssociations, CachePolicyId: spa.CachePolicyId, ViewerProtocolPolicy: 'redirect-to-https' });
    const config = policyOf(widget);
    expect(rendered(config.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy)).toBe(expectedCsp(true));
    expect(rendered(config.SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy)).toMatch(/frame-ancestors \*$/);
    expect(config.SecurityHeadersConfig.FrameOptions).toBeUndefined();
    expect(custom(config)['permissions-policy']?.[0]).toContain('microphone=()');
  });

  it('leaves the public blog\'s own CSP alone (no CSP, no X-Frame-Options) but sends the other headers', () => {
    const config = policyOf(behavior('/blog/*'));
    expect(config.SecurityHeadersConfig).toEqual(commonHeaders);
    expect(Object.keys(custom(config)).sort()).toEqual(['cross-origin-opener-policy', 'permissions-policy']);
  });

  it('adds two policies and one origin access control in all', () => {
    expect(Object.keys(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))).toHaveLength(4);
    expect(Object.keys(template.findResources('AWS::CloudFront::OriginAccessControl'))).toHaveLength(1);
  });
});
