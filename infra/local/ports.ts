/** Port helpers for the twin: use the derived port when free, else let the OS pick one. */
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Resolves true if nothing listens on `port` at 127.0.0.1. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Linux's ephemeral port range (`/proc/sys/net/ipv4/ip_local_port_range`), from which the OS
 * picks the local port of every outgoing connection and of every `listen(0)`; [32768, 60999]
 * where it cannot be read.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high && low <= high) return [low, high];
  } catch {
    // Not Linux: the IANA dynamic range is a fine guess.
  }
  return [32768, 60999];
}

/** The band free ports are drawn from: below the ephemeral range, above the well-known services. */
const BAND_LOW = 20_000;

/**
 * A free port on 127.0.0.1, drawn at random *below* the OS's ephemeral range (the OS's own pick
 * when that band is full).
 *
 * Why not the OS's pick: the twin derives PORT+1…6 from its web port and listens on them seconds
 * later, while the other test process opens hundreds of outgoing connections whose local ports
 * the OS draws from the ephemeral range; a derived port there was taken by such a connection now
 * and then (EADDRINUSE in CI). No outgoing connection ever gets a port below that range.
 */
export async function freePort(): Promise<number> {
  const high = Math.min(ephemeralRange()[0], 65_536) - 8; // room for PORT+1…6
  for (let attempt = 0; high > BAND_LOW && attempt < 64; attempt++) {
    const port = BAND_LOW + Math.floor(Math.random() * (high - BAND_LOW));
    if (await isPortFree(port)) return port;
  }
  return osPort();
}

/** A free port chosen by the OS (from the ephemeral range). */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `preferred` if it is free (and valid), otherwise any free port. */
export async function portNear(preferred: number): Promise<number> {
  if (preferred > 0 && preferred < 65536 && (await isPortFree(preferred))) return preferred;
  return freePort();
}

/** Polls `check` until it resolves truthy or `timeoutMs` passes; throws with `what` on timeout. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

/** The ports of the twin's parts: the web origin, and PORT+1… for the others. */
export interface TwinPorts {
  web: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  /** The AWS gateway every function's SDK calls go through (IAM checked there). */
  aws: number;
  /** The local mail catcher, when the twin runs one. */
  smtp?: number;
  /** The social networks' sandbox, the "Red de pruebas" (./social-sandbox). */
  sandbox: number;
}

/**
 * The parts' ports for web origin `web`: each part takes PORT+n, or a free port when that is
 * taken. A part that had to take another port keeps it on the next start with the same `web`
 * (`previous` = the last start's ports, persisted in the state dir), so the twin's addresses stay
 * stable across restarts.
 */
export async function twinPorts(web: number, previous: Partial<TwinPorts> | undefined, withMail: boolean): Promise<TwinPorts> {
  const last = previous?.web === web ? previous : undefined;
  const part = (offset: number, before: number | undefined) => portNear(before ?? web + offset);
  return {
    web,
    dynamodb: await part(1, last?.dynamodb),
    cognito: await part(2, last?.cognito),
    s3: await part(3, last?.s3),
    aws: await part(5, last?.aws),
    sandbox: await part(6, last?.sandbox),
    ...(withMail ? { smtp: await part(4, last?.smtp) } : {}),
  };
}
