/** `listarUsuarios` (admin): every user with email and status for the admin panel (spec 2/6). */
import { listarUsuarios } from '@director-ia/shared';
import { listUsers } from '../core/accounts/profiles';
import { createCallable } from './lib/callable';

export const handler = createCallable(listarUsuarios, async () => ({ users: await listUsers() }));
