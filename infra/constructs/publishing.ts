/**
 * Publishing (issue 13 item 3; architecture "Social networks", Publishing): what delivers an
 * approved post to the networks at its instant.
 *
 * `PublicationSchedulesConstruct` (created before the functions, because their grants name it):
 * - the schedule group `<stack>-publications` that holds one EventBridge Scheduler one-time
 *   schedule per `programado` publication (the functions create, move and delete them:
 *   'scheduler:publications' in infra/functions.ts); deleting the stack deletes the group and its
 *   schedules (they only point at this stack's publisher; the sweep puts them again);
 * - the Scheduler's execution role, assumable by scheduler.amazonaws.com for this group of this
 *   account only, which may invoke exactly the publisher (its unqualified ARN, no version or alias)
 *   and send to the dead-letter queue, nothing else;
 * - the dead-letter queue (SQS, SQS-managed encryption, TLS only, 14 days) of publication events
 *   nobody handled: the schedules' undelivered events (DeadLetterConfig, after the retries of
 *   lambdas/platform/scheduler SCHEDULE_RETRY_POLICY; body = the event) AND the publisher's failed
 *   asynchronous invocations (Lambda's on-failure destination; body = Lambda's invocation record,
 *   with `requestPayload` = the event, `responsePayload` = the error). One queue, one place for an
 *   operator to look (stack output PublishingDeadLetterQueueUrl); nothing consumes it: the
 *   publishing sweep re-delivers lost publications from the table by itself, so a message there is
 *   a symptom to read, not work to redo.
 *
 * The publisher's name is fixed (`<stack>-publisher`): every scheduling function, the publisher
 * itself included (a postponement moves its own schedule), needs its ARN in SCHEDULE_TARGET_ARN,
 * and a function's environment cannot name its own generated ARN (a circular reference).
 *
 * `PublishingConstruct`: the publisher Lambda (PUBLISHER_ACCESS) with its asynchronous invocation
 * settings (PUBLISHER_RETRY_ATTEMPTS, PUBLISHER_MAX_EVENT_AGE, failures to the dead-letter queue), and
 * the publishing sweep Lambda (PUBLISHING_SWEEP_ACCESS) that a rate schedule invokes every
 * PUBLISHING_SWEEP_RATE with `{job: 'publishingSweep', scheduledTime}` (the twin's timer sends the
 * same, infra/local/schedules.ts). Both exactly-once concerns live in the engine (claims, leases),
 * so Lambda's own retries and the Scheduler's at-least-once delivery are safe.
 */
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PUBLISHER_ACCESS, PUBLISHING_SWEEP_ACCESS } from '../functions';
import { acknowledge } from '../nag';
import { eventEntry } from '../paths';
import type { FunctionGrants } from './grants';
import { DEAD_LETTER_RETENTION, ExactLambdaInvoke, ExactSqsDestination } from './jobs';

// Declared in ./jobs.ts (which this module imports, not the reverse); still named from here.
export { DEAD_LETTER_RETENTION, ExactSqsDestination };
import { createNodeFunction } from './node-function';

/** The principal EventBridge Scheduler assumes execution roles as (and the iam:PassedToService value). */
export const SCHEDULER_SERVICE = 'scheduler.amazonaws.com';

/** `<stack>-publications`: the group of the publications' one-time schedules. */
export const publicationsGroupName = (stackName: string): string => `${stackName}-publications`;
/** `<stack>-publisher`: the publisher's function name (fixed, see the module header). */
export const publisherFunctionName = (stackName: string): string => `${stackName}-publisher`;

/** What a scheduling function is told and granted (FunctionGrants 'scheduler' permissions). */
export interface PublicationScheduling {
  /** SCHEDULE_GROUP. */
  groupName: string;
  /** The IAM resource of every schedule of the group (`.../schedule/<group>/*`). */
  schedulesArn: string;
  /** SCHEDULER_ROLE_ARN: the execution role the schedules name (callers need iam:PassRole on it). */
  roleArn: string;
  /** SCHEDULE_TARGET_ARN: the publisher's unqualified ARN. */
  targetArn: string;
  /** SCHEDULE_DEAD_LETTER_ARN: the dead-letter queue's ARN. */
  deadLetterArn: string;
}


/** Lambda's retries of a publisher invocation whose function failed (each re-claims safely). */
export const PUBLISHER_RETRY_ATTEMPTS = 2;
/**
 * Oldest a publisher event may be and still run: the engine's MISSED_AFTER_MS (1 hour). Later, the
 * publication is `no_publicado` anyway (the owner may "Publicar ahora"), so an older event is
 * better in the dead-letter queue than published hours late.
 */
export const PUBLISHER_MAX_EVENT_AGE = Duration.hours(1);
/**
 * One publication per invocation, but a video goes to the network in chunks read from S3 and
 * networks answer slowly: minutes, not seconds. The engine's lease must outlast it.
 */
export const PUBLISHER_TIMEOUT = Duration.minutes(5);

