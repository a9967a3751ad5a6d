/**
 * Helpers for the inbox tests (issue 14): a sandbox with quick webhook retries, the product's
 * stand-in receiver (./receiver.ts), page tokens with the messaging and comment scopes, Meta
 * subscriptions (the app's webhook and each page's subscribed_apps), customer writes through `/__sandbox/dm`, and a published post to comment on.
 */
import { createHmac } from 'node:crypto';
import type { SocialSandbox } from '../../../../../infra/local/social-sandbox';
import { afterAll, beforeAll } from 'vitest';
import { callApi, connectWith, hook, postForm, startMediaServer, startTestSandbox, TARGET, type JsonAnswer, type MediaServer, type RawAnswer, type TestSandbox } from './support';
import { publishWithMedia } from './publishers';
import { startReceiver, type Receiver } from './receiver';

/** Scopes a product that answers DMs and comments asks for. */
export const INBOX_SCOPES = {
  facebook: 'pages_show_list,pages_manage_posts,pages_read_engagement,pages_messaging,pages_manage_engagement,pages_manage_metadata',
  instagram: 'instagram_basic,instagram_content_publish,instagram_manage_messages,instagram_manage_comments,pages_show_list,pages_read_engagement,pages_manage_metadata',
} as const;

export const VERIFY_TOKEN = 'token-de-verificacion';
/** Pauses between attempts in these tests, ms. */
export const RETRY_DELAYS_MS = [100, 200, 300];

/** The page token (Instagram: of the linked page) of a consent with `scope`. */
export async function pageToken(sandbox: SocialSandbox, network: 'facebook' | 'instagram', scope: string = INBOX_SCOPES[network]): Promise<string> {
  const tokens = await connectWith(sandbox, network, { scope });
  const accounts = await callApi(sandbox, network, '/me/accounts?fields=id,access_token', tokens.body.access_token);
  return accounts.body.data[0].access_token;
}

/** The page (Instagram: the linked page, through `/me`) subscribes the app to its webhooks, as the product does at target selection. */
export async function subscribePage(sandbox: SocialSandbox, network: 'facebook' | 'instagram', token: string, fields = network === 'facebook' ? 'messages,feed' : 'messages'): Promise<RawAnswer> {
  const page = network === 'facebook' ? TARGET.facebook : 'me';
  return postForm(`${sandbox.apps()[network].urls.api}/${page}/subscribed_apps`, token, { subscribed_fields: fields });
}

/** The hex HMAC-SHA256 of `raw` with `secret`, computed here independently of the sandbox. */
export const expectedSignature = (raw: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

export interface InboxEnv {
  t: TestSandbox;
  receiver: Receiver;
  media: MediaServer;
  tokens: { facebook: string; instagram: string };
}

/** A sandbox, a receiver subscribed for both Meta apps, tokens; started before the file's tests. */
export function inboxEnv(options: { timeoutMs?: number } = {}): InboxEnv {
  const env = {} as InboxEnv;
  beforeAll(async () => {
    env.t = await startTestSandbox({ webhookRetryDelaysMs: RETRY_DELAYS_MS, webhookTimeoutMs: options.timeoutMs ?? 1000 });
    env.receiver = await startReceiver(VERIFY_TOKEN);
    env.media = await startMediaServer();
    for (const network of ['facebook', 'instagram'] as const) {
      const subscribed = await hook(env.t.sandbox, 'webhooks', { network, url: `${env.receiver.url}/webhooks/${network}`, verifyToken: VERIFY_TOKEN });
      if (subscribed.status !== 200) throw new Error(`subscribe ${network}: ${JSON.stringify(subscribed.body)}`);
    }
    env.tokens = { facebook: await pageToken(env.t.sandbox, 'facebook'), instagram: await pageToken(env.t.sandbox, 'instagram') };
    for (const network of ['facebook', 'instagram'] as const) {
      const subscribed = await subscribePage(env.t.sandbox, network, env.tokens[network]);
      if (subscribed.status !== 200) throw new Error(`subscribed_apps ${network}: ${JSON.stringify(subscribed.body)}`);
    }
  });
  afterAll(async () => {
    await env.t?.close();
    await env.receiver?.close();
    await env.media?.close();
  });
  return env;
}

/** A customer writes through the test hook. */
export const dm = (sandbox: SocialSandbox, body: Record<string, unknown>): Promise<JsonAnswer> => hook(sandbox, 'dm', body);

/** Publishes a post to comment on: its id (Facebook `<page>_<n>`, Instagram media id). */
export async function publishedPost(env: InboxEnv, network: 'facebook' | 'instagram'): Promise<string> {
  if (network === 'facebook') {
    const created = await postForm(`${env.t.sandbox.apps().facebook.urls.api}/${TARGET.facebook}/feed`, env.tokens.facebook, { message: 'Nuestra oferta de la semana' });
    return created.body.id;
  }
  return (await publishWithMedia(env.t.sandbox, 'instagram', env.tokens.instagram, env.media, 'Nuestra oferta en Instagram')).id;
}
