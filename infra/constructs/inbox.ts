/**
 * The inbox (issue 14; architecture "Social networks", Inbox): what receives the networks' private
 * messages and comments and answers them.
 *
 * - `socialWebhook` (lambdas/http/socialWebhook.ts, SOCIAL_WEBHOOK_ACCESS) behind public HTTP API
 *   routes without the JWT authorizer: `GET /webhooks/{network}` (Meta's verification request),
 *   `POST /webhooks/{network}` (Meta's deliveries: facebook, instagram) and `POST
 *   /webhooks/telegram/{routeKey}` (the Telegram bot's updates). CloudFront's `/webhooks/*` behavior
 *   (web.ts) forwards them with the query string and the signature headers. The function checks
 *   every delivery itself before reading it (Meta's X-Hub-Signature-256 HMAC with the app secret,
 *   Telegram's X-Telegram-Bot-Api-Secret-Token), stores each message once and hands the new ones to
 *   the worker; it answers within the networks' patience (SOCIAL_WEBHOOK_TIMEOUT).
 * - `inboxWorker` (lambdas/events/inboxWorker.ts, INBOX_WORKER_ACCESS), invoked asynchronously by
 *   the webhook (and re-invoked by the publishing sweep for messages still pending), one message per
 *   event: the brand's AI answers within the owner's rules, the reply is sent, the lead recorded.
 *   Its name is fixed (`<stack>-inbox`, like the publisher's) so that its callers' grants and
 *   INBOX_WORKER_FUNCTION can name it before it exists: the sweep is created before this construct,
 *   and FunctionGrants needs the ARN up front (`inboxWorkerOf`). Lambda retries a failed run
 *   INBOX_WORKER_RETRY_ATTEMPTS times within INBOX_WORKER_MAX_EVENT_AGE; then the event goes to the
 *   inbox dead-letter queue (Lambda's on-failure destination; body = the invocation record), which
 *   nothing consumes: the message stays pending in the table and the sweep re-delivers it, so a
 *   message there is a symptom to read (stack output InboxDeadLetterQueueUrl), not work to redo.
 *
 * The Meta webhook verify token is SecretsConstruct's (`webhookVerify`); its name and the two Meta
 * callback URLs are stack outputs (infra/tenant-stack.ts) that DevOps pastes into each Meta app.
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import { HttpMethod, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SITE_URL_ENV, WEBHOOKS_PREFIX } from '@director-ia/shared';
import { INBOX_WORKER_ACCESS, SOCIAL_WEBHOOK_ACCESS } from '../functions';
import { acknowledge } from '../nag';
import { eventEntry, httpEntry } from '../paths';
import { addPublicRoute } from './api';
import type { FunctionGrants } from './grants';
import { createNodeFunction } from './node-function';
import { DEAD_LETTER_RETENTION, ExactSqsDestination } from './publishing';

/** The inbox worker's Lambda description. */
export const INBOX_WORKER_DESCRIPTION = 'Asynchronous: answers one inbound message of the inbox with the brand\'s AI within the owner\'s rules, sends it, records the lead (issue 14)';

/** `<stack>-inbox`: the inbox worker's function name (fixed, see the module header). */
export const inboxWorkerFunctionName = (stackName: string): string => `${stackName}-inbox`;

/** The inbox worker's fixed name and unqualified ARN in `stack` (FunctionGrants 'inboxWorker'). */
export function inboxWorkerOf(stack: Stack): { functionName: string; functionArn: string } {
  const functionName = inboxWorkerFunctionName(stack.stackName);
  return { functionName, functionArn: stack.formatArn({ service: 'lambda', resource: 'function', resourceName: functionName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }) };
}

/** The Meta routes: `GET` (verification request) and `POST` (deliveries) of `/webhooks/{network}`. */
export const META_WEBHOOK_ROUTE_PATH = `${WEBHOOKS_PREFIX}/{network}`;
/** The Telegram route: one per connected bot, told to Telegram with setWebhook at connect. */
export const TELEGRAM_WEBHOOK_ROUTE_PATH = `${WEBHOOKS_PREFIX}/telegram/{routeKey}`;

