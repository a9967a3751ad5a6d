/**
 * The scheduled blog drafts in the tenant stack (issue 5 item 3; infra/constructs/jobs.ts): the
 * blogDrafts Lambda (Node.js 24 arm64, 5 minutes, its own log group and role with exactly the
 * permissions of BLOG_DRAFTS_ACCESS and the AI environment), the EventBridge Scheduler schedule
 * (hourly, the twin's event shape with the Scheduler's scheduled-time attribute, few retries), and
 * a scheduler role that may only invoke that one function (no versions or aliases), assumable
 * only by EventBridge Scheduler for this account's default schedule group. cdk-nag passes (synth
 * throws on any unacknowledged finding).
 */
import { Validations } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { AI_ENV } from '../../../../infra/ai';
import { BLOG_DRAFTS_EVENT, BLOG_DRAFTS_RATE } from '../../../../infra/constructs/jobs';
import { BLOG_DRAFTS_ACCESS } from '../../../../infra/functions';
import { scheduleEvent } from '../../../../infra/local/schedules';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { BLOG_DRAFTS_JOB } from '../../../../lambdas/events/blogDrafts';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { XRAY_WILDCARD_REASON } from '../../../../infra/constructs/node-function';
import { logicalId, permissionLines, statementsOfRole, XRAY_LINES, type Resource } from '../../../support/template-iam';

const AI_CONTEXT = { aiProvider: 'bedrock', bedrockTextModelId: 'eu.amazon.nova-pro-v1:0', bedrockRegion: 'eu-central-1' };

