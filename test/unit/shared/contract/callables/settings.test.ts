/**
 * Integraciones' Gmail address (shared/contract/callables/settings.ts; issue 16 finding 6): the
 * e-mail pattern backtracks quadratically, so an over-long value must be refused by its length
 * before the pattern ever runs.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES, guardarIntegraciones } from '@director-ia/shared';

describe('guardarIntegraciones gmailAddress', () => {
  it('accepts an address and an empty value, refuses a malformed one in Spanish', () => {
    expect(guardarIntegraciones.input.parse({ gmailAddress: ' marca@gmail.com ' })).toEqual({ gmailAddress: 'marca@gmail.com' });
    expect(guardarIntegraciones.input.parse({ gmailAddress: '' })).toEqual({ gmailAddress: '' });
    const result = guardarIntegraciones.input.safeParse({ gmailAddress: 'no-es-correo' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Correo de Gmail no válido.']);
  });

  it('refuses a body-sized adversarial value by its length alone, in well under 50 ms', () => {
    // "a@" then dots then "@": the pattern's `[^\s@]+\.` tries every dot, each rescanning the rest.
    const gmailAddress = `a@${'.'.repeat(DEFAULT_MAX_BODY_BYTES - 40)}@`;
    const started = performance.now();
    const result = guardarIntegraciones.input.safeParse({ gmailAddress });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(50);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Correo de Gmail no válido.']);
  });
});
