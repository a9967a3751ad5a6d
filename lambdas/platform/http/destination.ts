/**
 * Where the outbound HTTP client may go (issue 12 item 5, SSRF): only to globally routable
 * unicast addresses, judged by `ipaddr.js`'s range table, unless the deployment allows an exact
 * origin. Loopback (127/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local and
 * the cloud metadata endpoints (169.254.169.254, fd00:ec2::254), carrier-grade NAT (100.64/10),
 * unspecified (0.0.0.0, ::) and the other reserved ranges are refused; an IPv4-mapped IPv6 address
 * is judged as the IPv4 address it carries.
 *
 * Two moments use it:
 * - save time (`checkUrl`): the URL's IP literal, or every address its host name resolves to
 *   (once, `dns.lookup` all), must be public, so an owner learns at once that a URL cannot work;
 * - call time (`guardedLookup`, used by the client's connector): the address the socket actually
 *   connects to is checked, so a name that resolves elsewhere later (DNS rebinding) is still refused.
 *
 * The deployment allowlist is env `OUTBOUND_ALLOWED_ORIGINS`: comma-separated exact `host:port`
 * origins (`127.0.0.1:11434`, `[::1]:8080`, `localhost:9000`), default empty. AWS sets none; the
 * twin sets it for its own sandbox and test stubs (README "Twin settings").
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Env variable naming the origins a deployment lets the client reach whatever their address. */
export const ALLOWED_ORIGINS_ENV = 'OUTBOUND_ALLOWED_ORIGINS';

/** Why `checkUrl` (or the connector) refused a destination. */
export type RefusalReason = 'invalid-url' | 'protocol' | 'address';

/** A destination the client will not reach; `message` names the host, never a path or query. */
export class DestinationRefusedError extends Error {
  override readonly name = 'DestinationRefusedError';

  constructor(
    readonly reason: RefusalReason,
    readonly host: string,
    message: string,
  ) {
    super(message);
  }
}

/** One resolved address, as `dns.lookup` with `all: true` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (injectable for tests). */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

/** Longest a save-time resolution may take before the URL is judged at call time only, in ms. */
const SAVE_TIME_LOOKUP_MS = 3_000;

/** True if `address` (an IPv4 or IPv6 literal, no brackets) is globally routable unicast; false for anything else, a non-address included. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  return parsed.range() === 'unicast';
}

/** `hostname` without IPv6 brackets, lower-cased: how hosts are compared and checked. */
function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** The `host:port` key of a destination (IPv6 in brackets, the scheme's default port made explicit). */
export function originKey(hostname: string, port: string | number | undefined, protocol: string): string {
  const host = bare(hostname);
  const shown = net.isIPv6(host) ? `[${host}]` : host;
  const explicit = port === undefined || port === '' ? (protocol === 'https:' ? '443' : '80') : String(port);
  return `${shown}:${explicit}`;
}

/** The deployment allowlist from `env` (see the module header); entries normalised like `originKey`. */
export function allowedOrigins(env: Record<string, string | undefined> = process.env): ReadonlySet<string> {
  const entries = (env[ALLOWED_ORIGINS_ENV] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf(':');
      return at > 0 ? originKey(entry.slice(0, at), entry.slice(at + 1), 'http:') : entry.toLowerCase();
    });
  return new Set(entries);
}

function refusedAddress(host: string, address: string): DestinationRefusedError {
  return new DestinationRefusedError('address', host, `destination refused: ${host} resolves to the non-public address ${address}`);
}

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** `lookup(hostname)`, or undefined when the name does not resolve within SAVE_TIME_LOOKUP_MS. */
async function resolveBriefly(lookup: LookupAll, hostname: string): Promise<ResolvedAddress[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SAVE_TIME_LOOKUP_MS);
  });
  try {
    return await Promise.race([lookup(hostname).catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Save-time check of `url` (see the module header): resolves when the URL may be stored, throws
 * DestinationRefusedError ('invalid-url', 'protocol' for anything but http/https, 'address' for
 * a non-public IP literal or a name resolving to one) otherwise. An origin in `allowed` passes
 * whatever its address. A name that does not resolve (yet) passes: it cannot reach anything
 * today, and the call-time check judges the address it resolves to when it is used.
 */
export async function checkUrl(url: string, allowed: ReadonlySet<string> = allowedOrigins(), lookup: LookupAll = systemLookup): Promise<void> {
  let parsed: URL;
  try {
    // WHATWG parsing also normalises IPv4 spellings: 0x7f.1, 2130706433 and 127.1 become 127.0.0.1.
    parsed = new URL(url);
  } catch {
    throw new DestinationRefusedError('invalid-url', '', 'invalid URL');
  }
  const host = bare(parsed.hostname);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new DestinationRefusedError('protocol', host, `unsupported protocol ${parsed.protocol}`);
  }
  if (allowed.has(originKey(host, parsed.port, parsed.protocol))) return;
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw refusedAddress(host, host);
    return;
  }
  const addresses = await resolveBriefly(lookup, host);
  const bad = addresses?.find((entry) => !isPublicAddress(entry.address));
  if (bad) throw refusedAddress(host, bad.address);
}

/**
 * The refusal of a connection to `hostname` (an IP literal or name, brackets allowed) if it is a
 * non-public IP literal; undefined otherwise. `net.connect` never calls `lookup` for an IP
 * literal, so the connector checks literals with this before connecting.
 */
export function refusalOfLiteral(hostname: string): DestinationRefusedError | undefined {
  const host = bare(hostname);
  return net.isIP(host) && !isPublicAddress(host) ? refusedAddress(host, host) : undefined;
}

/**
 * A `net.LookupFunction` for sockets: `dns.lookup` (all addresses) that fails with
 * DestinationRefusedError if any address is not public, so the address checked is the one
 * connected. Answers in the shape the caller asked for (`all` or a single address).
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const bad = addresses.find((entry) => !isPublicAddress(entry.address));
    if (bad) {
      callback(refusedAddress(bare(hostname), bad.address) as NodeJS.ErrnoException, '', 0);
      return;
    }
    const first = addresses[0];
    if (options.all) (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
  });
};
