/** `listarUsuarios` (admin): one page of users with counts per status for the admin panel (spec 2/6; issue 17 item 1). */
import { listarUsuarios } from '@director-ia/shared';
import { listUsers } from '../core/accounts/admin';
import { createCallable } from './lib/callable';

export const handler = createCallable(listarUsuarios, async ({ data }) => listUsers(data ?? {}));
