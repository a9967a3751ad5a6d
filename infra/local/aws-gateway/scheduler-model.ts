/**
 * EventBridge Scheduler's API shapes as the local scheduler (./scheduler.ts) reads and answers them:
 * the REST-JSON requests of `@aws-sdk/client-scheduler` (`POST|PUT|GET|DELETE /schedules/{Name}`,
 * the group as `GroupName` in the body or `?groupName=`, timestamps as epoch seconds), their
 * validation with the service's constraints and error shapes, one-time `at()` expressions in a
 * time zone, and the context attributes the Scheduler fills into a target's input.
 */
import { TZDate } from '@date-fns/tz';
import { ServiceError } from './responses';
import { UnmappedRequest } from './types';

type Body = Record<string, unknown>;

/** Names of schedules and groups: 1-64 of these characters. */
const NAME_PATTERN = /^[0-9a-zA-Z_.-]{1,64}$/;
const ROLE_ARN_PATTERN = /^arn:aws(-[a-z]+)?:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const QUEUE_ARN_PATTERN = /^arn:aws(-[a-z]+)?:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9_-]+$/;
const FUNCTION_ARN_PATTERN = /^arn:aws(-[a-z]+)?:lambda:[a-z0-9-]+:\d{12}:function:[a-zA-Z0-9_-]+(:[a-zA-Z0-9$_-]+)?$/;
const AT_PATTERN = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
/** The default group every account has. */
export const DEFAULT_GROUP = 'default';
/** The Scheduler's retry policy when a target gives none. */
export const DEFAULT_RETRY_POLICY = { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 } as const;

export interface RetryPolicy {
  MaximumEventAgeInSeconds: number;
  MaximumRetryAttempts: number;
}

/** A schedule's target as stored (Lambda function targets only). */
export interface ScheduleTarget {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy: RetryPolicy;
  DeadLetterConfig?: { Arn: string };
}

/** The definition CreateSchedule and UpdateSchedule carry (UpdateSchedule replaces all of it). */
export interface ScheduleDefinition {
  name: string;
  group: string;
  expression: string;
  timezone: string;
  /** The instant `expression` names in `timezone`, epoch ms. */
  atMs: number;
  state: 'ENABLED' | 'DISABLED';
  flexibleTimeWindow: { Mode: 'OFF' | 'FLEXIBLE'; MaximumWindowInMinutes?: number };
  actionAfterCompletion: 'NONE' | 'DELETE';
  target: ScheduleTarget;
  description?: string;
  /** Epoch seconds as sent (one-time schedules ignore them, as the Scheduler does). */
  startDate?: number;
  endDate?: number;
  kmsKeyArn?: string;
  clientToken?: string;
}

/** A Scheduler error answer (REST-JSON: status, `x-amzn-errortype`, `{message}`). */
export const schedulerError = (type: string, status: number, message: string) => new ServiceError(type, message, 'rest-json', status);

/** ValidationException worded as the Scheduler's model validation words it. */
export function invalid(value: unknown, field: string, constraint: string): ServiceError {
  const shown = value === undefined || value === null ? 'null' : `'${typeof value === 'string' ? value : JSON.stringify(value)}'`;
  return schedulerError('ValidationException', 400, `1 validation error detected: Value ${shown} at '${field}' failed to satisfy constraint: ${constraint}`);
}

function name(value: unknown, field: string): string {
  if (typeof value !== 'string' || !NAME_PATTERN.test(value)) throw invalid(value, field, 'Member must satisfy regular expression pattern: ^[0-9a-zA-Z-_.]+$ and have length between 1 and 64');
  return value;
}

/** The schedule a request path names (`/schedules/{Name}`, URI-decoded). */
export function scheduleNameOf(pathname: string): string {
  const match = /^\/schedules\/([^/]+)$/.exec(pathname);
  if (!match?.[1]) throw new UnmappedRequest(`The local scheduler serves /schedules/{Name} only, not ${pathname}.`, 501);
  let decoded: string;
  try {
    decoded = decodeURIComponent(match[1]);
  } catch {
    throw invalid(match[1], 'name', 'Member must be URI-encoded');
  }
  return name(decoded, 'name');
}

