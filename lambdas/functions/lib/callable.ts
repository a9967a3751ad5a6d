/**
 * `createCallable(def, impl)` for the handlers of lambdas/functions: the platform's callable
 * protocol (platform/callable/handler.ts) with what it needs from core, the account check of the
 * access middleware (status and `tokensValidAfter` of the caller's profile; issue 11 item 2:
 * platform never imports core; issue 17 item 1). Not an entry itself: it lives in a folder so
 * that lambdas/functions/*.ts stays one callable each.
 */
import { accountState } from '../../core/accounts/own';
import { callableFactory } from '../../platform/callable/handler';

export { requireIdentity } from '../../platform/callable/handler';

export const createCallable = callableFactory({ account: accountState });
