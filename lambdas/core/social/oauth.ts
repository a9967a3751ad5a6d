/**
 * Connecting an OAuth network (spec 7 initiateOAuth; issue 12 item 2; architecture "Social
 * networks", flow steps 2 and 6).
 *
 * - `startOAuth(sub, network, now)` → the consent URL. A random state (32 bytes, base64url) is
 *   stored only as its SHA-256 in an OAuthState item bound to `sub` and `network`, expiring in
 *   OAUTH_STATE_TTL_SECONDS, with the PKCE verifier sealed where the network uses PKCE S256.
 *   redirect_uri = `${SITE_URL}/oauth/callback/<network>`. Throws UnsupportedError
 *   (SOCIAL_MSG.unavailable) when the installation has no app for the network.
 * - `completeOAuth(sub, {platform, state, code}, now)` → `{connection, found}`. Consumes the state
 *   with ONE conditional DeleteItem (it exists, is `sub`'s, is of `platform`, has not expired),
 *   else InvalidInputError(SOCIAL_MSG.stateInvalid) and nothing changes (another user's state is
 *   not consumed). Then exchanges the code once, reads the account and its targets, seals every
 *   token and saves the connection (store.ts); Facebook and Instagram then route the selected
 *   targets' messages to the brand's inbox (./inbox.ts, issue 14). Network failures: see `connectFailure`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_STATE_TTL_SECONDS, oauthCallbackPath, SOCIAL_MSG, type OAuthNetwork, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { oauthStates } from '../../platform/db/entities/oauthState';
import { oauthStateRefs } from '../../platform/db/entities/oauthStateRef';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { InvalidInputError, UnavailableError, UnsupportedError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { openSecret, sealSecret, type SecretContext } from '../../platform/secrets/lazy';
import { authorizationUrl, createPkce, exchangeCode, loadNetworkApps, NetworkError, readAccount, usesPkce, type NetworkApp } from '../../platform/social';
import { syncMetaInbox, syncYoutubeInbox } from './inbox';
import { siteUrl } from './site';
import { saveConnection } from './store';
import { connectionView } from './view';

/** The installation's app for `network`, or UnsupportedError(SOCIAL_MSG.unavailable). */
export async function requireApp(network: SocialNetwork): Promise<NetworkApp> {
  const app = (await loadNetworkApps())[network];
  if (!app) throw new UnsupportedError(SOCIAL_MSG.unavailable);
  return app;
}

/** The redirect URI registered with the network for `network`. */
export const redirectUriOf = (network: OAuthNetwork): string => `${siteUrl()}${oauthCallbackPath(network)}`;

/** The stored key of a state: its SHA-256, base64url. */
export const stateHashOf = (state: string): string => createHash('sha256').update(state, 'utf8').digest('base64url');

const verifierContext = (sub: string, stateHash: string): SecretContext => ({ tenant: sub, field: `oauth:${stateHash}:verifier` });

/** Starts connecting `network` for `sub` (see the module header); returns the consent URL. */
export async function startOAuth(sub: string, network: OAuthNetwork, now = new Date()): Promise<string> {
  const app = await requireApp(network);
  const redirectUri = redirectUriOf(network);
  const state = randomBytes(32).toString('base64url');
  const stateHash = stateHashOf(state);
  const pkce = usesPkce(network) ? createPkce() : undefined;
  const expiresAtMs = now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000;
  const expiresAt = Math.ceil(expiresAtMs / 1000);
  // The reference first: a state is never stored without the one an account deletion finds it by
  // (a reference whose state write failed points at nothing and expires with its TTL).
  await oauthStateRefs().put({ uid: sub, stateHash, expiresAt }).go();
  await oauthStates()
    .create({
      stateHash,
      uid: sub,
      network,
      verifierSealed: pkce ? await sealSecret(pkce.verifier, verifierContext(sub, stateHash)) : undefined,
      redirectUri,
      createdAt: now.toISOString(),
      expiresAtMs,
      expiresAt,
    })
    .go();
  return authorizationUrl(app, { state, redirectUri, ...(pkce ? { pkce } : {}) });
}

/**
 * The domain error of a network failure while connecting `network`, at `step`:
 * - the code exchange refused (`invalid_grant`, `denied`) → InvalidInputError(connectError(codeRefused));
 * - reading the account or pages denied → UnavailableError(pagesError);
 * - a token refused while reading → InvalidInputError(connectError(codeRefused));
 * - unreachable → UnavailableError(connectError(networkUnreachable)).
 * Anything that is not a NetworkError is returned unchanged (a 500 for the caller).
 */
export function connectFailure(network: SocialNetwork, step: 'exchange' | 'read', error: unknown): unknown {
  if (!(error instanceof NetworkError)) return error;
  logger.warn('Connecting a network failed', { network, step, kind: error.kind, status: error.status ?? null, detail: error.detail });
  if (error.kind === 'unavailable') return new UnavailableError(SOCIAL_MSG.connectError(network, SOCIAL_MSG.networkUnreachable));
  if (step === 'read' && error.kind === 'denied') return new UnavailableError(SOCIAL_MSG.pagesError(network));
  return new InvalidInputError(SOCIAL_MSG.connectError(network, SOCIAL_MSG.codeRefused));
}

/** Deletes the state `sub` started for `network` if it is still valid; its item, or null. */
async function consumeState(sub: string, network: SocialNetwork, state: string, now: Date) {
  try {
    const { data } = await oauthStates()
      .delete({ stateHash: stateHashOf(state) })
      .where((attr, op) => `${op.eq(attr.uid, sub)} AND ${op.eq(attr.network, network)} AND ${op.gt(attr.expiresAtMs, now.getTime())}`)
      .go({ response: 'all_old' });
    if (data) await oauthStateRefs().delete({ uid: sub, stateHash: data.stateHash }).go();
    return data ?? null;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/** Completes connecting `platform` for `sub` with what the callback page posted (see the module header). */
export async function completeOAuth(
  sub: string,
  request: { platform: OAuthNetwork; state: string; code: string },
  now = new Date(),
): Promise<{ connection: SocialConnection; found: number }> {
  const { platform: network } = request;
  const app = await requireApp(network);
  const stored = await consumeState(sub, network, request.state, now);
  if (!stored) throw new InvalidInputError(SOCIAL_MSG.stateInvalid);
  const codeVerifier = stored.verifierSealed ? await openSecret(stored.verifierSealed, verifierContext(sub, stored.stateHash)) : undefined;
  const exchanged = await exchangeCode(app, { code: request.code, redirectUri: stored.redirectUri, ...(codeVerifier ? { codeVerifier } : {}) }).catch((error: unknown) => {
    throw connectFailure(network, 'exchange', error);
  });
  const read = await readAccount(app, exchanged).catch((error: unknown) => {
    throw connectFailure(network, 'read', error);
  });
  const item = await saveConnection(sub, network, { account: read.account, targets: read.targets, tokens: read.tokens ?? exchanged, sandbox: app.sandbox }, now);
  await syncMetaInbox(sub, network, item, app, now);
  await syncYoutubeInbox(sub, network, item, now);
  return { connection: connectionView(network, item, app, now), found: item.targets.length };
}
