/**
 * The gateway's local KMS: the app's own seal/open (AWS Encryption SDK with the KMS keyring, as in
 * AWS) round-trips through it, encryption context binds ciphertexts, and IAM conditions on
 * kms:EncryptionContext:<key> allow one tenant and deny another.
 */
import { DecryptCommand, EncryptCommand, GenerateDataKeyCommand, KMS, KMSClient } from '@aws-sdk/client-kms';
import { KmsKeyringNode, getClient } from '@aws-crypto/kms-keyring-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretOpenError, openSecret, sealSecret } from '../../../../../lambdas/platform/secrets';
import { ACCOUNT, KEY_ARN, REGION, credentialsOf, harness, principal, rejection, type Harness } from './support';
import type { GatewayPrincipal } from '../../../../../infra/local/aws-gateway';

/** What `secretsKey.grant(fn, 'kms:GenerateDataKey', 'kms:Decrypt')` gives in AWS. */
const sealer = principal('guardarAjustes', [{ Effect: 'Allow', Action: ['kms:GenerateDataKey', 'kms:Decrypt'], Resource: KEY_ARN }]);
const encryptOnly = principal('soloCifra', [{ Effect: 'Allow', Action: ['kms:GenerateDataKey', 'kms:Encrypt'], Resource: KEY_ARN }]);
const tenantOne = principal('inquilinoUno', [
  { Effect: 'Allow', Action: ['kms:GenerateDataKey', 'kms:Decrypt'], Resource: KEY_ARN, Condition: { StringEquals: { 'kms:EncryptionContext:tenant': 't1' } } },
]);

/** Issue 16: a widget-like role that opens AI keys only (infra/constructs/grants.ts grantSecrets). */
const aiKeysOnly = principal('soloClavesIA', [
  {
    Effect: 'Allow',
    Action: 'kms:Decrypt',
    Resource: KEY_ARN,
    Condition: { StringEqualsIfExists: { 'kms:EncryptionContext:purpose': ['ai-key'] }, StringLike: { 'kms:EncryptionContext:field': ['openaiApiKey', 'geminiApiKey', 'imagenApiKey'] } },
  },
]);

let h: Harness;
const keyring = (p: GatewayPrincipal) =>
  new KmsKeyringNode({ generatorKeyId: KEY_ARN, clientProvider: getClient(KMS, { endpoint: h.gateway.url, credentials: credentialsOf(p), maxAttempts: 1 }) });
const kms = (p: GatewayPrincipal) => new KMSClient({ endpoint: h.gateway.url, region: REGION, credentials: credentialsOf(p), maxAttempts: 1 });

beforeAll(async () => {
  h = await harness();
  for (const p of [sealer, encryptOnly, tenantOne, aiKeysOnly]) h.gateway.setPrincipal(p);
});
afterAll(() => h.stop());

