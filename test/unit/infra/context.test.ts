/**
 * CDK context validation: a bad or missing tenant (or other value) fails before any construct is
 * built, with a message that says what is expected.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../infra/app';
import { ContextError, parseTenantContext } from '../../../infra/context';

describe('parseTenantContext', () => {
  it('applies the default region and keeps optional values', () => {
    expect(parseTenantContext({ tenant: 'acme-shop', adminEmail: 'Admin@Example.com', partnerName: 'Socio' })).toEqual({
      tenant: 'acme-shop',
      region: 'eu-west-1',
      adminEmail: 'admin@example.com',
      partnerName: 'Socio',
      publicSiteUrl: undefined,
      tokenSyncUrl: undefined,
      domainName: undefined,
      certificateArn: undefined,
      aiProvider: 'bedrock',
      bedrockTextModelId: undefined,
      bedrockImageModelId: undefined,
      bedrockVideoModelId: undefined,
      bedrockEmbeddingModelId: undefined,
      bedrockEmbeddingDimensions: undefined,
      bedrockRegion: undefined,
      dailyGenerationQuota: undefined,
      socialAppsSecret: undefined,
      customToken: undefined,
    });
  });

  it.each(['a', 'demo', 'acme-shop-2', '0ne', 'a'.repeat(32)])('accepts tenant %s', (tenant) => {
    expect(parseTenantContext({ tenant }).tenant).toBe(tenant);
  });

  it.each(['Demo', 'de mo', '-demo', 'demo-', 'demo_1', 'demó', 'a'.repeat(33), 'a/b'])('rejects tenant %j', (tenant) => {
    expect(() => parseTenantContext({ tenant })).toThrow(ContextError);
    expect(() => parseTenantContext({ tenant })).toThrow(/Invalid context "tenant".*lowercase letters, digits or hyphens/);
  });

  it.each([{}, { tenant: '' }, { tenant: null }])('requires a tenant (%j)', (context) => {
    expect(() => parseTenantContext(context)).toThrow(/Missing context "tenant".*-c tenant=/);
  });

  it.each([
    [{ tenant: 'x', region: 'Europe' }, /"region"/],
    [{ tenant: 'x', adminEmail: 'not-an-email' }, /"adminEmail"/],
    [{ tenant: 'x', publicSiteUrl: 'example.com' }, /"publicSiteUrl"/],
    [{ tenant: 'x', tokenSyncUrl: 'http://evil.example/sync' }, /"tokenSyncUrl"/],
    [{ tenant: 'x', domainName: 'app.example.com' }, /give both or neither/],
    [{ tenant: 'x', domainName: 'app.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' }, /us-east-1/],
    [{ tenant: 42 }, /must be a string/],
  ])('rejects %j', (context, message) => {
    expect(() => parseTenantContext(context)).toThrow(message);
  });
});

describe('parseTenantContext: AI settings', () => {
  it('accepts the AI keys, from -c strings or numbers', () => {
    expect(
      parseTenantContext({
        tenant: 'x',
        aiProvider: 'offline',
        bedrockTextModelId: 'global.amazon.nova-2-lite-v1:0',
        bedrockImageModelId: 'stability.stable-image-core-v1:1',
        bedrockVideoModelId: 'luma.ray-v2:0',
        bedrockEmbeddingModelId: 'arn:aws:bedrock:eu-west-1::foundation-model/amazon.titan-embed-text-v2:0',
        bedrockEmbeddingDimensions: ' 512 ',
        bedrockRegion: 'us-east-1',
      }),
    ).toMatchObject({
      aiProvider: 'offline',
      bedrockTextModelId: 'global.amazon.nova-2-lite-v1:0',
      bedrockImageModelId: 'stability.stable-image-core-v1:1',
      bedrockVideoModelId: 'luma.ray-v2:0',
      bedrockEmbeddingModelId: 'arn:aws:bedrock:eu-west-1::foundation-model/amazon.titan-embed-text-v2:0',
      bedrockEmbeddingDimensions: 512,
      bedrockRegion: 'us-east-1',
    });
    expect(parseTenantContext({ tenant: 'x', bedrockEmbeddingDimensions: 1024 }).bedrockEmbeddingDimensions).toBe(1024);
  });

  it('accepts a daily generation quota', () => {
    expect(parseTenantContext({ tenant: 'x', dailyGenerationQuota: '50' }).dailyGenerationQuota).toBe(50);
    expect(parseTenantContext({ tenant: 'x', dailyGenerationQuota: 8 }).dailyGenerationQuota).toBe(8);
  });

  it.each([
    'amazon.titan-embed-text-v2:0',
    'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
    'cohere.embed-v4:0',
    'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.amazon.nova-pro-v1:0',
  ])('accepts the model id %s', (id) => {
    expect(parseTenantContext({ tenant: 'x', bedrockTextModelId: id }).bedrockTextModelId).toBe(id);
  });

  it.each([
    [{ aiProvider: 'gemini' }, /"aiProvider" = "gemini": expected bedrock or offline.*per brand in Integraciones/],
    [{ aiProvider: 'openai-compatible' }, /"aiProvider"/],
    [{ aiProvider: 'Bedrock' }, /"aiProvider"/],
    [{ bedrockTextModelId: 'nova lite' }, /"bedrockTextModelId" = "nova lite": expected a Bedrock model or inference profile id/],
    [{ bedrockImageModelId: 'arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/abc' }, /"bedrockImageModelId"/],
    [{ bedrockEmbeddingModelId: 'amazon.titan/../x' }, /"bedrockEmbeddingModelId"/],
    [{ bedrockEmbeddingDimensions: '0' }, /"bedrockEmbeddingDimensions" = "0": expected a whole number from 1 to 8192/],
    [{ bedrockEmbeddingDimensions: -1 }, /"bedrockEmbeddingDimensions"/],
    [{ bedrockEmbeddingDimensions: 1.5 }, /"bedrockEmbeddingDimensions"/],
    [{ bedrockEmbeddingDimensions: '1024px' }, /"bedrockEmbeddingDimensions"/],
    [{ bedrockEmbeddingDimensions: 100_000 }, /"bedrockEmbeddingDimensions"/],
    [{ bedrockRegion: 'Frankfurt' }, /"bedrockRegion" = "Frankfurt": expected an AWS region/],
    [{ bedrockTextModelId: 7 }, /"bedrockTextModelId" must be a string/],
    [{ dailyGenerationQuota: '0' }, /"dailyGenerationQuota" = "0": expected a whole number from 1 to 100000/],
    [{ dailyGenerationQuota: 'muchas' }, /"dailyGenerationQuota"/],
  ])('rejects %j', (ai, message) => {
    expect(() => parseTenantContext({ tenant: 'x', ...ai })).toThrow(ContextError);
    expect(() => parseTenantContext({ tenant: 'x', ...ai })).toThrow(message);
  });
});

describe('parseTenantContext: socialAppsSecret', () => {
  const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:director-ia/acme/social-apps-AbC123';

  it.each(['director-ia/acme/social-apps', 'social_apps+prod=1.x@acme', ARN, `  ${ARN}  `])('accepts %j (a name or a complete ARN in the stack region)', (value) => {
    expect(parseTenantContext({ tenant: 'acme', socialAppsSecret: value }).socialAppsSecret).toBe(value.trim());
  });

  it('is optional: unset means no secret (every OAuth network unavailable)', () => {
    expect(parseTenantContext({ tenant: 'acme' }).socialAppsSecret).toBeUndefined();
    expect(parseTenantContext({ tenant: 'acme', socialAppsSecret: '' }).socialAppsSecret).toBeUndefined();
  });

  it.each([
    ['a name with spaces', 'social apps', /"socialAppsSecret" = "social apps": expected a Secrets Manager secret name/],
    ['a name over 512 characters', 'a'.repeat(513), /expected a Secrets Manager secret name/],
    ['a name that reads like an ARN suffix', 'director-ia/social-config', /looks like an ARN suffix to Secrets Manager; pass the secret's complete ARN/],
    ['a partial ARN', 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:social', /expected a secret name or the complete secret ARN/],
    ['the ARN of another service', 'arn:aws:ssm:eu-west-1:123456789012:parameter/social-AbC123', /complete secret ARN/],
    ['an ARN in another region', ARN.replace('eu-west-1', 'us-east-1'), /the secret is in us-east-1 but the stack is in eu-west-1/],
  ])('rejects %s', (_label, value, message) => {
    expect(() => parseTenantContext({ tenant: 'acme', socialAppsSecret: value })).toThrow(ContextError);
    expect(() => parseTenantContext({ tenant: 'acme', socialAppsSecret: value })).toThrow(message);
  });

  it('checks the ARN against the stack region given with -c region', () => {
    expect(parseTenantContext({ tenant: 'acme', region: 'us-east-1', socialAppsSecret: ARN.replace('eu-west-1', 'us-east-1') }).socialAppsSecret).toContain(':us-east-1:');
  });
});

describe('buildApp', () => {
  it('fails with a clear error for an invalid tenant', () => {
    expect(() => buildApp({ context: { tenant: 'Bad_Tenant' } })).toThrow(/Invalid context "tenant" = "Bad_Tenant"/);
  });

  it('reads the AI keys from context', () => {
    expect(() => buildApp({ context: { tenant: 'demo', bedrockRegion: 'nowhere' } })).toThrow(/"bedrockRegion"/);
  });

  it('reads socialAppsSecret from context', () => {
    expect(() => buildApp({ context: { tenant: 'demo', socialAppsSecret: 'no válido' } })).toThrow(/"socialAppsSecret"/);
  });

  describe('custom-token sign-in (issue 17 item 3)', () => {
    const jwk = { kty: 'RSA', kid: 'host', n: 'AQAB', e: 'AQAB', alg: 'RS256' };

    it('takes a public JWK as a one-key JWKS, the audience defaulting to the tenant', () => {
      expect(parseTenantContext({ tenant: 'acme', customTokenJwks: JSON.stringify(jwk) }).customToken).toEqual({ jwks: JSON.stringify({ keys: [jwk] }), audience: 'acme' });
      expect(parseTenantContext({ tenant: 'acme', customTokenJwks: JSON.stringify({ keys: [jwk, { ...jwk, kid: 'next' }] }), customTokenAudience: 'portal', customTokenIssuer: 'https://portal.acme.es' }).customToken).toMatchObject({
        audience: 'portal',
        issuer: 'https://portal.acme.es',
      });
    });

    it('refuses a private key, a non-key, keys without distinct kids and options without a key', () => {
      expect(() => parseTenantContext({ tenant: 'acme', customTokenJwks: JSON.stringify({ ...jwk, d: 'secret' }) })).toThrow(/never give the private key/);
      expect(() => parseTenantContext({ tenant: 'acme', customTokenJwks: 'nope' })).toThrow(/"customTokenJwks": not JSON/);
      expect(() => parseTenantContext({ tenant: 'acme', customTokenJwks: JSON.stringify({ kty: 'oct', k: 'x' }) })).toThrow(/not RSA or EC/);
      expect(() => parseTenantContext({ tenant: 'acme', customTokenJwks: JSON.stringify({ keys: [jwk, jwk] }) })).toThrow(/distinct "kid"s/);
      expect(() => parseTenantContext({ tenant: 'acme', customTokenAudience: 'portal' })).toThrow(/need "customTokenJwks"/);
    });

    it('reads the custom-token keys from the app context', () => {
      expect(() => buildApp({ context: { tenant: 'demo', customTokenJwks: '{"kty":"RSA","d":"x"}' } })).toThrow(/"customTokenJwks"/);
      expect(() => buildApp({ context: { tenant: 'demo', customTokenAudience: 'x' } })).toThrow(/need "customTokenJwks"/);
    });
  });
});
