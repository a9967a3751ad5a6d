/**
 * The client IP of the per-IP limits (lambdas/platform/callable/client-ip.ts): the viewer IP that
 * CloudFront's `/api/*` function puts in `x-viewer-ip`, trusted only with the origin-verify secret
 * CloudFront adds; API Gateway's `sourceIp` otherwise and without the secret configured (the twin).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { define, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV, VIEWER_IP_HEADER } from '@director-ia/shared';
import { clientIp } from '../../../../../lambdas/platform/callable/client-ip';
import { callableFactory } from '../../../../../lambdas/platform/callable/handler';
import type { CallableContext, CallableEvent } from '../../../../../lambdas/platform/callable/middleware';

const SECRET = 'k3yFromSecretsManager0123456789abcdefABCDEF012345';
const EDGE = '130.176.1.10';
const ENV = { [ORIGIN_VERIFY_SECRET_ENV]: SECRET };

/** An event as API Gateway delivers it; `sourceIp` null = none in the event. */
const eventWith = (headers: Record<string, string> | undefined, sourceIp: string | null = EDGE) => ({
  headers,
  requestContext: { http: sourceIp === null ? {} : { sourceIp } },
});

describe('clientIp', () => {
  it.each([
    ['IPv4', '198.51.100.23'],
    ['IPv6', '2001:db8:85a3::8a2e:370:7334'],
    ['IPv4-mapped IPv6', '::ffff:198.51.100.23'],
    ['IPv4 with surrounding spaces', ' 198.51.100.23 '],
  ])('trusts the viewer %s with the matching secret', (_case, viewer) => {
    expect(clientIp(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_IP_HEADER]: viewer }), ENV)).toBe(viewer.trim());
  });

  it.each([
    ['a wrong secret', { [ORIGIN_VERIFY_HEADER]: 'guess', [VIEWER_IP_HEADER]: '198.51.100.23' }],
    ['the secret with a suffix', { [ORIGIN_VERIFY_HEADER]: `${SECRET}x`, [VIEWER_IP_HEADER]: '198.51.100.23' }],
    ['an empty secret header', { [ORIGIN_VERIFY_HEADER]: '', [VIEWER_IP_HEADER]: '198.51.100.23' }],
    ['no secret header', { [VIEWER_IP_HEADER]: '198.51.100.23' }],
    ['no headers at all', undefined],
  ])('falls back to sourceIp with %s', (_case, headers) => {
    expect(clientIp(eventWith(headers), ENV)).toBe(EDGE);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['ip:port', '198.51.100.23:46532'],
    ['a list', '198.51.100.23, 203.0.113.7'],
    ['a host name', 'example.com'],
    ['bracketed IPv6', '[2001:db8::1]'],
    ['garbage', 'not-an-ip'],
  ])('falls back to sourceIp when x-viewer-ip is %s', (_case, viewer) => {
    const headers: Record<string, string> = { [ORIGIN_VERIFY_HEADER]: SECRET };
    if (viewer !== undefined) headers[VIEWER_IP_HEADER] = viewer;
    expect(clientIp(eventWith(headers), ENV)).toBe(EDGE);
  });

  it.each([
    ['no variable (the twin)', {}],
    ['an empty variable', { [ORIGIN_VERIFY_SECRET_ENV]: '' }],
  ])('uses sourceIp with %s, even with both headers', (_case, env) => {
    expect(clientIp(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_IP_HEADER]: '198.51.100.23' }), env)).toBe(EDGE);
  });

  it('is null with neither a trusted viewer IP nor a sourceIp', () => {
    expect(clientIp(eventWith({ [VIEWER_IP_HEADER]: '198.51.100.23' }, null), ENV)).toBeNull();
    expect(clientIp(eventWith(undefined, ''), {})).toBeNull();
  });
});

const createCallable = callableFactory({ account: async () => ({ status: 'active' }) });

describe('createCallable hands the client IP to the domain', () => {
  const echo = define({ name: 'eco', access: 'public', input: z.nullish(z.strictObject({})), output: z.object({ ip: z.nullable(z.string()) }) });
  const handler = createCallable(echo, async ({ sourceIp }) => ({ ip: sourceIp }));
  const context = { awsRequestId: 'req-1', functionName: 'eco', getRemainingTimeInMillis: () => 1000 } as unknown as CallableContext;

  async function ipSeen(headers: Record<string, string>): Promise<unknown> {
    const event = { body: '{"data":null}', isBase64Encoded: false, headers, requestContext: { http: { method: 'POST', sourceIp: EDGE } } } as unknown as CallableEvent;
    const response = (await handler(event, context)) as { body: string };
    return (JSON.parse(response.body) as { result: { ip: unknown } }).result.ip;
  }

  it('the viewer IP with the configured secret, the edge IP without it', async () => {
    const previous = process.env[ORIGIN_VERIFY_SECRET_ENV];
    process.env[ORIGIN_VERIFY_SECRET_ENV] = SECRET;
    try {
      expect(await ipSeen({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_IP_HEADER]: '2001:db8::7' })).toBe('2001:db8::7');
      expect(await ipSeen({ [ORIGIN_VERIFY_HEADER]: 'forged', [VIEWER_IP_HEADER]: '2001:db8::7' })).toBe(EDGE);
    } finally {
      if (previous === undefined) delete process.env[ORIGIN_VERIFY_SECRET_ENV];
      else process.env[ORIGIN_VERIFY_SECRET_ENV] = previous;
    }
    expect(await ipSeen({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_IP_HEADER]: '2001:db8::7' })).toBe(EDGE);
  });
});
