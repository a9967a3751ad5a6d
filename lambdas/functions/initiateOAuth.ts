/** `initiateOAuth` (active): the consent URL of an OAuth network, with a state bound to the caller (spec 7; issue 12). */
import { initiateOAuth } from '@director-ia/shared';
import { startOAuth } from '../core/social/oauth';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(initiateOAuth, async ({ data, identity }) => ({ authUrl: await startOAuth(requireIdentity(identity).sub, data.platform) }));
