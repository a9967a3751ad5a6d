/**
 * The handler modules the twin serves: every callable of the contract, and the Cognito triggers.
 * Loaded lazily (after the environment points the SDKs at the local services).
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
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

const TRIGGERS: Record<string, () => Promise<{ handler: TriggerHandler }>> = {
  preSignUp: () => import('../../lambdas/triggers/preSignUp') as Promise<{ handler: TriggerHandler }>,
};

/** The trigger handler deployed under `functionName`, or undefined. */
export async function triggerHandler(functionName: string): Promise<TriggerHandler | undefined> {
  const load = TRIGGERS[functionName];
  return load ? (await load()).handler : undefined;
}
