/**
 * Issue 13's deployment side in the tenant stack (infra/constructs/publishing.ts): the publications'
 * schedule group, the Scheduler's execution role that may invoke exactly the publisher and send to
 * the dead-letter queue (assumable only for this account's group), the encrypted TLS-only
 * dead-letter queue (cdk-nag acknowledged as a DLQ, a stack output), the publisher (fixed name, so
 * every scheduler names its ARN; Lambda's async retries, event age and failures to the queue), the
 * 5-minute publishing sweep, and the scheduling functions: the four SCHEDULE_* variables and the
 * scheduler grant (put/delete in the group only, PassRole of that role to the Scheduler only) on
 * exactly the functions that schedule, so the one-time schedules they create target the publisher
 * with that role and dead-letter queue. Exact permission lines are in permissions.test.ts.
 */
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import {
  PUBLISHER_MAX_EVENT_AGE,
  PUBLISHER_RETRY_ATTEMPTS,
  PUBLISHING_SWEEP_EVENT,
  PUBLISHING_SWEEP_RATE,
} from '../../../../infra/constructs/publishing';
import { PERMISSIONS, PUBLISHER_ACCESS, PUBLISHING_SWEEP_ACCESS } from '../../../../infra/functions';
import { scheduleEvent } from '../../../../infra/local/schedules';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { PUBLISHING_SWEEP_JOB } from '../../../../lambdas/events/publishingSweep';
import { scheduleInput, schedulerSettings } from '../../../../lambdas/platform/scheduler';
import {
  SCHEDULE_DEAD_LETTER_ARN_ENV,
  SCHEDULE_GROUP_ENV,
  SCHEDULE_TARGET_ARN_ENV,
  SCHEDULER_ROLE_ARN_ENV,
  SITE_URL_ENV,
  type CallableName,
} from '@director-ia/shared';
import { everyFunctionOf, useSynthesizedTenant } from '../../../support/cdk-fixture';
import { logicalId, statementsOfRole, type Resource, type Statement } from '../../../support/template-iam';

/** The callables that create, move or delete publications' schedules (issue 13 brief). */
const SCHEDULING_CALLABLES: CallableName[] = ['aprobarPlan', 'guardarPublicacion', 'eliminarPublicacion', 'publicarAhora', 'resolverPublicacion', 'guardarAjustesIA', 'confirmarAccionChat', 'aprobarCampana'];
const SCHEDULE_ENV = [SCHEDULE_GROUP_ENV, SCHEDULER_ROLE_ARN_ENV, SCHEDULE_TARGET_ARN_ENV, SCHEDULE_DEAD_LETTER_ARN_ENV];

