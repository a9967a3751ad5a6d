/**
 * The one mapping from what the layers below throw to the callable wire error (issue 11 item 3;
 * spec section 8): a `DomainError` (platform/errors.ts) by its kind, an `AiError`
 * (platform/ai/errors.ts) by its code, both keeping their Spanish message; a `CallableError`
 * (the protocol's own, thrown by the middlewares) as it is. Anything else is not an expected
 * failure: `toCallableError` answers undefined and the middleware turns it into a logged 500.
 */
import { CallableError, type HTTP_STATUS_BY_ERROR } from '@director-ia/shared';
import { AiError, type AiErrorCode } from '../ai/errors';
import { DomainError, type DomainErrorKind } from '../errors';

type WireStatus = keyof typeof HTTP_STATUS_BY_ERROR;

/** Wire status of each domain error kind. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, WireStatus> = {
  INVALID_INPUT: 'INVALID_ARGUMENT',
  FORBIDDEN: 'PERMISSION_DENIED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'ABORTED',
  QUOTA_EXCEEDED: 'RESOURCE_EXHAUSTED',
  GENERATION_FAILED: 'INTERNAL',
  UNSUPPORTED: 'UNIMPLEMENTED',
  UNAVAILABLE: 'UNAVAILABLE',
};

/** Wire status of each AI error code. */
export const AI_ERROR_STATUS: Record<AiErrorCode, WireStatus> = {
  CONFIG: 'INVALID_ARGUMENT',
  OFFLINE_UNSUPPORTED: 'UNIMPLEMENTED',
  OUTPUT_INVALID: 'INTERNAL',
  RETRYABLE: 'UNAVAILABLE',
  UNSUPPORTED_MODEL: 'UNIMPLEMENTED',
  CONTENT_FILTERED: 'INVALID_ARGUMENT',
  PROVIDER: 'INTERNAL',
  CAPABILITY_UNAVAILABLE: 'UNIMPLEMENTED',
  INVALID_INPUT: 'INVALID_ARGUMENT',
};

/** The wire form of an expected failure (same Spanish message), or undefined for anything else. */
export function toCallableError(error: unknown): CallableError | undefined {
  if (error instanceof CallableError) return error;
  if (error instanceof DomainError) return new CallableError(DOMAIN_ERROR_STATUS[error.kind], error.message);
  if (error instanceof AiError) return new CallableError(AI_ERROR_STATUS[error.code], error.message);
  return undefined;
}
