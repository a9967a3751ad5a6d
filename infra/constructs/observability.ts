/**
 * A tenant stack's alarms and dashboard (issue 16 observability).
 *
 * Alarms, each sent to one SNS topic (KMS-encrypted, TLS only) whose e-mail subscription is the
 * `alarmEmail` context key (none when absent: subscribe by hand, or add it later):
 * - ApiErrorRate: the HTTP API's 5xx responses above API_5XX_RATE_PERCENT of its requests in two of
 *   three 5-minute periods (math expression; quiet below API_MIN_REQUESTS requests a period);
 * - LambdaThrottles: any throttled Lambda invocation. AWS/Lambda's account-level metric: the
 *   functions have no reserved concurrency, so throttling is the account's concurrency running
 *   out, which every stack in the account and region shares;
 * - DeadLetters: a message in any of the stack's dead-letter queues (publishing, inbox, jobs;
 *   one math expression over their depths);
 * - AiProviderErrors, PublishingFailures, TokenRefreshFailures: the functions' custom metrics
 *   (lambdas/platform/metrics.ts; names and dimensions from shared/deployment.ts).
 * Six alarms in all (one CloudFormation resource each: math expressions rather than one alarm per
 * queue or function, the stack being near CloudFormation's 500-resource limit).
 *
 * The dashboard (`<stack>-overview`) shows those figures and the callables' traffic, latency and
 * errors by wire status.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC_DIMENSIONS, METRIC_NAMES, METRICS_NAMESPACE } from '@director-ia/shared';

/** 5xx share of the API's requests, percent, above which ApiErrorRate fires. */
export const API_5XX_RATE_PERCENT = 5;
/** Requests per period below which the 5xx rate is not judged (a few failures of a quiet hour). */
export const API_MIN_REQUESTS = 20;
/** AI provider failures in 5 minutes that fire AiProviderErrors (one is a blip; the layer retries). */
export const AI_PROVIDER_ERRORS_THRESHOLD = 5;

const FIVE_MINUTES = Duration.minutes(5);

export interface ObservabilityProps {
  httpApi: HttpApi;
  /** The stack's dead-letter queues, by a short label (dashboard legend). */
  deadLetters: Record<string, IQueue>;
  /** Powertools service name of the functions (the `service` dimension). */
  serviceName: string;
  /** Subscribed to the alarms by e-mail when set. */
  alarmEmail?: string;
}

