/**
 * Background work driven by AWS events (architecture "jobs"): the knowledge processing Lambda,
 * invoked by the uploads bucket for every object created under `users/` (the handler itself
 * ignores keys that are not knowledge documents, since S3 filters cannot express
 * `users/<sub>/knowledge/`). Extraction needs pdf.js and mammoth only for PDF and DOCX, so they are
 * installed beside the bundle and loaded by dynamic import instead of being bundled.
 *
 * The blog's scheduled drafts (issue 5 item 3): an EventBridge Scheduler schedule invokes the
 * blogDrafts Lambda every BLOG_DRAFTS_RATE with `{job: 'blogDrafts', scheduledTime}` (the twin's
 * timer sends the same event, infra/local/schedules.ts). The handler drafts only what is due and
 * claims each period conditionally, so a retried or overlapping invocation never drafts twice;
 * the next run is the retry, hence few delivery retries and a short event age.
 *
 * The social token refresh (issue 12 item 3): a schedule invokes the socialTokens Lambda every
 * SOCIAL_TOKENS_RATE with `{job: 'socialTokens', scheduledTime}` (the twin's timer sends the same).
 * It renews what expires within the next runs, one lease per account so a rotating refresh token
 * is never used twice; a run that fails or overlaps is repaired by the next one, so again few
 * retries and an event age shorter than the period.
 *
 * Dead letters (issue 16 observability): a knowledge event whose processing failed every retry
 * (Lambda's asynchronous invocation: two retries) and a drafts or token schedule that could not
 * invoke its function land in one queue, JobsDeadLetterQueueUrl, which the DLQ depth alarm
 * watches (infra/constructs/observability.ts). Nothing consumes it: a document stays `procesando`
 * until deleted and re-uploaded, the schedules' next run is their retry; the messages say why.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { DestinationConfig, IDestination, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { BLOG_DRAFTS_ACCESS, KNOWLEDGE_UPLOADED_ACCESS, SOCIAL_TOKENS_ACCESS } from '../functions';
import { acknowledge } from '../nag';
import { eventEntry } from '../paths';
import type { FunctionGrants } from './grants';
import { createNodeFunction } from './node-function';

export interface JobsProps {
  grants: FunctionGrants;
  uploadsBucket: IBucket;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
}

export const DEAD_LETTER_NAG_REASON =
  'This queue is itself the dead-letter queue of the background jobs: the knowledge processing Lambda\'s failed asynchronous invocations (its on-failure destination) and the blog drafts and token refresh schedules\' undelivered events. cdk-nag only recognises redrive policies of other queues; a DLQ of this DLQ would only move the messages.';

/** Retries of a failed knowledge processing invocation before its event goes to the dead letters (Lambda's default, made explicit). */
export const KNOWLEDGE_RETRY_ATTEMPTS = 2;

/** Key prefix of the uploads bucket whose created objects reach the processing Lambda. */
export const KNOWLEDGE_EVENTS_PREFIX = 'users/';

/** Packages the processing Lambda loads from node_modules beside its bundle (see the header). */
export const KNOWLEDGE_NODE_MODULES = ['unpdf', 'mammoth'];

/** How often the scheduled draft job looks for due blogs (draft slots are at 08:00 UTC). */
export const BLOG_DRAFTS_RATE = Duration.hours(1);
/** The event the schedule sends (lambdas/events/blogDrafts.ts `BlogDraftsEvent`). */
export const BLOG_DRAFTS_EVENT = { job: 'blogDrafts', scheduledTime: ContextAttribute.scheduledTime } as const;

/** How often the token refresh job looks for connections whose access token expires soon. */
export const SOCIAL_TOKENS_RATE = Duration.minutes(15);
/** The event the schedule sends (lambdas/events/socialTokens.ts `SocialTokensEvent`). */
export const SOCIAL_TOKENS_EVENT = { job: 'socialTokens', scheduledTime: ContextAttribute.scheduledTime } as const;

/**
 * LambdaInvoke whose scheduler role may invoke exactly the function it targets: the stock target
 * grants `lambda:InvokeFunction` on the function and every version and alias (`<arn>:*`), and the
 * schedule only ever invokes the unqualified ARN. The role itself (assumable by
 * scheduler.amazonaws.com for this account's default schedule group only) is the stock one.
 */
export class ExactLambdaInvoke extends LambdaInvoke {
  constructor(
    private readonly target: IFunction,
    props: ConstructorParameters<typeof LambdaInvoke>[1],
  ) {
    super(target, props);
  }

  protected override addTargetActionToRole(role: IRole): void {
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.target.functionArn] }));
  }
}

