/** What a settings save says on failure (spec 5, 8): no session or a 401 → 'Error: Usuario no autenticado.'; anything else 'Error: ' + its message. */
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@director-ia/shared';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { NoSessionError, saveErrorText } = await import('../../../../../../web/src/features/settings/saveFeedback');
const { CallableClientError } = await import('../../../../../../web/src/lib/api');

describe('saveErrorText', () => {
  it('says not authenticated without a session or on UNAUTHENTICATED', () => {
    expect(saveErrorText(new NoSessionError())).toBe(MSG.notAuthenticated);
    expect(saveErrorText(new CallableClientError('UNAUTHENTICATED', 'otro texto', 401))).toBe(MSG.notAuthenticated);
  });

  it("prefixes any other failure with 'Error: '", () => {
    expect(saveErrorText(new CallableClientError('ALREADY_EXISTS', 'Esa dirección ya está en uso.', 409))).toBe(`${MSG.errorPrefix}Esa dirección ya está en uso.`);
    expect(saveErrorText(new Error('x'))).toBe(`${MSG.errorPrefix}x`);
  });
});