export class ObservabilityConstruct extends Construct {
  readonly topic: Topic;
  readonly apiErrorRate: Alarm;
  readonly lambdaThrottles: Alarm;
  readonly deadLetters: Alarm;
  readonly aiProviderErrors: Alarm;
  readonly publishingFailures: Alarm;
  readonly tokenRefreshFailures: Alarm;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // SNS encryption with a key CloudWatch may use: the AWS-managed SNS key does not let
    // CloudWatch alarms publish to the topic.
    const key = new Key(this, 'AlarmsKey', { enableKeyRotation: true, description: `Encrypts the alarm notifications of ${stack.stackName}` });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );
    this.topic = new Topic(this, 'Alarms', { displayName: `Director IA ${stack.stackName}: alarmas`, masterKey: key, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    const custom = (name: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { [METRIC_DIMENSIONS.service]: props.serviceName, [METRIC_DIMENSIONS.stack]: stack.stackName },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    const alarm = (alarmId: string, description: string, metric: IMetric, threshold: number, evaluationPeriods = 1, datapointsToAlarm = evaluationPeriods) => {
      const created = new Alarm(this, alarmId, {
        metric,
        alarmDescription: description,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods,
        datapointsToAlarm,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      return created;
    };

    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const errorRate = new MathExpression({
      expression: `IF(requests >= ${API_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx %',
      period: FIVE_MINUTES,
    });
    this.apiErrorRate = alarm('ApiErrorRate', `More than ${API_5XX_RATE_PERCENT}% of the API's requests answered 5xx (two of three 5-minute periods)`, errorRate, API_5XX_RATE_PERCENT, 3, 2);

    const throttles = new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES });
    this.lambdaThrottles = alarm('LambdaThrottles', "Lambda throttled invocations (the account's concurrency ran out; every stack of the account and region shares it)", throttles, 1);

    const depths = Object.fromEntries(Object.entries(props.deadLetters).map(([label, queue], index) => [`q${index}`, queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label })]));
    const deadLetterDepth = new MathExpression({ expression: Object.keys(depths).join(' + '), usingMetrics: depths, label: 'Dead letters', period: FIVE_MINUTES });
    this.deadLetters = alarm('DeadLetters', `Messages in a dead-letter queue (${Object.keys(props.deadLetters).join(', ')}): events that failed every retry; the stack outputs name the queues`, deadLetterDepth, 1);

    this.aiProviderErrors = alarm('AiProviderErrors', `At least ${AI_PROVIDER_ERRORS_THRESHOLD} AI provider failures in 5 minutes (throttling, 5xx, refusals, unusable output)`, custom(METRIC_NAMES.aiProviderErrors), AI_PROVIDER_ERRORS_THRESHOLD);
    this.publishingFailures = alarm('PublishingFailures', 'A publication failed or missed its time', custom(METRIC_NAMES.publishingFailures), 1);
    this.tokenRefreshFailures = alarm('TokenRefreshFailures', "A social network token refresh failed or was refused (the owner may have to reconnect)", custom(METRIC_NAMES.tokenRefreshFailures), 1);

    const errorsByCode = new MathExpression({
      expression: `SEARCH('{${METRICS_NAMESPACE},${METRIC_DIMENSIONS.service},${METRIC_DIMENSIONS.stack},${METRIC_DIMENSIONS.code}} MetricName="${METRIC_NAMES.callableErrors}" ${METRIC_DIMENSIONS.stack}="${stack.stackName}"', 'Sum', 300)`,
      usingMetrics: {},
      label: '',
      period: FIVE_MINUTES,
    });
    const latency = (statistic: string) => custom(METRIC_NAMES.callableLatency).with({ statistic, label: `Callables ${statistic}` });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${stack.stackName}-overview`,
      defaultInterval: Duration.days(1),
      widgets: [
        [
          new AlarmStatusWidget({
            title: 'Alarmas',
            width: 24,
            height: 3,
            alarms: [this.apiErrorRate, this.lambdaThrottles, this.deadLetters, this.aiProviderErrors, this.publishingFailures, this.tokenRefreshFailures],
          }),
        ],
        [
          new GraphWidget({ title: 'API: peticiones y 5xx', width: 8, left: [requests.with({ label: 'Requests' })], right: [serverErrors.with({ label: '5xx' })] }),
          new GraphWidget({ title: 'API: % 5xx', width: 8, left: [errorRate], leftAnnotations: [{ value: API_5XX_RATE_PERCENT, label: 'Alarma' }] }),
          new GraphWidget({ title: 'Callables: latencia (ms)', width: 8, left: [latency('p50'), latency('p90'), latency('p99')] }),
        ],
        [
          new GraphWidget({ title: 'Callables: invocaciones', width: 8, left: [custom(METRIC_NAMES.callableInvocations).with({ label: 'Invocations' })] }),
          new GraphWidget({ title: 'Callables: errores por código', width: 8, left: [errorsByCode] }),
          new GraphWidget({ title: 'Lambda: throttles (cuenta)', width: 8, left: [throttles] }),
        ],
        [
          new GraphWidget({ title: 'Colas de mensajes fallidos', width: 8, left: Object.values(depths) }),
          new GraphWidget({ title: 'Errores del proveedor de IA', width: 8, left: [custom(METRIC_NAMES.aiProviderErrors).with({ label: 'AI provider errors' })] }),
          new GraphWidget({
            title: 'Publicaciones y tokens fallidos',
            width: 8,
            left: [custom(METRIC_NAMES.publishingFailures).with({ label: 'Publishing failures' }), custom(METRIC_NAMES.tokenRefreshFailures).with({ label: 'Token refresh failures' })],
          }),
        ],
      ],
    });
  }
}
