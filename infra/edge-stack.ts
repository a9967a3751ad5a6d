/**
 * The tenant's edge stack (issue 16 finding 1): CloudFront-scoped WAF web ACLs must live in
 * us-east-1, so each tenant gets this small stack there, `DirectorIa-<tenant>-edge`, holding one
 * web ACL that the tenant's distribution uses (infra/constructs/web.ts `webAclArn`), passed by a
 * CDK cross-region reference (both stacks `crossRegionReferences: true`: the ARN goes through an
 * SSM parameter in us-east-1 and a small reader custom resource in the tenant stack). Deployed
 * with the tenant stack by `cdk deploy --all` (README).
 *
 * The web ACL allows everything by default; its one rule blocks with 429 an IP that makes more than
 * PUBLIC_WAF_RATE_LIMIT requests in 5 minutes to the public paths (PUBLIC_PATH_PREFIXES: the
 * public callables, the networks' webhooks, tracked links, the public blog, the OAuth callback),
 * on top of the functions' own limits (core/widget/limits.ts) and the API's per-route throttles.
 * Signed-in traffic is never counted. The AWS managed common rule set is left out on purpose: its
 * 8 KB body rule would refuse legitimate callable bodies (knowledge text, chat).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { CALLABLES, OAUTH_CALLBACK_PREFIX, TRACKED_LINK_PREFIX, WEBHOOKS_PREFIX } from '@director-ia/shared';
import { routePath } from './constructs/api';
import { PUBLIC_BLOG_PATH_PATTERN } from './constructs/web';

/** The region of CloudFront-scoped web ACLs. */
export const EDGE_REGION = 'us-east-1';

/** Requests one IP may make to the public paths in 5 minutes (WAF's window) before 429: about 1 a second. */
export const PUBLIC_WAF_RATE_LIMIT = 300;

/** Path prefixes counted by the rate rule: every route that needs no sign-in. */
export const PUBLIC_PATH_PREFIXES: readonly string[] = [
  ...Object.values(CALLABLES)
    .filter((callable) => callable.access === 'public')
    .map((callable) => routePath(callable.name)),
  `${WEBHOOKS_PREFIX}/`,
  `${TRACKED_LINK_PREFIX}/`,
  PUBLIC_BLOG_PATH_PATTERN.replace(/\*$/, ''),
  `${OAUTH_CALLBACK_PREFIX}/`,
];

/** The edge stack's name for `tenantStackName`. */
export const edgeStackNameOf = (tenantStackName: string): string => `${tenantStackName}-edge`;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

export class EdgeStack extends Stack {
  /** The web ACL's ARN (a cross-region reference when read by the tenant stack). */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: Omit<StackProps, 'env'> = {}) {
    super(scope, id, { ...props, env: { region: EDGE_REGION }, crossRegionReferences: true });
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Rate limit per IP on the public routes - issue 16',
      visibilityConfig: visibility('DirectorIaEdge'),
      rules: [
        {
          name: 'PublicRoutesRatePerIp',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: {
            rateBasedStatement: {
              limit: PUBLIC_WAF_RATE_LIMIT,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: {
                orStatement: {
                  statements: PUBLIC_PATH_PREFIXES.map((prefix) => ({
                    byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: prefix, textTransformations: [{ priority: 0, type: 'NONE' }] },
                  })),
                },
              },
            },
          },
          visibilityConfig: visibility('PublicRoutesRatePerIp'),
        },
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
