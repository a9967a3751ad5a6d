/**
 * The one mapping from thrown errors to the callable wire error (issue 11 item 3; spec section
 * 8): every domain error kind and every AI error code gives its contract status, HTTP status and
 * the same Spanish message, with no details; protocol errors pass as they are; anything else is
 * not mapped (the middleware answers a generic 500).
 */
import { describe, expect, it } from 'vitest';
import { CallableError } from '@director-ia/shared';
import {
  AI_MSG,
  AiCapabilityUnavailableError,
  AiConfigError,
  AiContentFilteredError,
  AiInputError,
  AiOfflineUnsupportedError,
  AiOutputError,
  AiProviderError,
  AiRetryableError,
  AiUnsupportedModelError,
  type AiError,
} from '../../../../../lambdas/platform/ai/errors';
import { AI_ERROR_STATUS, DOMAIN_ERROR_STATUS, toCallableError } from '../../../../../lambdas/platform/callable/errors';
import { DOMAIN_ERROR_CASES } from '../../../../support/domain-errors';

function wire(error: unknown) {
  const mapped = toCallableError(error);
  if (!mapped) throw new Error('not mapped');
  return { http: mapped.httpStatus, body: mapped.toBody() };
}

describe('domain errors on the wire', () => {
  it.each(DOMAIN_ERROR_CASES.map(({ ErrorClass, message, http, status }) => [new ErrorClass(message), http, status] as const))('%s → %i %s with the same message', (error, http, status) => {
    expect(wire(error)).toEqual({ http, body: { error: { status, message: error.message } } });
  });

  it('covers every kind', () => {
    expect(Object.keys(DOMAIN_ERROR_STATUS).sort()).toEqual(DOMAIN_ERROR_CASES.map(({ kind }) => kind).sort());
  });
});

describe('AI errors on the wire', () => {
  it.each<[AiError, number, string]>([
    [new AiConfigError(AI_MSG.missingGeminiKey, { provider: 'gemini' }), 400, 'INVALID_ARGUMENT'],
    [new AiOfflineUnsupportedError(), 501, 'UNIMPLEMENTED'],
    [new AiOutputError('bedrock', '{'), 500, 'INTERNAL'],
    [new AiRetryableError('bedrock', 'throttled'), 503, 'UNAVAILABLE'],
    [new AiUnsupportedModelError('bedrock', 'acme.model', 'imágenes'), 501, 'UNIMPLEMENTED'],
    [new AiContentFilteredError('gemini'), 400, 'INVALID_ARGUMENT'],
    [new AiProviderError('openai-compatible', AI_MSG.unauthorized, { status: 401 }), 500, 'INTERNAL'],
    [new AiCapabilityUnavailableError('speech', 'La síntesis de voz necesita un proveedor configurado.'), 501, 'UNIMPLEMENTED'],
    [new AiInputError(AI_MSG.emptyConversation), 400, 'INVALID_ARGUMENT'],
  ])('%s → %i %s with the same message', (error, http, status) => {
    expect(wire(error)).toEqual({ http, body: { error: { status, message: error.message } } });
  });

  it('covers every code', () => {
    expect(Object.keys(AI_ERROR_STATUS)).toHaveLength(9);
  });
});

describe('other errors', () => {
  it('passes a protocol error through unchanged, details included', () => {
    const error = new CallableError('INVALID_ARGUMENT', 'Datos no válidos.', { issues: [] });
    expect(toCallableError(error)).toBe(error);
  });

  it.each([new Error('boom'), new TypeError('x'), 'text', null, undefined])('leaves %o unmapped', (error) => {
    expect(toCallableError(error)).toBeUndefined();
  });
});
