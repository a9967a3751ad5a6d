/** `completarOAuth` (active): completes a connection with what the callback page posted (issue 12). */
import { completarOAuth } from '@director-ia/shared';
import { completeOAuth } from '../core/social/oauth';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(completarOAuth, async ({ data, identity }) => completeOAuth(requireIdentity(identity).sub, data));
