/**
 * The caller's identity from the claims the HTTP API JWT authorizer verified (or the twin's
 * router, which builds the same shape). Never from the body, path or query.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { ADMINS_GROUP } from '../../../shared';

export interface Identity {
  sub: string;
  groups: string[];
  isAdmin: boolean;
}

type Claims = Record<string, string | number | boolean | string[]>;

/**
 * Reads `sub` and `cognito:groups` from `requestContext.authorizer.jwt.claims`; null when the
 * request carries no verified claims. HTTP API renders array claims as a string like
 * "[admins editors]", so both that and a real array are accepted.
 */
export function identityFromEvent(event: Partial<APIGatewayProxyEventV2WithJWTAuthorizer>): Identity | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims as Claims | undefined;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const groups = parseGroups(claims?.['cognito:groups']);
  return { sub, groups, isAdmin: groups.includes(ADMINS_GROUP) };
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
