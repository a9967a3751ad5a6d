/**
 * The caller's identity from the claims the HTTP API JWT authorizer verified (or the twin's
 * router, which builds the same shape). Never from the body, path or query.
 *
 * The authorizer checks signature, issuer, expiry and audience, and the routes require the
 * access-token scope; an ID token of the web client would still satisfy the audience rule (its
 * `aud` is the client id), so this also insists on what only our access tokens carry:
 * `token_use` = access and `client_id` = the app client the stack sets in USER_POOL_CLIENT_ID
 * (issue 10 item 4). Without that variable no caller is identified (fail closed).
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { ADMINS_GROUP, USER_POOL_CLIENT_ID_ENV } from '@director-ia/shared';

export interface Identity {
  sub: string;
  groups: string[];
  isAdmin: boolean;
  /** The token's `iat`, epoch seconds (issue 17: tokens issued before a suspension are refused); absent if the claims carry none. */
  issuedAt?: number;
}

type Claims = Record<string, string | number | boolean | string[]>;

/**
 * Reads `sub`, `cognito:groups` and `iat` from `requestContext.authorizer.jwt.claims`; null when the
 * request carries no verified claims, or claims of anything but an access token of our client. HTTP API renders array claims as a string like
 * "[admins editors]", so both that and a real array are accepted.
 */
export function identityFromEvent(event: Partial<APIGatewayProxyEventV2WithJWTAuthorizer>, env: Record<string, string | undefined> = process.env): Identity | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims as Claims | undefined;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const clientId = env[USER_POOL_CLIENT_ID_ENV];
  if (claims?.token_use !== 'access' || !clientId || claims.client_id !== clientId) return null;
  const groups = parseGroups(claims?.['cognito:groups']);
  const iat = Number(claims.iat);
  return { sub, groups, isAdmin: groups.includes(ADMINS_GROUP), ...(Number.isFinite(iat) && claims.iat !== '' ? { issuedAt: iat } : {}) };
}

export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  const trimmed = raw.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    const inner = trimmed.slice(1, -1).trim();
    if (inner.startsWith('"')) {
      try {
        return (JSON.parse(trimmed) as unknown[]).map(String);
      } catch {
        // fall through to the space/comma-separated form
      }
    }
    return inner.split(/[\s,]+/).filter(Boolean);
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}
