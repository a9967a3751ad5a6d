/**
 * The site (architecture "One picture"): a private web bucket behind CloudFront (OAC), with
 * `/api/*` routed to the HTTP API on the same origin, `/blog/*` (the public blog's HTML) to the same
 * API origin with a short cache, `/oauth/callback/*` (the social networks' redirect back, issue 12)
 * to the same API origin uncached with its query string, `/webhooks/*` (the networks' messages, issue
 * 14) to the same API origin uncached with its query string and signature headers, and the deployment of the Vite build plus
 * the runtime `config.json`. A viewer-request function rewrites SPA routes to /index.html only on
 * the web behavior, so the API's own 403/404 reach the client untouched (error responses would
 * rewrite them too).
 *
 * The viewer's IP reaches the API for the widget's per-IP limits (API Gateway only sees the edge):
 * a viewer-request function on `/api/*` overwrites `x-viewer-ip` with it, and the API origin adds
 * `x-origin-verify` with the origin-verify secret, which the functions check before trusting the
 * header (lambdas/platform/callable/client-ip.ts). `/api/*` keeps the managed
 * AllViewerExceptHostHeader origin request policy: no custom policy can add CloudFront's own
 * CloudFront-Viewer-Address while keeping what it forwards (an allow list may not name
 * Authorization, "all viewer headers and CloudFront headers" also forwards Host, which API Gateway
 * refuses, and "all except Host" adds no CloudFront header).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Annotations, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Bucket, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '@director-ia/shared';
import { acknowledge } from '../nag';
import { headersPolicy, WIDGET_PATH_PATTERN, type BrowserOrigins, type HeadersPolicyName } from '../web-headers';
import { LOG_RETENTION } from './node-function';
import { CLOUDFRONT_LOG_PREFIX, PRIVATE_BUCKET } from './storage';
import { OAUTH_CALLBACK_PREFIX, ORIGIN_VERIFY_HEADER, TRACKED_LINK_PREFIX, VIEWER_IP_HEADER, VISIT_PARAMS, WEBHOOKS_PREFIX } from '@director-ia/shared';

export interface WebProps {
  /** Host name of the HTTP API (origin of `/api/*`). */
  apiDomainName: string;
  /** Value of the API origin's `x-origin-verify` header: a dynamic reference to the secret (SecretsConstruct). */
  originVerifySecret: string;
  logsBucket: IBucket;
  /** The Vite build to upload; may be missing (then only config.json is deployed, with a warning). */
  webDistPath: string;
  /** Served as /config.json (RuntimeConfigSchema); its region, pool endpoint and token sync URL feed the CSP. */
  runtimeConfig: RuntimeConfig;

  /** Custom domain and its us-east-1 ACM certificate; default: the cloudfront.net name. */
  domainName?: string;
  certificateArn?: string;
  /** The us-east-1 WAF web ACL of the distribution (issue 16; infra/edge-stack.ts); none: no WAF. */
  webAclArn?: string;
}

/**
 * The mobile chat's web app manifest (issue 6 item 3). Uploaded by its own deployment with an
 * explicit content type: the deployment's sync guesses types from the extension and may not know
 * `.webmanifest`. Its service worker (`chat/sw.js`) and icons (PNG) have types it knows.
 */
export const CHAT_MANIFEST_PATH = 'chat/manifest.webmanifest';
export const CHAT_MANIFEST_CONTENT_TYPE = 'application/manifest+json';

