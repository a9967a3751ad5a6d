/**
 * Helpers for the sandbox tests: a sandbox on a free port with a temporary state directory, a
 * client that speaks to each network as the adapters do (authorize parameters, consent decision,
 * token requests in the network's client authentication), and for publishing (issue 13) the
 * tokens a publisher holds, a local media server standing in for presigned S3 URLs, and media bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OAuthNetwork, SocialNetwork } from '@director-ia/shared';
import { afterAll, beforeAll } from 'vitest';
import { startSocialSandbox, type SocialSandbox, type SocialSandboxOptions } from '../../../../../infra/local/social-sandbox';

export const REDIRECT = (network: OAuthNetwork) => `http://localhost:5173/oauth/callback/${network}`;

/** Per network: the scopes and extra authorize parameters our adapters send, and whether they use PKCE. */
export const CLIENT_SETUP: Record<OAuthNetwork, { scope: string; extra?: Record<string, string>; pkce: boolean }> = {
  facebook: { scope: 'pages_show_list,pages_manage_posts,pages_read_engagement,pages_messaging,pages_manage_metadata,pages_manage_engagement,ads_management', pkce: true },
  instagram: { scope: 'instagram_basic,instagram_manage_comments,instagram_manage_messages,pages_show_list,instagram_content_publish,pages_manage_metadata', pkce: true },
  x: { scope: 'tweet.read tweet.write users.read media.write offline.access', pkce: true },
  linkedin: { scope: 'openid profile w_member_social', pkce: false },
  youtube: {
    scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl',
    extra: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    pkce: true,
  },
  tiktok: { scope: 'user.info.basic,video.publish,video.upload', pkce: false },
  pinterest: { scope: 'boards:read,pins:read,pins:write,user_accounts:read', pkce: false },
};

export interface TestSandbox {
  sandbox: SocialSandbox;
  stateDir: string;
  /** Stops the sandbox and removes its state. */
  close(): Promise<void>;
}

export async function startTestSandbox(options: Partial<SocialSandboxOptions> = {}): Promise<TestSandbox> {
  const stateDir = options.stateDir ?? mkdtempSync(path.join(tmpdir(), 'social-sandbox-'));
  const sandbox = await startSocialSandbox({ port: 0, stateDir, ...options });
  return {
    sandbox,
    stateDir,
    close: async () => {
      await sandbox.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The authorize URL an adapter builds for `network` (overrides replace or, with '', drop parameters). */
export function authorizeUrl(sandbox: SocialSandbox, network: OAuthNetwork, state: string, challenge: string | null, overrides: Record<string, string> = {}): string {
  const app = sandbox.apps()[network];
  const setup = CLIENT_SETUP[network];
  const params: Record<string, string> = {
    [network === 'tiktok' ? 'client_key' : 'client_id']: app.clientId,
    redirect_uri: REDIRECT(network),
    response_type: 'code',
    scope: setup.scope,
    state,
    ...setup.extra,
    ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
    ...overrides,
  };
  const url = new URL(app.urls.authorize);
  for (const [key, value] of Object.entries(params)) if (value !== '') url.searchParams.set(key, value);
  return url.href;
}

/** Opens the consent page; returns the response, its HTML and the pending request id. */
export async function openConsent(url: string): Promise<{ status: number; html: string; requestId: string | null; headers: Headers }> {
  const response = await fetch(url, { redirect: 'manual' });
  const html = await response.text();
  return { status: response.status, html, headers: response.headers, requestId: /name="request" value="([^"]+)"/.exec(html)?.[1] ?? null };
}

/** Presses Autorizar or Cancelar; returns the redirect's Location as a URL (or the status if none). */
export async function decide(sandbox: SocialSandbox, network: OAuthNetwork, requestId: string, decision: 'approve' | 'cancel'): Promise<{ status: number; location: URL | null }> {
  const response = await fetch(`${sandbox.url}/${network}/oauth/decision`, { method: 'POST', body: new URLSearchParams({ request: requestId, decision }), redirect: 'manual' });
  await response.arrayBuffer();
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location) : null };
}

/** Consent approved: the code and the verifier the adapter keeps. */
export async function approve(sandbox: SocialSandbox, network: OAuthNetwork): Promise<{ code: string; verifier?: string }> {
  const pkce = CLIENT_SETUP[network].pkce ? pkcePair() : null;
  const consent = await openConsent(authorizeUrl(sandbox, network, 'state-123', pkce?.challenge ?? null));
  if (!consent.requestId) throw new Error(`no consent page for ${network}: ${consent.status}`);
  const { location } = await decide(sandbox, network, consent.requestId, 'approve');
  const code = location?.searchParams.get('code');
  if (!code) throw new Error(`no code for ${network}`);
  return { code, ...(pkce ? { verifier: pkce.verifier } : {}) };
}

