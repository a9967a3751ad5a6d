/**
 * The tracked links' public redirect (issue 15 item 4): one Lambda (lambdas/http/trackedRedirect.ts)
 * behind the HTTP API route `GET /r/{code}` without the JWT authorizer; CloudFront's `/r/*`
 * behavior (web.ts) forwards those paths, without query string, to the API origin. Its access is
 * TRACKED_REDIRECT_ACCESS (the table only); it learns the allowed origin from SITE_URL and gets the
 * origin-verify secret so that it may trust CloudFront's `x-viewer-ip` (hashed, never stored).
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_SECRET_ENV, SITE_URL_ENV, TRACKED_LINK_PREFIX } from '@director-ia/shared';
import { TRACKED_REDIRECT_ACCESS } from '../functions';
import { httpEntry } from '../paths';
import { addPublicGetRoute } from './api';
import type { FunctionGrants } from './grants';
import { createNodeFunction } from './node-function';

/** The HTTP API route of the redirect (CloudFront forwards `/r/*` unchanged). */
export const TRACKED_REDIRECT_ROUTE_PATH = `${TRACKED_LINK_PREFIX}/{code}`;

/** The redirect function's description (tests find it by this). */
export const TRACKED_REDIRECT_DESCRIPTION = 'Tracked links: counts the click of /r/<code> and redirects to its target with UTM parameters (issue 15)';

export interface TrackedLinksProps {
  httpApi: HttpApi;
  grants: FunctionGrants;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
  /** The site's https origin: the links' own domain, and the one target origin always allowed. */
  siteUrl: string;
  /** CloudFront's origin-verify secret (lambdas/platform/callable/client-ip.ts). */
  originVerifySecret?: string;
}

export class TrackedLinksConstruct extends Construct {
  readonly redirect: NodejsFunction;

  constructor(scope: Construct, id: string, props: TrackedLinksProps) {
    super(scope, id);
    this.redirect = createNodeFunction(this, 'TrackedRedirect', {
      entry: httpEntry(props.projectRoot, 'trackedRedirect'),
      projectRoot: props.projectRoot,
      environment: {
        ...props.environment,
        [SITE_URL_ENV]: props.siteUrl,
        ...(props.originVerifySecret ? { [ORIGIN_VERIFY_SECRET_ENV]: props.originVerifySecret } : {}),
      },
      description: TRACKED_REDIRECT_DESCRIPTION,
      // A few reads and conditional writes: anything slower is broken, not busy.
      timeout: Duration.seconds(10),
    });
    props.grants.apply(this.redirect, TRACKED_REDIRECT_ACCESS);
    addPublicGetRoute(props.httpApi, {
      path: TRACKED_REDIRECT_ROUTE_PATH,
      fn: this.redirect,
      integrationId: 'TrackedRedirectIntegration',
      reason:
        'Tracked links are public by design (issue 15 item 4): anyone who sees a post follows its short link without signing in. GET only; it redirects only to targets on the site\'s own origin or the campaign\'s landing origin, checked when the link is made and again on every click (never a URL from the request); it stores only daily counters and salted visitor hashes; stage throttling applies.',
    });
  }
}