// Paths whose last segment has no dot are client-side routes (/chat/abc, /widget/abc). The public
// blog (/blog/*) has its own behavior and never reaches this function.
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('.', uri.lastIndexOf('/') + 1) === -1) request.uri = '/index.html';
  return request;
}`;

// Overwrites whatever the viewer sent under that name; event.viewer.ip is IPv4 or IPv6, no port.
export const VIEWER_IP_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** CloudFront path pattern of the public blog, routed to the API origin (infra/constructs/public-blog.ts). */
export const PUBLIC_BLOG_PATH_PATTERN = '/blog/*';
/** Longest time CloudFront keeps a public blog page, whatever the page says. */
export const BLOG_MAX_TTL = Duration.minutes(5);

/** CloudFront path pattern of the OAuth callback page, routed to the API origin (infra/constructs/oauth-callback.ts). */
export const OAUTH_CALLBACK_PATH_PATTERN = `${OAUTH_CALLBACK_PREFIX}/*`;

/** CloudFront path pattern of the networks' webhooks, routed to the API origin (infra/constructs/inbox.ts). */
export const WEBHOOKS_PATH_PATTERN = `${WEBHOOKS_PREFIX}/*`;
/**
 * The viewer headers the webhook function reads: Meta's signature of the raw body, Telegram's
 * per-bot secret, and the body's type. Nothing else of the viewer's reaches it (Host is then the
 * API's own, as API Gateway requires).
 */
export const WEBHOOK_FORWARDED_HEADERS = ['X-Hub-Signature-256', 'X-Telegram-Bot-Api-Secret-Token', 'Content-Type'];

/** CloudFront path pattern of the tracked links' redirect, routed to the API origin (infra/constructs/tracked-links.ts). */
export const TRACKED_LINKS_PATH_PATTERN = `${TRACKED_LINK_PREFIX}/*`;
/**
 * The viewer headers the redirect reads: the user agent and the viewer IP the ViewerIp function
 * sets (both only hashed, for daily uniques). No query string: the redirect never reads one.
 */
export const TRACKED_LINK_FORWARDED_HEADERS = ['User-Agent', VIEWER_IP_HEADER];

/** The CloudFront enum member of a Referrer-Policy value. */
function referrerPolicyOf(value: string): HeadersReferrerPolicy {
  const member = Object.values(HeadersReferrerPolicy).find((candidate) => candidate === value);
  if (!member) throw new Error(`Unknown Referrer-Policy ${value}`);
  return member;
}

/**
 * What the deployed SPA reaches besides its own origin: the uploads bucket (virtual-hosted, as the
 * functions' S3 client presigns), Cognito's regional endpoint (or the configured pool endpoint)
 * and an absolute token sync URL.
 *
 * The bucket is named by the region's virtual-hosted S3 wildcard, not by its own domain name: the
 * bucket's CORS rule names the distribution's domain (StorageConstruct.allowBrowserAccessFrom), so
 * a policy of the distribution naming the bucket would be a dependency cycle. Scripts stay the
 * site's own, so only the site's code could reach another bucket of the region.
 */
export function browserOrigins(props: Pick<WebProps, 'runtimeConfig'>): BrowserOrigins {
  const { region, userPoolEndpoint, tokenSyncUrl } = props.runtimeConfig;
  const connect = tokenSyncUrl && /^https:\/\//.test(tokenSyncUrl) ? [new URL(tokenSyncUrl).origin] : [];
  return {
    uploads: `https://*.s3.${region}.amazonaws.com`,
    cognito: userPoolEndpoint ? new URL(userPoolEndpoint).origin : `https://cognito-idp.${region}.amazonaws.com`,
    connect,
  };
}

