/** `aprobarUsuario` (admin): moves a pending user to active and e-mails them (spec section 4 "Account"; issue 17 item 1). */
import { aprobarUsuario } from '@director-ia/shared';
import { approveUser } from '../core/accounts/admin';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(aprobarUsuario, async ({ data, identity }) => approveUser(requireIdentity(identity), data.uid));
