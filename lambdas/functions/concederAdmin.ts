/** `concederAdmin` (admin): adds an active user to the Cognito admins group (issue 17 item 1). */
import { concederAdmin } from '@director-ia/shared';
import { grantAdmin } from '../core/accounts/admin';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(concederAdmin, async ({ data, identity }) => grantAdmin(requireIdentity(identity), data.uid));
