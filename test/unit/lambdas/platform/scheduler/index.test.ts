/**
 * The door to EventBridge Scheduler (issue 13 item 3), against aws-sdk-client-mock: the exact
 * CreateSchedule input of a post's one-time schedule (at() in UTC rounded up to the second,
 * FlexibleTimeWindow OFF, ActionAfterCompletion DELETE, the retry policy, the DLQ only when given);
 * ConflictException → UpdateSchedule with the same definition (and Create again when the schedule
 * vanished in between); other errors reach the caller; DeleteSchedule idempotent; settings from the
 * environment; schedule names from ids.
 */
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  atExpression,
  deleteSchedule,
  putOneTimeSchedule,
  SCHEDULE_NAME_PATTERN,
  SCHEDULE_RETRY_POLICY,
  scheduleName,
  schedulerSettings,
  type OneTimeSchedule,
} from '../../../../../lambdas/platform/scheduler';

const scheduler = mockClient(SchedulerClient);
beforeEach(() => scheduler.reset());
afterEach(() => scheduler.reset());

const ARN = 'arn:aws:scheduler:eu-west-1:123456789012:schedule/posts/publish_01J0000000000000000000000';
const SCHEDULE: OneTimeSchedule = {
  name: 'publish_01J0000000000000000000000',
  group: 'posts',
  at: new Date('2030-05-04T10:15:00.000Z'),
  targetArn: 'arn:aws:lambda:eu-west-1:123456789012:function:publisher',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler-role',
  input: { publicationId: '01J0000000000000000000000', at: '2030-05-04T10:15:00.000Z' },
};
/** What CreateSchedule and UpdateSchedule receive for SCHEDULE. */
const EXPECTED = {
  Name: 'publish_01J0000000000000000000000',
  GroupName: 'posts',
  ScheduleExpression: 'at(2030-05-04T10:15:00)',
  ScheduleExpressionTimezone: 'UTC',
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  State: 'ENABLED',
  Target: {
    Arn: 'arn:aws:lambda:eu-west-1:123456789012:function:publisher',
    RoleArn: 'arn:aws:iam::123456789012:role/scheduler-role',
    Input: '{"publicationId":"01J0000000000000000000000","at":"2030-05-04T10:15:00.000Z"}',
    RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 300 },
  },
};
/** The options of a Scheduler exception (the service's error shape has `Message`). */
const failure = (message: string) => ({ message, Message: message, $metadata: {} });

describe('putOneTimeSchedule', () => {
  it('creates the one-time schedule with the exact CreateSchedule input', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: ARN });
    await expect(putOneTimeSchedule(SCHEDULE)).resolves.toEqual({ scheduleArn: ARN, outcome: 'created' });
    expect(scheduler.calls()).toHaveLength(1);
    expect(scheduler.commandCalls(CreateScheduleCommand)[0]?.args[0].input).toEqual(EXPECTED);
  });

  it('adds the dead-letter queue only when given', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: ARN });
    await putOneTimeSchedule({ ...SCHEDULE, deadLetterArn: 'arn:aws:sqs:eu-west-1:123456789012:publish-dlq' });
    expect(scheduler.commandCalls(CreateScheduleCommand)[0]?.args[0].input.Target).toEqual({
      ...EXPECTED.Target,
      DeadLetterConfig: { Arn: 'arn:aws:sqs:eu-west-1:123456789012:publish-dlq' },
    });
  });

  it('on ConflictException updates the existing schedule with the same whole definition (it moves)', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new ConflictException(failure('Schedule publish already exists.')));
    scheduler.on(UpdateScheduleCommand).resolves({ ScheduleArn: ARN });
    const moved = { ...SCHEDULE, at: new Date('2030-05-05T08:00:00.000Z') };
    await expect(putOneTimeSchedule(moved)).resolves.toEqual({ scheduleArn: ARN, outcome: 'updated' });
    expect(scheduler.calls()).toHaveLength(2);
    expect(scheduler.commandCalls(UpdateScheduleCommand)[0]?.args[0].input).toEqual({ ...EXPECTED, ScheduleExpression: 'at(2030-05-05T08:00:00)' });
  });

  it('creates again when the schedule was deleted between the conflict and the update', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejectsOnce(new ConflictException(failure('exists')))
      .resolves({ ScheduleArn: ARN });
    scheduler.on(UpdateScheduleCommand).rejects(new ResourceNotFoundException(failure('Schedule publish does not exist.')));
    await expect(putOneTimeSchedule(SCHEDULE)).resolves.toEqual({ scheduleArn: ARN, outcome: 'created' });
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(2);
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(1);
  });

  it('lets other errors reach the caller, without an update', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new ValidationException(failure('Invalid Schedule Expression')));
    await expect(putOneTimeSchedule(SCHEDULE)).rejects.toBeInstanceOf(ValidationException);
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
    scheduler.reset();
    scheduler.on(CreateScheduleCommand).rejects(new ConflictException(failure('exists')));
    scheduler.on(UpdateScheduleCommand).rejects(new ValidationException(failure('bad')));
    await expect(putOneTimeSchedule(SCHEDULE)).rejects.toBeInstanceOf(ValidationException);
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(1);
  });

  it('refuses an invalid date before calling the service', async () => {
    await expect(putOneTimeSchedule({ ...SCHEDULE, at: new Date('nope') })).rejects.toBeInstanceOf(TypeError);
    expect(scheduler.calls()).toHaveLength(0);
  });
});