describe('AWS gateway: local KMS', () => {
  it('seals and opens a secret through the AWS Encryption SDK KMS keyring', async () => {
    const sealed = await sealSecret('sk-live-123', { tenant: 't1', field: 'geminiApiKey' }, keyring(sealer));
    expect(await openSecret(sealed, { tenant: 't1', field: 'geminiApiKey' }, keyring(sealer))).toBe('sk-live-123');
    const calls = h.gateway.decisions().filter((d) => d.principal === 'guardarAjustes');
    expect(calls.map((d) => [d.action, d.resource, d.allowed])).toEqual([
      ['kms:GenerateDataKey', KEY_ARN, true],
      ['kms:Decrypt', KEY_ARN, true],
    ]);
  });

  it('passes the sealed purpose to IAM: an AI-keys-only role opens an AI key, not the Gmail password', async () => {
    const aiKey = await sealSecret('sk-live-123', { tenant: 't1', field: 'geminiApiKey' }, keyring(sealer));
    const gmail = await sealSecret('abcd efgh', { tenant: 't1', field: 'gmailAppPassword' }, keyring(sealer));
    expect(await openSecret(aiKey, { tenant: 't1', field: 'geminiApiKey' }, keyring(aiKeysOnly))).toBe('sk-live-123');
    await expect(openSecret(gmail, { tenant: 't1', field: 'gmailAppPassword' }, keyring(aiKeysOnly))).rejects.toBeInstanceOf(SecretOpenError);
    expect(h.gateway.decisions().filter((d) => d.principal === 'soloClavesIA').map((d) => d.allowed)).toEqual([true, false]);
  });

  it('a denied Decrypt makes openSecret fail', async () => {
    const sealed = await sealSecret('secreto', { tenant: 't1', field: 'gmailAppPassword' }, keyring(encryptOnly));
    await expect(openSecret(sealed, { tenant: 't1', field: 'gmailAppPassword' }, keyring(encryptOnly))).rejects.toBeInstanceOf(SecretOpenError);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'soloCifra', action: 'kms:Decrypt', allowed: false });
  });

  it('answers a denied Decrypt with KMS AccessDeniedException', async () => {
    const { CiphertextBlob } = await kms(encryptOnly).send(new EncryptCommand({ KeyId: KEY_ARN, Plaintext: Buffer.from('x') }));
    const error = await rejection(kms(encryptOnly).send(new DecryptCommand({ CiphertextBlob })));
    expect(error.name).toBe('AccessDeniedException');
    expect(error.message).toBe(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/soloCifraRole/soloCifra is not authorized to perform: kms:Decrypt on resource: ${KEY_ARN} because no identity-based policy allows the kms:Decrypt action`,
    );
  });

  it('does not decrypt with a different encryption context (InvalidCiphertextException)', async () => {
    const client = kms(sealer);
    const { CiphertextBlob, Plaintext } = await client.send(new GenerateDataKeyCommand({ KeyId: KEY_ARN, KeySpec: 'AES_256', EncryptionContext: { tenant: 't1' } }));
    expect(Plaintext).toHaveLength(32);
    const same = await client.send(new DecryptCommand({ CiphertextBlob, EncryptionContext: { tenant: 't1' } }));
    expect(Buffer.from(same.Plaintext ?? []).equals(Buffer.from(Plaintext ?? []))).toBe(true);
    expect(same.KeyId).toBe(KEY_ARN);
    await expect(client.send(new DecryptCommand({ CiphertextBlob, EncryptionContext: { tenant: 't2' } }))).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
    await expect(client.send(new DecryptCommand({ CiphertextBlob: Buffer.from('not ours') }))).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it('answers NotFoundException for another key', async () => {
    await expect(
      kms(sealer).send(new GenerateDataKeyCommand({ KeyId: `arn:aws:kms:${REGION}:${ACCOUNT}:key/99999999-0000-0000-0000-000000000000`, NumberOfBytes: 32 })),
    ).rejects.toMatchObject({ name: 'NotFoundException' });
  });

  it('applies kms:EncryptionContext:tenant conditions: the matching tenant is allowed, another is denied', async () => {
    const sealed = await sealSecret('clave', { tenant: 't1', field: 'openaiApiKey' }, keyring(tenantOne));
    expect(await openSecret(sealed, { tenant: 't1', field: 'openaiApiKey' }, keyring(tenantOne))).toBe('clave');
    await expect(sealSecret('clave', { tenant: 't2', field: 'openaiApiKey' }, keyring(tenantOne))).rejects.toThrow();
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'inquilinoUno', action: 'kms:GenerateDataKey', allowed: false });
    // A t2 secret sealed by someone allowed cannot be opened by the t1-only function.
    const other = await sealSecret('clave', { tenant: 't2', field: 'openaiApiKey' }, keyring(sealer));
    await expect(openSecret(other, { tenant: 't2', field: 'openaiApiKey' }, keyring(tenantOne))).rejects.toBeInstanceOf(SecretOpenError);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'inquilinoUno', action: 'kms:Decrypt', allowed: false });
  });

  it('serves calls signed with an unregistered key without evaluating them', async () => {
    const before = h.gateway.decisions().length;
    const client = new KMSClient({ endpoint: h.gateway.url, region: REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { CiphertextBlob } = await client.send(new EncryptCommand({ KeyId: KEY_ARN.split('/')[1], Plaintext: Buffer.from('hola') }));
    const out = await client.send(new DecryptCommand({ CiphertextBlob }));
    expect(Buffer.from(out.Plaintext ?? []).toString()).toBe('hola');
    expect(h.gateway.decisions()).toHaveLength(before);
  });
});