/** The group of a request: `GroupName` in the body or `?groupName=`, else `default`. */
export function groupOf(value: unknown): string {
  return value === undefined || value === null || value === '' ? DEFAULT_GROUP : name(value, 'groupName');
}

/** `true` when `zone` is an IANA time zone the runtime knows. */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of `at(yyyy-mm-ddThh:mm:ss)` read as wall-clock time in `zone`, epoch ms. Only
 * one-time schedules are emulated: rate() and cron() are answered 501. A wall time that a daylight
 * saving change skips moves forward by the gap.
 */
export function atInstant(expression: string, zone: string): number {
  const match = AT_PATTERN.exec(expression);
  if (!match) {
    if (/^(rate|cron)\(/.test(expression)) throw new UnmappedRequest('The local scheduler runs one-time at() schedules only, not rate() or cron().', 501);
    throw schedulerError('ValidationException', 400, `Invalid Schedule Expression ${expression}.`);
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw schedulerError('ValidationException', 400, `Invalid Schedule Expression ${expression}.`);
  }
  return zone === 'UTC' ? utc.getTime() : new TZDate(year, month - 1, day, hour, minute, second, zone).getTime();
}

function optionalString(body: Body, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length < 1 || value.length > max) throw invalid(value, field, `Member must have length between 1 and ${max}`);
  return value;
}

function optionalEpoch(body: Body, field: string): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(value, field, 'Member must be a timestamp');
  return value;
}

function integerIn(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid(value, field, `Member must have value between ${min} and ${max}`);
  return value;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw invalid(value, field, `Member must satisfy enum value set: [${allowed.join(', ')}]`);
  return value as T;
}

function target(value: unknown): ScheduleTarget {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(value, 'target', 'Member must not be null');
  const raw = value as Body;
  if (typeof raw.Arn !== 'string' || raw.Arn.length < 1 || raw.Arn.length > 1600) throw invalid(raw.Arn, 'target.arn', 'Member must have length between 1 and 1600');
  if (typeof raw.RoleArn !== 'string' || !ROLE_ARN_PATTERN.test(raw.RoleArn)) throw invalid(raw.RoleArn, 'target.roleArn', `Member must satisfy regular expression pattern: ${ROLE_ARN_PATTERN.source}`);
  if (!FUNCTION_ARN_PATTERN.test(raw.Arn)) throw new UnmappedRequest(`The local scheduler invokes Lambda functions only, not ${raw.Arn}.`, 501);
  for (const other of ['EcsParameters', 'EventBridgeParameters', 'KinesisParameters', 'SageMakerPipelineParameters', 'SqsParameters']) {
    if (raw[other] !== undefined) throw new UnmappedRequest(`The local scheduler does not serve ${other}.`, 501);
  }
  const out: ScheduleTarget = { Arn: raw.Arn, RoleArn: raw.RoleArn, RetryPolicy: { ...DEFAULT_RETRY_POLICY } };
  const input = optionalString(raw, 'Input', 8192);
  if (input !== undefined) out.Input = input;
  if (raw.RetryPolicy !== undefined && raw.RetryPolicy !== null) {
    const policy = raw.RetryPolicy as Body;
    if (policy.MaximumEventAgeInSeconds !== undefined) out.RetryPolicy.MaximumEventAgeInSeconds = integerIn(policy.MaximumEventAgeInSeconds, 'target.retryPolicy.maximumEventAgeInSeconds', 60, 86_400);
    if (policy.MaximumRetryAttempts !== undefined) out.RetryPolicy.MaximumRetryAttempts = integerIn(policy.MaximumRetryAttempts, 'target.retryPolicy.maximumRetryAttempts', 0, 185);
  }
  const deadLetter = raw.DeadLetterConfig as Body | undefined;
  if (deadLetter?.Arn !== undefined) {
    if (typeof deadLetter.Arn !== 'string' || !QUEUE_ARN_PATTERN.test(deadLetter.Arn)) throw invalid(deadLetter.Arn, 'target.deadLetterConfig.arn', `Member must satisfy regular expression pattern: ${QUEUE_ARN_PATTERN.source}`);
    out.DeadLetterConfig = { Arn: deadLetter.Arn };
  }
  return out;
}

