import { describe, expect, it } from 'vitest';
import { CallableError, errorStatusForHttp, HTTP_STATUS_BY_ERROR } from '@director-ia/shared';

describe('error statuses (spec section 8)', () => {
  it.each([
    ['INVALID_ARGUMENT', 400],
    ['UNAUTHENTICATED', 401],
    ['PERMISSION_DENIED', 403],
    ['NOT_FOUND', 404],
    ['ABORTED', 409],
    ['RESOURCE_EXHAUSTED', 429],
    ['CANCELLED', 499],
    ['INTERNAL', 500],
    ['UNIMPLEMENTED', 501],
    ['UNAVAILABLE', 503],
    ['DEADLINE_EXCEEDED', 504],
  ] as const)('%s ↔ HTTP %i', (status, http) => {
    expect(HTTP_STATUS_BY_ERROR[status]).toBe(http);
    expect(new CallableError(status, 'x').httpStatus).toBe(http);
    expect(errorStatusForHttp(http)).toBe(status);
  });

  it.each([0, 500])('HTTP %i maps to INTERNAL on the client', (http) => {
    expect(errorStatusForHttp(http)).toBe('INTERNAL');
  });

  it.each([200, 302, 402, 405, 413, 418, 502])('any other HTTP status (%i) maps to UNKNOWN', (http) => {
    expect(errorStatusForHttp(http)).toBe('UNKNOWN');
  });

  it('serialises to the callable error body, with details only when given', () => {
    expect(new CallableError('NOT_FOUND', 'No está').toBody()).toEqual({ error: { status: 'NOT_FOUND', message: 'No está' } });
    expect(new CallableError('INVALID_ARGUMENT', 'Mal', { field: 'a' }).toBody()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Mal', details: { field: 'a' } } });
  });
});
