/** The widget's "no disponible" rule: NOT_FOUND and INVALID_ARGUMENT are final; other failures are not. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { isNotAvailable, widgetInfoKey } = await import('../../../../../../web/src/features/widget/useWidgetInfo');
const { CallableClientError } = await import('../../../../../../web/src/lib/api');

describe('isNotAvailable', () => {
  it('is true for NOT_FOUND and INVALID_ARGUMENT only', () => {
    expect(isNotAvailable(new CallableClientError('NOT_FOUND', 'x'))).toBe(true);
    expect(isNotAvailable(new CallableClientError('INVALID_ARGUMENT', 'x'))).toBe(true);
    expect(isNotAvailable(new CallableClientError('UNAVAILABLE', 'x'))).toBe(false);
    expect(isNotAvailable(new Error('NOT_FOUND'))).toBe(false);
  });

  it('keys the info per brand', () => {
    expect(widgetInfoKey('a')).not.toEqual(widgetInfoKey('b'));
  });
});
