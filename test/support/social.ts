/**
 * Social networks against the twin's "Red de pruebas" for integration and e2e tests (issues 12–13):
 * the consent as a browser gives it (consent page → Autorizar → the public callback route), without
 * a browser; connecting a network end to end; the sandbox's test hooks; polling.
 */
import type { OAuthNetwork, SocialConnection } from '@director-ia/shared';
import { callOk } from './api';
import type { TestUser } from './cognito';
import type { TwinInfo } from './twin-global-setup';

/** What the consent page and the callback route give back after the owner's decision. */
export interface Consent {
  state: string;
  code: string | null;
  error: string | null;
  callback: Response;
  callbackHtml: string;
}

/** Called with every callable answer these helpers get (a test may check that none carries a token). */
export type AnswerRecorder = (answer: unknown) => void;

/**
 * initiateOAuth, then the owner presses Autorizar (or Cancelar) on the sandbox's consent page, then
 * the popup lands on the twin's public callback route. Throws when a step does not answer as a browser expects.
 */
export async function consent(twin: TwinInfo, user: TestUser, network: OAuthNetwork, decision: 'approve' | 'cancel' = 'approve', record: AnswerRecorder = () => {}): Promise<Consent> {
  const answer = await callOk<{ authUrl: string }>(twin, 'initiateOAuth', { platform: network }, user.accessToken);
  record(answer);
  const page = await fetch(answer.authUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page of ${network} → ${page.status}`);
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const decided = await fetch(`${twin.sandboxUrl}/${network}/oauth/decision`, { method: 'POST', body: new URLSearchParams({ request, decision }), redirect: 'manual' });
  await decided.arrayBuffer();
  const location = new URL(decided.headers.get('location') ?? '');
  // The popup follows the redirect to the public callback route of the twin (no token needed).
  const callback = await fetch(location.href.replace(/^http:\/\/localhost:/, 'http://127.0.0.1:'), { redirect: 'manual' });
  return {
    state: location.searchParams.get('state') ?? '',
    code: location.searchParams.get('code'),
    error: location.searchParams.get('error'),
    callback,
    callbackHtml: await callback.text(),
  };
}

/** Connects OAuth `network` for `user` end to end; the completarOAuth answer. */
export async function connectNetwork(twin: TwinInfo, user: TestUser, network: OAuthNetwork, record: AnswerRecorder = () => {}): Promise<{ connection: SocialConnection; found: number }> {
  const { state, code } = await consent(twin, user, network, 'approve', record);
  const answer = await callOk<{ connection: SocialConnection; found: number }>(twin, 'completarOAuth', { platform: network, state, code }, user.accessToken);
  record(answer);
  return answer;
}

/** A bot token the sandbox's Telegram accepts; '@canal_pruebas' is a channel where it may post. */
export const SANDBOX_BOT_TOKEN = `7000000001:${'AbCdEfGhIjKlMnOpQrStUvWxYz0123456'}`;

/** POSTs `body` to the sandbox's test hook `/__sandbox/<name>`; throws unless it answers 200. */
export async function sandboxHook(twin: TwinInfo, name: string, body: unknown): Promise<void> {
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sandbox hook ${name} → ${response.status}`);
}

/** The requests the sandbox received for `network`, oldest first. */
export async function sandboxRequests(twin: TwinInfo, network: string): Promise<{ method: string; path: string }[]> {
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/requests?network=${network}`);
  return ((await response.json()) as { requests: { method: string; path: string }[] }).requests;
}

/** Polls `check` every 500 ms until it returns a value; throws after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
