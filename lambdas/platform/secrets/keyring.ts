/**
 * Which keyring seals the brand's secrets, from configuration (architecture "Data": KMS keyring
 * in AWS, raw AES keyring in the local twin). No code path asks whether it runs locally: the
 * deployment sets `SECRETS_KMS_KEY_ARN`, the twin sets `SECRETS_LOCAL_KEY_FILE` (a 32-byte key it
 * generates under its state dir); exactly one of them must be set.
 */
import { readFileSync } from 'node:fs';
import { KmsKeyringNode } from '@aws-crypto/kms-keyring-node';
import type { KeyringNode } from '@aws-crypto/material-management-node';
import { RawAesKeyringNode, RawAesWrappingSuiteIdentifier } from '@aws-crypto/raw-aes-keyring-node';

export const SECRETS_KMS_KEY_ARN_ENV = 'SECRETS_KMS_KEY_ARN';
export const SECRETS_LOCAL_KEY_FILE_ENV = 'SECRETS_LOCAL_KEY_FILE';

/** Length of the raw AES-256 wrapping key, bytes. */
export const RAW_KEY_BYTES = 32;
/** Identify the raw wrapping key inside sealed messages (only this keyring can open them). */
const RAW_KEY_NAMESPACE = 'director-ia';
const RAW_KEY_NAME = 'settings-secrets';

export type KeyringConfig = { kind: 'kms'; keyArn: string } | { kind: 'raw-aes'; keyFile: string };

/** The keyring configuration of this process; throws when none or both are configured. */
export function keyringConfigFromEnv(env: NodeJS.ProcessEnv = process.env): KeyringConfig {
  const keyArn = env[SECRETS_KMS_KEY_ARN_ENV]?.trim();
  const keyFile = env[SECRETS_LOCAL_KEY_FILE_ENV]?.trim();
  if (keyArn && keyFile) throw new Error(`Set only one of ${SECRETS_KMS_KEY_ARN_ENV} and ${SECRETS_LOCAL_KEY_FILE_ENV}.`);
  if (keyArn) return { kind: 'kms', keyArn };
  if (keyFile) return { kind: 'raw-aes', keyFile };
  throw new Error(`No secrets keyring configured: set ${SECRETS_KMS_KEY_ARN_ENV} (KMS) or ${SECRETS_LOCAL_KEY_FILE_ENV} (raw AES key file).`);
}

/** A keyring for `config`. KMS: GenerateDataKey on seal, Decrypt on open, with that key only. */
export function buildKeyring(config: KeyringConfig): KeyringNode {
  if (config.kind === 'kms') return new KmsKeyringNode({ generatorKeyId: config.keyArn });
  return rawAesKeyring(readFileSync(config.keyFile));
}

/** A raw AES-256-GCM keyring around a 32-byte wrapping key. */
export function rawAesKeyring(key: Uint8Array): KeyringNode {
  if (key.byteLength !== RAW_KEY_BYTES) throw new Error(`The secrets key must be exactly ${RAW_KEY_BYTES} bytes (got ${key.byteLength}).`);
  return new RawAesKeyringNode({
    keyNamespace: RAW_KEY_NAMESPACE,
    keyName: RAW_KEY_NAME,
    // The keyring keeps (and may zero) what it is given: hand it its own copy.
    unencryptedMasterKey: new Uint8Array(key),
    wrappingSuite: RawAesWrappingSuiteIdentifier.AES256_GCM_IV12_TAG16_NO_PADDING,
  });
}

let cached: KeyringNode | undefined;
/** The process-wide keyring from the environment (built on first use). */
export function defaultKeyring(): KeyringNode {
  cached ??= buildKeyring(keyringConfigFromEnv());
  return cached;
}
