/**
 * The domain errors core throws (issue 11 item 3): each class is a DomainError (and an Error) of
 * its own kind and name, carrying the Spanish message it was given unchanged.
 */
import { describe, expect, it } from 'vitest';
import { BLOG_MSG, CHAT_MSG, PLAN_MSG, TALLER_MSG, WIDGET_MSG } from '@director-ia/shared';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GenerationFailedError,
  InvalidInputError,
  NotFoundError,
  QuotaExceededError,
  UnavailableError,
  UnsupportedError,
  type DomainErrorKind,
} from '../../../../lambdas/platform/errors';

const KINDS: [new (message: string) => DomainError, DomainErrorKind, string][] = [
  [InvalidInputError, 'INVALID_INPUT', PLAN_MSG.monthInvalid],
  [ForbiddenError, 'FORBIDDEN', CHAT_MSG.notYourChat],
  [NotFoundError, 'NOT_FOUND', BLOG_MSG.articleNotFound],
  [ConflictError, 'CONFLICT', PLAN_MSG.planConflict],
  [QuotaExceededError, 'QUOTA_EXCEEDED', WIDGET_MSG.dailyLimit],
  [GenerationFailedError, 'GENERATION_FAILED', TALLER_MSG.imageNotGenerated],
  [UnsupportedError, 'UNSUPPORTED', 'Tu proveedor de IA no genera vídeo.'],
  [UnavailableError, 'UNAVAILABLE', 'Error al conectar con X: la red no responde. Inténtalo más tarde.'],
];

describe('domain errors', () => {
  it.each(KINDS)('%o has its own kind, name and the Spanish message', (ErrorClass, kind, message) => {
    const error = new ErrorClass(message);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.message).toBe(message);
  });

  it('every kind has exactly one class', () => {
    expect(new Set(KINDS.map(([, kind]) => kind)).size).toBe(KINDS.length);
  });
});