/** How long a dead-letter queue keeps a message (SQS's maximum), so an operator has time to read it. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/** Lambda's on-failure destination to an SQS queue, granting only sqs:SendMessage (SqsDestination adds GetQueueAttributes and GetQueueUrl). */
export class ExactSqsDestination implements IDestination {
  constructor(private readonly queue: IQueue) {}

  bind(_scope: Construct, fn: IFunction): DestinationConfig {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    return { destination: this.queue.queueArn };
  }
}

export class JobsConstruct extends Construct {
  readonly knowledgeUploaded: NodejsFunction;
  readonly blogDrafts: NodejsFunction;
  readonly blogDraftsSchedule: Schedule;
  readonly socialTokens: NodejsFunction;
  readonly socialTokensSchedule: Schedule;
  /** The jobs' dead letters (see the module header). */
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: DEAD_LETTER_RETENTION });
    acknowledge(this.deadLetters, { 'AwsSolutions-SQS3': DEAD_LETTER_NAG_REASON });

    this.knowledgeUploaded = createNodeFunction(this, 'KnowledgeUploaded', {
      entry: eventEntry(props.projectRoot, 'knowledgeUploaded'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: 'S3 ObjectCreated: extracts, chunks and embeds uploaded knowledge documents',
      // A 10 MB PDF parsed by pdf.js plus embedding a thousand passages in batches.
      timeout: Duration.minutes(5),
      memorySize: 1536,
      nodeModules: KNOWLEDGE_NODE_MODULES,
    });
    props.grants.apply(this.knowledgeUploaded, KNOWLEDGE_UPLOADED_ACCESS);
    this.knowledgeUploaded.configureAsyncInvoke({ retryAttempts: KNOWLEDGE_RETRY_ATTEMPTS, onFailure: new ExactSqsDestination(this.deadLetters) });

    props.uploadsBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.knowledgeUploaded), {
      prefix: KNOWLEDGE_EVENTS_PREFIX,
    });
    this.acknowledgeNotificationsHandler();

    this.blogDrafts = createNodeFunction(this, 'BlogDrafts', {
      entry: eventEntry(props.projectRoot, 'blogDrafts'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: 'EventBridge Scheduler: writes the blog drafts that are due (issue 5 item 3)',
      // Several drafts per run, each an AI call of up to about a minute; what does not fit waits for the next run.
      timeout: Duration.minutes(5),
      memorySize: 512,
    });
    props.grants.apply(this.blogDrafts, BLOG_DRAFTS_ACCESS);
    this.blogDraftsSchedule = new Schedule(this, 'BlogDraftsSchedule', {
      schedule: ScheduleExpression.rate(BLOG_DRAFTS_RATE),
      description: 'Looks for blogs whose next scheduled draft is due and drafts it',
      target: new ExactLambdaInvoke(this.blogDrafts, {
        input: ScheduleTargetInput.fromObject(BLOG_DRAFTS_EVENT),
        retryAttempts: 2,
        maxEventAge: Duration.minutes(30),
        deadLetterQueue: this.deadLetters,
      }),
    });

    this.socialTokens = createNodeFunction(this, 'SocialTokens', {
      entry: eventEntry(props.projectRoot, 'socialTokens'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: 'EventBridge Scheduler: refreshes the social networks\' tokens that expire soon (issue 12)',
      // Each account is a few network calls with their own timeouts; what does not fit waits for the next run.
      timeout: Duration.minutes(5),
    });
    props.grants.apply(this.socialTokens, SOCIAL_TOKENS_ACCESS);
    this.socialTokensSchedule = new Schedule(this, 'SocialTokensSchedule', {
      schedule: ScheduleExpression.rate(SOCIAL_TOKENS_RATE),
      description: 'Refreshes the social network tokens that expire before the next runs',
      target: new ExactLambdaInvoke(this.socialTokens, {
        input: ScheduleTargetInput.fromObject(SOCIAL_TOKENS_EVENT),
        retryAttempts: 2,
        maxEventAge: SOCIAL_TOKENS_RATE,
        deadLetterQueue: this.deadLetters,
      }),
    });
  }

  /**
   * The notification is configured by a CDK custom resource whose Lambda and role are CDK's. Its
   * s3:PutBucketNotification is scoped to the uploads bucket and its Python runtime is current, so
   * the managed logging policy is its only finding.
   */
  private acknowledgeNotificationsHandler(): void {
    const handler = Stack.of(this).node.children.find((child) => child.node.id.startsWith('BucketNotificationsHandler'));
    if (!handler) return;
    acknowledge(handler, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
        "CDK-managed bucket-notifications handler (custom resource that writes the uploads bucket's notification configuration, run only during deployments): aws-cdk-lib gives its role this managed policy for its own logs, whose log group is named after a function name CloudFormation generates, so a scoped replacement would still need a wildcard.",
    });
  }
}
