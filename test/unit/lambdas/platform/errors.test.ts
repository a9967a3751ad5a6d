/**
 * The domain errors core throws (issue 11 item 3): each class is a DomainError (and an Error) of
 * its own kind and name, carrying the Spanish message it was given unchanged.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../lambdas/platform/errors';
import { DOMAIN_ERROR_CASES } from '../../../support/domain-errors';

const KINDS = DOMAIN_ERROR_CASES.map(({ ErrorClass, kind, message }) => [ErrorClass, kind, message] as const);

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
