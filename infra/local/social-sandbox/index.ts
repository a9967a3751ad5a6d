/**
 * The twin's "Red de pruebas" (issue 12 item 6): a local, honest sandbox of the eight social
 * networks on one node:http server, so a newcomer can connect every network offline. The adapters
 * reach it only through configuration: the twin writes `sandbox.apps()` (= `sandboxNetworkApps`)
 * into the local network apps secret, and nothing in lambdas/ knows it is not the real network.
 *
 * URLs, for each OAuth network N (facebook, instagram, x, linkedin, youtube, tiktok, pinterest):
 * - `GET  /N/oauth/authorize`  the consent page "Red de pruebas · <Network>" (Autorizar / Cancelar;
 *                              form POST to `/N/oauth/decision`), ./oauth.ts
 * - `/N/oauth/token`           code exchange, refresh, Meta's fb_exchange_token, ./oauth.ts
 * - `/N/oauth/revoke`          where the network has one (not Pinterest); Meta: DELETE with Bearer
 * - `/N/api/...`               the API base: the real API paths the adapters call, ./api.ts
 * and `/telegram/api/bot<token>/<method>` (./telegram.ts), `/avatars/<network>.svg` (every picture
 * URL of the sandbox accounts), `/` (what this is). The networks' shapes, lifetimes and errors are
 * in ./networks.ts; the fixed accounts in ./accounts.ts.
 *
 * Test hooks (JSON; not part of any network):
 * - `GET  /__sandbox/requests[?network=N]` → `{requests: SandboxRequestRecord[]}`, oldest first.
 * - `POST /__sandbox/revoke` `{network}` → `{network, revoked}`: revokes every consent of the
 *   network (the owner removed the app at the network); its tokens stop working at once.
 * - `POST /__sandbox/lifetime` `{network, seconds}` → `{network, seconds}`: access tokens issued
 *   from now on live `seconds` (0 = already expired; null = the network's own lifetime again).
 *   Memory only: a restart restores the real lifetimes.
 *
 * Every request under `/N/` is recorded (network, method, path without the `/N` prefix, query and
 * form/JSON fields with token, secret, code and state values masked as '***', status, time), newest 1000
 * kept: the next issues show a "published" feed from it. State (clients, codes, tokens, records)
 * persists under `stateDir` (./store.ts), so a twin restart keeps issued tokens valid.
 */
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isOAuthNetwork, isSocialNetwork, OAUTH_NETWORKS, SOCIAL_NETWORKS, type OAuthNetwork, type SocialNetwork } from '@director-ia/shared';
import { avatarSvg } from './accounts';
import { serveApi } from './api';
import type { SandboxContext } from './context';
import { BodyTooLarge, html, json, readRequest, send, svg, type SandboxRequest, type SandboxResponse } from './http';
import { NETWORK_SPECS } from './networks';
import { authorize, decide, revoke, token } from './oauth';
import { indexPage } from './pages';
import { maskFields, SandboxStore, type SandboxClient, type SandboxRequestRecord } from './store';
import { maskBotToken, serveTelegram } from './telegram';

export type { SandboxClient, SandboxRequestRecord } from './store';

export interface SocialSandboxOptions {
  /** 0 = pick a free one. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the sandbox keeps its state (created when missing). */
  stateDir: string;
  log?: (line: string) => void;
  /** Epoch ms now (tests move time forward to expire codes); default Date.now. */
  clock?: () => number;
}

/** One OAuth network's entry of the network apps secret (issue 12 brief, "Network app credentials"). */
export interface SandboxNetworkApp {
  clientId: string;
  clientSecret: string;
  sandbox: true;
  /** `revoke` is absent where the network has none (Pinterest). */
  urls: { authorize: string; token: string; revoke?: string; api: string };
}

/** The network apps secret's JSON pointing every network at the sandbox. */
export type SandboxNetworkApps = Record<OAuthNetwork, SandboxNetworkApp> & { telegram: { sandbox: true; urls: { api: string } } };

export interface SocialSandbox {
  /** The sandbox's origin, e.g. `http://127.0.0.1:5179`. */
  url: string;
  /** The network apps secret's JSON for this sandbox (`sandboxNetworkApps(url, clients)`). */
  apps(): SandboxNetworkApps;
  /** The recorded requests, oldest first, of one network or all. */
  requests(network?: SocialNetwork): SandboxRequestRecord[];
  stop(): Promise<void>;
}

/**
 * The network apps secret for a sandbox at `origin` whose OAuth clients are `clients` (ids are
 * `sandbox-<network>`; secrets are made once per state directory: `sandbox.apps()` has them).
 */
export function sandboxNetworkApps(origin: string, clients: Record<OAuthNetwork, SandboxClient>): SandboxNetworkApps {
  const base = origin.replace(/\/+$/, '');
  const entries = OAUTH_NETWORKS.map((network): [OAuthNetwork, SandboxNetworkApp] => {
    const { clientId, clientSecret } = clients[network];
    const urls: SandboxNetworkApp['urls'] = { authorize: `${base}/${network}/oauth/authorize`, token: `${base}/${network}/oauth/token`, api: `${base}/${network}/api` };
    if (NETWORK_SPECS[network].revoke) urls.revoke = `${base}/${network}/oauth/revoke`;
    return [network, { clientId, clientSecret, sandbox: true, urls }];
  });
  return { ...(Object.fromEntries(entries) as Record<OAuthNetwork, SandboxNetworkApp>), telegram: { sandbox: true, urls: { api: `${base}/telegram/api` } } };
}