export class WebConstruct extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https origin of the site (custom domain when given). */
  readonly siteUrl: string;
  /** Every origin the browser may load the site from (CORS of the uploads bucket). */
  readonly origins: string[];

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new Bucket(this, 'Site', {
      ...PRIVATE_BUCKET,
      versioned: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/web/',
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.distribution = this.createDistribution(props);
    const cloudFrontOrigin = `https://${this.distribution.distributionDomainName}`;
    this.siteUrl = props.domainName ? `https://${props.domainName}` : cloudFrontOrigin;
    this.origins = props.domainName ? [this.siteUrl, cloudFrontOrigin] : [cloudFrontOrigin];

    this.deploy(props);
  }

  private createDistribution(props: WebProps): Distribution {
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    // The OAuth callback page's and the tracked links' (whose 302 must not tell the target where it came from).
    const noReferrerHeaders = this.oauthCallbackHeaders();
    // Issue 16 finding 4: the SPA and the API may not be framed and get a strict CSP; the widget
    // page is embedded in owners' sites; the blog's pages send their own CSP (infra/web-headers.ts).
    const origins = browserOrigins(props);
    const securityHeaders = this.headersPolicy('SecurityHeaders', 'site', origins);
    const widgetHeaders = this.headersPolicy('WidgetHeaders', 'widget', origins);
    const blogHeaders = this.headersPolicy('BlogHeaders', 'blog', origins);
    const certificate = props.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;
    // One origin for the callables and the public blog. CloudFront replaces a viewer's own
    // x-origin-verify with this value.
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret },
    });
    const viewerIp = new CloudFrontFunction(this, 'ViewerIp', {
      code: FunctionCode.fromInline(VIEWER_IP_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Pass the viewer IP to the API (x-viewer-ip)',
    });

    // One origin (one origin access control) for the default and the widget behaviors.
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const distribution = new Distribution(this, 'Distribution', {
      comment: 'Web app and /api',
      defaultRootObject: 'index.html',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The website chat widget (issue 6 item 1): the SPA like the default behavior, framable by any site.
        [WIDGET_PATH_PATTERN]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: widgetHeaders,
          functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        '/api/*': {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET and drop the body: plain HTTP is refused.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards Authorization (POST) and the rest, x-viewer-ip included; Host must be the API's own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // The public blog's server-rendered HTML (issue 5 item 4): no SPA rewrite, GET/HEAD only,
        // cached as briefly as the page says (Cache-Control of lambdas/core/blog/pages.ts).
        [PUBLIC_BLOG_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: this.blogCachePolicy(),
          compress: true,
          responseHeadersPolicy: blogHeaders,
        },
        // Where the social networks send the owner's popup back (issue 12): the code and state
        // are in the query string, single-use, so nothing is cached and the query reaches the page.
        [OAUTH_CALLBACK_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: this.oauthCallbackRequests(),
          compress: true,
          responseHeadersPolicy: noReferrerHeaders,
        },
        // The networks' webhooks (issue 14): Meta's verification GET (its hub.* query string) and
        // the signed POST deliveries of Meta and Telegram, never cached; plain HTTP is refused (a
        // redirect would drop the body).
        [WEBHOOKS_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: this.webhookRequests(),
          responseHeadersPolicy: securityHeaders,
        },
        // Tracked links (issue 15 item 4): every GET is a click to count, so nothing is cached;
        // the viewer's IP (ViewerIp) and user agent reach the function only to be hashed.
        [TRACKED_LINKS_PATH_PATTERN]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: this.trackedLinkRequests(),
          responseHeadersPolicy: noReferrerHeaders,
          functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // TLS 1.2+ needs a certificate of our own: the default *.cloudfront.net one is fixed at TLSv1.
      ...(certificate && props.domainName
        ? { certificate, domainNames: [props.domainName], minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: CLOUDFRONT_LOG_PREFIX,
    });
    acknowledge(distribution, {
      'AwsSolutions-CFR1': 'No geo restriction by design: the product serves Spanish-speaking businesses and their customers worldwide.',
    });
    if (!props.webAclArn) {
      acknowledge(distribution, {
        'AwsSolutions-CFR2': 'No web ACL given (tests of the stack alone); the app always passes the edge stack\'s (infra/edge-stack.ts).',
      });
    }
    if (!certificate) {
      acknowledge(distribution, {
        'AwsSolutions-CFR4':
          'Without a custom domain the default *.cloudfront.net certificate is used, whose TLS policy CloudFront fixes; pass -c domainName -c certificateArn to enforce TLSv1.2_2021.',
      });
    }
    return distribution;
  }

  /** A CloudFront response headers policy from `name`'s definition in infra/web-headers.ts (every header overrides the origin's). */
  private headersPolicy(id: string, name: HeadersPolicyName, origins: BrowserOrigins): ResponseHeadersPolicy {
    const policy = headersPolicy(name, origins);
    return new ResponseHeadersPolicy(this, id, {
      comment: `Security headers: ${name} (infra/web-headers.ts)`,
      securityHeadersBehavior: {
        ...(policy.contentSecurityPolicy ? { contentSecurityPolicy: { contentSecurityPolicy: policy.contentSecurityPolicy, override: true } } : {}),
        ...(policy.frameOptions ? { frameOptions: { frameOption: HeadersFrameOption[policy.frameOptions], override: true } } : {}),
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(policy.hsts.maxAgeSeconds), includeSubdomains: policy.hsts.includeSubdomains, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: referrerPolicyOf(policy.referrerPolicy), override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(policy.custom).map(([header, value]) => ({ header, value, override: true })),
      },
    });
  }

  /**
   * The public blog's cache: the page's own Cache-Control decides (a minute for pages, seconds for
   * not-found, nothing for errors), never more than BLOG_MAX_TTL, and nothing but the path and the
   * visit's `ref` and UTM parameters are in the key (no other query string, no cookies or headers
   * reach the function): the page forwards those to its chat frame (issue 15 item 4), and keying on
   * them keeps one visitor's `ref` from being served to another.
   */
  private blogCachePolicy(): CachePolicy {
    return new CachePolicy(this, 'BlogPages', {
      comment: 'Public blog HTML: short TTLs driven by the origin Cache-Control',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: BLOG_MAX_TTL,
      queryStringBehavior: CacheQueryStringBehavior.allowList(...Object.keys(VISIT_PARAMS)),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  }

  /**
   * What reaches the callback page: the whole query string (code, state, error and the networks'
   * own error fields, whose names differ per network), no cookies and no viewer headers (Host is
   * then the API's own, and the page needs none).
   */
  private oauthCallbackRequests(): OriginRequestPolicy {
    return new OriginRequestPolicy(this, 'OAuthCallbackRequests', {
      comment: 'OAuth callback: the query string only',
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.none(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
  }

  /**
   * What reaches the webhook function: the whole query string (Meta's hub.mode, hub.verify_token,
   * hub.challenge), the signature headers and the content type (WEBHOOK_FORWARDED_HEADERS), no cookies.
   */
  private webhookRequests(): OriginRequestPolicy {
    return new OriginRequestPolicy(this, 'WebhookRequests', {
      comment: 'Networks\' webhooks: query string, signature headers, content type',
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...WEBHOOK_FORWARDED_HEADERS),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
  }

  /** What reaches the tracked links' redirect: TRACKED_LINK_FORWARDED_HEADERS only, no query string, no cookies. */
  private trackedLinkRequests(): OriginRequestPolicy {
    return new OriginRequestPolicy(this, 'TrackedLinkRequests', {
      comment: 'Tracked links: user agent and viewer IP (hashed for daily uniques), nothing else',
      queryStringBehavior: OriginRequestQueryStringBehavior.none(),
      headerBehavior: OriginRequestHeaderBehavior.allowList(...TRACKED_LINK_FORWARDED_HEADERS),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
  }

  /**
   * The callback page's response headers (the tracked links' redirect uses them too: its 302 and 404
   * page say no-referrer themselves, which the site-wide policy would override). It sets its own Content-Security-Policy (the inline
   * script allowed by its sha256 hash), which this policy leaves alone: no CSP here, so CloudFront
   * neither replaces nor adds one. Referrer-Policy is `no-referrer` (the URL carries the code and
   * state; the site-wide policy would send the origin), and the page may not be framed.
   */
  private oauthCallbackHeaders(): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, 'OAuthCallbackHeaders', {
      comment: 'OAuth callback page: no referrer, no framing; the page sets its own CSP',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });
  }

  /**
   * Hashed Vite chunks (assets/) go up first, cached for a year and never pruned (open tabs may
   * still load old chunks); then the rest of the build and config.json, revalidated on every
   * load, with one invalidation.
   */
  private deploy(props: WebProps): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: LOG_RETENTION });
    // Our own role so the CDK deployment Lambda does not get AWSLambdaBasicExecutionRole.
    const role = new Role(this, 'DeploymentRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const common = { destinationBucket: this.bucket, role, logGroup, memoryLimit: 512 };

    const config = Source.jsonData('config.json', props.runtimeConfig);
    const hasBuild = fs.existsSync(path.join(props.webDistPath, 'index.html'));
    if (!hasBuild) {
      Annotations.of(this).addWarningV2(
        'director-ia:web-dist-missing',
        `web/dist missing: run npm run build:web before deploy (looked for ${props.webDistPath}/index.html); only config.json will be deployed.`,
      );
    }

    const assetsDir = path.join(props.webDistPath, 'assets');
    const assets = hasBuild && fs.existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployAssets', {
          ...common,
          sources: [Source.asset(assetsDir)],
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        })
      : undefined;

    const manifestFile = path.join(props.webDistPath, CHAT_MANIFEST_PATH);
    const manifest = hasBuild && fs.existsSync(manifestFile)
      ? new BucketDeployment(this, 'DeployChatManifest', {
          ...common,
          sources: [Source.data(CHAT_MANIFEST_PATH, fs.readFileSync(manifestFile, 'utf8'))],
          prune: false,
          contentType: CHAT_MANIFEST_CONTENT_TYPE,
          cacheControl: [CacheControl.noCache()],
        })
      : undefined;

    // Kept out of this sync: the chunks (so pruning never deletes them) and the chat manifest.
    const separate = manifest ? ['assets/*', CHAT_MANIFEST_PATH] : ['assets/*'];
    const sources: ISource[] = hasBuild ? [Source.asset(props.webDistPath, { exclude: separate }), config] : [config];
    const site = new BucketDeployment(this, 'DeploySite', {
      ...common,
      sources,
      // Kept out of the sync so pruning never deletes what the deployments above uploaded.
      exclude: separate,
      // Without a build, pruning would delete the previously deployed index.html.
      prune: hasBuild,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) site.node.addDependency(assets);
    if (manifest) site.node.addDependency(manifest);
    this.acknowledgeDeploymentFindings(role);
  }

  /** BucketDeployment's own permissions and handler are CDK's; we only chose the role. */
  private acknowledgeDeploymentFindings(role: Role): void {
    const stack = Stack.of(this);
    const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
    const assetBucket = `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-${stack.region}/*`;
    const webBucket = `<${stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*`;
    const grant = 'Granted by CDK BucketDeployment: read the CDK asset bucket, sync (put/delete) objects of the web bucket';
    acknowledge(role, {
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': `${grant}.`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]': `${grant}.`,
      'AwsSolutions-IAM5[Action::s3:List*]': `${grant}.`,
      'AwsSolutions-IAM5[Action::s3:Abort*]': `${grant}.`,
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]': `${grant}.`,
      [`AwsSolutions-IAM5[Resource::${assetBucket}]`]: `${grant}: objects of the CDK asset bucket.`,
      [`AwsSolutions-IAM5[Resource::${webBucket}]`]: `${grant}: every object of the web bucket.`,
      'AwsSolutions-IAM5[Resource::*]': 'Granted by CDK BucketDeployment for cloudfront:CreateInvalidation/GetInvalidation after the upload.',
    });
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      acknowledge(handler, {
        'AwsSolutions-L1': 'CDK-managed BucketDeployment handler: its Python runtime is pinned by aws-cdk-lib and moves with CDK upgrades.',
      });
    }
  }
}
