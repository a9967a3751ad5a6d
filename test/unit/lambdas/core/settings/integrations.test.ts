/** The browser's view of stored integrations: masks only, never a sealed value or a hint alone. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_INTEGRATIONS, SECRET_FIELDS } from '@director-ia/shared';
import { integrationsView } from '../../../../../lambdas/core/settings/integrations';

describe('integrationsView', () => {
  it('is the empty view before the first save', () => {
    expect(integrationsView(null)).toEqual(EMPTY_INTEGRATIONS);
  });

  it('reports each secret as configured with its mask, or not configured', () => {
    const view = integrationsView({ uid: 'u', lastUpdated: 'now', geminiApiKeySealed: 'SEALED', geminiApiKeyHint: '1234', openaiApiKeySealed: '', openaiApiKeyHint: '' });
    expect(view.geminiApiKey).toEqual({ configured: true, mask: '••••1234' });
    expect(view.openaiApiKey).toEqual({ configured: false, mask: null });
  });

  it('never carries a sealed value', () => {
    const sealed = fc.string({ minLength: 20, maxLength: 60 }).map((s) => `SEALED:${s}`);
    fc.assert(
      fc.property(fc.tuple(sealed, sealed, sealed, sealed), (values) => {
        const item = Object.fromEntries(SECRET_FIELDS.flatMap((field, i) => [[`${field}Sealed`, values[i]], [`${field}Hint`, 'abcd']]));
        const text = JSON.stringify(integrationsView({ uid: 'u', lastUpdated: 'now', ...item }));
        return values.every((value) => !text.includes(value ?? '')) && !text.includes('Sealed');
      }),
    );
  });
});
