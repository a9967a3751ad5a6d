/**
 * initiateOAuth (active; spec 7, issue 12 item 2): the network's consent URL with a single-use
 * `state` bound to the signed-in owner. A plain call, not a mutation: it runs inside the popup flow
 * (useOAuthPopup), after the popup was opened, and that flow says what a failure means
 * (SOCIAL_MSG.authUrlError).
 */
import type { OAuthNetwork } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

/** The authUrl to send the popup to; rejects with the callable's error. */
export async function initiateOAuth(platform: OAuthNetwork): Promise<string> {
  const { authUrl } = await callFunction('initiateOAuth', { platform });
  return authUrl;
}
