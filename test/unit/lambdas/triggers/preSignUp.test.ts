/**
 * PreSignUp trigger request shapes against a mocked DynamoDB (the real-table behaviour is covered
 * by the integration tests): one transaction of the profile item (its keys, the create-only
 * condition) and its user directory entry (issue 17).
 */
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
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
    ddb.on(TransactWriteCommand).resolves({});
    const result = await handler(signUpEvent());
    // Issue 16 finding 6: confirmed (the admin approves) but the address is not marked verified
    // without proof; the profile says so, and the admin panel shows "sin verificar".
    expect(result.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: false });
    const [profile, entry] = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const put = profile?.Put;
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
    // The user directory entry (issue 17): pending, found by e-mail prefix.
    expect(entry?.Put?.Item).toMatchObject({ pk: 'users#pending', sk: 'ana@example.es#7d1c1c5e-0000-4000-8000-000000000001', gsi1pk: 'users#email', status: 'pending' });
  });

  it('does not auto-confirm users an admin invites', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const result = await handler(signUpEvent('PreSignUp_AdminCreateUser'));
    expect(result.response.autoConfirmUser).toBe(false);
    // The invitation e-mail proves the address: no "sin verificar" flag.
    expect(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item).not.toHaveProperty('emailVerified');
  });

  it('treats an existing profile as done (a retried trigger)', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
        $metadata: {},
      }),
    );
    await expect(handler(signUpEvent())).resolves.toBeDefined();
  });

  it('fails the sign-up when the profile cannot be written', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(handler(signUpEvent())).rejects.toThrow();
  });
});
