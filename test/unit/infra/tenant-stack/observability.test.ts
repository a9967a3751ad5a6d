/**
 * Issue 16's observability in the tenant stack: the alarms' SNS topic (KMS key CloudWatch may
 * use, TLS only, e-mail subscription only with `alarmEmail`), each alarm with its metric and
 * threshold, the dashboard, X-Ray active tracing and the metrics' stack dimension on every
 * function, and a dead-letter destination on every asynchronous path (knowledge processing, the
 * blog drafts and token refresh schedules). cdk-nag runs in the synth (an unacknowledged finding
 * fails it).
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_RETRY_ATTEMPTS } from '../../../../infra/constructs/jobs';
import { AI_PROVIDER_ERRORS_THRESHOLD, API_5XX_RATE_PERCENT } from '../../../../infra/constructs/observability';
import { parseTenantContext } from '../../../../infra/context';
import { SERVICE_NAME, type TenantStack } from '../../../../infra/tenant-stack';
import { METRIC_NAMES, METRICS_NAMESPACE, METRICS_STACK_ENV } from '@director-ia/shared';
import { everyFunctionOf, useSynthesizedTenant } from '../../../support/cdk-fixture';
import { logicalId, type Resource } from '../../../support/template-iam';

type Props = Record<string, unknown>;

describe('observability (tenant stack with alarmEmail)', () => {
  let stack: TenantStack;
  let template: Template;
  let resources: Record<string, Resource>;

  useSynthesizedTenant({ tenant: 'demo', alarmEmail: 'Ops@Example.com' }, { webBuild: false }, (synth) => {
    ({ stack, template } = synth);
    resources = template.toJSON().Resources as Record<string, Resource>;
  });

  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalId(stack, construct);
  const propsOf = (construct: { node: { defaultChild?: unknown } }) => resources[idOf(construct)]?.Properties as Props;
  const customMetric = (name: string) => ({ Namespace: METRICS_NAMESPACE, MetricName: name, Dimensions: [{ Name: 'service', Value: SERVICE_NAME }, { Name: 'stack', Value: 'DirectorIa-demo' }], Statistic: 'Sum', Period: 300 });
  const topicAction = () => [{ Ref: idOf(stack.observability.topic) }];

  describe('the alarms topic', () => {
    it('is encrypted with a rotating key that CloudWatch may use, and refuses plain HTTP', () => {
      const topic = propsOf(stack.observability.topic);
      const keyId = JSON.stringify(topic.KmsMasterKeyId).match(/"(\w+)","Arn"/)?.[1] ?? '';
      const key = resources[keyId];
      expect(key?.Type).toBe('AWS::KMS::Key');
      expect(key?.Properties.EnableKeyRotation).toBe(true);
      const statements = (key?.Properties.KeyPolicy as { Statement: { Principal?: { Service?: string }; Action: string[] }[] }).Statement;
      expect(statements.find((statement) => statement.Principal?.Service === 'cloudwatch.amazonaws.com')?.Action).toEqual(['kms:Decrypt', 'kms:GenerateDataKey*']);
      const policies = Object.values(template.findResources('AWS::SNS::TopicPolicy') as Record<string, Resource>).filter((policy) => JSON.stringify(policy.Properties.Topics) === JSON.stringify([{ Ref: idOf(stack.observability.topic) }]));
      expect(JSON.stringify(policies[0]?.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    });

    it('e-mails the alarmEmail context key (lower-cased)', () => {
      const subscriptions = Object.values(template.findResources('AWS::SNS::Subscription') as Record<string, Resource>);
      expect(subscriptions.map((subscription) => subscription.Properties)).toEqual([{ Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: idOf(stack.observability.topic) } }]);
    });
  });

  describe('alarms', () => {
    it('are six, each sent to the topic', () => {
      const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
      expect(alarms).toHaveLength(6);
      for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual(topicAction());
    });

    it('ApiErrorRate: the API 5xx share of its requests, in two of three 5-minute periods', () => {
      const alarm = propsOf(stack.observability.apiErrorRate);
      expect(alarm).toMatchObject({ Threshold: API_5XX_RATE_PERCENT, EvaluationPeriods: 3, DatapointsToAlarm: 2, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
      const metrics = alarm.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: unknown[] } } }[];
      expect(metrics.find((metric) => metric.Expression)?.Expression).toMatch(/100 \* errors \/ requests/);
      const stats = metrics.filter((metric) => metric.MetricStat).map((metric) => [metric.Id, metric.MetricStat?.Metric.Namespace, metric.MetricStat?.Metric.MetricName, metric.MetricStat?.Metric.Dimensions]);
      expect(stats.sort()).toEqual([
        ['errors', 'AWS/ApiGateway', '5xx', [{ Name: 'ApiId', Value: { Ref: idOf(stack.api.httpApi) } }]],
        ['requests', 'AWS/ApiGateway', 'Count', [{ Name: 'ApiId', Value: { Ref: idOf(stack.api.httpApi) } }]],
      ]);
    });

    it('LambdaThrottles: any throttled invocation (account-level metric)', () => {
      expect(propsOf(stack.observability.lambdaThrottles)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum', Threshold: 1 });
      expect(propsOf(stack.observability.lambdaThrottles).Dimensions).toBeUndefined();
    });

    it('DeadLetters: any message in the publishing, inbox or jobs dead-letter queue', () => {
      const alarm = propsOf(stack.observability.deadLetters);
      expect(alarm.Threshold).toBe(1);
      const metrics = alarm.Metrics as { Expression?: string; MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: unknown }[] } } }[];
      expect(metrics.find((metric) => metric.Expression)?.Expression).toBe('q0 + q1 + q2');
      const queues = metrics.filter((metric) => metric.MetricStat).map((metric) => metric.MetricStat?.Metric.Dimensions[0]?.Value);
      expect(queues).toEqual([stack.publicationSchedules.deadLetters, stack.inbox.deadLetters, stack.jobs.deadLetters].map((queue) => ({ 'Fn::GetAtt': [idOf(queue), 'QueueName'] })));
      expect(metrics.filter((metric) => metric.MetricStat).every((metric) => metric.MetricStat?.Metric.MetricName === 'ApproximateNumberOfMessagesVisible')).toBe(true);
    });

    it.each([
      ['aiProviderErrors', METRIC_NAMES.aiProviderErrors, AI_PROVIDER_ERRORS_THRESHOLD],
      ['publishingFailures', METRIC_NAMES.publishingFailures, 1],
      ['tokenRefreshFailures', METRIC_NAMES.tokenRefreshFailures, 1],
    ] as const)('%s: the functions\' %s metric of this stack, at %i', (alarm, metric, threshold) => {
      expect(propsOf(stack.observability[alarm])).toMatchObject({ ...customMetric(metric), Threshold: threshold, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    });
  });

  it('has a dashboard named after the stack showing every alarm and figure', () => {
    const dashboard = propsOf(stack.observability.dashboard);
    expect(dashboard.DashboardName).toBe('DirectorIa-demo-overview');
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const name of Object.values(METRIC_NAMES)) expect(body).toContain(name);
    for (const alarm of ['apiErrorRate', 'lambdaThrottles', 'deadLetters', 'aiProviderErrors', 'publishingFailures', 'tokenRefreshFailures'] as const) expect(body).toContain(idOf(stack.observability[alarm]));
  });

  it('traces every function with X-Ray and names its stack for the metrics', () => {
    for (const fn of everyFunctionOf(stack)) {
      const props = propsOf(fn);
      expect(props.TracingConfig, fn.node.path).toEqual({ Mode: 'Active' });
      expect((props.Environment as { Variables: Props }).Variables[METRICS_STACK_ENV], fn.node.path).toBe('DirectorIa-demo');
    }
  });

  describe('dead letters of the asynchronous paths', () => {
    it('sends knowledge processing failures, after its retries, to the jobs dead-letter queue', () => {
      const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig') as Record<string, Resource>).filter((config) => JSON.stringify(config.Properties.FunctionName) === JSON.stringify({ Ref: idOf(stack.jobs.knowledgeUploaded) }));
      expect(configs.map((config) => config.Properties)).toEqual([
        { FunctionName: { Ref: idOf(stack.jobs.knowledgeUploaded) }, Qualifier: '$LATEST', MaximumRetryAttempts: KNOWLEDGE_RETRY_ATTEMPTS, DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [idOf(stack.jobs.deadLetters), 'Arn'] } } } },
      ]);
      expect(propsOf(stack.jobs.deadLetters)).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
    });

    it.each(['blogDraftsSchedule', 'socialTokensSchedule'] as const)('gives the %s a dead-letter queue', (schedule) => {
      expect((propsOf(stack.jobs[schedule]).Target as { DeadLetterConfig: unknown }).DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [idOf(stack.jobs.deadLetters), 'Arn'] } });
    });

    it('gives the publishing sweep schedule the publications\' dead-letter queue', () => {
      expect((propsOf(stack.publishing.sweepSchedule).Target as { DeadLetterConfig: unknown }).DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [idOf(stack.publicationSchedules.deadLetters), 'Arn'] } });
    });

    it('outputs the jobs queue, the topic and the dashboard', () => {
      const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
      expect(outputs.JobsDeadLetterQueueUrl?.Value).toEqual({ Ref: idOf(stack.jobs.deadLetters) });
      expect(outputs.AlarmTopicArn?.Value).toEqual({ Ref: idOf(stack.observability.topic) });
    });
  });
});

describe('observability (tenant stack without alarmEmail)', () => {
  let template: Template;
  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => {
    ({ template } = synth);
  });

  it('keeps the topic and alarms but subscribes nobody', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    template.resourceCountIs('AWS::CloudWatch::Alarm', 6);
  });
});

describe('the alarmEmail context key', () => {
  it('is an e-mail address, lower-cased, optional', () => {
    expect(parseTenantContext({ tenant: 'acme', alarmEmail: 'Ops@Acme.es' }).alarmEmail).toBe('ops@acme.es');
    expect(parseTenantContext({ tenant: 'acme' }).alarmEmail).toBeUndefined();
    expect(() => parseTenantContext({ tenant: 'acme', alarmEmail: 'ops' })).toThrow(/"alarmEmail"/);
  });
});
