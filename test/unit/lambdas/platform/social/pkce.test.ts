/** PKCE S256 (RFC 7636): the appendix B test vector, and fresh pairs of the right shape. */
import { describe, expect, it } from 'vitest';
import { createPkce, pkceChallenge } from '../../../../../lambdas/platform/social/pkce';

/** RFC 7636 appendix B: the 32 random octets, the verifier they make and its S256 challenge. */
const RFC_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE', () => {
  it('reproduces the RFC 7636 appendix B test vector', () => {
    expect(createPkce(new Uint8Array(RFC_OCTETS))).toEqual({ verifier: RFC_VERIFIER, challenge: RFC_CHALLENGE });
    expect(pkceChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it('makes a fresh 43-character base64url verifier each time, with its S256 challenge', () => {
    const a = createPkce();
    const b = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(pkceChallenge(a.verifier));
    expect(b.verifier).not.toBe(a.verifier);
  });
});
