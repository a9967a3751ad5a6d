/**
 * The twin's template reader and AWS gateway on issue 13's deployment: the tenant stack synthesized
 * with the twin's context reads back with the publications' schedule group, the Scheduler's execution
 * roles (with their policies), the publisher under its twin name and its fixed ARN, the 5-minute
 * sweep schedule, and SCHEDULE_* resolved to the twin's account on the scheduling functions. Then,
 * as the twin wires them (groups and roles from the template, only known roles assumable), the IAM
 * simulation of what lambdas/platform/scheduler does: a scheduling function puts and deletes a
 * publication's schedule in the group; outside the group, with another role or without the grant
 * it is refused; the schedule fires the publisher through the role; a schedule whose role may not
 * invoke its target becomes a dead letter in the stack's queue; an unknown role is not assumed.
 */
import { CreateScheduleCommand, DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayPrincipal } from '../../../../../../infra/local/aws-gateway';
import type { DeployedFunction } from '../../../../../../infra/local/deployment/template';
import { scheduleEvent } from '../../../../../../infra/local/schedules';
import { TWIN_ACCOUNT_ID } from '../../../../../../infra/local/twin';
import { scheduleInput, schedulerSettings, type OneTimeSchedule } from '../../../../../../lambdas/platform/scheduler';
import { SCHEDULE_DEAD_LETTER_ARN_ENV, SCHEDULE_GROUP_ENV, SCHEDULE_TARGET_ARN_ENV, SCHEDULER_ROLE_ARN_ENV } from '@director-ia/shared';
import type { Harness } from '../../aws-gateway/support';
import { clientOf, FakeLambda, hook, schedulerHarness, stateDir, unchecked, waitFor } from '../../aws-gateway/scheduler/support';
import { REGION, useTwinDeployment } from './support';

const arn = (service: string, rest: string) => `arn:aws:${service}:${REGION}:${TWIN_ACCOUNT_ID}:${rest}`;

const twinDeployment = useTwinDeployment();
const fnNamed = (name: string): DeployedFunction => twinDeployment.fnNamed(name);
const group = () => `${twinDeployment.stackName}-publications`;
const publisherArn = () => arn('lambda', `function:${twinDeployment.stackName}-publisher`);
const publicationsRole = () => {
  const roleArn = fnNamed('aprobarPlan').environment[SCHEDULER_ROLE_ARN_ENV];
  const role = twinDeployment.deployment.schedulerRoles.find((r) => r.roleArn === roleArn);
  if (!role) throw new Error('no publications role');
  return role;
};

