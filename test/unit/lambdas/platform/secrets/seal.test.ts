/**
 * Sealed secrets (issue 3 item 2): round trip, binding to tenant and field, tampering, the
 * keyring configuration, and the KMS keyring's real request shapes (KMS mocked at the SDK).
 */
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEncrypt } from '@aws-crypto/encrypt-node';
import { CommitmentPolicy } from '@aws-crypto/material-management-node';
import { buildKeyring, keyringConfigFromEnv, openSecret, purposeOf, rawAesKeyring, sealSecret, SECRET_SUITE, SecretOpenError } from '../../../../../lambdas/platform/secrets';

const SECRET = 'AIzaSy-test-secret-0123456789';
const keyring = rawAesKeyring(randomBytes(32));
const ctx = { tenant: 'tenant-a', field: 'geminiApiKey' };

describe('sealSecret / openSecret (raw AES keyring)', () => {
  it('round-trips, and the sealed text does not contain the secret', async () => {
    const sealed = await sealSecret(SECRET, ctx, keyring);
    expect(sealed).not.toContain(SECRET);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(SECRET);
    await expect(openSecret(sealed, ctx, keyring)).resolves.toBe(SECRET);
  });

  it('round-trips Unicode', async () => {
    const value = 'contraseña-ñandú-€-💡';
    await expect(openSecret(await sealSecret(value, ctx, keyring), ctx, keyring)).resolves.toBe(value);
  });

  it('seals the same secret differently each time', async () => {
    expect(await sealSecret(SECRET, ctx, keyring)).not.toBe(await sealSecret(SECRET, ctx, keyring));
  });

  it("another tenant's sealed value does not open", async () => {
    const sealed = await sealSecret(SECRET, ctx, keyring);
    await expect(openSecret(sealed, { ...ctx, tenant: 'tenant-b' }, keyring)).rejects.toBeInstanceOf(SecretOpenError);
  });

  it('a value sealed for another field does not open', async () => {
    const sealed = await sealSecret(SECRET, ctx, keyring);
    await expect(openSecret(sealed, { ...ctx, field: 'gmailAppPassword' }, keyring)).rejects.toThrow(/context mismatch/);
  });

  it('another key does not open it, and the error carries no secret', async () => {
    const sealed = await sealSecret(SECRET, ctx, keyring);
    const error = await openSecret(sealed, ctx, rawAesKeyring(randomBytes(32))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretOpenError);
    expect(String((error as Error).message)).not.toContain(SECRET);
  });

  it('a tampered message does not open', async () => {
    const bytes = Buffer.from(await sealSecret(SECRET, ctx, keyring), 'base64');
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] ?? 0) ^ 0x01;
    await expect(openSecret(bytes.toString('base64'), ctx, keyring)).rejects.toBeInstanceOf(SecretOpenError);
    await expect(openSecret('not base64 at all', ctx, keyring)).rejects.toBeInstanceOf(SecretOpenError);
  });

  it('refuses a wrapping key of the wrong size', () => {
    expect(() => rawAesKeyring(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('purposes (issue 16)', () => {
  it('names every field of every secret by its purpose', () => {
    expect(['openaiApiKey', 'geminiApiKey', 'imagenApiKey'].map(purposeOf)).toEqual(['ai-key', 'ai-key', 'ai-key']);
    expect(purposeOf('gmailAppPassword')).toBe('gmail');
    expect(['social:facebook:access', 'social:youtube:refresh', 'social:facebook:target:123'].map(purposeOf)).toEqual(['social-token', 'social-token', 'social-token']);
    expect(purposeOf('oauth:abc123:verifier')).toBe('oauth-verifier');
    expect(() => purposeOf('smtpPassword')).toThrow(/no purpose/);
  });

  it('opens a value sealed before purposes existed (context tenant and field only)', async () => {
    const { encrypt } = buildEncrypt({ commitmentPolicy: CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT, maxEncryptedDataKeys: 1 });
    const { result } = await encrypt(keyring, Buffer.from(SECRET), { encryptionContext: { tenant: 'tenant-a', field: 'geminiApiKey' }, suiteId: SECRET_SUITE });
    const sealed = result.toString('base64');
    await expect(openSecret(sealed, ctx, keyring)).resolves.toBe(SECRET);
    await expect(openSecret(sealed, { ...ctx, tenant: 'tenant-b' }, keyring)).rejects.toBeInstanceOf(SecretOpenError);
  });
});

describe('keyring configuration', () => {
  it('KMS when SECRETS_KMS_KEY_ARN is set, raw AES when SECRETS_LOCAL_KEY_FILE is set', () => {
    expect(keyringConfigFromEnv({ SECRETS_KMS_KEY_ARN: 'arn:aws:kms:eu-west-1:111122223333:key/k' })).toEqual({ kind: 'kms', keyArn: 'arn:aws:kms:eu-west-1:111122223333:key/k' });
    expect(keyringConfigFromEnv({ SECRETS_LOCAL_KEY_FILE: '/x/secrets.key' })).toEqual({ kind: 'raw-aes', keyFile: '/x/secrets.key' });
  });

  it('refuses none or both', () => {
    expect(() => keyringConfigFromEnv({})).toThrow(/No secrets keyring/);
    expect(() => keyringConfigFromEnv({ SECRETS_KMS_KEY_ARN: 'a', SECRETS_LOCAL_KEY_FILE: 'b' })).toThrow(/only one/);
  });

  it('reads the raw key from its file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const file = path.join(dir, 'secrets.key');
    writeFileSync(file, randomBytes(32), { mode: 0o600 });
    const fromFile = buildKeyring({ kind: 'raw-aes', keyFile: file });
    const again = buildKeyring({ kind: 'raw-aes', keyFile: file });
    await expect(openSecret(await sealSecret(SECRET, ctx, fromFile), ctx, again)).resolves.toBe(SECRET);
  });
});

describe('KMS keyring request shapes', () => {
  const KEY_ARN = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('seals with GenerateDataKey and opens with Decrypt, both naming the key and the context', async () => {
    const dataKey = randomBytes(32);
    const wrapped = randomBytes(184);
    kms.on(GenerateDataKeyCommand).resolves({ KeyId: KEY_ARN, Plaintext: new Uint8Array(dataKey), CiphertextBlob: new Uint8Array(wrapped) });
    kms.on(DecryptCommand).resolves({ KeyId: KEY_ARN, Plaintext: new Uint8Array(dataKey) });
    const kmsKeyring = buildKeyring({ kind: 'kms', keyArn: KEY_ARN });

    const sealed = await sealSecret(SECRET, ctx, kmsKeyring);
    const generate = kms.commandCalls(GenerateDataKeyCommand);
    expect(generate).toHaveLength(1);
    expect(generate[0]?.args[0].input).toMatchObject({ KeyId: KEY_ARN, NumberOfBytes: 32, EncryptionContext: { tenant: 'tenant-a', field: 'geminiApiKey', purpose: 'ai-key' } });
    expect(sealed).not.toContain(SECRET);

    await expect(openSecret(sealed, ctx, kmsKeyring)).resolves.toBe(SECRET);
    const decrypts = kms.commandCalls(DecryptCommand);
    expect(decrypts).toHaveLength(1);
    const input = decrypts[0]?.args[0].input;
    expect(input).toMatchObject({ KeyId: KEY_ARN, EncryptionContext: { tenant: 'tenant-a', field: 'geminiApiKey', purpose: 'ai-key' } });
    expect(Buffer.from(input?.CiphertextBlob ?? [])).toEqual(wrapped);
  });

  it('a KMS failure surfaces as SecretOpenError', async () => {
    const dataKey = randomBytes(32);
    kms.on(GenerateDataKeyCommand).resolves({ KeyId: KEY_ARN, Plaintext: new Uint8Array(dataKey), CiphertextBlob: new Uint8Array(randomBytes(184)) });
    kms.on(DecryptCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const kmsKeyring = buildKeyring({ kind: 'kms', keyArn: KEY_ARN });
    const sealed = await sealSecret(SECRET, ctx, kmsKeyring);
    await expect(openSecret(sealed, ctx, kmsKeyring)).rejects.toBeInstanceOf(SecretOpenError);
  });
});
