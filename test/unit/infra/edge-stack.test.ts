/**
 * Issue 16 finding 1: a WAF rate rule on the public routes. CloudFront-scoped web ACLs live in
 * us-east-1, so each tenant gets a small edge stack there (infra/edge-stack.ts) whose web ACL the
 * tenant's distribution uses (a CDK cross-region reference). Checks: the edge stack is in
 * us-east-1 with one CLOUDFRONT web ACL whose rate-based rule blocks (429) an IP past
 * PUBLIC_WAF_RATE_LIMIT per 5 minutes on the public paths only (scope-down on their prefixes),
 * everything else allowed; the distribution's WebACLId is that ACL's ARN; both stacks synthesize
 * cdk-nag clean (synthTenant throws on an unacknowledged finding).
 */
import { Template } from 'aws-cdk-lib/assertions';
import type { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { EdgeStack, PUBLIC_PATH_PREFIXES, PUBLIC_WAF_RATE_LIMIT } from '../../../infra/edge-stack';
import { useSynthesizedTenant } from '../../support/cdk-fixture';
import type { Resource } from '../../support/template-iam';

describe('edge stack (WAF in us-east-1)', () => {
  let edge: Template;
  let tenant: Template;
  let edgeStack: Stack;
  useSynthesizedTenant({ tenant: 'demo', adminEmail: 'admin@example.com' }, { webBuild: false }, ({ app, template }) => {
    edgeStack = app.node.children.find((child): child is EdgeStack => child instanceof EdgeStack)!;
    edge = Template.fromStack(edgeStack);
    tenant = template;
  });

  it('lives in us-east-1 and holds one CloudFront web ACL that allows by default', () => {
    expect(edgeStack.region).toBe('us-east-1');
    const acls = Object.values(edge.findResources('AWS::WAFv2::WebACL') as Record<string, Resource>);
    expect(acls).toHaveLength(1);
    expect(acls[0]?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('rate-limits each IP on the public paths only, with a 429', () => {
    const acl = Object.values(edge.findResources('AWS::WAFv2::WebACL') as Record<string, Resource>)[0]!;
    type RateStatement = { Limit: number; ScopeDownStatement: { OrStatement: { Statements: { ByteMatchStatement: Record<string, unknown> }[] } } };
    const rules = acl.Properties.Rules as { Name: string; Action?: unknown; Statement: { RateBasedStatement?: RateStatement } }[];
    const rate = rules.find((rule) => rule.Statement.RateBasedStatement);
    expect(rate?.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    const statement = rate!.Statement.RateBasedStatement!;
    expect(statement).toMatchObject({ Limit: PUBLIC_WAF_RATE_LIMIT, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const matches = statement.ScopeDownStatement.OrStatement.Statements.map((s) => s.ByteMatchStatement);
    expect(matches.map((m) => m.SearchString).sort()).toEqual([...PUBLIC_PATH_PREFIXES].sort());
    for (const m of matches) expect(m).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH' });
    for (const prefix of ['/api/obtenerWidget', '/api/enviarMensajeWidget', '/api/registrarLeadWidget', '/webhooks/', '/r/', '/blog/']) expect(PUBLIC_PATH_PREFIXES).toContain(prefix);
    expect(PUBLIC_PATH_PREFIXES.some((prefix) => prefix === '/api/' || prefix === '/')).toBe(false);
  });

  it("is the tenant distribution's web ACL", () => {
    const distribution = Object.values(tenant.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>)[0]!;
    const config = distribution.Properties.DistributionConfig as { WebACLId?: unknown };
    expect(config.WebACLId).toBeDefined();
    expect(JSON.stringify(config.WebACLId)).toMatch(/WebAcl/);
  });
});
