/**
 * The door to EventBridge Scheduler against the twin's AWS gateway (issue 13 item 3), as a function
 * of the twin calls it (endpoint and key pair from the environment, IAM evaluated): a post's
 * schedule is created, moved (Conflict → Update) and deleted idempotently; a schedule whose instant
 * passed fires at once with the input and deletes itself after completion; without iam:PassRole the
 * call is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteSchedule, putOneTimeSchedule, scheduleName, type OneTimeSchedule } from '../../../../../../lambdas/platform/scheduler';
import type { ScheduleView } from '../../../../../../infra/local/aws-gateway';
import { ACCOUNT, REGION, principal, type Harness } from '../../../../infra/local/aws-gateway/support';
import { FakeLambda, GROUP, ROLE_ARN, TARGET_ARN, schedulerHarness, waitFor } from '../../../../infra/local/aws-gateway/scheduler/support';

const SCHEDULES = `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${GROUP}/*`;
const OPERATIONS = ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'];
const publisher = principal('programarPublicacion', [
  { Effect: 'Allow', Action: OPERATIONS, Resource: SCHEDULES },
  { Effect: 'Allow', Action: 'iam:PassRole', Resource: ROLE_ARN, Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } },
]);
const ENV = ['AWS_ENDPOINT_URL', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE'] as const;

let h: Harness;
const lambda = new FakeLambda();
const saved: Partial<Record<(typeof ENV)[number], string>> = {};
const schedule = (id: string, at: Date): OneTimeSchedule => ({ name: scheduleName('publish', id), group: GROUP, at, targetArn: TARGET_ARN, roleArn: ROLE_ARN, input: { publicationId: id } });
const views = () => h.gateway.scheduler.schedules() as ScheduleView[];

beforeAll(async () => {
  h = await schedulerHarness(lambda);
  h.gateway.setPrincipal(publisher);
  for (const name of ENV) saved[name] = process.env[name];
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  // What the twin gives a function (runtime/function-env.ts); the door's client reads it on first use.
  Object.assign(process.env, { AWS_ENDPOINT_URL: h.gateway.url, AWS_REGION: REGION, AWS_ACCESS_KEY_ID: publisher.accessKeyId, AWS_SECRET_ACCESS_KEY: publisher.secretAccessKey });
});
afterAll(async () => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await h.stop();
});

describe('platform/scheduler against the local EventBridge Scheduler', () => {
  it('creates a post schedule, moves it with a second put, and deletes it idempotently', async () => {
    const first = new Date('2031-03-01T09:30:00.250Z');
    await expect(putOneTimeSchedule(schedule('01JPOST1', first))).resolves.toEqual({ scheduleArn: `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${GROUP}/publish_01JPOST1`, outcome: 'created' });
    expect(views().find((s) => s.name === 'publish_01JPOST1')).toMatchObject({ at: '2031-03-01T09:30:01.000Z', timezone: 'UTC', actionAfterCompletion: 'DELETE', retryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 300 }, input: '{"publicationId":"01JPOST1"}' });

    await expect(putOneTimeSchedule(schedule('01JPOST1', new Date('2031-03-02T10:00:00Z')))).resolves.toMatchObject({ outcome: 'updated' });
    expect(views().filter((s) => s.name === 'publish_01JPOST1').map((s) => s.at)).toEqual(['2031-03-02T10:00:00.000Z']);

    await expect(deleteSchedule('publish_01JPOST1', GROUP)).resolves.toBe(true);
    await expect(deleteSchedule('publish_01JPOST1', GROUP)).resolves.toBe(false);
    expect(views().some((s) => s.name === 'publish_01JPOST1')).toBe(false);
    expect(h.gateway.decisions().filter((d) => d.principal === 'programarPublicacion').every((d) => d.allowed)).toBe(true);
  });

  it('a schedule whose instant passed fires at once with the input and deletes itself', async () => {
    await putOneTimeSchedule(schedule('01JPOST2', new Date(Date.now() - 60_000)));
    await waitFor(() => lambda.calls.length === 1, 3000, 'the delivery');
    expect(lambda.calls[0]).toMatchObject({ arn: TARGET_ARN, event: { publicationId: '01JPOST2' } });
    await waitFor(() => !views().some((s) => s.name === 'publish_01JPOST2'), 1000, 'the deletion');
    await expect(deleteSchedule('publish_01JPOST2', GROUP)).resolves.toBe(false);
  });

  it('is refused without iam:PassRole on the execution role', async () => {
    const other = { ...schedule('01JPOST3', new Date('2031-01-01T00:00:00Z')), roleArn: `arn:aws:iam::${ACCOUNT}:role/OtherRole` };
    await expect(putOneTimeSchedule(other)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(views().some((s) => s.name === 'publish_01JPOST3')).toBe(false);
  });
});
