/**
 * The gateway's local Secrets Manager (issue 12: the social network apps secret): GetSecretValue
 * through the real SDK client, found by name, full ARN or partial ARN, evaluated as
 * secretsmanager:GetSecretValue on the full ARN (so CDK's `<partial ARN>-??????` grant matches and
 * another secret's does not), AccessDenied in Secrets Manager's shape, ResourceNotFoundException for
 * unknown secrets, new versions with putSecret, and 501 for operations the twin does not serve.
 */
import { DescribeSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, REGION, credentialsOf, harness, principal, rejection, type Harness } from './support';
import type { GatewayPrincipal } from '../../../../../infra/local/aws-gateway';

const NAME = 'director-ia/demo/social-apps';
const PARTIAL_ARN = `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${NAME}`;
const APPS = JSON.stringify({ facebook: { clientId: 'id', clientSecret: 'secreto' } });

/** What FunctionGrants gives a function declaring 'socialApps:read' for a secret known by name. */
const reader = principal('listarRedes', [{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: `${PARTIAL_ARN}-??????` }]);
/** A grant on another secret of the same account. */
const otherSecret = principal('otraFuncion', [{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: `${PARTIAL_ARN}-other-??????` }]);
/** No Secrets Manager grant at all (e.g. obtenerPerfil). */
const noGrant = principal('obtenerPerfil', [{ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: '*' }]);

let h: Harness;
const client = (p: GatewayPrincipal) => new SecretsManagerClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 });
const decisionsOf = (name: string) => h.gateway.decisions().filter((d) => d.principal === name);

beforeAll(async () => {
  h = await harness({ secrets: { [NAME]: APPS } });
  for (const p of [reader, otherSecret, noGrant]) h.gateway.setPrincipal(p);
});
afterAll(() => h.stop());

describe('AWS gateway: local Secrets Manager', () => {
  it('answers GetSecretValue by name with the Secrets Manager response shape, allowed by the -?????? grant', async () => {
    const out = await client(reader).send(new GetSecretValueCommand({ SecretId: NAME }));
    expect(out.ARN).toMatch(new RegExp(`^${PARTIAL_ARN}-[A-Za-z0-9]{6}$`));
    expect(out).toMatchObject({ Name: NAME, SecretString: APPS, VersionStages: ['AWSCURRENT'] });
    expect(out.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.CreatedDate).toBeInstanceOf(Date);
    expect(Math.abs((out.CreatedDate?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(decisionsOf('listarRedes').at(-1)).toMatchObject({ action: 'secretsmanager:GetSecretValue', resource: out.ARN, allowed: true });
  });

  it('finds the same secret by its partial ARN (what fromSecretNameV2 gives a function) and by its full ARN', async () => {
    const byName = await client(reader).send(new GetSecretValueCommand({ SecretId: NAME }));
    const byPartial = await client(reader).send(new GetSecretValueCommand({ SecretId: PARTIAL_ARN }));
    const byFull = await client(reader).send(new GetSecretValueCommand({ SecretId: byName.ARN }));
    expect(byPartial).toMatchObject({ ARN: byName.ARN, SecretString: APPS, VersionId: byName.VersionId });
    expect(byFull).toMatchObject({ ARN: byName.ARN, SecretString: APPS, VersionId: byName.VersionId });
  });

  it('answers a function without the grant, or with a grant on another secret, AccessDeniedException on the full ARN', async () => {
    const { ARN } = await client(reader).send(new GetSecretValueCommand({ SecretId: NAME }));
    for (const p of [noGrant, otherSecret]) {
      const error = await rejection(client(p).send(new GetSecretValueCommand({ SecretId: NAME })));
      expect(error.name).toBe('AccessDeniedException');
      expect(error.$metadata.httpStatusCode).toBe(400);
      expect(error.message).toBe(
        `User: arn:aws:sts::${ACCOUNT}:assumed-role/${p.name}Role/${p.name} is not authorized to perform: secretsmanager:GetSecretValue on resource: ${ARN} because no identity-based policy allows the secretsmanager:GetSecretValue action`,
      );
      expect(decisionsOf(p.name).at(-1)).toMatchObject({ action: 'secretsmanager:GetSecretValue', resource: ARN, allowed: false });
    }
  });

  it.each([
    ['an unknown name', 'director-ia/demo/otro'],
    ['the partial ARN of another account', `arn:aws:secretsmanager:${REGION}:111111111111:secret:${NAME}`],
    ['the partial ARN in another region', `arn:aws:secretsmanager:us-east-1:${ACCOUNT}:secret:${NAME}`],
    ['a full ARN with another suffix', `${PARTIAL_ARN}-zzzzzz`],
  ])('answers %s with ResourceNotFoundException (400) and evaluates nothing', async (_label, secretId) => {
    const before = decisionsOf('listarRedes').length;
    const error = await rejection(client(reader).send(new GetSecretValueCommand({ SecretId: secretId })));
    expect(error.name).toBe('ResourceNotFoundException');
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(error.message).toBe("Secrets Manager can't find the specified secret.");
    expect(decisionsOf('listarRedes')).toHaveLength(before);
  });

  it('serves only the current version (AWSCURRENT)', async () => {
    const current = await client(reader).send(new GetSecretValueCommand({ SecretId: NAME, VersionStage: 'AWSCURRENT' }));
    await expect(client(reader).send(new GetSecretValueCommand({ SecretId: NAME, VersionId: current.VersionId }))).resolves.toMatchObject({ SecretString: APPS });
    await expect(client(reader).send(new GetSecretValueCommand({ SecretId: NAME, VersionStage: 'AWSPREVIOUS' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await expect(client(reader).send(new GetSecretValueCommand({ SecretId: NAME, VersionId: '00000000-0000-4000-8000-000000000000' }))).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('putSecret gives a registered secret a new version under the same ARN, and registers new ones', async () => {
    const before = await client(reader).send(new GetSecretValueCommand({ SecretId: NAME }));
    expect(h.gateway.putSecret(NAME, '{"x":{}}')).toBe(before.ARN);
    const after = await client(reader).send(new GetSecretValueCommand({ SecretId: NAME }));
    expect(after).toMatchObject({ ARN: before.ARN, SecretString: '{"x":{}}' });
    expect(after.VersionId).not.toBe(before.VersionId);

    const otherArn = h.gateway.putSecret(`${NAME}-other`, 'valor');
    expect(otherArn).toMatch(new RegExp(`^${PARTIAL_ARN}-other-[A-Za-z0-9]{6}$`));
    await expect(client(otherSecret).send(new GetSecretValueCommand({ SecretId: `${NAME}-other` }))).resolves.toMatchObject({ SecretString: 'valor' });
    await expect(rejection(client(reader).send(new GetSecretValueCommand({ SecretId: otherArn })))).resolves.toMatchObject({ name: 'AccessDeniedException' });
    h.gateway.putSecret(NAME, APPS);
  });

  it('answers operations it does not serve with 501 UnsupportedOperationException', async () => {
    const error = await rejection(client(reader).send(new DescribeSecretCommand({ SecretId: NAME })));
    expect(error.name).toBe('UnsupportedOperationException');
    expect(error.$metadata.httpStatusCode).toBe(501);
    expect(error.message).toMatch(/does not implement DescribeSecret/);
  });
});
