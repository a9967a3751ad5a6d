/**
 * The gateway's local EventBridge Scheduler firing its one-time schedules (issue 13 item 3): at the
 * instant with the Input and its context attributes; at once when the instant has passed (also
 * after an update moves it into the past); not when deleted, disabled or not started; deleted after
 * completion with ActionAfterCompletion DELETE, kept completed with NONE; a forced duplicate
 * delivery (the twin-only hook); retries per the retry policy then the dead letter (file and hook)
 * or nothing without a queue; a registered execution role evaluated for lambda:InvokeFunction;
 * schedules, interrupted deliveries and dead letters kept across a restart; the fire-now hook.
 */
import { GetScheduleCommand, ResourceNotFoundException, UpdateScheduleCommand, DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeadLetter, DeliveryRecord, ScheduleView } from '../../../../../../infra/local/aws-gateway';
import { ACCOUNT, REGION, type Harness } from '../support';
import { FakeLambda, GROUP, QUEUE_ARN, ROLE_ARN, TARGET_ARN, awsError, create, definition, hook, scheduleArn, schedulerHarness, sleep, stateDir, unchecked, waitFor, wholeSecondIn } from './support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PAST = Date.parse('2020-01-01T00:00:00Z');
const FAR = Date.parse('2031-01-01T00:00:00Z');
/** An input using every context attribute. */
const CONTEXT_INPUT = JSON.stringify({
  post: 'p1',
  arn: '<aws.scheduler.schedule-arn>',
  time: '<aws.scheduler.scheduled-time>',
  execution: '<aws.scheduler.execution-id>',
  attempt: '<aws.scheduler.attempt-number>',
});

const open: Harness[] = [];
async function gateway(...args: Parameters<typeof schedulerHarness>): Promise<Harness> {
  const h = await schedulerHarness(...args);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.stop()));
});

const exists = async (h: Harness, name: string) =>
  unchecked(h)
    .send(new GetScheduleCommand({ Name: name, GroupName: GROUP }))
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof ResourceNotFoundException) return false;
        throw error;
      },
    );
const schedules = async (h: Harness) => (await hook<{ schedules: ScheduleView[] }>(h, 'schedules')).body.schedules;

