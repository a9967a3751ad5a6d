/**
 * The public blog (issue 5 item 4; architecture "One picture": public blog /blog/:slug): one Lambda
 * that renders the blog's HTML (lambdas/http/blogPublico.ts), reached through the HTTP API route
 * `GET /blog/{proxy+}` without the JWT authorizer; CloudFront's `/blog/*` behavior (web.ts) sends
 * those paths to the API origin. Its permissions are PUBLIC_BLOG_ACCESS of infra/functions.ts (table
 * read, presigning GETs of blog header images and generated assets), and it learns the site's
 * origin (canonical and og:url) from SITE_ORIGIN.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { PUBLIC_BLOG_ACCESS } from '../functions';
import { httpEntry } from '../paths';
import { addPublicGetRoute } from './api';
import type { FunctionGrants } from './grants';
import { createNodeFunction } from './node-function';

/** Same name as lambdas/http/blogPublico.ts reads (not imported: it loads the AWS SDK). */
export const SITE_ORIGIN_ENV = 'SITE_ORIGIN';

/** The HTTP API route of the public blog (CloudFront forwards `/blog/*` unchanged). */
export const PUBLIC_BLOG_ROUTE_PATH = '/blog/{proxy+}';

export interface PublicBlogProps {
  httpApi: HttpApi;
  grants: FunctionGrants;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
  /** The site's https origin (CloudFront or custom domain): canonical URLs and og:url. */
  siteOrigin: string;
}

export class PublicBlogConstruct extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: PublicBlogProps) {
    super(scope, id);
    this.fn = createNodeFunction(this, 'BlogPublico', {
      entry: httpEntry(props.projectRoot, 'blogPublico'),
      projectRoot: props.projectRoot,
      environment: { ...props.environment, [SITE_ORIGIN_ENV]: props.siteOrigin },
      description: 'Public blog: server-rendered HTML of /blog/<slug> and its articles',
      // A handful of reads and presigned URLs: anything slower is broken, not busy.
      timeout: Duration.seconds(10),
    });
    props.grants.apply(this.fn, PUBLIC_BLOG_ACCESS);
    addPublicGetRoute(props.httpApi, {
      path: PUBLIC_BLOG_ROUTE_PATH,
      fn: this.fn,
      integrationId: 'BlogPublicoIntegration',
      reason:
        'The public blog is public by design (issue 5 item 4: no sign-in): GET only, it serves published articles of enabled blogs and nothing else; stage throttling applies and CloudFront caches pages briefly.',
    });
  }
}