describe('atExpression', () => {
  it.each([
    ['2030-05-04T10:15:00.000Z', 'at(2030-05-04T10:15:00)'],
    ['2030-05-04T10:15:00.001Z', 'at(2030-05-04T10:15:01)'],
    ['2030-12-31T23:59:59.500Z', 'at(2031-01-01T00:00:00)'],
    ['2030-03-31T01:30:00.000+02:00', 'at(2030-03-30T23:30:00)'],
  ])('%s → %s (UTC, never before the instant)', (iso, expression) => {
    expect(atExpression(new Date(iso))).toBe(expression);
  });
});

describe('deleteSchedule', () => {
  it('sends DeleteSchedule with the name and group and resolves true', async () => {
    scheduler.on(DeleteScheduleCommand).resolves({});
    await expect(deleteSchedule('publish_1', 'posts')).resolves.toBe(true);
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]?.args[0].input).toEqual({ Name: 'publish_1', GroupName: 'posts' });
  });

  it('treats a schedule that does not exist as deleted (idempotent)', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException(failure('Schedule publish_1 does not exist.')));
    await expect(deleteSchedule('publish_1', 'posts')).resolves.toBe(false);
  });

  it('lets other errors reach the caller', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new ValidationException(failure('bad')));
    await expect(deleteSchedule('publish_1', 'posts')).rejects.toBeInstanceOf(ValidationException);
  });
});

describe('schedulerSettings', () => {
  const env = { SCHEDULE_GROUP: 'posts', SCHEDULER_ROLE_ARN: SCHEDULE.roleArn, SCHEDULE_TARGET_ARN: SCHEDULE.targetArn };

  it('reads the group, role, target and optional dead-letter queue', () => {
    expect(schedulerSettings(env)).toEqual({ group: 'posts', roleArn: SCHEDULE.roleArn, targetArn: SCHEDULE.targetArn });
    expect(schedulerSettings({ ...env, SCHEDULE_DEAD_LETTER_ARN: 'arn:aws:sqs:eu-west-1:1:q' })).toMatchObject({ deadLetterArn: 'arn:aws:sqs:eu-west-1:1:q' });
  });

  it.each(['SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULE_TARGET_ARN'])('throws naming %s when it is missing', (name) => {
    expect(() => schedulerSettings({ ...env, [name]: undefined })).toThrow(`${name} is not set`);
  });
});

describe('scheduleName', () => {
  const ULID = '01J0ABCDEFGHJKMNPQRSTVWXYZ';

  it('joins plain ids with _ and keeps them readable', () => {
    expect(scheduleName('publish', ULID)).toBe(`publish_${ULID}`);
    expect(scheduleName('publish', '2b1f7c7e-4f5e-4b8e-9a57-0d8c1e0f6a11')).toBe('publish_2b1f7c7e-4f5e-4b8e-9a57-0d8c1e0f6a11');
  });

  it.each([
    [['publish', 'brand#1/post:2']],
    [['publish', 'a_b']],
    [['publish', '']],
    [['publish', 'x'.repeat(80)]],
    [['publicación', ULID]],
  ])('gives an allowed name of at most 64 characters for %j', (parts) => {
    const name = scheduleName(...parts);
    expect(name).toMatch(SCHEDULE_NAME_PATTERN);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(scheduleName(...parts)).toBe(name);
  });

  it('gives different names to different ids, also when they would read the same', () => {
    const names = [
      scheduleName('publish', 'a_b'),
      scheduleName('publish_a', 'b'),
      scheduleName('publish', 'a b'),
      scheduleName('publish', 'a-b'),
      scheduleName('publish', `${'x'.repeat(70)}1`),
      scheduleName('publish', `${'x'.repeat(70)}2`),
    ];
    expect(new Set(names).size).toBe(names.length);
  });

  it('needs at least one part', () => {
    expect(() => scheduleName()).toThrow(TypeError);
  });
});

describe('the retry policy', () => {
  it('is a few attempts within a short age', () => {
    expect(SCHEDULE_RETRY_POLICY.MaximumRetryAttempts).toBeLessThanOrEqual(5);
    expect(SCHEDULE_RETRY_POLICY.MaximumEventAgeInSeconds).toBeLessThanOrEqual(900);
  });
});
