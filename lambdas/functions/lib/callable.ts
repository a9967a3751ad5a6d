/**
 * `createCallable(def, impl)` for the handlers of lambdas/functions: the platform's callable
 * protocol (platform/callable/handler.ts) with what it needs from core, the account check of the
 * access middleware (`active` callables; issue 11 item 2: platform never imports core). Not an
 * entry itself: it lives in a folder so that lambdas/functions/*.ts stays one callable each.
 */
import { isActive } from '../../core/accounts/profiles';
import { callableFactory } from '../../platform/callable/handler';

export { requireIdentity } from '../../platform/callable/handler';

export const createCallable = callableFactory({ isActive });
