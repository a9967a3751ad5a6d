/** generarIdentidad's texts and answers (spec 7, 8): 'Error al generar {type}: {message}', and a success: false answer thrown with its message. */
import { describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../../../../../web/src/lib/api';
import { IDENTITY_TYPE_NAMES } from '@director-ia/shared';

const callFunction = vi.fn();
vi.mock('../../../../../../web/src/lib/api', async (original) => ({ ...(await original<typeof ApiModule>()), callFunction }));
vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { generateIdentity, identityErrorText, IdentityNotProduced } = await import('../../../../../../web/src/features/identity/useGenerateIdentity');

describe('identityErrorText', () => {
  it('names the type in Spanish', () => {
    for (const type of Object.keys(IDENTITY_TYPE_NAMES) as (keyof typeof IDENTITY_TYPE_NAMES)[]) {
      expect(identityErrorText(type, 'sin cuota')).toBe(`Error al generar ${IDENTITY_TYPE_NAMES[type]}: sin cuota`);
    }
  });
});

describe('generateIdentity', () => {
  it('returns a produced asset and throws the error, the unsupported reason or a default otherwise', async () => {
    callFunction.mockResolvedValueOnce({ success: true, url: 'https://x' });
    await expect(generateIdentity({ type: 'avatar' } as never)).resolves.toMatchObject({ success: true });
    for (const [answer, message] of [
      [{ success: false, error: 'fallo' }, 'fallo'],
      [{ success: false, unsupported: 'no disponible' }, 'no disponible'],
      [{ success: false }, 'No se pudo generar.'],
    ] as const) {
      callFunction.mockResolvedValueOnce(answer);
      const error = await generateIdentity({ type: 'avatar' } as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IdentityNotProduced);
      expect(error).toMatchObject({ message, result: answer });
    }
  });
});
