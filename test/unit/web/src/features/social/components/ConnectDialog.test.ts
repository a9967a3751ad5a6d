/** What the OAuth connect dialog says after 'Iniciar Conexión' (spec 8): nothing when the popup is on its way, else why not. */
import { describe, expect, it } from 'vitest';
import { startOutcomeError } from '../../../../../../../web/src/features/social/components/ConnectDialog';
import { SOCIAL_MSG } from '../fixtures';

describe('startOutcomeError', () => {
  it('says the popup was blocked, or that the authentication URL could not be had', () => {
    expect(startOutcomeError('opened')).toBeNull();
    expect(startOutcomeError('blocked')).toBe(SOCIAL_MSG.popupBlocked);
    expect(startOutcomeError('failed')).toBe(SOCIAL_MSG.authUrlError);
  });
});
