/**
 * The twin's trusted key for custom-token sign-in (issue 17 item 3): an RSA key pair generated on
 * first use (`custom-token-key.json`, owner-only), whose public JWK the twin's synth gives the stack
 * as `customTokenJwks` (audience `customTokenAudience` = TWIN_CUSTOM_TOKEN_AUDIENCE).
 * `signCustomToken` makes the token a host page would pass (tests; a developer runs
 * `npm run twin:custom-token -- <email>`, infra/local/sign-custom-token.ts).
 *
 * The key lives beside the twin's cached assemblies (one per checkout, infra/local/deployment/build.ts
 * `defaultCacheDir`), not in LOCAL_STATE_DIR: the public key is synth context, so a key per state
 * dir would re-synthesize the bundles (about half a minute) for every fresh state dir, i.e. every
 * test run. It is a local development key, trusted only by the twin's own stack.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultCacheDir } from './deployment/build';

/** The audience the twin's stack expects in custom tokens. */
export const TWIN_CUSTOM_TOKEN_AUDIENCE = 'director-ia-local';
/** The key id of the twin's trusted key (the token header's `kid`). */
const KEY_ID = 'twin-custom-token';
const KEY_FILE = 'custom-token-key.json';

export interface CustomTokenKey {
  kid: string;
  /** The public JWK (kty, n, e, alg, use, kid) the stack trusts, as JSON. */
  publicJwk: string;
  privateKey: KeyObject;
}

/** A new RSA-2048 key pair, not stored (tests forge tokens with one). */
export function generateCustomTokenKey(kid = KEY_ID): CustomTokenKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicJwk: JSON.stringify({ ...publicKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid }) };
}

function readKey(file: string): CustomTokenKey {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; privateJwk: Record<string, unknown> };
  const privateKey = createPrivateKey({ key: stored.privateJwk as never, format: 'jwk' });
  return { kid: stored.kid, privateKey, publicJwk: JSON.stringify({ ...createPublicKey(privateKey).export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: stored.kid }) };
}

/** The key pair kept in `dir` (default: this checkout's twin cache), created on first use. */
export function ensureCustomTokenKey(dir = defaultCacheDir()): CustomTokenKey {
  const file = path.join(dir, KEY_FILE);
  try {
    return readKey(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true });
  const key = generateCustomTokenKey();
  try {
    writeFileSync(file, JSON.stringify({ kid: key.kid, privateJwk: key.privateKey.export({ format: 'jwk' }) }), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another twin of this checkout wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKey(file);
    throw error;
  }
}

/** The twin's synth context for custom-token sign-in: the key's public JWK and the audience. */
export function twinCustomTokenContext(key: CustomTokenKey = ensureCustomTokenKey()): { customTokenJwks: string; customTokenAudience: string } {
  return { customTokenJwks: key.publicJwk, customTokenAudience: TWIN_CUSTOM_TOKEN_AUDIENCE };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A compact RS256 JWT signed with `key`: `email`, `aud` (default the twin's audience), `iat`, and
 * `exp` `ttlSeconds` from now (default 5 minutes); `claims` override or add any claim.
 */
export function signCustomToken(key: CustomTokenKey, email: string, options: { audience?: string; ttlSeconds?: number; claims?: Record<string, unknown> } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: key.kid };
  const payload = { email, aud: options.audience ?? TWIN_CUSTOM_TOKEN_AUDIENCE, iat: now, exp: now + (options.ttlSeconds ?? 300), ...options.claims };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(sign('RSA-SHA256', Buffer.from(input), key.privateKey))}`;
}
