/**
 * AI errors in the callable protocol, apart from errors.ts so that the provider modules (loaded
 * on first use) do not reach the shared contract: see the header of errors.ts.
 */
import { CallableError } from '@director-ia/shared';
import { AiError, type AiErrorCode } from './errors';

const CALLABLE_STATUS: Record<AiErrorCode, ConstructorParameters<typeof CallableError>[0]> = {
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

/** The callable-protocol form of an AI error (same Spanish message). Other errors pass through. */
export function toCallableError(error: unknown): unknown {
  if (error instanceof AiError) return new CallableError(CALLABLE_STATUS[error.code], error.message);
  return error;
}
