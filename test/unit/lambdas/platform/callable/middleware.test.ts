/**
 * The callable protocol middlewares in isolation (no database): envelope, access, validation,
 * and error mapping. Property tests check that no body, however malformed, yields a 5xx.
 */
import middy from '@middy/core';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CallableError, MSG, type Access } from '@director-ia/shared';
import { callableAccess, callableEnvelope, callableErrors, callableValidation, jsonResponse, type AccountState, type CallableContext, type CallableEvent } from '../../../../../lambdas/platform/callable/middleware';
import { logger } from '../../../../../lambdas/platform/logger';

function build(access: Access, impl: (data: unknown) => unknown = (data) => ({ echo: data }), active: boolean | AccountState = true) {
  const state: AccountState = typeof active === 'boolean' ? { status: active ? 'active' : 'pending' } : active;
  return middy<CallableEvent, unknown, Error, CallableContext>()
    .use(callableErrors())
    .use(callableEnvelope({ maxBodyBytes: 1024 }))
    .use(callableAccess({ access, account: async () => state }))
    .use(callableValidation(z.object({ n: z.number().int() }).strict().nullish()))
    .handler(async (_event, context) => jsonResponse(200, { result: await impl(context.data) }));
}

function event(body: string | undefined, claims?: Record<string, string>, method = 'POST'): CallableEvent {
  return { body, isBase64Encoded: false, requestContext: { http: { method }, ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}) } } as unknown as CallableEvent;
}

const context = { awsRequestId: 'req-1', functionName: 'test' } as CallableContext;
const CLIENT = 'web-client-id';
const token = { token_use: 'access', client_id: CLIENT, scope: 'aws.cognito.signin.user.admin' };
const owner = { sub: 'u1', ...token };
const admin = { sub: 'a1', 'cognito:groups': '[admins]', ...token };
/** An ID token of the web client: what API Gateway's audience rule alone would let through. */
const idToken = { sub: 'a1', 'cognito:groups': '[admins]', token_use: 'id', aud: CLIENT };

beforeEach(() => {
  vi.stubEnv('USER_POOL_CLIENT_ID', CLIENT);
  return () => vi.unstubAllEnvs();
});

