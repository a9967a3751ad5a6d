/**
 * `openSecret` and `sealSecret` of seal.ts with the process's default keyring, for Lambda code.
 * The AWS Encryption SDK (with asn1.js, bn.js and readable-stream, about 220 KB of a bundle) is
 * imported on the first call, not when the function loads: most invocations never meet a sealed
 * value (Bedrock or offline AI, no Gmail notice), and a cold start should not pay for it. Same
 * results and errors as seal.ts (SecretOpenError when a value does not open); a failed load is
 * retried on the next call. Tests and tools that need keyrings use ./index.ts.
 */
import { loadOnce } from '../ai/lazy';
import { withPurpose } from './purpose';
import type { SecretContext } from './seal';

export type { SecretContext } from './seal';

const loadSeal = loadOnce(() => import('./seal'));

/** Opens a sealed value for exactly `context` (see seal.ts `openSecret`); resolves with the plaintext. */
export async function openSecret(sealed: string, context: SecretContext): Promise<string> {
  return (await loadSeal()).openSecret(sealed, withPurpose(context));
}

/** Seals `plaintext` for `context` (see seal.ts `sealSecret`); resolves with base64 text to store. */
export async function sealSecret(plaintext: string, context: SecretContext): Promise<string> {
  return (await loadSeal()).sealSecret(plaintext, withPurpose(context));
}