const notFound = () => json(404, { error: 'not_found' });

/** `/__sandbox/...` (see the module header). */
function serveHook(ctx: SandboxContext, req: SandboxRequest, hook: string): SandboxResponse {
  if (hook === 'requests' && req.method === 'GET') {
    const network = req.query.get('network');
    if (network !== null && !isSocialNetwork(network)) return json(400, { error: `unknown network ${network}` });
    return json(200, { requests: ctx.store.requests(network ?? undefined) });
  }
  if ((hook === 'revoke' || hook === 'lifetime') && req.method === 'POST') {
    const network = typeof req.body?.network === 'string' ? req.body.network : '';
    if (!isOAuthNetwork(network)) return json(400, { error: 'network must be one of the OAuth networks' });
    if (hook === 'revoke') {
      const revoked = ctx.store.revokeNetwork(network);
      ctx.log(`social sandbox: every ${network} consent revoked (${revoked})`);
      return json(200, { network, revoked });
    }
    const seconds = req.body?.seconds;
    if (seconds === null) ctx.lifetimes.delete(network);
    else if (typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0) ctx.lifetimes.set(network, seconds);
    else return json(400, { error: 'seconds must be a whole number of seconds >= 0, or null' });
    return json(200, { network, seconds: ctx.lifetimes.get(network) ?? null });
  }
  return notFound();
}

/** Serves `/<network><rest>`. */
function serveNetwork(ctx: SandboxContext, network: SocialNetwork, req: SandboxRequest, rest: string): SandboxResponse {
  if (network === 'telegram') return rest.startsWith('/api/') ? serveTelegram(req, rest.slice('/api'.length)) : notFound();
  if (rest === '/api' || rest.startsWith('/api/')) return serveApi(ctx, network, req, rest.slice('/api'.length) || '/');
  const spec = NETWORK_SPECS[network];
  if (rest === '/oauth/authorize' && req.method === 'GET') return authorize(ctx, network, req);
  if (rest === '/oauth/decision' && req.method === 'POST') return decide(ctx, network, req);
  if (rest === '/oauth/token') return token(ctx, network, req);
  if (rest === '/oauth/revoke') return revoke(ctx, network, req) ?? spec.apiError('not_found', rest);
  return spec.apiError('not_found', rest);
}

function route(ctx: SandboxContext, req: SandboxRequest): { network: SocialNetwork | null; response: SandboxResponse } {
  const { path } = req;
  if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) return { network: null, response: html(200, indexPage(SOCIAL_NETWORKS)) };
  const avatar = /^\/avatars\/([a-z]+)\.svg$/.exec(path)?.[1];
  if (avatar !== undefined) return { network: null, response: isSocialNetwork(avatar) ? svg(avatarSvg(avatar)) : notFound() };
  if (path.startsWith('/__sandbox/')) return { network: null, response: serveHook(ctx, req, path.slice('/__sandbox/'.length)) };
  const slash = path.indexOf('/', 1);
  const first = slash < 0 ? path.slice(1) : path.slice(1, slash);
  if (!isSocialNetwork(first)) return { network: null, response: notFound() };
  return { network: first, response: serveNetwork(ctx, first, req, slash < 0 ? '' : path.slice(slash)) };
}

function recordOf(network: SocialNetwork, req: SandboxRequest, status: number, now: number): SandboxRequestRecord {
  const path = req.path.slice(network.length + 1);
  return {
    network,
    method: req.method,
    path: network === 'telegram' ? maskBotToken(path) : path,
    query: maskFields(Object.fromEntries(req.query)) as Record<string, string>,
    body: req.body === null ? null : maskFields(req.body),
    status,
    time: new Date(now).toISOString(),
  };
}

/** Starts the sandbox (see the module header). */
export async function startSocialSandbox(options: SocialSandboxOptions): Promise<SocialSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const store = new SandboxStore(options.stateDir, options.clock ?? Date.now);
  const ctx: SandboxContext = { store, origin: '', lifetimes: new Map(), log };

  const server: Server = http.createServer((req, res) => {
    readRequest(req)
      .then((request) => {
        const { network, response } = route(ctx, request);
        if (network) store.record(recordOf(network, request, response.status, store.now()));
        send(res, response, request.method === 'HEAD');
      })
      .catch((error: unknown) => {
        if (!(error instanceof BodyTooLarge)) log(`social sandbox: ${req.method} ${(req.url ?? '').split('?')[0]} failed: ${(error as Error).message}`);
        if (!res.headersSent) send(res, json(error instanceof BodyTooLarge ? 413 : 500, { error: error instanceof BodyTooLarge ? 'payload_too_large' : 'internal_error' }), false);
        else res.destroy();
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that misbehaves must not take the twin down.
  server.on('error', (error) => log(`social sandbox: ${error.message}`));
  const { port } = server.address() as AddressInfo;
  ctx.origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  return {
    url: ctx.origin,
    apps: () => sandboxNetworkApps(ctx.origin, store.clients()),
    requests: (network) => store.requests(network),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
