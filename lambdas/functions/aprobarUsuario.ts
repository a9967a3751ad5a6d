/** `aprobarUsuario` (admin): moves a pending user to active (spec section 4 "Account"). */
import { aprobarUsuario } from '@director-ia/shared';
import { approveUser } from '../core/accounts/profiles';
import { createCallable } from './lib/callable';

export const handler = createCallable(aprobarUsuario, async ({ data }) => approveUser(data.uid));
