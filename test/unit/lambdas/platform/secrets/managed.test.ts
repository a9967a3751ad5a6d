/**
 * getSecretJson (lambdas/platform/secrets/managed.ts): one GetSecretValue of the named secret
 * (Secrets Manager mocked at the SDK client), its string parsed as JSON, reused from the cache
 * while fresh, and failures (missing secret, a string that is not JSON) rejected without the value.
 */
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clearCaches } from '@aws-lambda-powertools/parameters';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { getSecretJson, SECRET_MAX_AGE_SECONDS } from '../../../../../lambdas/platform/secrets/managed';
import { useEnv } from '../../../../support/env';

const secrets = mockClient(SecretsManagerClient);
useEnv({ AWS_REGION: 'eu-west-1' });
afterEach(() => {
  secrets.reset();
  clearCaches();
});

const ARN = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:director-ia/acme/social-apps-AbCdEf';

describe('getSecretJson', () => {
  it('reads the secret by name once, parses its JSON, and reuses it while fresh (5 minutes)', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: '{"x":{"clientId":"id"}}' });
    await expect(getSecretJson(ARN)).resolves.toEqual({ x: { clientId: 'id' } });
    await expect(getSecretJson(ARN)).resolves.toEqual({ x: { clientId: 'id' } });
    expect(secrets.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual([{ SecretId: ARN }]);
    expect(SECRET_MAX_AGE_SECONDS).toBe(300);
  });

  it('rejects a secret string that is not JSON, without the value in the error', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'clientSecret=very-secret-value' });
    const error: unknown = await getSecretJson(ARN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(`${(error as Error).name} ${(error as Error).message}`).not.toContain('very-secret-value');
  });

  it('rejects a secret that cannot be read', async () => {
    secrets.on(GetSecretValueCommand).rejects(new ResourceNotFoundException({ message: 'Secrets Manager can’t find the specified secret.', $metadata: {} }));
    await expect(getSecretJson(ARN)).rejects.toThrow();
  });
});
