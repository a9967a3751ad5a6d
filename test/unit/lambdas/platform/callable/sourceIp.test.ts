/**
 * `createCallable` hands the domain the caller's IP as API Gateway saw it
 * (`requestContext.http.sourceIp`; issue 6 item 1, the widget's per-IP limits), or null.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { define } from '@director-ia/shared';
import { createCallable } from '../../../../../lambdas/platform/callable/handler';
import type { CallableContext, CallableEvent } from '../../../../../lambdas/platform/callable/middleware';

const echo = define({ name: 'eco', access: 'public', input: z.nullish(z.strictObject({})), output: z.object({ ip: z.nullable(z.string()) }) });
const handler = createCallable(echo, async ({ sourceIp }) => ({ ip: sourceIp }));
const context = { awsRequestId: 'req-1', functionName: 'eco', getRemainingTimeInMillis: () => 1000 } as unknown as CallableContext;

async function ipSeen(http: Record<string, unknown>): Promise<unknown> {
  const event = { body: '{"data":null}', isBase64Encoded: false, requestContext: { http: { method: 'POST', ...http } } } as unknown as CallableEvent;
  const response = (await handler(event, context)) as { body: string };
  return (JSON.parse(response.body) as { result: { ip: unknown } }).result.ip;
}

describe('sourceIp', () => {
  it('is requestContext.http.sourceIp, or null without one', async () => {
    expect(await ipSeen({ sourceIp: '203.0.113.9' })).toBe('203.0.113.9');
    expect(await ipSeen({ sourceIp: '' })).toBeNull();
    expect(await ipSeen({})).toBeNull();
  });
});
