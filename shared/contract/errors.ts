/**
 * Callable error codes and their HTTP statuses (spec section 8, architecture "callable contract").
 * This is the Firebase callable wire protocol: `{error: {status, message, details?}}`.
 */
import * as z from 'zod/mini';

/** Canonical error status → HTTP status, exactly as spec section 8 lists them. */
export const HTTP_STATUS_BY_ERROR = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type ErrorStatus = keyof typeof HTTP_STATUS_BY_ERROR | 'UNKNOWN';

/**
 * Client-side mapping of an HTTP status to an error status (spec section 8):
 * 0 or 500 → INTERNAL; a listed status → its code; anything else → UNKNOWN.
 */
export function errorStatusForHttp(httpStatus: number): ErrorStatus {
  if (httpStatus === 0) return 'INTERNAL';
  for (const [status, code] of Object.entries(HTTP_STATUS_BY_ERROR)) {
    if (code === httpStatus) return status as ErrorStatus;
  }
  return 'UNKNOWN';
}

export const ErrorBodySchema = z.object({
  error: z.object({
    status: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * A typed failure that crosses the wire: domain code throws it, the callable middleware turns it
 * into `{error}` with the matching HTTP status. `message` is shown to users, so it is Spanish.
 */
export class CallableError extends Error {
  readonly status: keyof typeof HTTP_STATUS_BY_ERROR;
  readonly details?: unknown;

  constructor(status: keyof typeof HTTP_STATUS_BY_ERROR, message: string, details?: unknown) {
    super(message);
    this.name = 'CallableError';
    this.status = status;
    this.details = details;
  }

  get httpStatus(): number {
    return HTTP_STATUS_BY_ERROR[this.status];
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { status: this.status, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}
