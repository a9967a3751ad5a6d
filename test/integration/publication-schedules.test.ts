/**
 * The twin's EventBridge Scheduler wired to the synthesized stack (issue 13, infra): the
 * publications' group exists and no other does; a one-time schedule with the stack's execution role
 * is delivered to the publisher (its fixed ARN resolves to the hosted function); the role may
 * invoke nothing else, so a schedule aimed at another function becomes a dead letter in the stack's
 * queue (the file the gateway keeps, its hook); a role the stack does not have is never assumed.
 * The schedules are made as the twin's own code (unchecked by IAM): what the functions may do with
 * them is test/unit/infra/local/deployment/template/publishing.test.ts; what the publisher does with
 * the event is the engine's tests.
 */
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { describe, expect, inject, it } from 'vitest';
import type { DeadLetter, DeliveryRecord, ScheduleView } from '../../infra/local/aws-gateway';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { scheduleInput, type OneTimeSchedule } from '../../lambdas/platform/scheduler';

const twin = inject('twin');
const scheduling = () => {
  if (!twin.scheduling) throw new Error('The twin does not expose its scheduling settings.');
  return twin.scheduling;
};
const client = () => new SchedulerClient({ endpoint: twin.awsEndpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
const unique = (label: string) => `test_${label}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

/** A publication's one-time schedule as lambdas/platform/scheduler puts it, due a second ago (fires at once). */
function put(name: string, change: Partial<OneTimeSchedule> = {}) {
  const { group, roleArn, targetArn, deadLetterArn } = scheduling();
  const input = scheduleInput({ name, group, roleArn, targetArn, deadLetterArn, at: new Date(Date.now() - 1000), input: { sub: 'nadie', postId: 'p', publicationId: name, revision: 1 }, ...change });
  return client().send(new CreateScheduleCommand(input));
}

async function hook<T>(route: string): Promise<T> {
  const response = await fetch(`${twin.awsEndpoint}/_twin/scheduler/${route}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The attempts of schedule `name`, once `done` says they are complete (polled; 20 s at most). */
async function deliveriesOf(name: string, done: (records: DeliveryRecord[]) => boolean): Promise<DeliveryRecord[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const records = (await hook<{ deliveries: DeliveryRecord[] }>('deliveries')).deliveries.filter((d) => d.name === name);
    if (done(records)) return records;
    if (Date.now() > deadline) throw new Error(`No complete deliveries of ${name}: ${JSON.stringify(records)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the twin\'s Scheduler, wired to the stack (issue 13)', () => {
  it('names the stack\'s group, role, publisher and queue', () => {
    expect(scheduling()).toEqual({
      group: 'DirectorIa-local-publications',
      roleArn: expect.stringMatching(/^arn:aws:iam::000000000000:role\/PublicationSchedulesSchedulerRole/),
      targetArn: 'arn:aws:lambda:eu-west-1:000000000000:function:DirectorIa-local-publisher',
      deadLetterArn: expect.stringMatching(/^arn:aws:sqs:eu-west-1:000000000000:PublicationSchedulesDeadLetters/),
    });
  });

  it('knows the publications group and no other but default', async () => {
    await expect(put(unique('grupo'), { group: 'otro-grupo', at: new Date(Date.now() + 3_600_000) })).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('delivers a publication\'s schedule to the publisher through the stack\'s role, then deletes it', async () => {
    const name = unique('entrega');
    await put(name);
    const records = await deliveriesOf(name, (r) => r.length > 0);
    expect(records[0]).toMatchObject({ group: scheduling().group, outcome: 'delivered', attempt: 1 });
    const { schedules } = await hook<{ schedules: ScheduleView[] }>('schedules');
    expect(schedules.find((s) => s.name === name)).toBeUndefined();
  });

  it('refuses through the role any other target: retried, then a dead letter in the stack\'s queue', async () => {
    const name = unique('otra');
    const other = 'arn:aws:lambda:eu-west-1:000000000000:function:socialTokens';
    await put(name, { targetArn: other });
    // SCHEDULE_RETRY_POLICY: 3 retries, doubling from the twin's base delay (100 ms in the tests).
    const records = await deliveriesOf(name, (r) => r.length >= 4);
    expect(records.every((r) => r.outcome === 'failed' && r.error?.startsWith('AccessDeniedException'))).toBe(true);
    const deadline = Date.now() + 5000;
    let letter: DeadLetter | undefined;
    while (!letter && Date.now() < deadline) {
      letter = (await hook<{ deadLetters: DeadLetter[] }>('dead-letters')).deadLetters.find((l) => l.attributes.SCHEDULE_ARN.endsWith(`/${name}`));
      if (!letter) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(letter).toMatchObject({ queueArn: scheduling().deadLetterArn, attributes: { ERROR_CODE: 'AccessDeniedException', RETRY_ATTEMPTS: '3', TARGET_ARN: other } });
    expect(JSON.parse(letter?.body ?? '{}')).toEqual({ sub: 'nadie', postId: 'p', publicationId: name, revision: 1 });
  });

  it('never assumes a role the stack does not have', async () => {
    const name = unique('rol');
    await put(name, { roleArn: 'arn:aws:iam::000000000000:role/NoEsDelStack', deadLetterArn: undefined });
    const records = await deliveriesOf(name, (r) => r.length >= 4);
    expect(records[0]).toMatchObject({ outcome: 'failed', error: expect.stringContaining('cannot assume') });
  });
});