describe('twin template reader: publishing (issue 13)', () => {
  it('reads the publications group, the publisher (twin name, fixed ARN) and the 5-minute sweep with its event', () => {
    expect(twinDeployment.deployment.scheduleGroups).toEqual([group()]);
    expect(fnNamed('publisher').physicalName).toBe(`${twinDeployment.stackName}-publisher`);
    expect(fnNamed('aprobarPlan').physicalName).toBe(fnNamed('aprobarPlan').logicalId);
    const sweep = twinDeployment.deployment.schedules.find((s) => s.functionLogicalId === fnNamed('publishingSweep').logicalId);
    expect(sweep?.expression).toBe('rate(5 minutes)');
    expect(scheduleEvent(sweep?.input ?? '{}', new Date('2026-05-01T10:05:00.500Z'))).toEqual({ job: 'publishingSweep', scheduledTime: '2026-05-01T10:05:00Z' });
  });

  it('resolves SCHEDULE_* to the twin\'s group, role, publisher and queue', () => {
    const env = fnNamed('guardarPublicacion').environment;
    expect(env[SCHEDULE_GROUP_ENV]).toBe(group());
    expect(env[SCHEDULER_ROLE_ARN_ENV]).toMatch(new RegExp(`^arn:aws:iam::${TWIN_ACCOUNT_ID}:role/PublicationSchedulesSchedulerRole`));
    expect(env[SCHEDULE_TARGET_ARN_ENV]).toBe(publisherArn());
    expect(env[SCHEDULE_DEAD_LETTER_ARN_ENV]).toMatch(new RegExp(`^${arn('sqs', 'PublicationSchedulesDeadLetters')}`));
    for (const name of ['publisher', 'publishingSweep', 'publicarAhora']) expect(fnNamed(name).environment).toMatchObject(Object.fromEntries([SCHEDULE_GROUP_ENV, SCHEDULER_ROLE_ARN_ENV, SCHEDULE_TARGET_ARN_ENV, SCHEDULE_DEAD_LETTER_ARN_ENV].map((n) => [n, env[n]])));
  });

  it('reads every role that trusts the Scheduler, the publications one with exactly its two statements', () => {
    // The publications role, and the stock roles of the blog drafts, token refresh, publishing sweep
    // and data-rights sweep (issue 17) schedules.
    expect(twinDeployment.deployment.schedulerRoles).toHaveLength(5);
    const statements = publicationsRole().policies.flatMap((p) => p.document.Statement);
    expect(statements).toEqual([
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: publisherArn() },
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: fnNamed('aprobarPlan').environment[SCHEDULE_DEAD_LETTER_ARN_ENV] },
    ]);
  });

  describe('with the AWS gateway wired as the twin wires it', () => {
    let h: Harness;
    const lambda = new FakeLambda();
    const principals = new Map<string, GatewayPrincipal>();

    beforeAll(async () => {
      h = await schedulerHarness(lambda, { stateDir: stateDir(), onlyKnownRoles: true });
      h.gateway.scheduler.setGroups(twinDeployment.deployment.scheduleGroups);
      for (const role of twinDeployment.deployment.schedulerRoles) h.gateway.scheduler.setRole(role);
    });
    afterAll(() => h.stop());
    beforeEach(() => {
      lambda.calls.length = 0;
      lambda.fail = () => undefined;
    });

    /** The function's identity in the gateway, as the twin registers it. */
    const principalOf = (name: string): GatewayPrincipal => {
      const existing = principals.get(name);
      if (existing) return existing;
      const fn = fnNamed(name);
      const p = { name, roleArn: `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/${fn.roleLogicalId}`, accessKeyId: `ASIA${name.toUpperCase().slice(0, 12).padEnd(12, 'X')}`, secretAccessKey: 'y'.repeat(40), policies: fn.policies };
      h.gateway.setPrincipal(p);
      principals.set(name, p);
      return p;
    };
    /** What lambdas/platform/scheduler sends from `name`'s environment (`schedule` overrides), signed as `name`. */
    const put = (name: string, schedule: Partial<OneTimeSchedule> & { name: string }) => {
      const settings = schedulerSettings(fnNamed(name).environment);
      const input = scheduleInput({ at: new Date(Date.now() - 1000), input: { sub: 's', postId: 'p', publicationId: schedule.name, revision: 1 }, ...settings, ...schedule });
      return clientOf(h, principalOf(name)).send(new CreateScheduleCommand(input));
    };

    it('lets a scheduling function put a publication\'s schedule in the group, which fires the publisher through the role', async () => {
      await expect(put('aprobarPlan', { name: 'pub_a' })).resolves.toMatchObject({ ScheduleArn: arn('scheduler', `schedule/${group()}/pub_a`) });
      await waitFor(() => lambda.calls.length > 0, 5000, 'the publisher');
      expect(lambda.calls[0]).toMatchObject({ arn: publisherArn(), event: { sub: 's', postId: 'p', publicationId: 'pub_a', revision: 1 } });
      expect(h.gateway.decisions().filter((d) => d.action === 'lambda:InvokeFunction').at(-1)).toMatchObject({ resource: publisherArn(), allowed: true });
    });

    it('lets the publisher and the sweep put, and a scheduling callable delete, in the group', async () => {
      const later = new Date(Date.now() + 3_600_000);
      await put('publisher', { name: 'pub_b1', at: later });
      await put('publishingSweep', { name: 'pub_b2', at: later });
      for (const name of ['pub_b1', 'pub_b2']) await clientOf(h, principalOf('eliminarPublicacion')).send(new DeleteScheduleCommand({ Name: name, GroupName: group() }));
      expect(h.gateway.scheduler.schedules().filter((s) => s.name.startsWith('pub_b'))).toEqual([]);
    });

    it('refuses a schedule outside the group, another role to pass, or a function without the grant', async () => {
      await expect(put('aprobarPlan', { name: 'pub_c', group: 'default' })).rejects.toMatchObject({ name: 'AccessDeniedException' });
      const otherRole = twinDeployment.deployment.schedulerRoles.find((r) => r.roleArn !== publicationsRole().roleArn)?.roleArn ?? '';
      await expect(put('aprobarPlan', { name: 'pub_c', roleArn: otherRole })).rejects.toMatchObject({ name: 'AccessDeniedException' });
      // listarPublicaciones has no SCHEDULE_* (no grant): with the scheduling functions' settings it is refused.
      expect(() => schedulerSettings(fnNamed('listarPublicaciones').environment)).toThrow(SCHEDULE_GROUP_ENV);
      const settings = schedulerSettings(fnNamed('aprobarPlan').environment);
      await expect(clientOf(h, principalOf('listarPublicaciones')).send(new CreateScheduleCommand(scheduleInput({ name: 'pub_c', at: new Date(), input: {}, ...settings })))).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
      expect(h.gateway.scheduler.schedules().filter((s) => s.name === 'pub_c')).toEqual([]);
    });

    it('knows only the stack\'s groups (and default)', async () => {
      const input = scheduleInput({ name: 'pub_g', at: new Date(Date.now() + 60_000), input: {}, ...schedulerSettings(fnNamed('aprobarPlan').environment), group: 'otro-grupo' });
      await expect(unchecked(h).send(new CreateScheduleCommand(input))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    });

    it('sends to the dead-letter queue a schedule whose role may not invoke its target, and never invokes it', async () => {
      const socialTokens = arn('lambda', `function:${fnNamed('socialTokens').physicalName}`);
      await put('aprobarPlan', { name: 'pub_d', targetArn: socialTokens });
      const queue = fnNamed('aprobarPlan').environment[SCHEDULE_DEAD_LETTER_ARN_ENV];
      await waitFor(() => h.gateway.scheduler.deadLetters().some((l) => l.attributes.SCHEDULE_ARN.endsWith('/pub_d')), 10_000, 'the dead letter');
      const letter = h.gateway.scheduler.deadLetters().find((l) => l.attributes.SCHEDULE_ARN.endsWith('/pub_d'));
      expect(letter).toMatchObject({ queueArn: queue, attributes: { ERROR_CODE: 'AccessDeniedException', TARGET_ARN: socialTokens } });
      expect(JSON.parse(letter?.body ?? '{}')).toMatchObject({ publicationId: 'pub_d' });
      expect(lambda.calls).toEqual([]);
      const listed = await hook<{ deadLetters: unknown[] }>(h, 'dead-letters');
      expect(listed.body.deadLetters).toContainEqual(letter);
    });

    it('does not assume a role the stack does not have (the delivery fails, nothing is invoked)', async () => {
      // Creating is allowed for an unchecked caller (the twin's own code); the Scheduler cannot assume the role.
      const roleArn = `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/NotInTheStack`;
      const input = scheduleInput({ name: 'pub_e', group: group(), at: new Date(Date.now() - 1000), targetArn: publisherArn(), roleArn, input: {} });
      await unchecked(h).send(new CreateScheduleCommand({ ...input, Target: { ...input.Target, Arn: publisherArn(), RoleArn: roleArn, RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 } } }));
      await waitFor(() => h.gateway.scheduler.deliveries().some((d) => d.name === 'pub_e'), 5000, 'the delivery');
      expect(h.gateway.scheduler.deliveries().find((d) => d.name === 'pub_e')).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^AccessDeniedException: .*NotInTheStack/) });
      expect(lambda.calls).toEqual([]);
    });
  });
});