describe('local EventBridge Scheduler: firing', () => {
  it('invokes the target at the instant with the Input, context attributes filled in, then deletes the schedule (DELETE)', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    const when = wholeSecondIn(1500);
    await create(h, definition('fire-at', when, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: CONTEXT_INPUT } }));
    expect((await schedules(h)).find((s) => s.name === 'fire-at')).toMatchObject({ status: 'scheduled', at: new Date(when).toISOString(), targetArn: TARGET_ARN });
    await sleep(when - Date.now() - 300);
    expect(lambda.calls).toHaveLength(0);
    await waitFor(() => lambda.calls.length === 1, 3000, 'the delivery');
    const [call] = lambda.calls;
    expect(call!.at).toBeGreaterThanOrEqual(when);
    expect(call!.at).toBeLessThan(when + 1000);
    expect(call!.arn).toBe(TARGET_ARN);
    expect(call!.event).toEqual({ post: 'p1', arn: scheduleArn('fire-at'), time: new Date(when).toISOString().replace('.000Z', 'Z'), execution: expect.stringMatching(UUID), attempt: '1' });
    await waitFor(() => !h.gateway.scheduler.schedules().some((s) => s.name === 'fire-at'), 1000, 'the deletion');
    expect(await exists(h, 'fire-at')).toBe(false);
    await sleep(300);
    expect(lambda.calls).toHaveLength(1);
  });

  it('fires at once a schedule whose instant has passed, and keeps it completed with ActionAfterCompletion NONE', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    const start = Date.now();
    await create(h, definition('fire-past', PAST, { ActionAfterCompletion: 'NONE' }));
    await waitFor(() => lambda.calls.length === 1, 2000, 'the delivery');
    expect(lambda.calls[0]!.at - start).toBeLessThan(1000);
    expect(lambda.calls[0]!.event).toEqual({ post: 'fire-past' });
    await waitFor(() => h.logs.some((line) => line.includes('fire-past delivered')), 1000);
    expect(await exists(h, 'fire-past')).toBe(true);
    expect((await schedules(h)).find((s) => s.name === 'fire-past')?.status).toBe('completed');
    await sleep(200);
    expect(lambda.calls).toHaveLength(1);
  });

  it('sends {} when the target has no Input', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    await create(h, definition('fire-no-input', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN } }));
    await waitFor(() => lambda.calls.length === 1, 2000);
    expect(lambda.calls[0]!.event).toEqual({});
  });

  it('moves a schedule: an update into the past fires it at once, once, with the new input', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    await create(h, definition('fire-moved', FAR));
    await sleep(100);
    expect(lambda.calls).toHaveLength(0);
    await unchecked(h).send(new UpdateScheduleCommand({ ...definition('fire-moved', PAST), Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: '{"post":"movido"}' } }));
    await waitFor(() => lambda.calls.length === 1, 2000);
    expect(lambda.calls[0]!.event).toEqual({ post: 'movido' });
    await sleep(200);
    expect(lambda.calls).toHaveLength(1);
  });

  it('does not fire a schedule deleted or moved later before its instant, nor a DISABLED one', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    const when = wholeSecondIn(600);
    await create(h, definition('fire-deleted', when));
    await create(h, definition('fire-postponed', when));
    await create(h, definition('fire-disabled', when, { State: 'DISABLED' }));
    await unchecked(h).send(new DeleteScheduleCommand({ Name: 'fire-deleted', GroupName: GROUP }));
    await unchecked(h).send(new UpdateScheduleCommand(definition('fire-postponed', FAR)));
    await sleep(when - Date.now() + 400);
    expect(lambda.calls).toEqual([]);
    expect((await schedules(h)).filter((s) => s.name.startsWith('fire-')).map((s) => [s.name, s.status])).toEqual([
      ['fire-disabled', 'scheduled'],
      ['fire-postponed', 'scheduled'],
    ]);
  });

  it('delivers twice when the duplicate hook asks (same execution), then once again', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    expect(await hook(h, 'duplicates', { count: 1 })).toEqual({ status: 200, body: { pending: 1 } });
    await create(h, definition('fire-twice', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: CONTEXT_INPUT } }));
    await waitFor(() => lambda.calls.length === 2, 2000, 'two deliveries');
    expect(lambda.calls[1]!.event).toEqual(lambda.calls[0]!.event);
    expect(Math.abs(lambda.calls[1]!.at - lambda.calls[0]!.at)).toBeLessThan(100);
    const { body } = await hook<{ deliveries: DeliveryRecord[] }>(h, 'deliveries');
    expect(body.deliveries.filter((d) => d.name === 'fire-twice').map((d) => [d.duplicate, d.outcome]).sort()).toEqual([
      [false, 'delivered'],
      [true, 'delivered'],
    ]);
    await create(h, definition('fire-once', PAST));
    await waitFor(() => lambda.calls.length === 3, 2000);
    await sleep(100);
    expect(lambda.calls).toHaveLength(3);
  });

  it('can make the copy arrive later (delayMs after the first)', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    h.gateway.scheduler.duplicateNext(1, 300);
    await create(h, definition('fire-late-copy', PAST));
    await waitFor(() => lambda.calls.length === 2, 2000);
    expect(lambda.calls[1]!.at - lambda.calls[0]!.at).toBeGreaterThanOrEqual(290);
    expect(await hook(h, 'duplicates', { count: -1 })).toMatchObject({ status: 400 });
  });

  it('retries an undelivered event per MaximumRetryAttempts with backoff, then writes the dead letter, then deletes the schedule', async () => {
    const lambda = new FakeLambda();
    lambda.fail = () => awsError('ResourceNotFoundException', `Function not found: ${TARGET_ARN}`);
    const dir = stateDir();
    const h = await gateway(lambda, { stateDir: dir });
    const input = { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: CONTEXT_INPUT, RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60 }, DeadLetterConfig: { Arn: QUEUE_ARN } };
    await create(h, definition('fire-dead', PAST, { Target: input }));
    await waitFor(() => h.gateway.scheduler.deadLetters().length === 1, 3000, 'the dead letter');
    expect(lambda.calls).toHaveLength(3);
    expect(lambda.calls.map((c) => (c.event as { attempt: string }).attempt)).toEqual(['1', '2', '3']);
    expect(new Set(lambda.calls.map((c) => (c.event as { execution: string }).execution)).size).toBe(1);
    // Backoff from 20 ms, doubling.
    expect(lambda.calls[1]!.at - lambda.calls[0]!.at).toBeGreaterThanOrEqual(18);
    expect(lambda.calls[2]!.at - lambda.calls[1]!.at).toBeGreaterThanOrEqual(38);
    const expected: Partial<DeadLetter> = {
      queueArn: QUEUE_ARN,
      attributes: {
        ERROR_CODE: 'ResourceNotFoundException',
        ERROR_MESSAGE: `Function not found: ${TARGET_ARN}`,
        EXHAUSTED_RETRY_CONDITION: 'MaximumRetryAttempts',
        RETRY_ATTEMPTS: '2',
        SCHEDULE_ARN: scheduleArn('fire-dead'),
        TARGET_ARN,
      },
    };
    const { body } = await hook<{ deadLetters: DeadLetter[] }>(h, 'dead-letters');
    expect(body.deadLetters).toMatchObject([expected]);
    expect(JSON.parse(body.deadLetters[0]!.body)).toMatchObject({ post: 'p1', attempt: '3' });
    const file = readFileSync(path.join(dir, 'dead-letters.jsonl'), 'utf8').trim().split('\n');
    expect(file.map((line) => JSON.parse(line) as DeadLetter)).toMatchObject([expected]);
    await waitFor(() => !h.gateway.scheduler.schedules().some((s) => s.name === 'fire-dead'), 1000, 'the deletion');
    expect(await exists(h, 'fire-dead')).toBe(false);
  });

  it('gives up without a dead-letter queue (logged, nothing kept), and with MaximumRetryAttempts 0 tries once', async () => {
    const lambda = new FakeLambda();
    lambda.fail = () => awsError('TooManyRequestsException', 'Rate exceeded');
    const h = await gateway(lambda);
    await create(h, definition('fire-dropped', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumRetryAttempts: 0 } } }));
    await waitFor(() => h.logs.some((line) => line.includes('fire-dropped given up after 0 retries (TooManyRequestsException); no dead-letter queue')), 2000, 'the log line');
    expect(lambda.calls).toHaveLength(1);
    expect(h.gateway.scheduler.deadLetters()).toEqual([]);
  });

  it('stops retrying at MaximumEventAgeInSeconds (counted from the first attempt)', async () => {
    const lambda = new FakeLambda();
    lambda.fail = () => awsError('ServiceException', 'Lambda is down');
    // A first retry delay of 60 s (the longest), the event's whole age: the second attempt would come too late.
    const h = await gateway(lambda, { retryBaseDelayMs: 60_000 });
    await create(h, definition('fire-aged', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumRetryAttempts: 5, MaximumEventAgeInSeconds: 60 }, DeadLetterConfig: { Arn: QUEUE_ARN } } }));
    await waitFor(() => h.gateway.scheduler.deadLetters().length === 1, 2000);
    expect(lambda.calls).toHaveLength(1);
    expect(h.gateway.scheduler.deadLetters()[0]!.attributes).toMatchObject({ EXHAUSTED_RETRY_CONDITION: 'MaximumEventAgeInSeconds', RETRY_ATTEMPTS: '0', ERROR_CODE: 'ServiceException' });
  });

  it('retries then delivers: no dead letter, the attempt number says which try', async () => {
    const lambda = new FakeLambda();
    lambda.fail = (_call, index) => (index === 0 ? awsError('TooManyRequestsException', 'Rate exceeded') : undefined);
    const h = await gateway(lambda);
    await create(h, definition('fire-retried', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: CONTEXT_INPUT, DeadLetterConfig: { Arn: QUEUE_ARN } } }));
    await waitFor(() => lambda.calls.length === 2, 2000);
    expect((lambda.calls[1]!.event as { attempt: string }).attempt).toBe('2');
    await waitFor(() => !h.gateway.scheduler.schedules().some((s) => s.name === 'fire-retried'), 1000);
    expect(h.gateway.scheduler.deadLetters()).toEqual([]);
  });

  it('an Input that is not JSON cannot be delivered (InvalidRequestContentException, as Lambda answers)', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    await create(h, definition('fire-text', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, Input: 'hola', RetryPolicy: { MaximumRetryAttempts: 0 }, DeadLetterConfig: { Arn: QUEUE_ARN } } }));
    await waitFor(() => h.gateway.scheduler.deadLetters().length === 1, 2000);
    expect(lambda.calls).toEqual([]);
    expect(h.gateway.scheduler.deadLetters()[0]).toMatchObject({ body: 'hola', attributes: { ERROR_CODE: 'InvalidRequestContentException' } });
  });

  it('evaluates a registered execution role: without lambda:InvokeFunction on the target the event is not delivered', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    const sendToQueue = { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: QUEUE_ARN };
    h.gateway.scheduler.setRole({ roleArn: ROLE_ARN, policies: [{ name: 'p', document: { Version: '2012-10-17', Statement: [sendToQueue] } }] });
    await create(h, definition('fire-role-denied', PAST, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumRetryAttempts: 0 }, DeadLetterConfig: { Arn: QUEUE_ARN } } }));
    await waitFor(() => h.gateway.scheduler.deadLetters().length === 1, 2000);
    expect(lambda.calls).toEqual([]);
    expect(h.gateway.scheduler.deadLetters()[0]!.attributes).toMatchObject({
      ERROR_CODE: 'AccessDeniedException',
      ERROR_MESSAGE: `User: arn:aws:sts::${ACCOUNT}:assumed-role/SchedulerRole/SchedulerRole is not authorized to perform: lambda:InvokeFunction on resource: ${TARGET_ARN} because no identity-based policy allows the lambda:InvokeFunction action`,
    });
    expect(h.gateway.decisions().filter((d) => d.principal === 'SchedulerRole').map((d) => [d.action, d.allowed])).toEqual([
      ['lambda:InvokeFunction', false],
      ['sqs:SendMessage', true],
    ]);

    h.gateway.scheduler.setRole({ roleArn: ROLE_ARN, policies: [{ name: 'p', document: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:*` }] } }] });
    await create(h, definition('fire-role-allowed', PAST));
    await waitFor(() => lambda.calls.length === 1, 2000);
  });

  it('fires only after start() when autoStart is false (the twin starts it once its functions run)', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda, { autoStart: false });
    await create(h, definition('fire-deferred', PAST));
    await sleep(200);
    expect(lambda.calls).toEqual([]);
    h.gateway.scheduler.start();
    await waitFor(() => lambda.calls.length === 1, 2000);
  });

  it('fires a schedule now through the hook, and answers 404 for an unknown one', async () => {
    const lambda = new FakeLambda();
    const h = await gateway(lambda);
    await create(h, definition('fire-now', FAR));
    expect(await hook(h, `schedules/${GROUP}/fire-now/fire`, {})).toEqual({ status: 202, body: { fired: true } });
    await waitFor(() => lambda.calls.length === 1, 2000);
    expect(lambda.calls[0]!.event).toEqual({ post: 'fire-now' });
    expect(await hook(h, `schedules/${GROUP}/nada/fire`, {})).toMatchObject({ status: 404 });
    expect(await hook(h, 'unknown')).toMatchObject({ status: 404 });
  });

  describe('across a restart (state dir)', () => {
    it('keeps schedules, fires one that came due while stopped, and dead letters', async () => {
      const dir = stateDir();
      const first = new FakeLambda();
      first.fail = () => awsError('ResourceNotFoundException', 'Function not found');
      // Not started: nothing fires by its instant here (keep-dead is fired by hand).
      const a = await schedulerHarness(first, { stateDir: dir, autoStart: false });
      const soon = wholeSecondIn(300);
      await create(a, definition('keep-far', FAR, { ActionAfterCompletion: 'NONE' }));
      await create(a, definition('keep-due', soon));
      await create(a, definition('keep-dead', FAR, { Target: { Arn: TARGET_ARN, RoleArn: ROLE_ARN, RetryPolicy: { MaximumRetryAttempts: 0 }, DeadLetterConfig: { Arn: QUEUE_ARN } } }));
      expect(a.gateway.scheduler.fire(GROUP, 'keep-dead')).toBe(true);
      await waitFor(() => a.gateway.scheduler.deadLetters().length === 1, 2000);
      await a.stop();
      expect(first.calls).toHaveLength(1);
      expect(existsSync(path.join(dir, 'schedules.json'))).toBe(true);
      await sleep(Math.max(0, soon - Date.now() + 100));

      const second = new FakeLambda();
      const b = await gateway(second, { stateDir: dir });
      await waitFor(() => second.calls.length === 1, 2000, 'the due schedule');
      expect(second.calls[0]!.event).toEqual({ post: 'keep-due' });
      await expect(unchecked(b).send(new GetScheduleCommand({ Name: 'keep-far', GroupName: GROUP }))).resolves.toMatchObject({ ScheduleExpression: definition('keep-far', FAR).ScheduleExpression, ActionAfterCompletion: 'NONE' });
      expect(b.gateway.scheduler.deadLetters()).toMatchObject([{ attributes: { SCHEDULE_ARN: scheduleArn('keep-dead') } }]);
      await waitFor(() => !b.gateway.scheduler.schedules().some((s) => s.name === 'keep-due'), 1000);
      expect((await schedules(b)).map((s) => [s.name, s.status])).toEqual([['keep-far', 'scheduled']]);
    });

    it('delivers again an event whose delivery a stop interrupted (at least once)', async () => {
      const dir = stateDir();
      const first = new FakeLambda();
      first.fail = () => awsError('TooManyRequestsException', 'Rate exceeded');
      // Retries far apart: the stop comes while it waits for the second attempt.
      const a = await schedulerHarness(first, { stateDir: dir, retryBaseDelayMs: 30_000 });
      await create(a, definition('keep-interrupted', PAST));
      await waitFor(() => first.calls.length === 1, 2000);
      expect(a.gateway.scheduler.schedules()[0]).toMatchObject({ name: 'keep-interrupted', status: 'delivering' });
      await a.stop();

      const second = new FakeLambda();
      const b = await gateway(second, { stateDir: dir });
      await waitFor(() => second.calls.length === 1, 2000, 'the new delivery');
      expect(second.calls[0]!.event).toEqual({ post: 'keep-interrupted' });
      await waitFor(() => b.gateway.scheduler.schedules().length === 0, 1000);
    });
  });
});
