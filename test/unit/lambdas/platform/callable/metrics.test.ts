/**
 * The callable's metrics middleware (issue 16 observability) through `callableFactory`: every
 * request counted and timed, error responses counted by wire status, refusals of the protocol
 * middlewares included.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { define, METRIC_NAMES } from '@director-ia/shared';
import type { CallableContext, CallableEvent } from '../../../../../lambdas/platform/callable/middleware';
import { captureEmf, withMetric } from '../../../../support/emf';

// Before the metrics module loads: the unit project turns metrics off (vitest.config.ts).
vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
vi.resetModules();
const { callableFactory } = await import('../../../../../lambdas/platform/callable/handler');
// The same module instance the handler maps errors with.
const { AiRetryableError } = await import('../../../../../lambdas/platform/ai/errors');
afterAll(() => vi.unstubAllEnvs());

const def = define({ name: 'medir', access: 'public', input: z.nullish(z.strictObject({ n: z.optional(z.number()) })), output: z.object({ ok: z.boolean() }) });
const context = { awsRequestId: 'req-1', functionName: 'fn', getRemainingTimeInMillis: () => 1000 } as unknown as CallableContext;
const event = (body: string): CallableEvent => ({ body, isBase64Encoded: false, requestContext: { http: { method: 'POST' } } }) as unknown as CallableEvent;

let emf: ReturnType<typeof captureEmf>;
beforeEach(() => {
  emf = captureEmf();
});
afterEach(() => emf.stop());

describe('callable metrics', () => {
  it('counts and times a success, with no error datum', async () => {
    const handler = callableFactory({ account: async () => ({ status: 'active' }) })(def, async () => ({ ok: true }));
    await handler(event('{"data":null}'), context);
    const [invocation] = withMetric(emf.records(), METRIC_NAMES.callableInvocations);
    expect(invocation).toMatchObject({ callable: 'medir', CallableInvocations: 1 });
    expect(typeof invocation?.CallableLatency).toBe('number');
    expect(withMetric(emf.records(), METRIC_NAMES.callableErrors)).toEqual([]);
  });

  it.each([
    ['a malformed body', '{', async () => ({ ok: true }), 'INVALID_ARGUMENT'],
    ['an invalid payload', '{"data":{"n":"x"}}', async () => ({ ok: true }), 'INVALID_ARGUMENT'],
    ['an AI failure', '{"data":null}', async () => Promise.reject(new AiRetryableError('bedrock')), 'UNAVAILABLE'],
    ['an unexpected failure', '{"data":null}', async () => Promise.reject(new Error('boom')), 'INTERNAL'],
  ])('counts %s under its wire status', async (_what, body, impl, code) => {
    const handler = callableFactory({ account: async () => ({ status: 'active' }) })(def, impl);
    await handler(event(body), context);
    expect(withMetric(emf.records(), METRIC_NAMES.callableInvocations)).toHaveLength(1);
    expect(withMetric(emf.records(), METRIC_NAMES.callableErrors)).toEqual([expect.objectContaining({ code, callable: 'medir', CallableErrors: 1 })]);
  });
});
