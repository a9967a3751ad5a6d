/** PKCE (RFC 7636) with the S256 method, the only one our networks are asked for. */
import { createHash, randomBytes } from 'node:crypto';
import type { Pkce } from './types';

/** Bytes of randomness in a verifier (43 base64url characters, RFC 7636 section 4.1's recommendation). */
const VERIFIER_BYTES = 32;

/** The S256 challenge of `verifier`: base64url(SHA-256(ASCII verifier)), no padding. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh pair: a verifier of 32 random bytes in base64url and its S256 challenge (`random` only for the RFC's test vector). */
export function createPkce(random: Uint8Array = randomBytes(VERIFIER_BYTES)): Pkce {
  const verifier = Buffer.from(random).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}
