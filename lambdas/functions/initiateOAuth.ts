/**
 * PLACEHOLDER (issue 12): `initiateOAuth` (active), so that the stack synthesizes and the twin serves its
 * route while the real handler is written elsewhere. Replaced by the real handler before issue 12
 * lands; until then a caller past the access check gets UNIMPLEMENTED.
 */
import { initiateOAuth } from '@director-ia/shared';
import { UnsupportedError } from '../platform/errors';
import { createCallable } from './lib/callable';

export const handler = createCallable(initiateOAuth, async () => {
  throw new UnsupportedError('Pendiente');
});
