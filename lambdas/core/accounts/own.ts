/**
 * What every callable and the theme need of the caller's own account, with nothing but the profile
 * entity: the account state the access middleware checks on every call (issue 17 item 1) and the
 * theme preference (spec section 2). Kept apart from ./profiles.ts, whose sign-up and status
 * mirror write transactions through the table's Service (every entity): each callable's bundle
 * imports this module through lambdas/functions/lib/callable.ts, and stays free of the other
 * bounded contexts (test/unit/infra/bundling/lambda-esbuild/shared-tree-shaking.test.ts).
 */
import type { ProfileStatus, ThemeId } from '@director-ia/shared';
import { profiles } from '../../platform/db/entities/profile';

/** Who is calling, from verified token claims only. */
export interface Caller {
  sub: string;
  isAdmin: boolean;
}

/** What the access middleware needs of the caller's account: its status (null: no profile) and `tokensValidAfter`. */
export interface AccountState {
  status: ProfileStatus | null;
  /** Epoch seconds: tokens issued at or before it are refused. */
  tokensValidAfter?: number;
}

/** The caller's account state (one GetItem of two attributes), for the access middleware. */
export async function accountState(caller: Caller): Promise<AccountState> {
  const { data } = await profiles().get({ uid: caller.sub }).go({ attributes: ['status', 'tokensValidAfter'] });
  if (!data) return { status: null };
  return { status: data.status, ...(data.tokensValidAfter === undefined ? {} : { tokensValidAfter: data.tokensValidAfter }) };
}

/** Remembers the caller's background theme (spec section 2 side panel). */
export async function saveTheme(caller: Caller, theme: ThemeId): Promise<{ theme: ThemeId }> {
  await profiles().patch({ uid: caller.sub }).set({ theme }).go();
  return { theme };
}
