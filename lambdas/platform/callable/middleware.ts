/**
 * middy middlewares implementing the callable protocol (architecture "callable contract"):
 * envelope parsing with a body limit, access enforcement from verified claims, payload validation,
 * and error mapping (expected failures keep their Spanish message, errors.ts; unexpected ones are
 * replaced by a generic 500 and logged with the request id).
 */
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { CallableError, DEFAULT_MAX_BODY_BYTES, MSG, type Access, type ProfileStatus } from '@director-ia/shared';
import { logger } from '../logger';
import { toCallableError } from './errors';
import { identityFromEvent, type Identity } from './identity';

export type CallableEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** What the protocol middlewares attach to the middy context for the handler. */
export interface CallableContext extends Context {
  caller: Identity | null;
  data: unknown;
}

type CallableRequest = Request<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext>;

export interface EnvelopeOptions {
  /** Largest body accepted, bytes. */
  maxBodyBytes?: number;
}

/** Parses `POST {"data": ...}` into `context.data`; rejects other methods, bad JSON, big bodies. */
export function callableEnvelope({ maxBodyBytes = DEFAULT_MAX_BODY_BYTES }: EnvelopeOptions = {}): MiddlewareObj<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext> {
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0) throw new TypeError('maxBodyBytes must be a positive integer');
  return {
    before: (request: CallableRequest) => {
      const { event } = request;
      if (event.requestContext?.http?.method !== 'POST') throw new CallableError('INVALID_ARGUMENT', MSG.malformedBody);
      const raw = event.body ?? '';
      const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
      if (bytes.byteLength > maxBodyBytes) {
        throw new CallableError('INVALID_ARGUMENT', MSG.bodyTooLarge(Math.floor(maxBodyBytes / 1024)));
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new CallableError('INVALID_ARGUMENT', MSG.malformedBody);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('data' in parsed)) {
        throw new CallableError('INVALID_ARGUMENT', MSG.malformedBody);
      }
      request.context.data = (parsed as { data: unknown }).data;
    },
  };
}

/** What the access middleware reads of the caller's account (the profile; issue 17 item 1). */
export interface AccountState {
  /** Null when the caller has no profile yet. */
  status: ProfileStatus | null;
  /** Epoch seconds: access tokens issued (`iat`) at or before it are refused. */
  tokensValidAfter?: number;
}

export interface AccessOptions {
  access: Access;
  /** The verified caller's account state (one profile read per non-public call). */
  account: (identity: Identity) => Promise<AccountState>;
}

/** Why a suspended or rejected account is refused (Spanish, shown on the login screen). */
export function refusalReason(status: ProfileStatus | null): string | null {
  if (status === 'suspended') return MSG.accountSuspended;
  if (status === 'rejected') return MSG.accountRejected;
  return null;
}

/**
 * Enforces the function's access level from verified claims and the caller's account:
 * - no identity → 401 UNAUTHENTICATED; `admin` without the admins group → 403;
 * - every non-public level reads the account: a token issued (`iat`) at or before the profile's
 *   `tokensValidAfter` (set when an admin suspends, rejects or demotes the user) → 401 with the
 *   account's reason (MSG.accountSuspended / accountRejected) or MSG.sessionRevoked, since API
 *   Gateway's JWT authorizer keeps accepting such a token until it expires; a token without `iat`
 *   counts as issued at 0;
 * - `active` with a non-active profile (admins are active) → 403 with the suspended/rejected reason,
 *   or MSG.pendingAccount.
 */
export function callableAccess({ access, account }: AccessOptions): MiddlewareObj<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext> {
  return {
    before: async (request: CallableRequest) => {
      const identity = identityFromEvent(request.event);
      request.context.caller = identity;
      if (access === 'public') return;
      if (!identity) throw new CallableError('UNAUTHENTICATED', MSG.unauthenticated);
      if (access === 'admin' && !identity.isAdmin) throw new CallableError('PERMISSION_DENIED', MSG.adminOnly);
      const state = await account(identity);
      if (state.tokensValidAfter !== undefined && (identity.issuedAt ?? 0) <= state.tokensValidAfter) {
        throw new CallableError('UNAUTHENTICATED', refusalReason(state.status) ?? MSG.sessionRevoked);
      }
      if (access === 'active' && !identity.isAdmin && state.status !== 'active') {
        throw new CallableError('PERMISSION_DENIED', refusalReason(state.status) ?? MSG.pendingAccount);
      }
    },
  };
}

/** Validates `context.data` against the function's payload schema (400 with a Spanish message). */
export function callableValidation(schema: $ZodType): MiddlewareObj<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext> {
  return {
    before: (request: CallableRequest) => {
      const result = safeParse(schema, request.context.data);
      if (!result.success) {
        const first = result.error.issues[0];
        const field = first && first.path.length > 0 ? ` (campo "${first.path.join('.')}")` : '';
        const message = first ? `${MSG.invalidData} ${first.message}${field}` : MSG.invalidData;
        throw new CallableError('INVALID_ARGUMENT', message, { issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) });
      }
      request.context.data = result.data;
    },
  };
}

/**
 * Turns thrown errors into the protocol's error body: expected failures (domain, AI and protocol
 * errors, mapped by errors.ts) with their status and Spanish message; unexpected ones become a
 * generic 500.
 */
export function callableErrors(): MiddlewareObj<CallableEvent, APIGatewayProxyStructuredResultV2, Error, CallableContext> {
  return {
    onError: (request: CallableRequest) => {
      const error = request.error;
      const expected = toCallableError(error);
      if (expected) {
        request.response = jsonResponse(expected.httpStatus, expected.toBody());
        return;
      }
      logger.error('Unexpected failure in callable', { requestId: request.context.awsRequestId, error: error as Error });
      request.response = jsonResponse(500, new CallableError('INTERNAL', MSG.internal).toBody());
    },
  };
}

export function jsonResponse(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }, body: JSON.stringify(body) };
}
