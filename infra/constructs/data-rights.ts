/**
 * Data rights (issue 17 item 2): the data-rights worker (lambdas/events/dataRights.ts,
 * DATA_RIGHTS_WORKER_ACCESS) that builds data exports and erases accounts, invoked asynchronously
 * by solicitarExportacion and eliminarCuenta (its name is fixed, `<stack>-data-rights`, so their
 * grants and DATA_RIGHTS_WORKER_FUNCTION can name it before it exists), and its schedule: every
 * DATA_RIGHTS_RATE it resumes abandoned deletions and enforces conversation retention (the twin's
 * timer sends the same event, infra/local/schedules.ts). Lambda retries a failed run twice; what
 * still fails lands in the jobs' dead-letter queue, like the schedule's undelivered events. The
 * jobs are idempotent: a deletion left half done is finished by the next sweep.
 *
 * One function for the three jobs spares the stack's resources (about four per function with its
 * role, async configuration and schedule); its role is the union of what they need (see
 * DATA_RIGHTS_WORKER_ACCESS). The export zips expire through the uploads bucket's lifecycle rule
 * on their tag (infra/constructs/storage.ts).
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { UPLOADS_VERSIONED_ENV } from '@director-ia/shared';
import { DATA_RIGHTS_WORKER_ACCESS } from '../functions';
import { eventEntry } from '../paths';
import type { FunctionGrants } from './grants';
import { ExactLambdaInvoke, ExactSqsDestination } from './jobs';
import { createNodeFunction } from './node-function';

/** `<stack>-data-rights`: the worker's function name (fixed, see the module header). */
export const dataRightsWorkerFunctionName = (stackName: string): string => `${stackName}-data-rights`;

/** The worker's fixed name and unqualified ARN in `stack` (FunctionGrants 'dataRightsWorker'). */
export function dataRightsWorkerOf(stack: Stack): { functionName: string; functionArn: string } {
  const functionName = dataRightsWorkerFunctionName(stack.stackName);
  return { functionName, functionArn: stack.formatArn({ service: 'lambda', resource: 'function', resourceName: functionName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }) };
}

/** How often the sweep runs (retention is by days; a deletion that died waits at most this long). */
export const DATA_RIGHTS_RATE = Duration.hours(1);
/** The event the schedule sends (core/dataRights/worker.ts `DataRightsEvent`). */
export const DATA_RIGHTS_EVENT = { job: 'dataRights', scheduledTime: ContextAttribute.scheduledTime } as const;
/** Lambda's retries of a failed asynchronous run (every job is idempotent). */
export const DATA_RIGHTS_RETRY_ATTEMPTS = 2;

export interface DataRightsProps {
  grants: FunctionGrants;
  projectRoot: string;
  environment: Record<string, string>;
  /** Where failed runs and undelivered schedule events go (the jobs' queue). */
  deadLetters: IQueue;
}

export class DataRightsConstruct extends Construct {
  readonly worker: NodejsFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: DataRightsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Construct id 'DataRights': the twin names a function after it (infra/local/deployment/template.ts twinName).
    this.worker = createNodeFunction(this, 'DataRights', {
      entry: eventEntry(props.projectRoot, 'dataRights'),
      projectRoot: props.projectRoot,
      // The stack's uploads bucket keeps versions: a deletion removes every one.
      environment: { ...props.environment, [UPLOADS_VERSIONED_ENV]: 'true' },
      functionName: dataRightsWorkerFunctionName(stack.stackName),
      description: 'Asynchronous and hourly: data exports, account deletions (resumed by the sweep) and conversation retention (issue 17)',
      // An export zips up to EXPORT_MAX_FILE_BYTES of files in memory; a deletion of a large account.
      timeout: Duration.minutes(15),
      memorySize: 2048,
    });
    props.grants.apply(this.worker, DATA_RIGHTS_WORKER_ACCESS);
    this.worker.configureAsyncInvoke({ retryAttempts: DATA_RIGHTS_RETRY_ATTEMPTS, maxEventAge: Duration.hours(6), onFailure: new ExactSqsDestination(props.deadLetters) });
    this.schedule = new Schedule(this, 'Schedule', {
      schedule: ScheduleExpression.rate(DATA_RIGHTS_RATE),
      description: 'Resumes abandoned account deletions and deletes conversations past their owner\'s retention',
      target: new ExactLambdaInvoke(this.worker, {
        input: ScheduleTargetInput.fromObject(DATA_RIGHTS_EVENT),
        retryAttempts: 2,
        maxEventAge: DATA_RIGHTS_RATE,
        deadLetterQueue: props.deadLetters,
      }),
    });
  }
}
