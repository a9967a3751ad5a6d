/**
 * The one door to the Cognito user pool's admin API (issue 17 item 1): the admins group
 * (membership is the source of truth for admin rights, architecture "Identity") and global
 * sign-out. Users are named by their `sub`, which Cognito accepts as the username of Admin* calls
 * (the pool signs in by e-mail, so the username is the sub). The pool is USER_POOL_ID, set by the
 * 'users:*' permissions of infra/functions.ts, which also grant the actions. The SDK loads on first
 * use. Every function throws the SDK's error when Cognito refuses (not found, access denied).
 *
 * - `addToAdmins(sub)` / `removeFromAdmins(sub)`: AdminAddUserToGroup / AdminRemoveUserFromGroup
 *   on ADMINS_GROUP (both idempotent in Cognito).
 * - `adminSubs()`: the subs of every member of ADMINS_GROUP (ListUsersInGroup, all pages).
 * - `signOutEverywhere(sub)`: AdminUserGlobalSignOut: Cognito revokes the user's refresh tokens;
 *   access tokens already issued stay valid for API Gateway until they expire, which is why the
 *   access middleware also checks the profile's `tokensValidAfter`.
 * - `deleteUser(username)` (issue 17 item 2, account deletion): AdminDeleteUser → true when
 *   deleted, false when there is no such user (a repeated deletion is not an error).
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ADMINS_GROUP, USER_POOL_ID_ENV } from '@director-ia/shared';
import { loadOnce } from '../ai/lazy';

const loadSdk = loadOnce(() => import('@aws-sdk/client-cognito-identity-provider'));
let client: CognitoIdentityProviderClient | undefined;

function userPoolId(): string {
  const id = process.env[USER_POOL_ID_ENV];
  if (!id) throw new Error(`${USER_POOL_ID_ENV} is not set: the function has no user pool permission (infra/functions.ts)`);
  return id;
}

async function cognito() {
  const sdk = await loadSdk();
  client ??= new sdk.CognitoIdentityProviderClient({});
  return { sdk, client };
}

/** Adds the user to the admins group. */
export async function addToAdmins(sub: string): Promise<void> {
  const { sdk, client } = await cognito();
  await client.send(new sdk.AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: sub, GroupName: ADMINS_GROUP }));
}

/** Removes the user from the admins group. */
export async function removeFromAdmins(sub: string): Promise<void> {
  const { sdk, client } = await cognito();
  await client.send(new sdk.AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId(), Username: sub, GroupName: ADMINS_GROUP }));
}

/** The `sub` of every member of the admins group. */
export async function adminSubs(): Promise<string[]> {
  const { sdk, client } = await cognito();
  const subs: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(new sdk.ListUsersInGroupCommand({ UserPoolId: userPoolId(), GroupName: ADMINS_GROUP, Limit: 60, NextToken }));
    for (const user of page.Users ?? []) {
      const sub = user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? user.Username;
      if (sub) subs.push(sub);
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return subs;
}

/** Signs the user out of every device (their refresh tokens stop working). */
export async function signOutEverywhere(sub: string): Promise<void> {
  const { sdk, client } = await cognito();
  await client.send(new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: sub }));
}

/** Deletes the Cognito user `username` (its `sub` works too); false when it was already gone. */
export async function deleteUser(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
}
