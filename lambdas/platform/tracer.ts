/**
 * X-Ray tracing of a function process (issue 16 observability). The stack turns on Lambda's
 * active tracing for every function (infra/constructs/node-function.ts): the Lambda service then
 * records each invocation's segment (initialization, invocation, overhead) with no code of ours.
 * On top of that, `tracing()` adds Powertools Tracer's handler subsegment with the ColdStart and
 * Service annotations and the error as metadata (never the response: it carries user data).
 *
 * Powertools Tracer loads the X-Ray SDK, about 35 ms of a bundle's load (measured on the minified
 * ESM bundle), so it is imported only on the first request of a process where X-Ray is on: Lambda
 * sets AWS_XRAY_DAEMON_ADDRESS when active tracing is, the twin never does, and
 * POWERTOOLS_TRACE_ENABLED=false turns it off. Without X-Ray nothing loads and nothing fails.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { loadOnce } from './ai/lazy';

/** Whether this process runs under X-Ray (see the module header). */
export function tracingActive(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.AWS_XRAY_DAEMON_ADDRESS) && env.POWERTOOLS_TRACE_ENABLED !== 'false';
}

type AnyMiddleware = MiddlewareObj<unknown, unknown, Error>;

const loadMiddleware = loadOnce(async (): Promise<AnyMiddleware> => {
  const [{ Tracer }, { captureLambdaHandler }] = await Promise.all([import('@aws-lambda-powertools/tracer'), import('@aws-lambda-powertools/tracer/middleware')]);
  const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'director-ia' });
  return captureLambdaHandler(tracer, { captureResponse: false }) as AnyMiddleware;
});

/**
 * A middy middleware that delegates to Powertools' `captureLambdaHandler` when tracing is active
 * (loading it on first use) and does nothing otherwise.
 */
export function tracing<E, R, C extends Context>(env: Record<string, string | undefined> = process.env): MiddlewareObj<E, R, Error, C> {
  let inner: AnyMiddleware | undefined;
  return {
    before: async (request) => {
      if (!tracingActive(env)) return;
      inner ??= await loadMiddleware();
      await inner.before?.(request as never);
    },
    after: async (request) => {
      await inner?.after?.(request as never);
    },
    onError: async (request) => {
      await inner?.onError?.(request as never);
    },
  };
}
