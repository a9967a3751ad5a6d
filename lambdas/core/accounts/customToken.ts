/**
 * Custom-token sign-in (issue 17 item 3; spec 4 "sign-in with a custom token"): a host page that
 * embeds the app passes a JWT signed by a key the tenant's stack trusts, holding the user's e-mail;
 * Cognito's custom authentication flow exchanges it for the pool's own tokens. This module holds the
 * trust (read from the triggers' environment, shared/deployment.ts `CUSTOM_TOKEN_*`) and the check
 * the VerifyAuthChallengeResponse trigger makes: signature against the trusted key(s), audience,
 * issuer when configured, an expiry that has not passed (a token without `exp` is refused) and an
 * `email` claim equal (case-insensitively) to the e-mail of the user Cognito is authenticating.
 * A custom token never creates an account: Cognito only runs the flow for an existing user.
 */
import { verifyJwtSync } from 'aws-jwt-verify/jwt-verifier';
import type { Jwk, Jwks } from 'aws-jwt-verify/jwk';
import { CUSTOM_TOKEN_AUDIENCE_ENV, CUSTOM_TOKEN_ISSUER_ENV, CUSTOM_TOKEN_JWKS_ENV } from '@director-ia/shared';

/** What the stack trusts: the verification key(s), the expected audience and, optionally, issuer. */
export interface CustomTokenTrust {
  jwks: Jwks;
  audience: string;
  issuer?: string;
}

/** Why a custom token was refused: for the log line (never the token itself). */
export type CustomTokenRefusal = 'unconfigured' | 'malformed' | 'signature' | 'audience' | 'issuer' | 'expired' | 'noExpiry' | 'email';

export type CustomTokenCheck = { ok: true } | { ok: false; reason: CustomTokenRefusal; detail?: string };

/** Tolerated clock skew between the token's issuer and Lambda, seconds. */
const GRACE_SECONDS = 30;

/**
 * The trust configured in `env` (the triggers' environment), or undefined when the deployment did
 * not configure custom-token sign-in (no key or no audience) or the key is not a JWK / JWKS.
 */
export function customTokenTrust(env: Record<string, string | undefined>): CustomTokenTrust | undefined {
  const raw = env[CUSTOM_TOKEN_JWKS_ENV];
  const audience = env[CUSTOM_TOKEN_AUDIENCE_ENV];
  if (!raw || !audience) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const keys: Jwk[] = parsed && typeof parsed === 'object' && Array.isArray((parsed as Jwks).keys) ? [...(parsed as Jwks).keys] : [parsed as Jwk];
  if (keys.length === 0 || !keys.every((key) => key && typeof key === 'object' && typeof key.kty === 'string')) return undefined;
  const issuer = env[CUSTOM_TOKEN_ISSUER_ENV];
  return { jwks: { keys }, audience, ...(issuer ? { issuer } : {}) };
}

/** The error name aws-jwt-verify throws, mapped to what the log says. */
function refusalOf(error: unknown): CustomTokenRefusal {
  const name = error instanceof Error ? error.name : '';
  if (name === 'JwtExpiredError') return 'expired';
  if (name === 'JwtInvalidAudienceError') return 'audience';
  if (name === 'JwtInvalidIssuerError') return 'issuer';
  if (name === 'JwtParseError' || name === 'ParameterValidationError') return 'malformed';
  return 'signature';
}

/**
 * Checks `token` (a compact JWS) for the user whose Cognito e-mail is `email`, now. Never throws:
 * a refusal carries its reason.
 */
export function checkCustomToken(trust: CustomTokenTrust | undefined, token: string | undefined, email: string | undefined): CustomTokenCheck {
  if (!trust) return { ok: false, reason: 'unconfigured' };
  if (!token || token.split('.').length !== 3) return { ok: false, reason: 'malformed' };
  let payload: Record<string, unknown>;
  try {
    // One key: given as the JWK itself (its kid, if any, need not be in the token); several: by kid.
    const [only] = trust.jwks.keys;
    const keys = trust.jwks.keys.length === 1 && only ? only : trust.jwks;
    payload = verifyJwtSync(token, keys, { issuer: trust.issuer ?? null, audience: trust.audience, graceSeconds: GRACE_SECONDS }) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, reason: refusalOf(error), detail: error instanceof Error ? error.name : undefined };
  }
  // aws-jwt-verify checks `exp` when present; a token without one would never expire.
  if (typeof payload.exp !== 'number') return { ok: false, reason: 'noExpiry' };
  const claimed = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!claimed || claimed !== (email ?? '').trim().toLowerCase()) return { ok: false, reason: 'email' };
  return { ok: true };
}
