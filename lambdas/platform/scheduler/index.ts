/**
 * The door to EventBridge Scheduler (issue 13 item 3: a scheduled post fires a one-time schedule at
 * its instant; editing, rescheduling or deleting the post moves or removes that schedule). Only this
 * folder imports `@aws-sdk/client-scheduler` (eslint.config.js). The SDK module is imported on the
 * first call, not when the function loads (most invocations of the functions that carry it never
 * schedule), and its client is then kept for the process; a failed load is retried on the next call.
 * The endpoint comes from the SDK's standard configuration (`AWS_ENDPOINT_URL` in the local twin,
 * whose AWS gateway emulates these calls).
 *
 * What EventBridge Scheduler guarantees, and what callers must therefore handle: delivery is
 * at least once (the same event can arrive twice), a schedule whose instant has passed fires at
 * once, and the Lambda target is invoked asynchronously (a function error is retried by Lambda,
 * not by the schedule's retry policy, which covers events that could not be delivered).
 */
import type { CreateScheduleCommandInput, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SCHEDULE_DEAD_LETTER_ARN_ENV, SCHEDULE_GROUP_ENV, SCHEDULE_TARGET_ARN_ENV, SCHEDULER_ROLE_ARN_ENV } from '@director-ia/shared';
import { loadOnce } from '../ai/lazy';

export { MAX_SCHEDULE_NAME_LENGTH, SCHEDULE_NAME_PATTERN, scheduleName } from './names';

/**
 * Retries of an event that could not be delivered (Lambda throttled or unavailable): a few, within
 * a short age, because a post published much later than planned is worse than one reported failed.
 */
export const SCHEDULE_RETRY_POLICY = { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 300 } as const;

/** One post's one-time schedule. */
export interface OneTimeSchedule {
  /** The schedule's name in its group (see `scheduleName`). */
  name: string;
  /** The schedule group (`SCHEDULE_GROUP`). */
  group: string;
  /** When it fires; whole seconds (a fraction is rounded up, so it never fires before `at`). */
  at: Date;
  /** The function invoked (`SCHEDULE_TARGET_ARN`). */
  targetArn: string;
  /** The execution role the Scheduler assumes (`SCHEDULER_ROLE_ARN`); the caller needs iam:PassRole on it. */
  roleArn: string;
  /** The event the function receives: any JSON value (sent as the target's Input, JSON text). */
  input: unknown;
  /** An SQS queue for events not delivered after the retries (`SCHEDULE_DEAD_LETTER_ARN`). */
  deadLetterArn?: string;
}

/** Where the deployment's schedules go, from the function's environment. */
export interface SchedulerSettings {
  group: string;
  roleArn: string;
  targetArn: string;
  deadLetterArn?: string;
}

const loadSdk = loadOnce(() => import('@aws-sdk/client-scheduler'));
let client: SchedulerClient | undefined;

/** The SDK module and the process-wide client (created on first use, after the environment is set). */
async function sdk() {
  const module = await loadSdk();
  client ??= new module.SchedulerClient({});
  return { module, client };
}

/** The settings from `env`; throws an Error naming the first missing variable (the deployment forgot it). */
export function schedulerSettings(env: Record<string, string | undefined> = process.env): SchedulerSettings {
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  const deadLetterArn = env[SCHEDULE_DEAD_LETTER_ARN_ENV];
  return {
    group: required(SCHEDULE_GROUP_ENV),
    roleArn: required(SCHEDULER_ROLE_ARN_ENV),
    targetArn: required(SCHEDULE_TARGET_ARN_ENV),
    ...(deadLetterArn ? { deadLetterArn } : {}),
  };
}

/** `at(yyyy-mm-ddThh:mm:ss)` of `at` in UTC, rounded up to the whole second. Throws a TypeError for an invalid Date. */
export function atExpression(at: Date): string {
  const ms = at.getTime();
  if (Number.isNaN(ms)) throw new TypeError('The schedule time is not a valid date.');
  return `at(${new Date(Math.ceil(ms / 1000) * 1000).toISOString().slice(0, 19)})`;
}

/** The CreateSchedule / UpdateSchedule input of `schedule` (both take the whole definition). */
export function scheduleInput(schedule: OneTimeSchedule): CreateScheduleCommandInput {
  return {
    Name: schedule.name,
    GroupName: schedule.group,
    ScheduleExpression: atExpression(schedule.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: schedule.targetArn,
      RoleArn: schedule.roleArn,
      Input: JSON.stringify(schedule.input),
      RetryPolicy: { ...SCHEDULE_RETRY_POLICY },
      ...(schedule.deadLetterArn ? { DeadLetterConfig: { Arn: schedule.deadLetterArn } } : {}),
    },
  };
}

/** What `putOneTimeSchedule` did; the ARN as the service returned it. */
export interface PutOutcome {
  scheduleArn: string | undefined;
  outcome: 'created' | 'updated';
}

const isError = (error: unknown, name: string) => (error as { name?: unknown } | undefined)?.name === name;

/**
 * Creates the one-time schedule, or replaces it when one of that name exists in the group
 * (ConflictException → UpdateSchedule; if it vanished in between, created again). It fires once at
 * `at` (at once when `at` has passed), invokes the target with `input`, retries undelivered events
 * per SCHEDULE_RETRY_POLICY, then the dead-letter queue when given, and deletes itself after
 * completing. Resolves with the schedule's ARN and whether it was created or updated; rejects
 * with the SDK's errors (ValidationException, AccessDeniedException, ...) otherwise.
 */
export async function putOneTimeSchedule(schedule: OneTimeSchedule): Promise<PutOutcome> {
  const { module, client } = await sdk();
  const input = scheduleInput(schedule);
  const create = async () => ({ scheduleArn: (await client.send(new module.CreateScheduleCommand(input))).ScheduleArn, outcome: 'created' as const });
  try {
    return await create();
  } catch (error) {
    if (!isError(error, 'ConflictException')) throw error;
  }
  try {
    return { scheduleArn: (await client.send(new module.UpdateScheduleCommand(input))).ScheduleArn, outcome: 'updated' };
  } catch (error) {
    if (!isError(error, 'ResourceNotFoundException')) throw error;
    return create();
  }
}

/**
 * Deletes the schedule `name` of `group`. Idempotent: a schedule that does not exist (never made,
 * already fired and deleted itself, deleted before) counts as deleted. Resolves true when this call
 * deleted it, false when it was already gone; rejects with other SDK errors.
 */
export async function deleteSchedule(name: string, group: string): Promise<boolean> {
  const { module, client } = await sdk();
  try {
    await client.send(new module.DeleteScheduleCommand({ Name: name, GroupName: group }));
    return true;
  } catch (error) {
    if (isError(error, 'ResourceNotFoundException')) return false;
    throw error;
  }
}
