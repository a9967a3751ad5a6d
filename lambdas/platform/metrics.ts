/**
 * The functions' custom metrics (issue 16 observability): Powertools Metrics writing CloudWatch's
 * embedded metric format (EMF) to stdout, which Lambda's log group turns into metrics. No API
 * call, no permission and no failure without CloudWatch: the twin's console simply shows the EMF
 * lines (`POWERTOOLS_METRICS_DISABLED=true` silences them). Loading it costs about a millisecond
 * beside the logger (both share Powertools' commons).
 *
 * Namespace METRICS_NAMESPACE (env POWERTOOLS_METRICS_NAMESPACE overrides), dimensions `service`
 * (POWERTOOLS_SERVICE_NAME) and `stack` (env METRICS_STACK, the tenant's stack; `local` when
 * unset). The metric names and dimensions are the deployment contract's (shared/deployment.ts),
 * which the stack's alarms and dashboard read (infra/constructs/observability.ts). Per-callable
 * figures are not dimensions (one custom metric each would cost per tenant and month): the
 * callable's name rides along as an EMF property, which Logs Insights can group by.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC_DIMENSIONS, METRIC_NAMES, METRICS_NAMESPACE, METRICS_STACK_ENV } from '@director-ia/shared';

/** The one Metrics instance of a function process. */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'director-ia',
  defaultDimensions: { [METRIC_DIMENSIONS.stack]: process.env[METRICS_STACK_ENV] ?? 'local' },
});

type Properties = Record<string, string | number>;

/**
 * Writes one count datum at once (its own EMF line), with `properties` as searchable EMF fields
 * (never tokens or personal data). For the background paths that have no per-request flush.
 */
export function emitCount(name: string, value = 1, properties: Properties = {}): void {
  const single = metrics.singleMetric();
  for (const [key, property] of Object.entries(properties)) single.addMetadata(key, String(property));
  single.addMetric(name, MetricUnit.Count, value);
}

/**
 * One callable request's figures (platform/callable/handler.ts): CallableInvocations and
 * CallableLatency (ms) under the common dimensions, plus CallableErrors with the wire status as
 * the `code` dimension when `errorCode` is set (a bounded set: shared HTTP_STATUS_BY_ERROR).
 */
export function recordCallable(callable: string, latencyMs: number, errorCode: string | null): void {
  metrics.addMetadata('callable', callable);
  metrics.addMetric(METRIC_NAMES.callableInvocations, MetricUnit.Count, 1);
  metrics.addMetric(METRIC_NAMES.callableLatency, MetricUnit.Milliseconds, latencyMs);
  metrics.publishStoredMetrics();
  if (errorCode) {
    const single = metrics.singleMetric();
    single.addDimension(METRIC_DIMENSIONS.code, errorCode);
    single.addMetadata('callable', callable);
    single.addMetric(METRIC_NAMES.callableErrors, MetricUnit.Count, 1);
  }
}

/** AI error codes that are the provider's failure, not the user's input or our configuration. */
const PROVIDER_FAILURE_CODES: ReadonlySet<string> = new Set(['RETRYABLE', 'PROVIDER', 'OUTPUT_INVALID']);

/**
 * Counts an AI provider failure (AiProviderErrors) when `error` is one (see PROVIDER_FAILURE_CODES;
 * duck-typed on `code` so the lazily loaded provider modules need not share a class identity).
 */
export function recordAiFailure(error: unknown, provider: string): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && PROVIDER_FAILURE_CODES.has(code)) emitCount(METRIC_NAMES.aiProviderErrors, 1, { provider, code });
}
