/**
 * lambdas/platform/tracer.ts (issue 16 observability): tracing is on only where Lambda runs X-Ray
 * (AWS_XRAY_DAEMON_ADDRESS) and not turned off; without it the middleware loads nothing and
 * changes nothing, so the twin and tests run the callables as before.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { tracing, tracingActive } from '../../../../lambdas/platform/tracer';

const context = { awsRequestId: 'r', functionName: 'f', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

describe('tracingActive', () => {
  it.each([
    [{ AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000' }, true],
    [{ AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000', POWERTOOLS_TRACE_ENABLED: 'false' }, false],
    [{}, false],
    [{ AWS_XRAY_DAEMON_ADDRESS: '' }, false],
  ])('%o → %s', (env, active) => {
    expect(tracingActive(env)).toBe(active);
  });
});

describe('the tracing middleware without X-Ray', () => {
  it('passes results and errors through unchanged', async () => {
    const ok = middy<unknown, unknown>().use(tracing({})).handler(async () => ({ statusCode: 200 }));
    expect(await ok({}, context)).toEqual({ statusCode: 200 });
    const failing = middy<unknown, unknown>().use(tracing({})).handler(async () => Promise.reject(new Error('boom')));
    await expect(failing({}, context)).rejects.toThrow('boom');
  });
});

describe('the tracing middleware with X-Ray on but no segment (outside Lambda)', () => {
  it('loads Powertools Tracer and still passes results through', async () => {
    const env = { AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000' };
    const handler = middy<unknown, unknown>().use(tracing(env)).handler(async () => ({ statusCode: 204 }));
    expect(await handler({}, context)).toEqual({ statusCode: 204 });
  });
});
