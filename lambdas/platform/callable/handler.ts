/**
 * Builds a Lambda handler for one callable from its contract definition and a domain function:
 * the handler file stays thin (definition + one core call), the protocol lives here. The caller's
 * IP handed to the domain is resolved by client-ip.ts (the viewer's behind CloudFront). Every
 * request is counted and timed, errors by wire status (./metrics.ts), and traced under X-Ray
 * (../tracer.ts; issue 16).
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { parse } from 'zod/mini';
import type { $ZodType, input, output } from 'zod/v4/core';
import type { CallableDefinition } from '@director-ia/shared';
import { clientIp } from './client-ip';
import { logger } from '../logger';
import { callableMetrics } from './metrics';
import { tracing } from '../tracer';
import type { Identity } from './identity';
import { callableAccess, callableEnvelope, callableErrors, callableValidation, jsonResponse, type AccountState, type CallableContext, type CallableEvent } from './middleware';

/** What a domain implementation receives: the validated payload and the verified caller. */
export interface CallableInvocation<I> {
  data: I;
  /** Null only for `public` functions called without a token. */
  identity: Identity | null;
  requestId: string;
  /**
   * The caller's IP, for per-IP abuse limits of public functions (client-ip.ts): behind CloudFront
   * the viewer's address when the request proves it came through our distribution, else
   * `requestContext.http.sourceIp` as API Gateway saw it (the twin fills it from the socket);
   * null when the event has none.
   */
  sourceIp: string | null;
}

/** What the access middleware needs from above the platform layer (issue 11 item 2). */
export interface CallableDeps {
  /** The verified caller's account state: profile status and `tokensValidAfter` (issue 17 item 1). */
  account: (identity: Identity) => Promise<AccountState>;
}

/** A domain implementation of one callable. */
export type CallableImpl<I extends $ZodType, O extends $ZodType> = (invocation: CallableInvocation<output<I>>) => Promise<input<O>>;

/**
 * `callableFactory(deps)` → `createCallable(def, impl)`, which builds a middy handler for API
 * Gateway HTTP API (v2) events. The function layer supplies `deps` (the account check lives in
 * core, which the platform layer may not import) once, in lambdas/functions/lib/callable.ts.
 * `impl` may throw a DomainError, an AiError or a CallableError for expected failures
 * (errors.ts maps them); anything else is a logged 500.
 */
export function callableFactory({ account }: CallableDeps) {
  return function createCallable<I extends $ZodType, O extends $ZodType>(definition: CallableDefinition<I, O>, impl: CallableImpl<I, O>) {
    const run = async (event: CallableEvent, context: CallableContext) => {
      const sourceIp = clientIp(event);
      const result = await impl({ data: context.data as output<I>, identity: context.caller, requestId: context.awsRequestId, sourceIp });
      return jsonResponse(200, { result: parse(definition.output, result) });
    };
    return middy<CallableEvent, unknown, Error, CallableContext>()
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(tracing())
      // Outside the error mapping: it records the final response (./metrics.ts).
      .use(callableMetrics(definition.name))
      .use(callableErrors())
      .use(callableEnvelope({ maxBodyBytes: definition.maxBodyBytes }))
      .use(callableAccess({ access: definition.access, account }))
      .use(callableValidation(definition.input))
      .handler(run);
  };
}

/** The verified caller of a non-public function (the access middleware guarantees one). */
export function requireIdentity(identity: Identity | null): Identity {
  if (!identity) throw new Error('identity missing after access check');
  return identity;
}
