/**
 * The gateway's local EventBridge Scheduler, its API (issue 13 item 3), through the real SDK client:
 * CreateSchedule, GetSchedule, UpdateSchedule and DeleteSchedule with the service's answers
 * (ConflictException 409, ResourceNotFoundException 404, ValidationException 400, 501 for what the
 * twin does not emulate), ClientToken idempotency, time zones; IAM evaluated as scheduler:<Operation>
 * on the schedule's ARN plus iam:PassRole on the role passed to scheduler.amazonaws.com, with
 * AccessDeniedException in the REST-JSON shape; schedule groups when the twin names them.
 */
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, REGION, principal, rejection, type Harness } from '../support';
import { FakeLambda, GROUP, ROLE_ARN, TARGET_ARN, clientOf, create, definition, hook, scheduleArn, schedulerHarness, unchecked } from './support';
import type { ScheduleView } from '../../../../../../infra/local/aws-gateway';

const FAR = Date.parse('2031-01-02T03:04:05Z');
const SCHEDULES = `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${GROUP}/*`;
const OPERATIONS = ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:GetSchedule', 'scheduler:DeleteSchedule'];
const PASS_ROLE = { Effect: 'Allow', Action: 'iam:PassRole', Resource: ROLE_ARN, Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } };

/** What the publishing functions will be granted. */
const scheduling = principal('programarPublicacion', [{ Effect: 'Allow', Action: OPERATIONS, Resource: SCHEDULES }, PASS_ROLE]);
/** The schedule grants without iam:PassRole. */
const withoutPassRole = principal('sinPassRole', [{ Effect: 'Allow', Action: OPERATIONS, Resource: SCHEDULES }]);
/** PassRole for another service only. */
const passRoleToLambda = principal('passRoleLambda', [
  { Effect: 'Allow', Action: OPERATIONS, Resource: SCHEDULES },
  { ...PASS_ROLE, Condition: { StringEquals: { 'iam:PassedToService': 'lambda.amazonaws.com' } } },
]);
/** Grants on another group. */
const otherGroup = principal('otroGrupo', [{ Effect: 'Allow', Action: OPERATIONS, Resource: `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/other/*` }, PASS_ROLE]);
/** Reads only. */
const reader = principal('lectorProgramas', [{ Effect: 'Allow', Action: 'scheduler:GetSchedule', Resource: SCHEDULES }]);

let h: Harness;
const lambda = new FakeLambda();
const decisionsOf = (name: string) => h.gateway.decisions().filter((d) => d.principal === name);

beforeAll(async () => {
  h = await schedulerHarness(lambda);
  for (const p of [scheduling, withoutPassRole, passRoleToLambda, otherGroup, reader]) h.gateway.setPrincipal(p);
});
afterAll(() => h.stop());

