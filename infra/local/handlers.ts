/**
 * The handler modules the twin serves: every callable of the contract, the public blog's HTML
 * handler, the Cognito triggers and the uploads bucket's event notifications.
 * Loaded lazily (after the environment points the SDKs at the local services).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context, S3Event } from 'aws-lambda';
import { isCallableName } from '../../shared';

type HttpHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
type TriggerHandler = (event: unknown, context: Context) => Promise<unknown>;

const callableCache = new Map<string, Promise<HttpHandler>>();

/** The handler of callable `name`, or undefined if the contract has no such function. */
export function callableHandler(name: string): Promise<HttpHandler> | undefined {
  if (!isCallableName(name)) return undefined;
  let loaded = callableCache.get(name);
  if (!loaded) {
    loaded = import(`../../lambdas/functions/${name}.ts`).then((module: { handler: HttpHandler }) => module.handler);
    callableCache.set(name, loaded);
  }
  return loaded;
}

type PublicHttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The public blog's HTML handler (`GET /blog/{proxy+}` of the HTTP API, no authorizer). */
export async function publicBlogHandler(): Promise<PublicHttpHandler> {
  return (await import('../../lambdas/http/blogPublico')).handler;
}

const TRIGGERS: Record<string, () => Promise<{ handler: TriggerHandler }>> = {
  preSignUp: () => import('../../lambdas/triggers/preSignUp') as Promise<{ handler: TriggerHandler }>,
};

/** The trigger handler deployed under `functionName`, or undefined. */
export async function triggerHandler(functionName: string): Promise<TriggerHandler | undefined> {
  const load = TRIGGERS[functionName];
  return load ? (await load()).handler : undefined;
}

type S3EventHandler = (event: S3Event, context: Context) => Promise<void>;

/**
 * The uploads bucket's event notifications, as the CDK stack configures them: which handler
 * receives which object events under which key prefix.
 */
export const S3_NOTIFICATIONS: readonly { name: string; eventPrefix: string; keyPrefix: string; load: () => Promise<{ handler: S3EventHandler }> }[] = [
  {
    name: 'knowledgeUploaded',
    eventPrefix: 'ObjectCreated:',
    keyPrefix: 'users/',
    load: () => import('../../lambdas/events/knowledgeUploaded') as Promise<{ handler: S3EventHandler }>,
  },
];

/** The notification handlers an S3 event goes to (by event name and raw key prefix). */
export function s3EventTargets(event: S3Event): typeof S3_NOTIFICATIONS {
  const record = event.Records[0];
  if (!record) return [];
  const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
  return S3_NOTIFICATIONS.filter((n) => record.eventName.startsWith(n.eventPrefix) && key.startsWith(n.keyPrefix));
}
