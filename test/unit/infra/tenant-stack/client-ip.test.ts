/**
 * The viewer IP behind CloudFront (widget per-IP limits; lambdas/platform/callable/client-ip.ts) in
 * the tenant stack: a Secrets Manager generated origin-verify secret, read only through dynamic
 * references, in the API origin's `x-origin-verify` custom header and in the environment of the
 * client-IP callables and no other function (no function gets a Secrets Manager permission); a
 * viewer-request function on `/api/*` that overwrites `x-viewer-ip` with the viewer's address,
 * while the behavior keeps forwarding all viewer headers but Host; cdk-nag clean, the secret's
 * rotation finding acknowledged with its reason.
 */
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { VIEWER_IP_CODE } from '../../../../infra/constructs/web';
import { CLIENT_IP_CALLABLES } from '../../../../infra/functions';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { CALLABLE_NAMES, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV, VIEWER_IP_HEADER } from '@director-ia/shared';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { identityPolicies, logicalId, type Resource } from '../../../support/template-iam';

type Behavior = Record<string, unknown> & { PathPattern: string };
type Origin = { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };

describe('client IP behind CloudFront (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let assembly: CloudAssembly;

  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => ({ stack, template, assembly } = synth));

  const distributionConfig = () =>
    (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties.DistributionConfig as {
      CacheBehaviors: Behavior[];
      Origins: Origin[];
    };
  const apiBehavior = () => distributionConfig().CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
  /** `{{resolve:secretsmanager:<secret arn>:SecretString:::}}`, as CloudFormation receives it. */
  const secretReference = () => ({
    'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalId(stack, stack.secrets.originVerify) }, ':SecretString:::}}']],
  });

  it('generates the origin-verify secret in Secrets Manager (letters and digits), never in the template', () => {
    // The other one is the Meta webhook verify token (tenant-stack/inbox.test.ts).
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    expect(template.toJSON().Resources[logicalId(stack, stack.secrets.originVerify)]?.Properties).toMatchObject({
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false },
    });
    expect(template.toJSON().Resources[logicalId(stack, stack.secrets.originVerify)]?.Properties.SecretString).toBeUndefined();
    expect(stack.resolve(stack.secrets.originVerifyValue)).toEqual(secretReference());
  });

  it('adds x-origin-verify with the secret (a dynamic reference) to requests to the API origin', () => {
    const api = distributionConfig().Origins.find((origin) => origin.Id === apiBehavior()?.TargetOriginId);
    expect(ORIGIN_VERIFY_HEADER).toBe('x-origin-verify');
    expect(api?.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretReference() }]);
    // The web bucket's origin does not get it.
    for (const origin of distributionConfig().Origins.filter((o) => o.Id !== api?.Id)) expect(origin.OriginCustomHeaders).toBeUndefined();
  });

  it('passes the viewer IP on /api/* with a viewer-request function, still forwarding all viewer headers but Host', () => {
    const functions = template.findResources('AWS::CloudFront::Function') as Record<string, Resource>;
    const [viewerIpId] = Object.entries(functions).find(([, fn]) => fn.Properties.FunctionCode === VIEWER_IP_CODE) ?? [];
    expect(viewerIpId).toBeDefined();
    expect(functions[viewerIpId as string]?.Properties.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
    expect(apiBehavior()).toMatchObject({
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [viewerIpId, 'FunctionARN'] } }],
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader: Authorization, query strings, cookies
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
    });
  });

  it.each([
    ['IPv4', '198.51.100.23'],
    ['IPv6', '2001:db8::1'],
  ])('the function sets x-viewer-ip to the viewer %s, overwriting a forged one', (_case, ip) => {
    const handler = new Function(`${VIEWER_IP_CODE}; return handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };
    const request = { uri: '/api/obtenerWidget', headers: { [VIEWER_IP_HEADER]: { value: '10.0.0.1' }, authorization: { value: 'Bearer t' } } };
    const out = handler({ viewer: { ip }, request });
    expect(out.headers[VIEWER_IP_HEADER]).toEqual({ value: ip });
    expect(out.headers.authorization).toEqual({ value: 'Bearer t' });
  });

  it.each(CALLABLE_NAMES)('%s has ORIGIN_VERIFY_SECRET exactly when it limits by client IP', (name) => {
    const fn = template.toJSON().Resources[logicalId(stack, stack.api.functions[name])] as Resource;
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables[ORIGIN_VERIFY_SECRET_ENV]).toEqual(CLIENT_IP_CALLABLES.includes(name) ? secretReference() : undefined);
  });

  it('gives the secret to the widget callables and the tracked links\' redirect only (its daily uniques hash the viewer IP), and to no other function of the stack', () => {
    expect([...CLIENT_IP_CALLABLES].sort()).toEqual(['enviarMensajeWidget', 'obtenerWidget', 'registrarLeadWidget']);
    const holders = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
      ([, fn]) => (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[ORIGIN_VERIFY_SECRET_ENV] !== undefined,
    );
    expect(holders).toHaveLength(CLIENT_IP_CALLABLES.length + 1);
    expect(holders.map(([id]) => id)).toContain(logicalId(stack, stack.trackedLinks.redirect));
  });

  it('lets no role read the origin-verify secret (CloudFormation resolves the reference at deploy)', () => {
    const secretId = logicalId(stack, stack.secrets.originVerify);
    const policies = identityPolicies(template);
    expect(policies.length).toBeGreaterThan(0);
    for (const { document } of policies) expect(JSON.stringify(document)).not.toContain(secretId);
  });

  it('is cdk-nag clean, acknowledging only the secret rotation, with its reason', () => {
    // synthTenant already threw on any unacknowledged finding.
    const acknowledged = assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .filter((entry) => entry.path.includes('/Secrets/OriginVerify'))
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>));
    expect(acknowledged.map(([id]) => id)).toEqual(['AwsSolutions::AwsSolutions-SMG4']);
    expect(acknowledged[0]?.[1]).toMatch(/dynamic reference|at deploy/);
  });
});
