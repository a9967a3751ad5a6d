/**
 * One row per domain error kind (lambdas/platform/errors.ts), for the tests of the errors
 * themselves and of their mapping to the wire (platform/callable/errors.ts): the class, its kind,
 * a Spanish message users really see, and the HTTP status and contract status spec section 8 gives it.
 */
import { BLOG_MSG, CHAT_MSG, PLAN_MSG, SOCIAL_MSG, TALLER_MSG, WIDGET_MSG } from '@director-ia/shared';
import {
  ConflictError,
  ForbiddenError,
  GenerationFailedError,
  InvalidInputError,
  NotFoundError,
  QuotaExceededError,
  UnavailableError,
  UnsupportedError,
  type DomainError,
  type DomainErrorKind,
} from '../../lambdas/platform/errors';

export interface DomainErrorCase {
  ErrorClass: new (message: string) => DomainError;
  kind: DomainErrorKind;
  message: string;
  http: number;
  status: string;
}

export const DOMAIN_ERROR_CASES: readonly DomainErrorCase[] = [
  { ErrorClass: InvalidInputError, kind: 'INVALID_INPUT', message: PLAN_MSG.monthInvalid, http: 400, status: 'INVALID_ARGUMENT' },
  { ErrorClass: ForbiddenError, kind: 'FORBIDDEN', message: CHAT_MSG.notYourChat, http: 403, status: 'PERMISSION_DENIED' },
  { ErrorClass: NotFoundError, kind: 'NOT_FOUND', message: BLOG_MSG.articleNotFound, http: 404, status: 'NOT_FOUND' },
  { ErrorClass: ConflictError, kind: 'CONFLICT', message: PLAN_MSG.planConflict, http: 409, status: 'ABORTED' },
  { ErrorClass: QuotaExceededError, kind: 'QUOTA_EXCEEDED', message: WIDGET_MSG.dailyLimit, http: 429, status: 'RESOURCE_EXHAUSTED' },
  { ErrorClass: GenerationFailedError, kind: 'GENERATION_FAILED', message: TALLER_MSG.imageNotGenerated, http: 500, status: 'INTERNAL' },
  { ErrorClass: UnsupportedError, kind: 'UNSUPPORTED', message: 'Tu proveedor de IA no genera vídeo.', http: 501, status: 'UNIMPLEMENTED' },
  { ErrorClass: UnavailableError, kind: 'UNAVAILABLE', message: SOCIAL_MSG.connectError('x', SOCIAL_MSG.networkUnreachable), http: 503, status: 'UNAVAILABLE' },
];
