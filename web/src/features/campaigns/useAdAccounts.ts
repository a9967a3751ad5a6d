/**
 * listarCuentasPublicitarias (active; issue 15 item 3): whether Facebook is connected, whether its
 * grant carries the ads permission, and the Meta ad accounts it reaches. Read only when the Meta
 * draft section is shown (`enabled`).
 */
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { adAccountsKey } from './keys';

export function useAdAccounts(enabled: boolean) {
  return useCallableQuery(adAccountsKey, (signal) => callFunction('listarCuentasPublicitarias', null, { signal }), { enabled, staleTime: 60_000 });
}
