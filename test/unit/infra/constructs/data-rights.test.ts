/**
 * The data-rights worker in the tenant stack (issue 17 item 2; infra/constructs/data-rights.ts):
 * its fixed name (the callables that hand it jobs name it), its settings (USER_POOL_ID, a
 * versioned bucket), Lambda's retries to the jobs' dead letters, its hourly schedule with the event
 * the handler and the twin use, the lifecycle rule that expires export zips after a day, and the
 * callables that invoke it (exactly its ARN, with its name in their environment).
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { DATA_RIGHTS_EVENT, DATA_RIGHTS_RATE } from '../../../../infra/constructs/data-rights';
import { scheduleEvent } from '../../../../infra/local/schedules';
import type { TenantStack } from '../../../../infra/tenant-stack';
import { DATA_RIGHTS_JOB } from '../../../../lambdas/events/dataRights';
import { DATA_RIGHTS_WORKER_FUNCTION_ENV, EXPORT_OBJECT_TAG, UPLOADS_VERSIONED_ENV, USER_POOL_ID_ENV } from '@director-ia/shared';
import { useSynthesizedTenant } from '../../../support/cdk-fixture';
import { logicalId, statementsOfRole, type Resource } from '../../../support/template-iam';

describe('data-rights worker (tenant stack)', () => {
  let stack: TenantStack;
  let template: Template;
  let resources: Record<string, Resource>;

  useSynthesizedTenant({ tenant: 'demo' }, { webBuild: false }, (synth) => {
    ({ stack, template } = synth);
    resources = template.toJSON().Resources as Record<string, Resource>;
  });

  const workerId = () => logicalId(stack, stack.dataRights.worker);
  const envOf = (id: string) => ((resources[id] as Resource).Properties.Environment as { Variables: Record<string, unknown> }).Variables;

  it('has a fixed name, 15 minutes and 2 GB (exports zip in memory), the user pool and a versioned bucket', () => {
    const fn = resources[workerId()] as Resource;
    expect(fn.Properties).toMatchObject({ FunctionName: 'DirectorIa-demo-data-rights', Runtime: 'nodejs24.x', Timeout: 900, MemorySize: 2048 });
    expect(envOf(workerId())).toMatchObject({ [USER_POOL_ID_ENV]: { Ref: logicalId(stack, stack.auth.userPool) }, [UPLOADS_VERSIONED_ENV]: 'true' });
  });

  it('retries a failed run twice, then sends it to the jobs\' dead letters', () => {
    const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig') as Record<string, Resource>).filter((config) => JSON.stringify(config.Properties.FunctionName) === JSON.stringify({ Ref: workerId() }));
    expect(configs).toHaveLength(1);
    expect(configs[0]?.Properties).toMatchObject({ MaximumRetryAttempts: 2, DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(stack, stack.jobs.deadLetters), 'Arn'] } } } });
  });

  it('runs the sweep hourly with the event the handler and the twin use', () => {
    expect(DATA_RIGHTS_RATE.toHours()).toBe(1);
    const props = (resources[logicalId(stack, stack.dataRights.schedule)] as Resource).Properties as { ScheduleExpression: string; Target: Record<string, unknown> };
    expect(props.ScheduleExpression).toBe('rate(1 hour)');
    expect(props.Target.Arn).toEqual({ 'Fn::GetAtt': [workerId(), 'Arn'] });
    expect(JSON.parse(props.Target.Input as string)).toEqual({ job: DATA_RIGHTS_JOB, scheduledTime: '<aws.scheduler.scheduled-time>' });
    expect(Object.keys(scheduleEvent(props.Target.Input as string, new Date()) as object).sort()).toEqual(Object.keys(DATA_RIGHTS_EVENT).sort());
  });

  it('expires the tagged export zips (and their old versions) after one day', () => {
    const bucket = resources[logicalId(stack, stack.storage.uploadsBucket)] as Resource;
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ TagFilters: [{ Key: EXPORT_OBJECT_TAG.key, Value: EXPORT_OBJECT_TAG.value }], ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
    );
  });

  it.each(['solicitarExportacion', 'eliminarCuenta'] as const)('lets %s invoke exactly the worker, named in its environment', (name) => {
    const fn = stack.api.functions[name];
    const arn = 'arn:aws:lambda:eu-west-1:<AWS::AccountId>:function:DirectorIa-demo-data-rights';
    const invokes = statementsOfRole(template, logicalId(stack, fn.role as never)).filter((s) => JSON.stringify(s.Action).includes('lambda:'));
    expect(invokes).toHaveLength(1);
    expect(JSON.stringify(invokes[0]?.Resource).replace(/\{"Ref":"AWS::AccountId"\}/g, '<AWS::AccountId>').replace(/[",[\]{}]|Fn::Join/g, '')).toContain(arn.replace(/[:]/g, ':'));
    expect(envOf(logicalId(stack, fn))[DATA_RIGHTS_WORKER_FUNCTION_ENV]).toBe('DirectorIa-demo-data-rights');
  });
});
