/**
 * The public OAuth callback (issue 12 item 2; architecture "Social networks", flow step 4): one
 * Lambda (lambdas/http/oauthCallback.ts) behind the HTTP API route `GET /oauth/callback/{platform}`
 * without the JWT authorizer, where every network sends the owner's popup back with `?code&state`
 * (or `?error`). CloudFront's `/oauth/callback/*` behavior (web.ts) forwards those paths, query
 * string included, to the API origin. The page only hands code and state to the dashboard that
 * opened it (the exchange happens in the authenticated `completarOAuth`), so its access is
 * OAUTH_CALLBACK_ACCESS: no table, no key, no secret; its one setting is SITE_URL, the origin it
 * posts to. It gets none of the shared environment (table, bucket) either.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { OAUTH_CALLBACK_PREFIX, SITE_URL_ENV } from '@director-ia/shared';
import { OAUTH_CALLBACK_ACCESS } from '../functions';
import { httpEntry } from '../paths';
import { addPublicGetRoute } from './api';
import type { FunctionGrants } from './grants';
import { createNodeFunction } from './node-function';

/** The HTTP API route of the callback (CloudFront forwards `/oauth/callback/*` unchanged). */
export const OAUTH_CALLBACK_ROUTE_PATH = `${OAUTH_CALLBACK_PREFIX}/{platform}`;

export interface OAuthCallbackProps {
  httpApi: HttpApi;
  grants: FunctionGrants;
  projectRoot: string;
  /** Powertools service name (the only shared setting the page uses). */
  serviceName: string;
  /** The site's https origin (CloudFront or custom domain): the page's postMessage target. */
  siteUrl: string;
}

export class OAuthCallbackConstruct extends Construct {
  readonly fn: NodejsFunction;
  /** What each network's app must list as its redirect URI, `{platform}` being the network id. */
  readonly callbackUrl: string;

  constructor(scope: Construct, id: string, props: OAuthCallbackProps) {
    super(scope, id);
    this.fn = createNodeFunction(this, 'OauthCallback', {
      entry: httpEntry(props.projectRoot, 'oauthCallback'),
      projectRoot: props.projectRoot,
      environment: { POWERTOOLS_SERVICE_NAME: props.serviceName, [SITE_URL_ENV]: props.siteUrl },
      description: 'OAuth callback page: hands the network\'s code and state to the dashboard that opened the popup',
      // Renders a fixed page: anything slower is broken, not busy.
      timeout: Duration.seconds(5),
    });
    props.grants.apply(this.fn, OAUTH_CALLBACK_ACCESS);
    addPublicGetRoute(props.httpApi, {
      path: OAUTH_CALLBACK_ROUTE_PATH,
      fn: this.fn,
      integrationId: 'OauthCallbackIntegration',
      reason:
        'The OAuth callback is public by design (issue 12): the social networks redirect the owner\'s popup here without our token. GET only; it reads nothing and exchanges nothing, it only posts code and state to the dashboard origin, where the signed-in owner completes the connection with the authenticated completarOAuth; stage throttling applies.',
    });
    this.callbackUrl = `${props.siteUrl}${OAUTH_CALLBACK_ROUTE_PATH}`;
  }
}
