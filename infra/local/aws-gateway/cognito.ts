/**
 * The one Cognito user pool operation the twin's cognito-local does not serve and the functions
 * call (issue 17 item 1): AdminUserGlobalSignOut. The gateway answers it itself, after the IAM
 * evaluation every call gets, as Cognito would: the user is looked up in cognito-local
 * (AdminGetUser on the same pool), an unknown user or pool is cognito-local's own error, a known
 * one gets Cognito's empty success. What it does not do: revoke the user's refresh tokens in
 * cognito-local (it has no revocation list for them), so in the twin an old refresh token still
 * yields new tokens; the product does not rely on it (the access middleware refuses tokens issued
 * before the profile's `tokensValidAfter`). README "Where the twin differs" says so.
 */
import { COGNITO_TARGET_PREFIX } from './remote';
import type { GatewayResponse } from './responses';

/** The target the gateway serves in-process. */
export const GLOBAL_SIGN_OUT_TARGET = `${COGNITO_TARGET_PREFIX}AdminUserGlobalSignOut`;

const JSON_11 = 'application/x-amz-json-1.1';

/** Answers an AdminUserGlobalSignOut of `body` against cognito-local at `upstream`. */
export async function globalSignOut(upstream: string, body: Record<string, unknown>): Promise<GatewayResponse> {
  const lookup = await fetch(upstream, {
    method: 'POST',
    headers: { 'content-type': JSON_11, 'x-amz-target': `${COGNITO_TARGET_PREFIX}AdminGetUser` },
    body: JSON.stringify({ UserPoolId: body.UserPoolId, Username: body.Username }),
  });
  if (!lookup.ok) {
    return { status: lookup.status, headers: { 'content-type': lookup.headers.get('content-type') ?? JSON_11 }, body: Buffer.from(await lookup.arrayBuffer()) };
  }
  await lookup.arrayBuffer();
  return { status: 200, headers: { 'content-type': JSON_11 }, body: '{}' };
}