/** How often the publishing sweep runs (syncs left over, lost schedules and leases, the daily digest). */
export const PUBLISHING_SWEEP_RATE = Duration.minutes(5);
/** The sweep Lambda's description (the only job that links to the dashboard: the digest e-mail). */
/** The publisher's description (tests find it by this). */
export const PUBLISHER_DESCRIPTION = 'EventBridge Scheduler (one-time): publishes one publication on its network, exactly once (issue 13)';
export const PUBLISHING_SWEEP_DESCRIPTION = 'EventBridge Scheduler: finishes publication syncs, re-delivers lost publications, sends the failure digest (issue 13), polls YouTube comments (issue 14)';
/** The event the sweep's schedule sends (lambdas/events/publishingSweep.ts `PublishingSweepEvent`). */
export const PUBLISHING_SWEEP_EVENT = { job: 'publishingSweep', scheduledTime: ContextAttribute.scheduledTime } as const;

const DEAD_LETTER_NAG_REASON =
  'This queue is itself the dead-letter queue: of the publications\' one-time schedules (their targets\' DeadLetterConfig, set at run time by lambdas/platform/scheduler) and of the publisher\'s failed asynchronous invocations (its on-failure destination). cdk-nag only recognises redrive policies of other queues; a DLQ of this DLQ would only move the messages.';


export class PublicationSchedulesConstruct extends Construct {
  readonly group: ScheduleGroup;
  readonly deadLetters: Queue;
  /** The Scheduler's execution role for the publications' schedules. */
  readonly role: Role;
  /** The publisher's function name and unqualified ARN (the function is PublishingConstruct's). */
  readonly publisherName: string;
  readonly publisherArn: string;
  readonly scheduling: PublicationScheduling;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);
    this.group = new ScheduleGroup(this, 'Group', { scheduleGroupName: publicationsGroupName(stack.stackName), removalPolicy: RemovalPolicy.DESTROY });

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    acknowledge(this.deadLetters, { 'AwsSolutions-SQS3': DEAD_LETTER_NAG_REASON });

    this.publisherName = publisherFunctionName(stack.stackName);
    this.publisherArn = stack.formatArn({ service: 'lambda', resource: 'function', resourceName: this.publisherName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });

    this.role = new Role(this, 'SchedulerRole', {
      description: 'EventBridge Scheduler: invokes the publisher for the publications\' one-time schedules',
      // Confused-deputy guard: only this account's schedules of this group may assume it.
      assumedBy: new ServicePrincipal(SCHEDULER_SERVICE, {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account, 'aws:SourceArn': this.group.scheduleGroupArn } },
      }),
    });
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.publisherArn] }));
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetters.queueArn] }));

    const schedulesArn = stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.group.scheduleGroupName}/*`, arnFormat: ArnFormat.SLASH_RESOURCE_NAME });
    this.scheduling = {
      groupName: this.group.scheduleGroupName,
      schedulesArn,
      roleArn: this.role.roleArn,
      targetArn: this.publisherArn,
      deadLetterArn: this.deadLetters.queueArn,
    };
  }
}

export interface PublishingProps {
  grants: FunctionGrants;
  schedules: PublicationSchedulesConstruct;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, uploads bucket). */
  environment: Record<string, string>;
}

export class PublishingConstruct extends Construct {
  readonly publisher: NodejsFunction;
  readonly sweep: NodejsFunction;
  readonly sweepSchedule: Schedule;

  constructor(scope: Construct, id: string, props: PublishingProps) {
    super(scope, id);
    const { schedules } = props;

    this.publisher = createNodeFunction(this, 'Publisher', {
      entry: eventEntry(props.projectRoot, 'publisher'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      functionName: schedules.publisherName,
      description: PUBLISHER_DESCRIPTION,
      timeout: PUBLISHER_TIMEOUT,
      memorySize: 1024,
    });
    props.grants.apply(this.publisher, PUBLISHER_ACCESS);
    this.publisher.configureAsyncInvoke({
      retryAttempts: PUBLISHER_RETRY_ATTEMPTS,
      maxEventAge: PUBLISHER_MAX_EVENT_AGE,
      onFailure: new ExactSqsDestination(schedules.deadLetters),
    });

    this.sweep = createNodeFunction(this, 'PublishingSweep', {
      entry: eventEntry(props.projectRoot, 'publishingSweep'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: PUBLISHING_SWEEP_DESCRIPTION,
      // Ends before the next run starts; what does not fit waits for it.
      timeout: PUBLISHING_SWEEP_RATE.minus(Duration.minutes(1)),
    });
    props.grants.apply(this.sweep, PUBLISHING_SWEEP_ACCESS);
    this.sweepSchedule = new Schedule(this, 'PublishingSweepSchedule', {
      schedule: ScheduleExpression.rate(PUBLISHING_SWEEP_RATE),
      description: 'Finishes publication syncs, re-delivers publications whose schedule or lease was lost, sends the daily failure digest',
      target: new ExactLambdaInvoke(this.sweep, {
        input: ScheduleTargetInput.fromObject(PUBLISHING_SWEEP_EVENT),
        retryAttempts: 2,
        // A run older than the period is superseded by the next one.
        maxEventAge: PUBLISHING_SWEEP_RATE,
        // Issue 16: a run that could not be delivered is kept (and alarmed on) with the publications'.
        deadLetterQueue: schedules.deadLetters,
      }),
    });
  }
}
