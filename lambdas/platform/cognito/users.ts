/**
 * The one door to the Cognito user pool's admin API for data rights (issue 17 item 2): deleting
 * an owner's user when their account is erased. The pool is env USER_POOL_ID; the role needs
 * cognito-idp:AdminDeleteUser on it (infra/functions.ts 'cognito:deleteUser'). The SDK loads on
 * first use. In the twin the call reaches cognito-local after the gateway's IAM check.
 *
 * - `deleteUser(username)` → true when deleted, false when no such user (already deleted: a
 *   repeated deletion is not an error). `username` may be the user's `sub` (a valid Username for
 *   pools whose username is the e-mail alias). Other failures throw.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_ID_ENV } from '@director-ia/shared';
import { loadOnce } from '../ai/lazy';

const loadSdk = loadOnce(() => import('@aws-sdk/client-cognito-identity-provider'));
let client: CognitoIdentityProviderClient | undefined;

/** Deletes Cognito user `username` (see the module header). */
export async function deleteUser(username: string): Promise<boolean> {
  const poolId = process.env[USER_POOL_ID_ENV];
  if (!poolId) throw new Error(`${USER_POOL_ID_ENV} is not set`);
  const sdk = await loadSdk();
  client ??= new sdk.CognitoIdentityProviderClient({});
  try {
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: poolId, Username: username }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
}