describe('scheduled blog drafts (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let resources: Record<string, Resource>;
  let assembly: CloudAssembly;

  useSynthesizedTenant({ tenant: 'demo', ...AI_CONTEXT }, { webBuild: false }, (synth) => {
    ({ stack, template, assembly } = synth);
    resources = template.toJSON().Resources as Record<string, Resource>;
  });

  const fnId = () => logicalId(stack, stack.jobs.blogDrafts);
  const schedule = () => resources[logicalId(stack, stack.jobs.blogDraftsSchedule)] as Resource;

  it('runs the job Lambda on Node.js 24 arm64 for up to 5 minutes, the twin timer assuming the same timeout', () => {
    const fn = resources[fnId()] as Resource;
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 300, MemorySize: 512, LoggingConfig: { LogFormat: 'JSON' } });
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({
      TABLE_NAME: { Ref: logicalId(stack, stack.data.table) },
      POWERTOOLS_SERVICE_NAME: 'director-ia',
      [AI_ENV.provider]: 'bedrock',
      SECRETS_KMS_KEY_ARN: { 'Fn::GetAtt': [logicalId(stack, stack.secrets.key), 'Arn'] },
    });
  });

  it('gives the job exactly its declared permissions: table, the secrets key and Bedrock, no S3', () => {
    expect(BLOG_DRAFTS_ACCESS).toEqual({ table: 'readWrite', permissions: ['secrets:open:ai-key', 'ai:invoke'] });
    const fn = resources[fnId()] as Resource;
    const logGroup = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    const lines = permissionLines(statementsOfRole(template, logicalId(stack, stack.jobs.blogDrafts.role as never)), {
      [logicalId(stack, stack.data.table)]: 'table',
      [logicalId(stack, stack.secrets.key)]: 'secretsKey',
      [logGroup]: 'logs',
    });
    const read = ['BatchGetItem', 'ConditionCheckItem', 'GetItem', 'Query'].flatMap((a) => [`dynamodb:${a} @ table`, `dynamodb:${a} @ table/index/gsi1`]);
    const write = ['BatchWriteItem', 'ConditionCheckItem', 'DeleteItem', 'PutItem', 'UpdateItem'].map((a) => `dynamodb:${a} @ table`);
    expect(lines).toEqual(
      [
        ...new Set([
          'logs:CreateLogStream @ logs',
          'logs:PutLogEvents @ logs',
          ...XRAY_LINES,
          ...read,
          ...write,
          'kms:Decrypt @ secretsKey',
          // Issue 16: the Bedrock region's geography, region-less (global profiles) models, its profiles.
          'bedrock:InvokeModel @ arn:<AWS::Partition>:bedrock:eu-*::foundation-model/*',
          'bedrock:InvokeModel @ arn:<AWS::Partition>:bedrock:::foundation-model/*',
          'bedrock:InvokeModel @ arn:<AWS::Partition>:bedrock:eu-central-1:<AWS::AccountId>:inference-profile/*',
        ]),
      ].sort(),
    );
    expect(lines.some((line) => line.startsWith('dynamodb:Scan'))).toBe(false);
  });

  it('invokes it hourly with the event the handler and the twin use', () => {
    expect(BLOG_DRAFTS_RATE.toHours()).toBe(1);
    const props = schedule().Properties as { ScheduleExpression: string; State: string; FlexibleTimeWindow: unknown; Target: Record<string, unknown> };
    expect(props).toMatchObject({ ScheduleExpression: 'rate(1 hour)', State: 'ENABLED', FlexibleTimeWindow: { Mode: 'OFF' } });
    expect(props.Target.Arn).toEqual({ 'Fn::GetAtt': [fnId(), 'Arn'] });
    const input = JSON.parse(props.Target.Input as string) as Record<string, string>;
    expect(input).toEqual({ job: BLOG_DRAFTS_JOB, scheduledTime: '<aws.scheduler.scheduled-time>' });
    expect(Object.keys(scheduleEvent(props.Target.Input as string, new Date()) as object).sort()).toEqual(Object.keys(BLOG_DRAFTS_EVENT).sort());
    expect(props.Target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 1800 });
  });

  it('lets the Scheduler invoke only that function, through a role only the Scheduler of this account can assume', () => {
    const roleId = ((schedule().Properties.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn['Fn::GetAtt'] as [string, string])[0];
    const role = resources[roleId] as Resource;
    const trust = (role.Properties.AssumeRolePolicyDocument as { Statement: { Principal: unknown; Condition: { StringEquals: Record<string, unknown> } }[] }).Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0]?.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(trust[0]?.Condition.StringEquals['aws:SourceAccount']).toEqual({ Ref: 'AWS::AccountId' });
    expect(JSON.stringify(trust[0]?.Condition.StringEquals['aws:SourceArn'])).toContain(':schedule-group/default');
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = statementsOfRole(template, roleId);
    // And send undelivered events to the jobs' dead-letter queue (issue 16).
    expect(statements).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [fnId(), 'Arn'] } }, { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [logicalId(stack, stack.jobs.deadLetters), 'Arn'] } }]);
  });

  it('has its own schedule; the only cdk-nag acknowledgements of the job are the Bedrock wildcards on its role', () => {
    template.resourceCountIs('AWS::Scheduler::Schedule', 4); // this one, the social token refresh (social.test.ts), the publishing sweep (publishing.test.ts) and the data-rights sweep (constructs/data-rights.test.ts)
    const entries = assembly
      .getStackByName(stack.stackName)
      .findMetadataByType(Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .filter((entry) => entry.path.includes('/Jobs/BlogDrafts') || entry.path.includes('SchedulerRoleForTarget'))
      .flatMap((entry) => Object.entries(entry.data as unknown as Record<string, string>).map(([id, reason]) => ({ path: entry.path, id, reason })))
      // Beside X-Ray's wildcard, which every function role carries (node-function.ts).
      .filter(({ reason }) => reason !== XRAY_WILDCARD_REASON);
    expect(entries.length).toBeGreaterThan(0);
    for (const { path, id } of entries) {
      expect(path).toBe(`/${stack.jobs.blogDrafts.role?.node.path}`);
      expect(id).toMatch(/^AwsSolutions::AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:bedrock:/);
    }
  });
});
