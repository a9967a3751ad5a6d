/** `retirarAdmin` (admin): removes a user from the admins group; never oneself, never the last admin (issue 17 item 1). */
import { retirarAdmin } from '@director-ia/shared';
import { revokeAdmin } from '../core/accounts/admin';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(retirarAdmin, async ({ data, identity }) => revokeAdmin(requireIdentity(identity), data.uid));
