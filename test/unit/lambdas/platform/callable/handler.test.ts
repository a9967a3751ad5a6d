/**
 * `callableFactory(deps)(def, impl)`: the handler hands the domain the caller's IP as API Gateway
 * saw it (`requestContext.http.sourceIp`; issue 6 item 1, the widget's per-IP limits), or null;
 * the `active` check is the account check the function layer passes in (issue 11 item 2); and what
 * the domain throws reaches the wire through the one mapping (errors.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { define, MSG, TALLER_MSG } from '@director-ia/shared';
import { AiRetryableError, AI_MSG } from '../../../../../lambdas/platform/ai/errors';
import { callableFactory } from '../../../../../lambdas/platform/callable/handler';
import type { CallableContext, CallableEvent } from '../../../../../lambdas/platform/callable/middleware';
import { QuotaExceededError } from '../../../../../lambdas/platform/errors';

const echo = define({ name: 'eco', access: 'public', input: z.nullish(z.strictObject({})), output: z.object({ ip: z.nullable(z.string()) }) });
const context = { awsRequestId: 'req-1', functionName: 'eco', getRemainingTimeInMillis: () => 1000 } as unknown as CallableContext;
const CLIENT = 'web-client-id';
const owner = { sub: 'u1', token_use: 'access', client_id: CLIENT, scope: 'aws.cognito.signin.user.admin' };

function event(http: Record<string, unknown> = {}, claims?: Record<string, string>): CallableEvent {
  return {
    body: '{"data":null}',
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', ...http }, ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}) },
  } as unknown as CallableEvent;
}

async function call(handler: (e: CallableEvent, c: CallableContext) => Promise<unknown>, e: CallableEvent) {
  const response = (await handler(e, context)) as { statusCode: number; body: string };
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

beforeEach(() => {
  vi.stubEnv('USER_POOL_CLIENT_ID', CLIENT);
  return () => vi.unstubAllEnvs();
});

describe('sourceIp', () => {
  const handler = callableFactory({ account: async () => ({ status: 'active' }) })(echo, async ({ sourceIp }) => ({ ip: sourceIp }));
  const ipSeen = async (http: Record<string, unknown>) => ((await call(handler, event(http))).body.result as { ip: unknown }).ip;

  it('is requestContext.http.sourceIp, or null without one', async () => {
    expect(await ipSeen({ sourceIp: '203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipSeen({ sourceIp: '' })).toBeNull();
    expect(await ipSeen({})).toBeNull();
  });
});

describe('the access check of `active` callables', () => {
  const active = define({ name: 'activo', access: 'active', input: z.nullish(z.strictObject({})), output: z.object({ ok: z.boolean() }) });

  it.each([
    ['active', 200, { result: { ok: true } }],
    ['pending', 403, { error: { status: 'PERMISSION_DENIED', message: MSG.pendingAccount } }],
    ['suspended', 403, { error: { status: 'PERMISSION_DENIED', message: MSG.accountSuspended } }],
  ] as const)('asks the account check it was given (status: %s → %i)', async (accountStatus, status, body) => {
    const asked = vi.fn(async () => ({ status: accountStatus }));
    const handler = callableFactory({ account: asked })(active, async () => ({ ok: true }));
    expect(await call(handler, event({}, owner))).toEqual({ status, body });
    expect(asked).toHaveBeenCalledWith({ sub: 'u1', groups: [], isAdmin: false });
  });
});

describe('failures thrown by the domain', () => {
  it.each([
    ['a domain error', new QuotaExceededError(TALLER_MSG.quotaExceeded(5)), 429, 'RESOURCE_EXHAUSTED', TALLER_MSG.quotaExceeded(5)],
    ['an AI error', new AiRetryableError('bedrock'), 503, 'UNAVAILABLE', AI_MSG.retryable],
    ['anything else', new Error('boom'), 500, 'INTERNAL', MSG.internal],
  ])('%s reaches the wire through the mapping', async (_label, error, status, code, message) => {
    const handler = callableFactory({ account: async () => ({ status: 'active' }) })(echo, async () => {
      throw error;
    });
    expect(await call(handler, event())).toEqual({ status, body: { error: { status: code, message } } });
  });
});