describe('publishing (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let assembly: CloudAssembly;

  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => {
    ({ stack, template, assembly } = synth);
    resources = template.toJSON().Resources as Record<string, Resource>;
  });

  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalId(stack, construct);
  const envOfId = (id: string) => ((resources[id]?.Properties.Environment ?? { Variables: {} }) as { Variables: Record<string, unknown> }).Variables;
  const queueArn = () => ({ 'Fn::GetAtt': [idOf(stack.publicationSchedules.deadLetters), 'Arn'] });
  const roleArn = () => ({ 'Fn::GetAtt': [idOf(stack.publicationSchedules.role), 'Arn'] });
  const publisherArn = () => ({
    'Fn::Join': ['', ['arn:aws:lambda:eu-west-1:', { Ref: 'AWS::AccountId' }, ':function:DirectorIa-demo-publisher']],
  });
  const schedulesArn = { 'Fn::Join': ['', ['arn:aws:scheduler:eu-west-1:', { Ref: 'AWS::AccountId' }, ':schedule/DirectorIa-demo-publications/*']] };
  const acknowledged = () =>
    assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })));

  describe('schedule group, execution role and dead-letter queue', () => {
    it('creates the publications group named after the stack, deleted with it', () => {
      const groups = Object.values(template.findResources('AWS::Scheduler::ScheduleGroup') as Record<string, Resource>);
      expect(groups).toHaveLength(1);
      expect({ ...groups[0]?.Properties, Tags: undefined }).toEqual({ Name: 'DirectorIa-demo-publications', Tags: undefined });
      expect(groups[0]?.DeletionPolicy).toBe('Delete');
    });

    it('has an execution role assumable only by EventBridge Scheduler for this account\'s publications group', () => {
      const trust = (resources[idOf(stack.publicationSchedules.role)]?.Properties.AssumeRolePolicyDocument as { Statement: unknown[] }).Statement;
      expect(trust).toEqual([
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' }, 'aws:SourceArn': { 'Fn::GetAtt': [idOf(stack.publicationSchedules.group), 'Arn'] } } },
        },
      ]);
      expect(resources[idOf(stack.publicationSchedules.role)]?.Properties.ManagedPolicyArns).toBeUndefined();
    });

    it('lets the role invoke exactly the publisher (unqualified) and send to the dead-letter queue, nothing else', () => {
      const statements = statementsOfRole(template, idOf(stack.publicationSchedules.role));
      expect(statements).toEqual([
        { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: publisherArn() },
        { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: queueArn() },
      ]);
      // The ARN the role may invoke is the publisher's: its fixed name in this account and region.
      expect(resources[idOf(stack.publishing.publisher)]?.Properties.FunctionName).toBe('DirectorIa-demo-publisher');
    });

    it('keeps dead letters 14 days in an SQS-encrypted queue that refuses plain HTTP', () => {
      expect({ ...resources[idOf(stack.publicationSchedules.deadLetters)]?.Properties, Tags: undefined }).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600, Tags: undefined });
      const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy') as Record<string, Resource>).filter((policy) => JSON.stringify(policy.Properties.Queues) === JSON.stringify([{ Ref: idOf(stack.publicationSchedules.deadLetters) }]));
      expect(policies).toHaveLength(1);
      const statements = (policies[0]?.Properties.PolicyDocument as { Statement: (Statement & { Condition?: unknown })[] }).Statement;
      expect(statements).toEqual([
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Resource: queueArn() }),
      ]);
    });

    it('acknowledges cdk-nag SQS3 on the queue only, saying it is the dead-letter queue', () => {
      // The inbox's own dead-letter queue is tenant-stack/inbox.test.ts's, the jobs' observability.test.ts's.
      const entries = acknowledged().filter(({ id, path }) => id.includes('SQS') && !path.includes('/Inbox/') && !path.includes('/Jobs/'));
      expect(entries.map(({ id, path }) => [id, path])).toEqual([['AwsSolutions::AwsSolutions-SQS3', `/${stack.publicationSchedules.deadLetters.node.path}`]]);
      expect(entries[0]?.reason).toMatch(/itself the dead-letter queue/);
    });

    it('prints the queue URL as PublishingDeadLetterQueueUrl', () => {
      const output = template.toJSON().Outputs.PublishingDeadLetterQueueUrl as { Value: unknown; Description: string };
      expect(output.Value).toEqual({ Ref: idOf(stack.publicationSchedules.deadLetters) });
      expect(output.Description).toMatch(/sweep/);
    });
  });

  describe('publisher', () => {
    const id = () => idOf(stack.publishing.publisher);

    it('runs on Node.js 24 arm64 for up to 5 minutes with 1 GB', () => {
      expect(resources[id()]?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 300, MemorySize: 1024, LoggingConfig: { LogFormat: 'JSON' } });
    });

    it('declares the grants of a publish: table, open + seal (token refresh), the network apps, gallery media, its own schedules; SITE_URL for the publication\'s tracked link (issue 15)', () => {
      expect(PUBLISHER_ACCESS).toEqual({ table: 'readWrite', permissions: ['secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read', 'assets:read', 'scheduler:publications'] });
      expect(JSON.stringify(envOfId(id())[SITE_URL_ENV])).toMatch(/Distribution.*DomainName/);
    });

    it('retries a failed event twice within an hour, then sends it to the dead-letter queue', () => {
      expect(PUBLISHER_RETRY_ATTEMPTS).toBe(2);
      expect(PUBLISHER_MAX_EVENT_AGE.toSeconds()).toBe(3600);
      // The other one is the inbox worker's (tenant-stack/inbox.test.ts).
      const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig') as Record<string, Resource>).filter((config) => JSON.stringify(config.Properties.FunctionName) === JSON.stringify({ Ref: id() }));
      expect(configs).toHaveLength(1);
      expect(configs[0]?.Properties).toEqual({
        FunctionName: { Ref: id() },
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 3600,
        DestinationConfig: { OnFailure: { Destination: queueArn() } },
      });
    });
  });

  describe('publishing sweep', () => {
    const id = () => idOf(stack.publishing.sweep);
    const schedule = () => resources[idOf(stack.publishing.sweepSchedule)] as Resource;

    it('runs for less than its period, with SITE_URL for the digest\'s link', () => {
      expect(resources[id()]?.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 240 });
      expect(envOfId(id())[SITE_URL_ENV]).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [idOf(stack.web.distribution), 'DomainName'] }]] });
      // It re-delivers pending inbox messages to the inbox worker too, and polls YouTube comments with the channel's token (issue 14).
      expect(PUBLISHING_SWEEP_ACCESS).toEqual({ table: 'readWrite', permissions: ['secrets:open:gmail', 'secrets:open:social-token', 'secrets:seal:social-token', 'socialApps:read', 'scheduler:publications', 'inbox:invokeWorker'] });
    });

    it('is invoked every 5 minutes with the event the handler and the twin use, retried little', () => {
      expect(PUBLISHING_SWEEP_RATE.toMinutes()).toBe(5);
      const props = schedule().Properties as { ScheduleExpression: string; State: string; Target: Record<string, unknown> };
      expect(props).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
      expect(props.Target.Arn).toEqual({ 'Fn::GetAtt': [id(), 'Arn'] });
      expect(JSON.parse(props.Target.Input as string)).toEqual({ job: PUBLISHING_SWEEP_JOB, scheduledTime: '<aws.scheduler.scheduled-time>' });
      expect(Object.keys(scheduleEvent(props.Target.Input as string, new Date()) as object).sort()).toEqual(Object.keys(PUBLISHING_SWEEP_EVENT).sort());
      expect(props.Target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 300 });
    });

    it('has its own scheduler role that invokes only the sweep (not the publications\' role), and sends undelivered runs to the dead-letter queue', () => {
      const roleId = ((schedule().Properties.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn['Fn::GetAtt'] as [string, string])[0];
      expect(roleId).not.toBe(idOf(stack.publicationSchedules.role));
      expect(statementsOfRole(template, roleId)).toEqual([
        { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [id(), 'Arn'] } },
        { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [idOf(stack.publicationSchedules.deadLetters), 'Arn'] } },
      ]);
    });
  });

  describe('scheduling functions', () => {
    // The data-rights worker deletes a deleted account's publication schedules (issue 17 item 2).
    // The render function too (issue 18): a video made for an approved post is attached through the post's edit path.
    const schedulers = () => [...SCHEDULING_CALLABLES.map((name) => stack.api.functions[name]), stack.publishing.publisher, stack.publishing.sweep, stack.dataRights.worker, stack.render.worker];
    const everyFunction = () => everyFunctionOf(stack);

    it('declares scheduler:publications as put and delete in the group (no Get, no List)', () => {
      expect(PERMISSIONS['scheduler:publications']).toEqual({ kind: 'scheduler', actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'] });
    });

    it('names the group, the role, the publisher and the queue on exactly the functions that schedule', () => {
      const expected: Record<string, unknown> = { [SCHEDULE_GROUP_ENV]: 'DirectorIa-demo-publications', [SCHEDULER_ROLE_ARN_ENV]: roleArn(), [SCHEDULE_TARGET_ARN_ENV]: publisherArn(), [SCHEDULE_DEAD_LETTER_ARN_ENV]: queueArn() };
      for (const fn of everyFunction()) {
        const env = envOfId(idOf(fn));
        const scheduling = schedulers().includes(fn);
        for (const name of SCHEDULE_ENV) expect(env[name], `${fn.node.path} ${name}`).toEqual(scheduling ? expected[name] : undefined);
      }
    });

    it('grants them the schedules of the group and PassRole of that role to the Scheduler only; no other function touches the Scheduler', () => {
      for (const fn of everyFunction()) {
        const statements = statementsOfRole(template, idOf(fn.role as never)) as (Statement & { Condition?: unknown })[];
        const scheduler = statements.filter((s) => JSON.stringify(s.Action).includes('scheduler:') || JSON.stringify(s.Action).includes('iam:'));
        if (!schedulers().includes(fn)) {
          expect(scheduler, fn.node.path).toEqual([]);
          continue;
        }
        expect(scheduler, fn.node.path).toEqual([
          { Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule'], Effect: 'Allow', Resource: schedulesArn },
          { Action: 'iam:PassRole', Effect: 'Allow', Resource: roleArn(), Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } },
        ]);
      }
    });

    it('acknowledges the group\'s schedules wildcard on the scheduling roles only', () => {
      const paths = [...new Set(acknowledged().filter(({ id }) => id.includes(':schedule/DirectorIa-demo-publications/*')).map(({ path }) => path))].sort();
      // Callables that declare the same access share one role (infra/constructs/api.ts).
      expect(paths).toEqual([...new Set(schedulers().map((fn) => `/${fn.role?.node.path}`))].sort());
    });

    it('makes the schedules they create target the publisher with the execution role and the dead-letter queue', () => {
      // What lambdas/platform/scheduler sends from a scheduling function's environment (values as the template gives them).
      const env = Object.fromEntries(Object.entries(envOfId(idOf(stack.api.functions.aprobarPlan))).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
      const input = scheduleInput({ name: 'pub_x', at: new Date('2030-01-01T10:00:00Z'), input: { sub: 's', postId: 'p', publicationId: 'x', revision: 1 }, ...schedulerSettings(env) });
      expect(input.GroupName).toBe('DirectorIa-demo-publications');
      expect(input.Target).toMatchObject({ Arn: JSON.stringify(publisherArn()), RoleArn: JSON.stringify(roleArn()), DeadLetterConfig: { Arn: JSON.stringify(queueArn()) } });
    });
  });
});
