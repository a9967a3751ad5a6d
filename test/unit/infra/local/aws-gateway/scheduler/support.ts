/**
 * Helpers for the local EventBridge Scheduler tests: a recording stand-in for Lambda's asynchronous
 * Invoke, a gateway with the scheduler, SDK clients per principal, the twin-only hooks, and waiting.
 */
import { CreateScheduleCommand, SchedulerClient, type CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GatewayPrincipal, SchedulerOptions } from '../../../../../../infra/local/aws-gateway';
import { ACCOUNT, REGION, credentialsOf, harness, type Harness } from '../support';

export const GROUP = 'posts';
export const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/SchedulerRole`;
export const TARGET_ARN = `arn:aws:lambda:${REGION}:${ACCOUNT}:function:Publisher`;
export const QUEUE_ARN = `arn:aws:sqs:${REGION}:${ACCOUNT}:publish-dlq`;
export const scheduleArn = (name: string, group = GROUP) => `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${group}/${name}`;

/** One call of the Lambda stand-in. */
export interface Invocation {
  arn: string;
  event: unknown;
  at: number;
}

/** Lambda's asynchronous Invoke, recorded; `fail` decides per call whether it is refused. */
export class FakeLambda {
  readonly calls: Invocation[] = [];
  fail: (call: Invocation, index: number) => Error | undefined = () => undefined;

  readonly invoke = async (arn: string, event: unknown): Promise<void> => {
    const call = { arn, event, at: Date.now() };
    this.calls.push(call);
    const error = this.fail(call, this.calls.length - 1);
    if (error) throw error;
  };
}

/** An Error with an AWS error name (what Lambda's Invoke rejects with). */
export const awsError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** A temporary state dir. */
export const stateDir = () => mkdtempSync(path.join(tmpdir(), 'twin-scheduler-'));

/** A gateway whose scheduler invokes `lambda` (retries 20 ms apart unless told otherwise). */
export function schedulerHarness(lambda: FakeLambda, scheduler: SchedulerOptions = {}): Promise<Harness> {
  return harness({ scheduler: { invokeFunction: lambda.invoke, retryBaseDelayMs: 20, ...scheduler } });
}

export const clientOf = (h: Harness, p: GatewayPrincipal) => new SchedulerClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 });

/** A client signed with a key no principal has (the gateway does not evaluate it, like the twin's own code). */
export const unchecked = (h: Harness) => new SchedulerClient({ endpoint: h.gateway.url, region: REGION, credentials: { accessKeyId: 'AKIAUNCHECKED', secretAccessKey: 'x' }, maxAttempts: 1 });

/** `at(...)` of an instant (whole seconds, UTC). */
export const at = (ms: number) => `at(${new Date(ms).toISOString().slice(0, 19)})`;

/** The next whole second at least `ms` from now. */
export const wholeSecondIn = (ms: number) => Math.ceil((Date.now() + ms) / 1000) * 1000;

/** A CreateSchedule input for the posts group. */
export function definition(name: string, whenMs: number, extra: Partial<CreateScheduleCommandInput> = {}): CreateScheduleCommandInput {
  return {
    Name: name,
    GroupName: GROUP,
    ScheduleExpression: at(whenMs),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: JSON.stringify({ post: name }), RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60 } },
    ...extra,
  };
}

export const create = (h: Harness, input: CreateScheduleCommandInput) => unchecked(h).send(new CreateScheduleCommand(input));

/** Calls a twin-only hook (`/_twin/scheduler/<route>`). */
export async function hook<T>(h: Harness, route: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${h.gateway.url}/_twin/scheduler/${route}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

/** Resolves once `check` is true (polled every 10 ms); rejects after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