async function invoke(handler: ReturnType<typeof build>, e: CallableEvent) {
  const response = (await handler(e, context)) as { statusCode: number; body: string };
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

describe('callable middlewares', () => {
  it('returns {result} for a valid call', async () => {
    await expect(invoke(build('active'), event('{"data":{"n":3}}', owner))).resolves.toEqual({ status: 200, body: { result: { echo: { n: 3 } } } });
  });

  it('accepts base64-encoded bodies as API Gateway may send them', async () => {
    const e = { ...event(Buffer.from('{"data":null}').toString('base64'), owner), isBase64Encoded: true };
    expect((await invoke(build('signedIn'), e)).status).toBe(200);
  });

  it.each([
    ['public', undefined, true, 200],
    ['signedIn', undefined, true, 401],
    ['signedIn', owner, false, 200],
    ['active', undefined, true, 401],
    ['active', owner, false, 403],
    ['active', owner, true, 200],
    ['admin', owner, true, 403],
    ['admin', admin, true, 200],
    ['signedIn', idToken, true, 401],
    ['admin', idToken, true, 401],
  ] as const)('%s function, claims %j, active=%s → %i', async (access, claims, active, expected) => {
    expect((await invoke(build(access, undefined, active), event('{"data":null}', claims))).status).toBe(expected);
  });

  describe('suspended, rejected and revoked accounts (issue 17 item 1)', () => {
    const issuedAt = 1_800_000_000;
    const ownerAt = (iat: number) => ({ ...owner, iat: String(iat) });

    it.each([
      ['suspended', MSG.accountSuspended],
      ['rejected', MSG.accountRejected],
      ['active', MSG.sessionRevoked],
    ] as const)('a token issued before tokensValidAfter of a %s account is 401 with its reason, on every non-public level', async (status, message) => {
      for (const access of ['signedIn', 'active', 'admin'] as const) {
        const claims = access === 'admin' ? { ...admin, iat: String(issuedAt) } : ownerAt(issuedAt);
        const { status: code, body } = await invoke(build(access, undefined, { status, tokensValidAfter: issuedAt + 10 }), event('{"data":null}', claims));
        expect(code).toBe(401);
        expect(body.error).toEqual({ status: 'UNAUTHENTICATED', message });
      }
    });

    it('a token issued in the same second as tokensValidAfter is refused too; a later one passes', async () => {
      expect((await invoke(build('signedIn', undefined, { status: 'suspended', tokensValidAfter: issuedAt }), event('{"data":null}', ownerAt(issuedAt)))).status).toBe(401);
      expect((await invoke(build('signedIn', undefined, { status: 'suspended', tokensValidAfter: issuedAt }), event('{"data":null}', ownerAt(issuedAt + 1)))).status).toBe(200);
    });

    it('a token without iat counts as issued at 0', async () => {
      expect((await invoke(build('signedIn', undefined, { status: 'active', tokensValidAfter: 1 }), event('{"data":null}', owner))).status).toBe(401);
    });

    it.each([
      ['suspended', MSG.accountSuspended],
      ['rejected', MSG.accountRejected],
    ] as const)('a fresh token of a %s account may read its profile (signedIn) but not use owner features', async (status, message) => {
      const state = { status, tokensValidAfter: issuedAt };
      expect((await invoke(build('signedIn', undefined, state), event('{"data":null}', ownerAt(issuedAt + 5)))).status).toBe(200);
      const { status: code, body } = await invoke(build('active', undefined, state), event('{"data":null}', ownerAt(issuedAt + 5)));
      expect(code).toBe(403);
      expect(body.error).toEqual({ status: 'PERMISSION_DENIED', message });
    });
  });

  it('names the failing field in Spanish', async () => {
    const { status, body } = await invoke(build('public'), event('{"data":{"n":"tres"}}'));
    expect(status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/^Los datos enviados no son válidos\. .*se esperaba número.*\(campo "n"\)$/);
  });

  it('refuses a body over the limit with the limit in the message', async () => {
    const { status, body } = await invoke(build('public'), event(JSON.stringify({ data: null, pad: 'x'.repeat(2000) })));
    expect(status).toBe(400);
    expect(body.error.message).toBe(MSG.bodyTooLarge(1));
  });

  it('exposes CallableError messages from the domain', async () => {
    const handler = build('public', () => {
      throw new CallableError('ABORTED', 'Conflicto.');
    });
    await expect(invoke(handler, event('{"data":null}'))).resolves.toEqual({ status: 409, body: { error: { status: 'ABORTED', message: 'Conflicto.' } } });
  });

  it('replaces unexpected failures by a generic 500 and logs them with the request id', async () => {
    const spy = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = build('public', () => {
      throw new Error('secret internals: table xyz');
    });
    const { status, body } = await invoke(handler, event('{"data":null}'));
    expect(status).toBe(500);
    expect(body).toEqual({ error: { status: 'INTERNAL', message: MSG.internal } });
    expect(JSON.stringify(body)).not.toContain('internals');
    expect(spy).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ requestId: 'req-1' }));
    spy.mockRestore();
  });

  it('rejects a maxBodyBytes option that is not a positive integer', () => {
    expect(() => callableEnvelope({ maxBodyBytes: 0 })).toThrow(TypeError);
    expect(() => callableEnvelope({ maxBodyBytes: 1.5 })).toThrow(TypeError);
  });

  it('never answers 5xx to any body or method', async () => {
    const handler = build('public');
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json(), fc.constant(undefined)), fc.constantFrom('POST', 'GET', 'PUT'), async (body, method) => {
        const { status } = await invoke(handler, event(body, undefined, method));
        expect([200, 400]).toContain(status);
      }),
      { numRuns: 300 },
    );
  });
});
