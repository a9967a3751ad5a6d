/**
 * PreSignUp trigger request shapes against a mocked DynamoDB (the real-table behaviour is covered
 * by the integration tests): the profile item, its keys, and the create-only condition.
 */
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PreSignUpTriggerEvent } from 'aws-lambda';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
let handler: (event: PreSignUpTriggerEvent) => Promise<PreSignUpTriggerEvent>;

function signUpEvent(triggerSource = 'PreSignUp_SignUp'): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_abc',
    userName: '7d1c1c5e-0000-4000-8000-000000000001',
    triggerSource,
    callerContext: { awsSdkVersion: '1', clientId: 'client' },
    request: { userAttributes: { email: 'Ana@Example.es' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

describe('PreSignUp trigger', () => {
  beforeAll(async () => {
    ({ handler } = await import('../../../../lambdas/triggers/preSignUp'));
  });
  beforeEach(() => ddb.reset());

  it('writes a pending non-admin profile under the user partition and auto-confirms', async () => {
    ddb.on(PutCommand).resolves({});
    const result = await handler(signUpEvent());
    // Issue 16 finding 6: confirmed (the admin approves) but the address is not marked verified
    // without proof; the profile says so, and the admin panel shows "sin verificar".
    expect(result.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: false });
    const put = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put?.TableName).toBe('test-table');
    expect(put?.Item).toMatchObject({
      pk: 'user#7d1c1c5e-0000-4000-8000-000000000001',
      sk: 'profile',
      gsi1pk: 'profiles',
      uid: '7d1c1c5e-0000-4000-8000-000000000001',
      email: 'ana@example.es',
      status: 'pending',
      isAdmin: false,
      emailVerified: false,
    });
    expect(put?.ConditionExpression).toMatch(/attribute_not_exists/);
  });

  it('does not auto-confirm users an admin invites', async () => {
    ddb.on(PutCommand).resolves({});
    const result = await handler(signUpEvent('PreSignUp_AdminCreateUser'));
    expect(result.response.autoConfirmUser).toBe(false);
    // The invitation e-mail proves the address: no "sin verificar" flag.
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item).not.toHaveProperty('emailVerified');
  });

  it('treats an existing profile as done (a retried trigger)', async () => {
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    await expect(handler(signUpEvent())).resolves.toBeDefined();
  });

  it('fails the sign-up when the profile cannot be written', async () => {
    ddb.on(PutCommand).rejects(new Error('throttled'));
    await expect(handler(signUpEvent())).rejects.toThrow();
  });
});
