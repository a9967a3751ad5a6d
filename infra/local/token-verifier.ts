/**
 * Verifies Cognito access tokens issued by cognito-local, like the HTTP API JWT authorizer does in
 * AWS: signature against the pool's JWKS, issuer, expiry, `token_use` = access, `client_id`.
 * (`CognitoJwtVerifier` rejects local pool ids and https-only JWKS, hence the RSA verifier.)
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface AccessTokenVerifier {
  verify(token: string): Promise<JwtPayload>;
}

/** Fetches the pool's JWKS once and returns a verifier bound to issuer and client id. */
export async function createAccessTokenVerifier(cognitoUrl: string, userPoolId: string, clientId: string): Promise<AccessTokenVerifier> {
  const issuer = `${cognitoUrl}/${userPoolId}`;
  const response = await fetch(`${issuer}/.well-known/jwks.json`);
  if (!response.ok) throw new Error(`JWKS fetch failed with HTTP ${response.status}`);
  const jwks = await response.json();
  const verifier = JwtRsaVerifier.create({
    issuer,
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== clientId) throw new Error('token of another client');
    },
  });
  verifier.cacheJwks(jwks);
  return { verify: (token) => verifier.verify(token) };
}