export interface JsonAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected field by field
  body: any;
}

async function answer(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/**
 * A token endpoint call the way the adapters make it: Meta GET with client id/secret in the query;
 * X and Pinterest POST form with Basic; TikTok POST form with client_key; the others POST form with
 * client_id/client_secret. `secret` replaces the client secret (to test a wrong one).
 */
export async function requestToken(sandbox: SocialSandbox, network: OAuthNetwork, params: Record<string, string>, secret?: string): Promise<JsonAnswer> {
  const app = sandbox.apps()[network];
  const clientSecret = secret ?? app.clientSecret;
  if (network === 'facebook' || network === 'instagram') {
    const url = new URL(app.urls.token);
    url.search = new URLSearchParams({ client_id: app.clientId, client_secret: clientSecret, ...params }).toString();
    return answer(await fetch(url));
  }
  const headers: Record<string, string> = {};
  let form: Record<string, string>;
  if (network === 'x' || network === 'pinterest') {
    headers.authorization = `Basic ${Buffer.from(`${app.clientId}:${clientSecret}`).toString('base64')}`;
    form = network === 'x' ? { ...params, client_id: app.clientId } : params;
  } else {
    form = { [network === 'tiktok' ? 'client_key' : 'client_id']: app.clientId, client_secret: clientSecret, ...params };
  }
  return answer(await fetch(app.urls.token, { method: 'POST', headers, body: new URLSearchParams(form) }));
}

/** Exchanges an approved code (with its verifier, when PKCE). */
export function exchange(sandbox: SocialSandbox, network: OAuthNetwork, code: string, verifier?: string): Promise<JsonAnswer> {
  return requestToken(sandbox, network, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT(network),
    ...(network === 'pinterest' ? { continuous_refresh: 'true' } : {}),
    ...(verifier ? { code_verifier: verifier } : {}),
  });
}

/** Approve a consent whose authorize parameters differ (`overrides`, '' drops one) and exchange its code. */
export async function connectWith(sandbox: SocialSandbox, network: OAuthNetwork, overrides: Record<string, string>): Promise<JsonAnswer> {
  const pkce = CLIENT_SETUP[network].pkce ? pkcePair() : null;
  const consent = await openConsent(authorizeUrl(sandbox, network, 'state-123', pkce?.challenge ?? null, overrides));
  const code = (await decide(sandbox, network, consent.requestId ?? '', 'approve')).location?.searchParams.get('code') ?? '';
  return exchange(sandbox, network, code, pkce?.verifier);
}

/** Approve and exchange in one go: the token response. */
export async function connect(sandbox: SocialSandbox, network: OAuthNetwork): Promise<JsonAnswer> {
  const { code, verifier } = await approve(sandbox, network);
  return exchange(sandbox, network, code, verifier);
}

/** GET `${api}${path}` with the Bearer token. */
export async function callApi(sandbox: SocialSandbox, network: OAuthNetwork, apiPath: string, accessToken: string, init: RequestInit = {}): Promise<JsonAnswer> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  return answer(await fetch(`${sandbox.apps()[network].urls.api}${apiPath}`, { ...init, headers }));
}

