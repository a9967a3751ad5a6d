/**
 * The secrets code as it deploys: lambdas/platform/secrets (seal.ts and its keyring module)
 * bundled with the production esbuild settings (no aliases, the AWS Encryption SDK as
 * published). Proves the bundle seals and opens for real, its messages are the same format as
 * the unbundled code's (each opens the other's), and a message with an ECDSA-signing suite is
 * refused as the unbundled code refuses it.
 */
import { AlgorithmSuiteIdentifier, buildClient, CommitmentPolicy } from '@aws-crypto/client-node';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { build } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as unbundled from '../../../../../../lambdas/platform/secrets';
import { lambdaBuildOptions } from '../../../../../../infra/bundling/lambda-esbuild';

type SecretsModule = typeof unbundled;

const SECRET = 'AIzaSy-bundled-secret-0123456789';
const ctx = { tenant: 'tenant-a', field: 'geminiApiKey' };

let dir: string;
let bundleFile: string;
let inputs: string[];
let bundled: SecretsModule;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'secrets-bundle-'));
  // As in Lambda, where the runtime provides the external `@aws-sdk/*` packages.
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  bundleFile = path.join(dir, 'secrets.mjs');
  const result = await build({ ...lambdaBuildOptions('lambdas/platform/secrets/index.ts'), outfile: bundleFile, metafile: true, logLevel: 'silent' });
  inputs = Object.keys(result.metafile.inputs);
  bundled = (await import(pathToFileURL(bundleFile).href)) as SecretsModule;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the production bundle of the secrets module', () => {
  it('carries the Encryption SDK as published, asn1.js included (no stand-ins)', () => {
    expect(inputs.some((file) => file.includes('node_modules/@aws-crypto/'))).toBe(true);
    expect(inputs.some((file) => file.includes('node_modules/asn1.js/'))).toBe(true);
    expect(inputs.filter((file) => file.startsWith('infra/'))).toEqual([]);
  });

  it('seals and opens with a raw AES keyring (round trip)', async () => {
    const keyring = bundled.rawAesKeyring(randomBytes(32));
    const sealed = await bundled.sealSecret(SECRET, ctx, keyring);
    expect(sealed).not.toContain(SECRET);
    await expect(bundled.openSecret(sealed, ctx, keyring)).resolves.toBe(SECRET);
    await expect(bundled.openSecret(sealed, { ...ctx, tenant: 'tenant-b' }, keyring)).rejects.toMatchObject({ name: 'SecretOpenError' });
  });

  it('writes the same message format as the unbundled code: each opens what the other sealed', async () => {
    const key = randomBytes(32);
    const fromBundle = await bundled.sealSecret(SECRET, ctx, bundled.rawAesKeyring(key));
    await expect(unbundled.openSecret(fromBundle, ctx, unbundled.rawAesKeyring(key))).resolves.toBe(SECRET);
    const fromSource = await unbundled.sealSecret(SECRET, ctx, unbundled.rawAesKeyring(key));
    await expect(bundled.openSecret(fromSource, ctx, bundled.rawAesKeyring(key))).resolves.toBe(SECRET);
  });

  it('refuses a message of an ECDSA-signing suite, as the unbundled code does', async () => {
    const key = randomBytes(32);
    const { encrypt } = buildClient(CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT);
    const { result } = await encrypt(unbundled.rawAesKeyring(key), Buffer.from(SECRET), {
      encryptionContext: ctx,
      suiteId: AlgorithmSuiteIdentifier.ALG_AES256_GCM_IV12_TAG16_HKDF_SHA512_COMMIT_KEY_ECDSA_P384,
    });
    const signed = result.toString('base64');
    await expect(unbundled.openSecret(signed, ctx, unbundled.rawAesKeyring(key))).rejects.toThrow(unbundled.SecretOpenError);
    const error = await bundled.openSecret(signed, ctx, bundled.rawAesKeyring(key)).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('SecretOpenError');
    expect(error?.message).not.toContain(SECRET);
  });

  describe('with the KMS keyring (KMS mocked at the SDK)', () => {
    const KEY_ARN = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    const kms = mockClient(KMSClient);
    afterEach(() => kms.reset());

    it('seals with GenerateDataKey and opens with Decrypt', async () => {
      const dataKey = randomBytes(32);
      kms.on(GenerateDataKeyCommand).resolves({ KeyId: KEY_ARN, Plaintext: new Uint8Array(dataKey), CiphertextBlob: new Uint8Array(randomBytes(184)) });
      kms.on(DecryptCommand).resolves({ KeyId: KEY_ARN, Plaintext: new Uint8Array(dataKey) });
      const keyring = bundled.buildKeyring({ kind: 'kms', keyArn: KEY_ARN });
      const sealed = await bundled.sealSecret(SECRET, ctx, keyring);
      await expect(bundled.openSecret(sealed, ctx, keyring)).resolves.toBe(SECRET);
      expect(kms.commandCalls(GenerateDataKeyCommand)[0]?.args[0].input).toMatchObject({ KeyId: KEY_ARN, EncryptionContext: ctx });
      expect(kms.commandCalls(DecryptCommand)).toHaveLength(1);
    });
  });
});
