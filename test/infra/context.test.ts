/**
 * CDK context validation: a bad or missing tenant (or other value) fails before any construct is
 * built, with a message that says what is expected.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app';
import { ContextError, parseTenantContext } from '../../infra/context';

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

describe('buildApp', () => {
  it('fails with a clear error for an invalid tenant', () => {
    expect(() => buildApp({ context: { tenant: 'Bad_Tenant' } })).toThrow(/Invalid context "tenant" = "Bad_Tenant"/);
  });
});