/** Calls a test hook with a JSON body. */
export async function hook(sandbox: SocialSandbox, name: string, body: unknown): Promise<JsonAnswer> {
  return answer(await fetch(`${sandbox.url}/__sandbox/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
}

/** The API call our adapters make to read the account (the first target-reading call). */
export const ACCOUNT_CALL: Record<OAuthNetwork, string> = {
  facebook: '/me/accounts?fields=id,name,access_token,picture{url},instagram_business_account{id,username,profile_picture_url}&limit=100',
  instagram: '/me/accounts?fields=id,name,access_token,picture{url},instagram_business_account{id,username,profile_picture_url}&limit=100',
  x: '/users/me?user.fields=profile_image_url',
  linkedin: '/v2/userinfo',
  youtube: '/channels?part=snippet&mine=true',
  tiktok: '/user/info/?fields=open_id,avatar_url,display_name',
  pinterest: '/boards?page_size=100',
};

// ---------------------------------------------------------------------------------------------
// Publishing (issue 13)

/** Authorize parameters a publisher adds where CLIENT_SETUP's scopes cannot publish (Instagram needs instagram_content_publish). */
export const PUBLISH_OVERRIDES: Partial<Record<OAuthNetwork, Record<string, string>>> = {
  instagram: { scope: 'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement' },
};

/** Where each network's sandbox account publishes (the target a publisher picked at connect time). */
export const TARGET: Record<OAuthNetwork, string> = {
  facebook: '200000000000001',
  instagram: '17841400000000001',
  x: '1500000000000000001',
  linkedin: 'urn:li:person:sAnDbOx0001',
  youtube: 'UCsandbox000000000000001',
  tiktok: '-000sandbox-open-id-0001',
  pinterest: '900000000000000001',
};

/** A connection ready to publish: the token to publish with (Meta: the page token) and the user token. */
export async function publisher(sandbox: SocialSandbox, network: OAuthNetwork): Promise<{ token: string; userToken: string }> {
  const overrides = PUBLISH_OVERRIDES[network];
  const tokens = overrides ? await connectWith(sandbox, network, overrides) : await connect(sandbox, network);
  const userToken: string = tokens.body.access_token;
  if (network !== 'facebook' && network !== 'instagram') return { token: userToken, userToken };
  const accounts = await callApi(sandbox, network, ACCOUNT_CALL[network], userToken);
  return { token: accounts.body.data[0].access_token, userToken };
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected field by field
  body: any;
  text: string;
}

/** Any request; the body parsed as JSON when it is JSON. */
export async function send(url: string, init: RequestInit = {}): Promise<RawAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** A JSON POST with a Bearer token. */
export const postJson = (url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  send(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A form POST with a Bearer token. */
export const postForm = (url: string, token: string, fields: Record<string, string>): Promise<RawAnswer> =>
  send(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new URLSearchParams(fields) });

/** The posts hook. */
export async function posts(sandbox: SocialSandbox, network?: string): Promise<JsonAnswer['body'][]> {
  return (await send(`${sandbox.url}/__sandbox/posts${network ? `?network=${network}` : ''}`)).body.posts;
}

/** A minimal JPEG (SOI, SOF0 with the size, EOI) padded to `bytes`. */
export function jpeg(width: number, height: number, bytes = 2048): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), sof]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - 2), 0x55), Buffer.from([0xff, 0xd9])]);
}

/** A minimal PNG signature and IHDR. */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), ihdr, Buffer.alloc(512, 0x11)]);
}

/** Bytes that say MP4 (`ftyp`), `bytes` long. */
export function mp4(bytes = 64 * 1024): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1')]);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x42)]);
}

export interface MediaServer {
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Paths asked, in order. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A local web server standing in for S3's presigned GETs: `/square.jpg` (1080×1080), `/wide.jpg`
 * (1920×1080), `/tall.jpg` (1080×1920), `/photo.png`, `/clip.mp4`, `/big.jpg` (9 MiB),
 * `/stream.jpg` (9 MiB without content-length), `/page.html`, `/slow.jpg` (answers after 7 s),
 * anything else 404.
 */
export async function startMediaServer(): Promise<MediaServer> {
  const files: Record<string, [string, Buffer]> = {
    '/square.jpg': ['image/jpeg', jpeg(1080, 1080)],
    '/wide.jpg': ['image/jpeg', jpeg(1920, 1080)],
    '/tall.jpg': ['image/jpeg', jpeg(1080, 1920)],
    '/photo.png': ['image/png', png(800, 800)],
    '/clip.mp4': ['video/mp4', mp4()],
    '/big.jpg': ['image/jpeg', jpeg(1080, 1080, 9 * 1024 * 1024)],
    '/page.html': ['text/html', Buffer.from('<html><body>hola</body></html>')],
  };
  const hits: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    hits.push(pathname);
    if (pathname === '/stream.jpg') {
      // No content-length: the size is only known by reading.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(jpeg(1080, 1080, 9 * 1024 * 1024));
      res.end();
      return;
    }
    if (pathname === '/slow.jpg') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg(100, 100));
      }, 7000);
      timers.add(timer);
      return;
    }
    const file = files[pathname];
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'content-length': String(file[1].length) }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Waits `ms`. */
export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 200 ms until it returns something, for at most `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await wait(200);
  }
}

/** The Telegram bot of the tests (a well-formed token: any such token is a bot of the sandbox). */
export const BOT_TOKEN = '7000000001:AAHsandboxSecretPartForTheTestsOnly123';

export interface PublishingEnv {
  t: TestSandbox;
  media: MediaServer;
  /** The token a publisher holds for `network` (made once per file; Telegram: BOT_TOKEN). */
  tokenFor(network: SocialNetwork): Promise<string>;
}

/**
 * A sandbox and a media server for one test file, started before its tests and closed after
 * them (registers the hooks); read its fields inside tests.
 */
export function publishingEnv(): PublishingEnv {
  const tokens = new Map<SocialNetwork, string>();
  const env = {
    tokenFor: async (network: SocialNetwork) => {
      if (network === 'telegram') return BOT_TOKEN;
      if (!tokens.has(network)) tokens.set(network, (await publisher(env.t.sandbox, network)).token);
      return tokens.get(network) ?? '';
    },
  } as PublishingEnv;
  beforeAll(async () => {
    env.t = await startTestSandbox();
    env.media = await startMediaServer();
  });
  afterAll(async () => {
    await env.t?.close();
    await env.media?.close();
  });
  return env;
}
