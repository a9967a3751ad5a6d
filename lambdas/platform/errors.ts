/**
 * Domain errors (issue 11 item 3): what `core` throws for an expected failure, in the domain's
 * words rather than the wire's. Every error carries the Spanish `message` users see (from the
 * contract's MSG constants) and a `kind`; the callable edge (platform/callable/errors.ts) maps
 * each kind onto one contract error status, so the response is the one spec section 8 lists:
 *
 * | class                 | kind              | wire status          | HTTP |
 * |-----------------------|-------------------|----------------------|------|
 * | InvalidInputError     | INVALID_INPUT     | INVALID_ARGUMENT     | 400  |
 * | ForbiddenError        | FORBIDDEN         | PERMISSION_DENIED    | 403  |
 * | NotFoundError         | NOT_FOUND         | NOT_FOUND            | 404  |
 * | ConflictError         | CONFLICT          | ABORTED              | 409  |
 * | QuotaExceededError    | QUOTA_EXCEEDED    | RESOURCE_EXHAUSTED   | 429  |
 * | GenerationFailedError | GENERATION_FAILED | INTERNAL             | 500  |
 * | UnsupportedError      | UNSUPPORTED       | UNIMPLEMENTED        | 501  |
 * | UnavailableError      | UNAVAILABLE       | UNAVAILABLE          | 503  |
 *
 * Failures of the AI layer are its own `AiError` (platform/ai/errors.ts), mapped at the same edge.
 * No import of the shared contract here, so that any layer can throw these cheaply.
 */

export type DomainErrorKind = 'INVALID_INPUT' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'QUOTA_EXCEEDED' | 'GENERATION_FAILED' | 'UNSUPPORTED' | 'UNAVAILABLE';

/** An expected failure with a Spanish message for users; see the module header for the kinds. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
  }
}

/** The base class of one kind: its constructor takes only the Spanish message. */
function domainErrorOf(kind: DomainErrorKind, name: string) {
  return class extends DomainError {
    constructor(message: string) {
      super(kind, message);
      this.name = name;
    }
  };
}

/** The request itself is unacceptable (bad value, missing upload, topic to avoid, feature off). */
export class InvalidInputError extends domainErrorOf('INVALID_INPUT', 'InvalidInputError') {}

/** The caller may not touch this resource (e.g. another owner's chat). */
export class ForbiddenError extends domainErrorOf('FORBIDDEN', 'ForbiddenError') {}

/** The resource does not exist for this caller (unknown, or another tenant's). */
export class NotFoundError extends domainErrorOf('NOT_FOUND', 'NotFoundError') {}

/** The resource changed or is taken: a concurrent edit, an already resolved action, a used slug. */
export class ConflictError extends domainErrorOf('CONFLICT', 'ConflictError') {}

/** A quota or rate limit is used up (daily generations, widget limits). */
export class QuotaExceededError extends domainErrorOf('QUOTA_EXCEEDED', 'QuotaExceededError') {}

/** A generation ran but produced nothing usable (no image, no valid post); the message says so. */
export class GenerationFailedError extends domainErrorOf('GENERATION_FAILED', 'GenerationFailedError') {}

/** What this deployment or the brand's provider cannot do at all (e.g. video without a video model). */
export class UnsupportedError extends domainErrorOf('UNSUPPORTED', 'UnsupportedError') {}

/** A third party we depend on (a social network) could not be reached or failed; try again later. */
export class UnavailableError extends domainErrorOf('UNAVAILABLE', 'UnavailableError') {}