/** The definition a CreateSchedule / UpdateSchedule body carries, validated (ValidationException, or 501 for what is not emulated). */
export function readDefinition(scheduleName: string, body: Body): ScheduleDefinition {
  const expression = body.ScheduleExpression;
  if (typeof expression !== 'string' || expression.length < 1 || expression.length > 256) throw invalid(expression, 'scheduleExpression', 'Member must have length between 1 and 256');
  const timezone = optionalString(body, 'ScheduleExpressionTimezone', 50) ?? 'UTC';
  if (!knownZone(timezone)) throw schedulerError('ValidationException', 400, `Invalid timezone ${timezone}.`);
  const window = body.FlexibleTimeWindow as Body | undefined;
  if (!window || typeof window !== 'object') throw invalid(window, 'flexibleTimeWindow', 'Member must not be null');
  if (window.Mode === undefined || window.Mode === null) throw invalid(undefined, 'flexibleTimeWindow.mode', 'Member must not be null');
  const mode = oneOf(window.Mode, 'flexibleTimeWindow.mode', ['OFF', 'FLEXIBLE'] as const, 'OFF');
  const flexibleTimeWindow: ScheduleDefinition['flexibleTimeWindow'] = { Mode: mode };
  if (mode === 'FLEXIBLE') flexibleTimeWindow.MaximumWindowInMinutes = integerIn(window.MaximumWindowInMinutes, 'flexibleTimeWindow.maximumWindowInMinutes', 1, 1440);
  const definition: ScheduleDefinition = {
    name: scheduleName,
    group: groupOf(body.GroupName),
    expression,
    timezone,
    atMs: atInstant(expression, timezone),
    state: oneOf(body.State, 'state', ['ENABLED', 'DISABLED'] as const, 'ENABLED'),
    flexibleTimeWindow,
    actionAfterCompletion: oneOf(body.ActionAfterCompletion, 'actionAfterCompletion', ['NONE', 'DELETE'] as const, 'NONE'),
    target: target(body.Target),
  };
  const description = optionalString(body, 'Description', 512);
  if (description !== undefined) definition.description = description;
  const startDate = optionalEpoch(body, 'StartDate');
  if (startDate !== undefined) definition.startDate = startDate;
  const endDate = optionalEpoch(body, 'EndDate');
  if (endDate !== undefined) definition.endDate = endDate;
  const kmsKeyArn = optionalString(body, 'KmsKeyArn', 2048);
  if (kmsKeyArn !== undefined) definition.kmsKeyArn = kmsKeyArn;
  const clientToken = optionalString(body, 'ClientToken', 64);
  if (clientToken !== undefined) definition.clientToken = clientToken;
  return definition;
}

/** The context attributes EventBridge Scheduler fills into a target's input. */
export interface ContextAttributes {
  scheduleArn?: string;
  /** `yyyy-mm-ddThh:mm:ssZ` (whole seconds). */
  scheduledTime?: string;
  executionId?: string;
  attemptNumber?: number;
}

const PLACEHOLDERS: Record<keyof ContextAttributes, string> = {
  scheduleArn: '<aws.scheduler.schedule-arn>',
  scheduledTime: '<aws.scheduler.scheduled-time>',
  executionId: '<aws.scheduler.execution-id>',
  attemptNumber: '<aws.scheduler.attempt-number>',
};

/** `input` with each given context attribute's placeholder replaced (the others are left as they are). */
export function fillContextAttributes(input: string, values: ContextAttributes): string {
  let out = input;
  for (const [key, placeholder] of Object.entries(PLACEHOLDERS) as [keyof ContextAttributes, string][]) {
    const value = values[key];
    if (value !== undefined) out = out.split(placeholder).join(String(value));
  }
  return out;
}

/** An instant as the Scheduler writes `<aws.scheduler.scheduled-time>`: whole seconds, `Z`. */
export function wholeSecondsIso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