/**
 * Meta gives up on a delivery that is not answered within a few seconds (and retries it), Telegram
 * likewise: the function stores and hands over, it never answers in the request.
 */
export const SOCIAL_WEBHOOK_TIMEOUT = Duration.seconds(10);
/** One message per run: the model, the send and the lead, each with its own timeouts. */
export const INBOX_WORKER_TIMEOUT = Duration.seconds(60);
/** Lambda's retries of a failed worker run (each is safe: the answer's key is created conditionally). */
export const INBOX_WORKER_RETRY_ATTEMPTS = 2;
/** Oldest an event may be and still run; the sweep re-delivers what is still pending after that. */
export const INBOX_WORKER_MAX_EVENT_AGE = Duration.hours(1);

const WEBHOOK_ROUTES_REASON =
  'The networks\' webhooks are public by design (issue 14): Meta and Telegram call them without our token. The function authenticates every request itself before reading it: Meta deliveries by the X-Hub-Signature-256 HMAC-SHA256 of the raw body with the network app\'s secret, Telegram deliveries by the X-Telegram-Bot-Api-Secret-Token set with setWebhook for that route, the GET verification by the verify-token secret; anything unverifiable is 401/403 with nothing stored; stage throttling applies.';

const DEAD_LETTER_NAG_REASON =
  'This queue is itself the dead-letter queue of the inbox worker\'s failed asynchronous invocations (its on-failure destination). cdk-nag only recognises redrive policies of other queues; a DLQ of this DLQ would only move the messages.';

export interface InboxProps {
  httpApi: HttpApi;
  grants: FunctionGrants;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
  /** The site's https origin: the new-lead e-mail's link (SITE_URL on the worker). */
  siteUrl: string;
}

export class InboxConstruct extends Construct {
  readonly webhook: NodejsFunction;
  readonly worker: NodejsFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: InboxProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    acknowledge(this.deadLetters, { 'AwsSolutions-SQS3': DEAD_LETTER_NAG_REASON });

    this.worker = createNodeFunction(this, 'InboxWorker', {
      entry: eventEntry(props.projectRoot, 'inboxWorker'),
      projectRoot: props.projectRoot,
      environment: { ...props.environment, [SITE_URL_ENV]: props.siteUrl },
      functionName: inboxWorkerFunctionName(stack.stackName),
      description: INBOX_WORKER_DESCRIPTION,
      timeout: INBOX_WORKER_TIMEOUT,
    });
    props.grants.apply(this.worker, INBOX_WORKER_ACCESS);
    this.worker.configureAsyncInvoke({
      retryAttempts: INBOX_WORKER_RETRY_ATTEMPTS,
      maxEventAge: INBOX_WORKER_MAX_EVENT_AGE,
      onFailure: new ExactSqsDestination(this.deadLetters),
    });

    this.webhook = createNodeFunction(this, 'SocialWebhook', {
      entry: httpEntry(props.projectRoot, 'socialWebhook'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: 'Public webhooks of Facebook, Instagram and Telegram: verifies, stores each message once, hands it to the inbox worker (issue 14)',
      timeout: SOCIAL_WEBHOOK_TIMEOUT,
    });
    props.grants.apply(this.webhook, SOCIAL_WEBHOOK_ACCESS);
    const integration = new HttpLambdaIntegration('SocialWebhookIntegration', this.webhook);
    addPublicRoute(props.httpApi, { path: META_WEBHOOK_ROUTE_PATH, methods: [HttpMethod.GET, HttpMethod.POST], integration, reason: WEBHOOK_ROUTES_REASON });
    addPublicRoute(props.httpApi, { path: TELEGRAM_WEBHOOK_ROUTE_PATH, methods: [HttpMethod.POST], integration, reason: WEBHOOK_ROUTES_REASON });
  }
}
