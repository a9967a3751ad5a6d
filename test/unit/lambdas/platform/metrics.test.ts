/**
 * lambdas/platform/metrics.ts (issue 16 observability): EMF lines on stdout under the contract's
 * namespace and dimensions (shared/deployment.ts), which the stack's alarms read.
 */
import { describe, expect, it, vi } from 'vitest';
import { METRIC_NAMES, METRICS_NAMESPACE } from '@director-ia/shared';
import { useEmfCapture, withMetric } from '../../../support/emf';

async function load() {
  vi.resetModules();
  return import('../../../../lambdas/platform/metrics');
}

const emf = useEmfCapture({ METRICS_STACK: 'DirectorIa-acme', POWERTOOLS_SERVICE_NAME: 'director-ia' });

describe('recordCallable', () => {
  it('counts and times a request under the service and stack dimensions, the callable as a property', async () => {
    const { recordCallable } = await load();
    recordCallable('obtenerPerfil', 42, null);
    const [record, ...rest] = emf.records();
    expect(rest).toEqual([]);
    expect(record?._aws.CloudWatchMetrics).toEqual([
      { Namespace: METRICS_NAMESPACE, Dimensions: [['service', 'stack']], Metrics: [{ Name: METRIC_NAMES.callableInvocations, Unit: 'Count' }, { Name: METRIC_NAMES.callableLatency, Unit: 'Milliseconds' }] },
    ]);
    expect(record).toMatchObject({ service: 'director-ia', stack: 'DirectorIa-acme', callable: 'obtenerPerfil', CallableInvocations: 1, CallableLatency: 42 });
  });

  it('adds CallableErrors with the wire status as the code dimension', async () => {
    const { recordCallable } = await load();
    recordCallable('crearBorrador', 5, 'RESOURCE_EXHAUSTED');
    const [errors] = withMetric(emf.records(), METRIC_NAMES.callableErrors);
    expect(errors?._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([['service', 'stack', 'code']]);
    expect(errors).toMatchObject({ code: 'RESOURCE_EXHAUSTED', stack: 'DirectorIa-acme', callable: 'crearBorrador', CallableErrors: 1 });
  });

  it("names the stack 'local' when METRICS_STACK is unset", async () => {
    vi.stubEnv('METRICS_STACK', undefined);
    const { recordCallable } = await load();
    recordCallable('x', 1, null);
    expect(emf.records()[0]).toMatchObject({ stack: 'local' });
  });
});

describe('recordAiFailure', () => {
  it.each(['RETRYABLE', 'PROVIDER', 'OUTPUT_INVALID'])('counts a provider failure (%s)', async (code) => {
    const { recordAiFailure } = await load();
    recordAiFailure({ code }, 'bedrock');
    expect(withMetric(emf.records(), METRIC_NAMES.aiProviderErrors)).toEqual([expect.objectContaining({ AiProviderErrors: 1, provider: 'bedrock', code })]);
  });

  it.each([['CONFIG'], ['CONTENT_FILTERED'], ['INVALID_INPUT'], [undefined]])('ignores what is not the provider failing (%s)', async (code) => {
    const { recordAiFailure } = await load();
    recordAiFailure(code === undefined ? new Error('boom') : { code }, 'gemini');
    expect(emf.records()).toEqual([]);
  });
});

describe('emitCount', () => {
  it('writes one datum at once with its properties', async () => {
    const { emitCount } = await load();
    emitCount(METRIC_NAMES.publishingFailures, 2, { outcome: 'failed' });
    expect(emf.records()).toEqual([expect.objectContaining({ PublishingFailures: 2, outcome: 'failed', stack: 'DirectorIa-acme' })]);
  });
});