describe('local EventBridge Scheduler: API', () => {
  it('creates a one-time schedule, evaluating scheduler:CreateSchedule on its ARN and iam:PassRole on the role', async () => {
    const out = await clientOf(h, scheduling).send(new CreateScheduleCommand(definition('api-create', FAR)));
    expect(out.ScheduleArn).toBe(scheduleArn('api-create'));
    expect(decisionsOf('programarPublicacion').slice(-2)).toMatchObject([
      { action: 'scheduler:CreateSchedule', resource: scheduleArn('api-create'), allowed: true },
      { action: 'iam:PassRole', resource: ROLE_ARN, allowed: true },
    ]);
  });

  it('GetSchedule answers the whole definition with the defaults filled in and dates', async () => {
    const before = Date.now();
    await create(h, { ...definition('api-get', FAR), Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN }, ActionAfterCompletion: undefined, ScheduleExpressionTimezone: undefined, Description: 'Publicación' });
    const out = await clientOf(h, scheduling).send(new GetScheduleCommand({ Name: 'api-get', GroupName: GROUP }));
    expect(out).toMatchObject({
      Arn: scheduleArn('api-get'),
      Name: 'api-get',
      GroupName: GROUP,
      ScheduleExpression: 'at(2031-01-02T03:04:05)',
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      Description: 'Publicación',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'NONE',
      Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumEventAgeInSeconds: 86400, MaximumRetryAttempts: 185 } },
    });
    expect(out.Target?.Input).toBeUndefined();
    expect(out.CreationDate).toBeInstanceOf(Date);
    expect(out.CreationDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(out.LastModificationDate?.getTime()).toBe(out.CreationDate?.getTime());
  });

  it('answers ConflictException (409) for a name that exists, unless the same ClientToken retries the create', async () => {
    const input = { ...definition('api-conflict', FAR), ClientToken: 'token-1' };
    const first = await clientOf(h, scheduling).send(new CreateScheduleCommand(input));
    await expect(clientOf(h, scheduling).send(new CreateScheduleCommand(input))).resolves.toMatchObject({ ScheduleArn: first.ScheduleArn });
    const error = await rejection(clientOf(h, scheduling).send(new CreateScheduleCommand({ ...input, ClientToken: 'token-2' })));
    expect(error).toBeInstanceOf(ConflictException);
    expect(error.$metadata.httpStatusCode).toBe(409);
    expect(error.message).toBe('Schedule api-conflict already exists.');
  });

  it('UpdateSchedule replaces the definition (a moved post) and keeps the creation date', async () => {
    await create(h, definition('api-update', FAR));
    const created = await unchecked(h).send(new GetScheduleCommand({ Name: 'api-update', GroupName: GROUP }));
    const later = FAR + 86_400_000;
    const out = await clientOf(h, scheduling).send(new UpdateScheduleCommand({ ...definition('api-update', later), Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: '{"post":"movido"}' } }));
    expect(out.ScheduleArn).toBe(scheduleArn('api-update'));
    expect(decisionsOf('programarPublicacion').slice(-2).map((d) => d.action)).toEqual(['scheduler:UpdateSchedule', 'iam:PassRole']);
    const updated = await unchecked(h).send(new GetScheduleCommand({ Name: 'api-update', GroupName: GROUP }));
    expect(updated.ScheduleExpression).toBe('at(2031-01-03T03:04:05)');
    expect(updated.Target).toEqual({ Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: '{"post":"movido"}', RetryPolicy: { MaximumEventAgeInSeconds: 86400, MaximumRetryAttempts: 185 } });
    expect(updated.CreationDate).toEqual(created.CreationDate);
    expect(updated.LastModificationDate!.getTime()).toBeGreaterThanOrEqual(created.LastModificationDate!.getTime());
  });

  it('answers ResourceNotFoundException (404) to Update, Get and Delete of a schedule that does not exist', async () => {
    for (const command of [
      new UpdateScheduleCommand(definition('api-missing', FAR)),
      new GetScheduleCommand({ Name: 'api-missing', GroupName: GROUP }),
      new DeleteScheduleCommand({ Name: 'api-missing', GroupName: GROUP }),
    ]) {
      const error = await rejection(clientOf(h, scheduling).send(command as never));
      expect(error).toBeInstanceOf(ResourceNotFoundException);
      expect(error.$metadata.httpStatusCode).toBe(404);
      expect(error.message).toBe('Schedule api-missing does not exist.');
    }
  });

  it('DeleteSchedule removes it (then it is not found) and evaluates scheduler:DeleteSchedule only', async () => {
    await create(h, definition('api-delete', FAR));
    await expect(clientOf(h, scheduling).send(new DeleteScheduleCommand({ Name: 'api-delete', GroupName: GROUP }))).resolves.toBeDefined();
    expect(decisionsOf('programarPublicacion').at(-1)).toMatchObject({ action: 'scheduler:DeleteSchedule', resource: scheduleArn('api-delete'), allowed: true });
    await expect(clientOf(h, scheduling).send(new GetScheduleCommand({ Name: 'api-delete', GroupName: GROUP }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    const { body } = await hook<{ schedules: ScheduleView[] }>(h, 'schedules');
    expect(body.schedules.map((s) => s.name)).not.toContain('api-delete');
  });

  it('keeps groups apart: the same name in the default group is another schedule', async () => {
    await create(h, definition('api-groups', FAR));
    const other = await unchecked(h).send(new CreateScheduleCommand({ ...definition('api-groups', FAR), GroupName: undefined }));
    expect(other.ScheduleArn).toBe(scheduleArn('api-groups', 'default'));
    await expect(unchecked(h).send(new GetScheduleCommand({ Name: 'api-groups' }))).resolves.toMatchObject({ GroupName: 'default' });
  });

  describe('IAM', () => {
    it('denies CreateSchedule without iam:PassRole on the role, in the REST-JSON AccessDeniedException shape, and keeps nothing', async () => {
      const error = await rejection(clientOf(h, withoutPassRole).send(new CreateScheduleCommand(definition('api-no-pass', FAR))));
      expect(error.name).toBe('AccessDeniedException');
      expect(error.$metadata.httpStatusCode).toBe(403);
      expect(error.message).toBe(
        `User: arn:aws:sts::${ACCOUNT}:assumed-role/sinPassRoleRole/sinPassRole is not authorized to perform: iam:PassRole on resource: ${ROLE_ARN} because no identity-based policy allows the iam:PassRole action`,
      );
      expect(decisionsOf('sinPassRole').slice(-2)).toMatchObject([
        { action: 'scheduler:CreateSchedule', allowed: true },
        { action: 'iam:PassRole', resource: ROLE_ARN, allowed: false },
      ]);
      await expect(unchecked(h).send(new GetScheduleCommand({ Name: 'api-no-pass', GroupName: GROUP }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    });

    it('denies UpdateSchedule without iam:PassRole, and PassRole granted for another service', async () => {
      await create(h, definition('api-no-pass-update', FAR));
      await expect(clientOf(h, withoutPassRole).send(new UpdateScheduleCommand(definition('api-no-pass-update', FAR)))).rejects.toMatchObject({ name: 'AccessDeniedException' });
      await expect(clientOf(h, passRoleToLambda).send(new CreateScheduleCommand(definition('api-pass-lambda', FAR)))).rejects.toMatchObject({ name: 'AccessDeniedException' });
      expect(decisionsOf('passRoleLambda').at(-1)).toMatchObject({ action: 'iam:PassRole', allowed: false });
    });

    it('allows Get and Delete without iam:PassRole (no role is passed)', async () => {
      await create(h, definition('api-no-pass-get', FAR));
      await expect(clientOf(h, withoutPassRole).send(new GetScheduleCommand({ Name: 'api-no-pass-get', GroupName: GROUP }))).resolves.toMatchObject({ Name: 'api-no-pass-get' });
      await expect(clientOf(h, withoutPassRole).send(new DeleteScheduleCommand({ Name: 'api-no-pass-get', GroupName: GROUP }))).resolves.toBeDefined();
    });

    it('denies schedules of a group the grant does not cover, on the schedule ARN', async () => {
      const error = await rejection(clientOf(h, otherGroup).send(new CreateScheduleCommand(definition('api-other-group', FAR))));
      expect(error.name).toBe('AccessDeniedException');
      expect(error.message).toContain(`scheduler:CreateSchedule on resource: ${scheduleArn('api-other-group')}`);
    });

    it('denies writes to a reader, and denies before saying whether the schedule exists', async () => {
      await expect(clientOf(h, reader).send(new DeleteScheduleCommand({ Name: 'api-nothing', GroupName: GROUP }))).rejects.toMatchObject({ name: 'AccessDeniedException' });
      await expect(clientOf(h, reader).send(new GetScheduleCommand({ Name: 'api-nothing', GroupName: GROUP }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    });
  });

  describe('validation', () => {
    it.each([
      ['a name with other characters', { Name: 'publicación' }, "at 'name'"],
      ['a name longer than 64', { Name: 'x'.repeat(65) }, "at 'name'"],
      ['a group with other characters', { GroupName: 'my group' }, "at 'groupName'"],
      ['an at() that is not a date', { ScheduleExpression: 'at(2031-02-30T10:00:00)' }, 'Invalid Schedule Expression at(2031-02-30T10:00:00).'],
      ['an at() with a zone offset', { ScheduleExpression: 'at(2031-01-01T10:00:00Z)' }, 'Invalid Schedule Expression'],
      ['an unknown time zone', { ScheduleExpressionTimezone: 'Mars/Olympus' }, 'Invalid timezone Mars/Olympus.'],
      ['no flexible time window', { FlexibleTimeWindow: undefined }, "at 'flexibleTimeWindow'"],
      ['a FLEXIBLE window without its size', { FlexibleTimeWindow: { Mode: 'FLEXIBLE' as const } }, "at 'flexibleTimeWindow.maximumWindowInMinutes'"],
      ['a retry policy out of range', { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumRetryAttempts: 186 } } }, "at 'target.retryPolicy.maximumRetryAttempts'"],
      ['an event age under a minute', { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumEventAgeInSeconds: 30 } } }, "at 'target.retryPolicy.maximumEventAgeInSeconds'"],
      ['a role that is not a role ARN', { Target: { Arn: TARGET_ARN, RoleArn: 'SchedulerRole' } }, "at 'target.roleArn'"],
      ['a dead-letter queue that is not an SQS ARN', { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, DeadLetterConfig: { Arn: 'dlq' } } }, "at 'target.deadLetterConfig.arn'"],
      ['an unknown state', { State: 'PAUSED' as never }, "at 'state'"],
    ])('answers ValidationException (400) to %s', async (_case, change, message) => {
      const error = await rejection(unchecked(h).send(new CreateScheduleCommand({ ...definition('api-valid', FAR), ...change })));
      expect(error).toBeInstanceOf(ValidationException);
      expect(error.$metadata.httpStatusCode).toBe(400);
      expect(error.message).toContain(message);
    });

    it.each([
      ['rate() schedules', { ScheduleExpression: 'rate(5 minutes)' }, /one-time at\(\) schedules only/],
      ['targets other than Lambda functions', { Target: { Arn: 'arn:aws:sqs:eu-west-1:000000000000:cola', RoleArn: ROLE_ARN } }, /Lambda functions only/],
    ])('answers 501 to %s, which the twin does not emulate', async (_case, change, message) => {
      const error = await rejection(unchecked(h).send(new CreateScheduleCommand({ ...definition('api-501', FAR), ...change })));
      expect(error.$metadata.httpStatusCode).toBe(501);
      expect(error.message).toMatch(message);
    });

    it('answers 501 to operations it does not serve', async () => {
      const error = await rejection(unchecked(h).send(new ListSchedulesCommand({})));
      expect(error.name).toBe('UnsupportedOperationException');
      expect(error.$metadata.httpStatusCode).toBe(501);
    });
  });

  it('reads at() in ScheduleExpressionTimezone, also across a daylight saving change', async () => {
    await create(h, { ...definition('api-zone-winter', FAR), ScheduleExpression: 'at(2031-01-15T10:00:00)', ScheduleExpressionTimezone: 'Europe/Madrid' });
    await create(h, { ...definition('api-zone-summer', FAR), ScheduleExpression: 'at(2031-07-15T10:00:00)', ScheduleExpressionTimezone: 'Europe/Madrid' });
    const { body } = await hook<{ schedules: ScheduleView[] }>(h, 'schedules');
    const atOf = (name: string) => body.schedules.find((s) => s.name === name)?.at;
    expect(atOf('api-zone-winter')).toBe('2031-01-15T09:00:00.000Z');
    expect(atOf('api-zone-summer')).toBe('2031-07-15T08:00:00.000Z');
    expect(body.schedules.find((s) => s.name === 'api-zone-summer')).toMatchObject({ timezone: 'Europe/Madrid', expression: 'at(2031-07-15T10:00:00)', status: 'scheduled', state: 'ENABLED' });
  });

  it('with named groups, a schedule in another group is ResourceNotFoundException', async () => {
    const named = await schedulerHarness(new FakeLambda(), { groups: [GROUP] });
    try {
      await expect(unchecked(named).send(new CreateScheduleCommand(definition('api-known-group', FAR)))).resolves.toBeDefined();
      const error = await rejection(unchecked(named).send(new CreateScheduleCommand({ ...definition('api-unknown-group', FAR), GroupName: 'missing' })));
      expect(error).toBeInstanceOf(ResourceNotFoundException);
      expect(error.message).toBe('Schedule group missing does not exist.');
    } finally {
      await named.stop();
    }
  });

  it('never fired anything here (every schedule is years ahead)', () => {
    expect(lambda.calls).toEqual([]);
  });
});
