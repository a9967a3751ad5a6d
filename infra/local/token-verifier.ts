/**
 * Verifies tokens issued by cognito-local exactly as the HTTP API JWT authorizer does in AWS:
 * signature against the pool's JWKS, issuer, expiry, and the audience rule (`aud` must be one of
 * the authorizer's audience entries; only when a token has no `aud`, `client_id` must be). Like
 * API Gateway it does not look at `token_use`: an ID token of the web client passes this check,
 * which is why the routes require the access-token scope (router.ts) and the functions check
 * `token_use` themselves (lambdas/platform/callable/identity.ts).
 * (`CognitoJwtVerifier` rejects local pool ids and https-only JWKS, hence the RSA verifier.)
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface AccessTokenVerifier {
  verify(token: string): Promise<JwtPayload>;
}

/** Verified tokens kept (by token string) until they expire, so a token is checked once. */
const CACHE_LIMIT = 1000;

/**
 * Fetches the pool's JWKS once and returns a verifier bound to issuer and audience. Verified
 * tokens are cached until their `exp`, as an authorizer with caching would: the signature check
 * is most of the router's own CPU time under load.
 */
export async function createAccessTokenVerifier(cognitoUrl: string, userPoolId: string, audience: readonly string[]): Promise<AccessTokenVerifier> {
  const issuer = `${cognitoUrl}/${userPoolId}`;
  const response = await fetch(`${issuer}/.well-known/jwks.json`);
  if (!response.ok) throw new Error(`JWKS fetch failed with HTTP ${response.status}`);
  const jwks = await response.json();
  const verifier = JwtRsaVerifier.create({
    issuer,
    audience: null,
    customJwtCheck: ({ payload }) => {
      const claimed = payload.aud ?? payload.client_id;
      const values = Array.isArray(claimed) ? claimed : [claimed];
      if (!values.some((value) => typeof value === 'string' && audience.includes(value))) throw new Error('the token does not have a valid audience');
    },
  });
  verifier.cacheJwks(jwks);
  const verified = new Map<string, JwtPayload>();
  return {
    verify: async (token) => {
      const hit = verified.get(token);
      if (hit && typeof hit.exp === 'number' && hit.exp * 1000 > Date.now()) return hit;
      verified.delete(token);
      const payload = await verifier.verify(token);
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(token, payload);
      return payload;
    },
  };
}
