/**
 * The caller's IP for per-IP abuse limits (the widget's, lambdas/core/widget/limits.ts).
 *
 * In AWS the browser reaches `/api/*` through CloudFront, so API Gateway's
 * `requestContext.http.sourceIp` is a CloudFront edge address. A CloudFront Function on that
 * behavior (infra/constructs/web.ts) overwrites `x-viewer-ip` with the viewer's address, and the
 * API origin adds `x-origin-verify` with a secret generated at deploy; the functions that need the
 * client IP get that secret as ORIGIN_VERIFY_SECRET (infra/functions.ts, CLIENT_IP_CALLABLES).
 * `x-viewer-ip` is trusted only when `x-origin-verify` matches the secret (constant-time compare):
 * anyone can send both headers to the execute-api endpoint directly, but not with the secret.
 * Otherwise, and whenever the variable is unset (the local twin), the IP is `sourceIp` as API
 * Gateway (or the twin's socket) saw it. Neither the secret nor the header values are ever logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV, VIEWER_IP_HEADER } from '@director-ia/shared';

/** What the resolution reads of an API Gateway HTTP API (v2) event; header names are lower case. */
export interface ClientIpEvent {
  headers?: Record<string, string | undefined> | null;
  requestContext?: { http?: { sourceIp?: string } };
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time equality (both sides hashed to the same length first). */
function sameSecret(received: string, expected: string): boolean {
  return timingSafeEqual(digest(received), digest(expected));
}

/**
 * The client IP of `event` (see the module header): the `x-viewer-ip` address when the request
 * carries the configured origin secret and the header is one well-formed IP, else `sourceIp`;
 * null when there is neither.
 */
export function clientIp(event: ClientIpEvent, env: Record<string, string | undefined> = process.env): string | null {
  const sourceIp = event.requestContext?.http?.sourceIp || null;
  const secret = env[ORIGIN_VERIFY_SECRET_ENV];
  const headers = event.headers ?? {};
  const verify = headers[ORIGIN_VERIFY_HEADER];
  if (!secret || !verify || !sameSecret(verify, secret)) return sourceIp;
  const viewerIp = headers[VIEWER_IP_HEADER]?.trim();
  return viewerIp && isIP(viewerIp) !== 0 ? viewerIp : sourceIp;
}
