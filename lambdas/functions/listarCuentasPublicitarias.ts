/**
 * `listarCuentasPublicitarias` (active; issue 15 item 3): `{}` → `{connected, adsPermission, sandbox,
 * accounts}`: the Meta ad accounts the caller's Facebook connection reaches, for "Crear borrador en
 * Meta"; UNAVAILABLE when Meta cannot be reached.
 */
import { listarCuentasPublicitarias } from '@director-ia/shared';
import { listAdAccounts } from '../core/campaigns/meta';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarCuentasPublicitarias, async ({ identity }) => listAdAccounts(requireIdentity(identity).sub, new Date()));
