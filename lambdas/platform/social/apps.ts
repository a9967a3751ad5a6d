/**
 * The installation's network apps (issue 12 item 4): one Secrets Manager secret per tenant stack,
 * named by env SOCIAL_APPS_SECRET (its ARN), read through platform/secrets (Powertools, cached 5
 * minutes). Its JSON has one optional entry per network:
 * `{"facebook": {"clientId", "clientSecret", "sandbox"?, "audited"?, "urls"?: {"authorize"?, "token"?, "revoke"?, "api"?, "upload"?}}, ...}`.
 * `urls` and `sandbox` (default false) override ./networks.ts's defaults; `audited` (default false,
 * issue 13) says the network approved the app for public posting (TikTok's audit, Google's
 * verification): until then TikTok and YouTube posts go out private; a network is available
 * when its entry has a client id and secret; Instagram without an entry of its own uses the
 * `facebook` one (the same Meta app); Telegram needs no app and is always present (its entry may
 * only point its API elsewhere). No env, an unreadable secret or one that is not a JSON object:
 * no OAuth network. A malformed entry (wrong types, a URL that is not http(s)) is ignored. Each of
 * these is logged with the network and field names only, never a value.
 */
import { OAUTH_NETWORKS, SOCIAL_APPS_SECRET_ENV, type OAuthNetwork } from '@director-ia/shared';
import * as z from 'zod/mini';
import { logger } from '../logger';
import { getSecretJson } from '../secrets/managed';
import { isHttpUrl } from './call';
import { defaultUrls } from './networks';
import type { NetworkApp, NetworkApps, NetworkUrls } from './types';

export { SOCIAL_APPS_SECRET_ENV };

const HttpUrl = z.string().check(z.refine(isHttpUrl, 'not an http(s) URL'));

const EntrySchema = z.object({
  clientId: z.optional(z.string()),
  clientSecret: z.optional(z.string()),
  sandbox: z.optional(z.boolean()),
  audited: z.optional(z.boolean()),
  urls: z.optional(
    z.object({ authorize: z.optional(HttpUrl), token: z.optional(HttpUrl), revoke: z.optional(z.nullable(HttpUrl)), api: z.optional(HttpUrl), upload: z.optional(HttpUrl) }),
  ),
});
type Entry = z.infer<typeof EntrySchema>;

/** `raw` as an entry, or undefined (logged with the offending field names) when malformed. */
function entryOf(network: string, raw: unknown): Entry | undefined {
  if (raw === undefined) return undefined;
  const parsed = z.safeParse(EntrySchema, raw);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(entry)');
  logger.warn('social apps: malformed entry ignored', { network, fields });
  return undefined;
}

function appOf(network: NetworkApp['network'], entry: Entry | undefined): NetworkApp {
  const urls: NetworkUrls = { ...defaultUrls(network === 'telegram' ? 'telegram' : network), ...entry?.urls };
  return { network, clientId: entry?.clientId?.trim() ?? '', clientSecret: entry?.clientSecret?.trim() ?? '', urls, sandbox: entry?.sandbox ?? false, ...(entry?.audited ? { audited: true } : {}) };
}

/** Telegram with its defaults, or pointed elsewhere by `entry`. */
const telegramApp = (entry?: Entry): NetworkApp => ({ ...appOf('telegram', entry), clientId: '', clientSecret: '' });

/**
 * The network apps a secret's parsed JSON `value` configures (see the module header); pure, so the
 * twin's sandbox configuration can be checked against it.
 */
export function networkAppsFromJson(value: unknown): NetworkApps {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    logger.warn('social apps: the secret is not a JSON object; no OAuth network is available');
    return { telegram: telegramApp() };
  }
  const raw = value as Record<string, unknown>;
  const entries = new Map<OAuthNetwork, Entry>();
  for (const network of OAUTH_NETWORKS) {
    const entry = entryOf(network, raw[network]);
    if (entry) entries.set(network, entry);
  }
  const facebook = entries.get('facebook');
  if (!entries.has('instagram') && facebook) entries.set('instagram', facebook);
  const apps: NetworkApps = {};
  for (const [network, entry] of entries) {
    const app = appOf(network, entry);
    if (app.clientId && app.clientSecret) apps[network] = app;
  }
  apps.telegram = telegramApp(entryOf('telegram', raw.telegram));
  return apps;
}

/**
 * This installation's network apps (see the module header): the OAuth networks it can connect and
 * Telegram. Never rejects: whatever goes wrong leaves the OAuth networks unavailable, logged
 * without the secret's contents.
 */
export async function loadNetworkApps(env: Record<string, string | undefined> = process.env): Promise<NetworkApps> {
  const name = env[SOCIAL_APPS_SECRET_ENV]?.trim();
  if (!name) {
    logger.info(`social apps: ${SOCIAL_APPS_SECRET_ENV} is not set; no OAuth network is available`);
    return { telegram: telegramApp() };
  }
  let value: unknown;
  try {
    value = await getSecretJson(name);
  } catch (error) {
    logger.warn('social apps: the secret could not be read; no OAuth network is available', { error: (error as { name?: string }).name ?? 'Error' });
    return { telegram: telegramApp() };
  }
  return networkAppsFromJson(value);
}
