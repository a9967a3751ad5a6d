/**
 * Builds a Lambda handler for one callable from its contract definition and a domain function:
 * the handler file stays thin (definition + one core call), the protocol lives here. The caller's
 * IP handed to the domain is resolved by client-ip.ts (the viewer's behind CloudFront).
 */
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { parse } from 'zod/mini';
import type { $ZodType, input, output } from 'zod/v4/core';
import type { CallableDefinition } from '@director-ia/shared';
import { isActive } from '../../core/accounts/profiles';
import { clientIp } from './client-ip';
import { logger } from '../logger';
import type { Identity } from './identity';
import { callableAccess, callableEnvelope, callableErrors, callableValidation, jsonResponse, type CallableContext, type CallableEvent } from './middleware';

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

/**
 * `createCallable(def, impl)` → a middy handler for API Gateway HTTP API (v2) events.
 * `impl` may throw CallableError for expected failures; anything else is a logged 500.
 */
export function createCallable<I extends $ZodType, O extends $ZodType>(
  definition: CallableDefinition<I, O>,
  impl: (invocation: CallableInvocation<output<I>>) => Promise<input<O>>,
) {
  const run = async (event: CallableEvent, context: CallableContext) => {
    const sourceIp = clientIp(event);
    const result = await impl({ data: context.data as output<I>, identity: context.caller, requestId: context.awsRequestId, sourceIp });
    return jsonResponse(200, { result: parse(definition.output, result) });
  };
  return middy<CallableEvent, unknown, Error, CallableContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(callableErrors())
    .use(callableEnvelope({ maxBodyBytes: definition.maxBodyBytes }))
    .use(callableAccess({ access: definition.access, isActive: (identity) => isActive(identity) }))
    .use(callableValidation(definition.input))
    .handler(run);
}

/** The verified caller of a non-public function (the access middleware guarantees one). */
export function requireIdentity(identity: Identity | null): Identity {
  if (!identity) throw new Error('identity missing after access check');
  return identity;
}
