/**
 * Grant coverage: which granted actions each function exercised through the gateway.
 */
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCoverage, type GatewayDecision } from '../../../../../infra/local/aws-gateway';
import { KEY_ARN, REGION, TABLE, TABLE_ARN, credentialsOf, harness, principal, type Harness } from './support';

const fn = principal('guardarAjustes', [
  { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:PutItem'], Resource: TABLE_ARN },
  { Effect: 'Allow', Action: 'kms:GenerateDataKey*', Resource: KEY_ARN },
  { Effect: 'Allow', Action: ['bedrock:StartAsyncInvoke'], Resource: '*' },
  { Effect: 'Allow', Action: 'logs:PutLogEvents', Resource: '*' },
  { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: '*' },
]);
const idle = principal('sinUso', [{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }]);

describe('grantCoverage', () => {
  it('expands wildcards, keeps unknown actions as written, ignores other services and Deny statements', () => {
    const [coverage] = grantCoverage([fn], []);
    expect(coverage?.granted).toEqual([
      'bedrock:StartAsyncInvoke',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'kms:GenerateDataKey',
      'kms:GenerateDataKeyPair',
      'kms:GenerateDataKeyPairWithoutPlaintext',
      'kms:GenerateDataKeyWithoutPlaintext',
    ]);
    expect(coverage?.exercised).toEqual([]);
  });

  it('reports Secrets Manager grants (the social apps secret, issue 12)', () => {
    const reader = principal('listarRedes', [{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: `arn:aws:secretsmanager:${REGION}:000000000000:secret:apps-??????` }]);
    const decisions: GatewayDecision[] = [{ principal: 'listarRedes', action: 'secretsmanager:GetSecretValue', resource: 'arn', allowed: true, time: 1 }];
    expect(grantCoverage([reader], decisions)[0]).toMatchObject({ granted: ['secretsmanager:GetSecretValue'], exercised: ['secretsmanager:GetSecretValue'] });
  });

  it('reports EventBridge Scheduler grants and iam:PassRole (the publishing schedules, issue 13)', () => {
    const scheduling = principal('programarPublicacion', [
      { Effect: 'Allow', Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'], Resource: '*' },
      { Effect: 'Allow', Action: 'iam:PassRole', Resource: 'arn:aws:iam::000000000000:role/SchedulerRole' },
    ]);
    const decisions: GatewayDecision[] = [{ principal: 'programarPublicacion', action: 'iam:PassRole', resource: 'arn', allowed: true, time: 1 }];
    expect(grantCoverage([scheduling], decisions)[0]).toMatchObject({
      granted: ['iam:PassRole', 'scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
      exercised: ['iam:PassRole'],
    });
  });

  it('counts only allowed decisions of the same function, whatever the case of the action', () => {
    const decisions: GatewayDecision[] = [
      { principal: 'guardarAjustes', action: 'dynamodb:getitem', resource: TABLE_ARN, allowed: true, time: 1 },
      { principal: 'guardarAjustes', action: 'dynamodb:PutItem', resource: TABLE_ARN, allowed: false, time: 2 },
      { principal: 'otra', action: 'kms:GenerateDataKey', resource: KEY_ARN, allowed: true, time: 3 },
    ];
    const [coverage] = grantCoverage([fn], decisions);
    expect(coverage?.exercised).toEqual(['dynamodb:GetItem']);
    expect(coverage?.unexercised).toContain('dynamodb:PutItem');
    expect(coverage?.unexercised).toContain('kms:GenerateDataKey');
  });

  describe('with the gateway', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await harness();
      h.gateway.setPrincipal(fn);
      h.gateway.setPrincipal(idle);
    });
    afterAll(() => h.stop());

    it('lists what the calls exercised and what they did not', async () => {
      const client = new DynamoDBClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(fn), maxAttempts: 1 });
      await client.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'A' } } }));
      await client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'A' } } }));
      const report = grantCoverage([fn, idle], h.gateway.decisions());
      expect(report.map(({ name, exercised }) => [name, exercised])).toEqual([
        ['guardarAjustes', ['dynamodb:GetItem', 'dynamodb:PutItem']],
        ['sinUso', []],
      ]);
      expect(report[0]?.unexercised).toEqual(expect.arrayContaining(['bedrock:StartAsyncInvoke', 'kms:GenerateDataKey']));
      expect(report[1]?.unexercised).toEqual(['s3:GetObject']);
    });
  });
});
