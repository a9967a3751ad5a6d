/**
 * The callable's metrics middleware (issue 16 observability): one CallableInvocations and
 * CallableLatency datum per request, and CallableErrors by wire status for error responses
 * (platform/metrics.ts). Registered outside the error mapping, so it sees the final response of
 * every request, including the ones the envelope, access or validation middlewares refused.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { recordCallable } from '../metrics';
import type { CallableContext, CallableEvent } from './middleware';

type CallableRequest = Request<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext>;

/** The wire status of an error response (`{error: {status}}`), null for a success. */
function errorCode(response: APIGatewayProxyStructuredResultV2 | undefined): string | null {
  if (!response || (response.statusCode ?? 200) < 400) return null;
  try {
    const status = (JSON.parse(response.body ?? '') as { error?: { status?: unknown } }).error?.status;
    return typeof status === 'string' ? status : String(response.statusCode);
  } catch {
    return String(response.statusCode);
  }
}

/** `callable`: the definition's name (an EMF property of every datum, not a dimension). */
export function callableMetrics(callable: string): MiddlewareObj<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext> {
  const started = new WeakMap<object, number>();
  const record = (request: CallableRequest) => {
    const start = started.get(request.context);
    recordCallable(callable, start === undefined ? 0 : performance.now() - start, errorCode(request.response ?? undefined));
  };
  return {
    before: (request: CallableRequest) => {
      started.set(request.context, performance.now());
    },
    after: record,
    onError: record,
  };
}
