/** Secrets at rest: seal/open with the AWS Encryption SDK under the configured keyring. */
import type { KeyringNode } from '@aws-crypto/material-management-node';
import { withPurpose } from './purpose';
import { openSecret as openPurposed, sealSecret as sealPurposed, type SecretContext } from './seal';

export { purposeOf } from './purpose';
export { SecretOpenError, SECRET_SUITE, type SecretContext } from './seal';
export { buildKeyring, defaultKeyring, keyringConfigFromEnv, rawAesKeyring, RAW_KEY_BYTES, SECRETS_KMS_KEY_ARN_ENV, SECRETS_LOCAL_KEY_FILE_ENV, type KeyringConfig } from './keyring';

/** Seals `plaintext` for `context` and its field's purpose (seal.ts `sealSecret`); resolves with base64 text. */
export function sealSecret(plaintext: string, context: SecretContext, keyring?: KeyringNode): Promise<string> {
  return sealPurposed(plaintext, withPurpose(context), keyring);
}

/** Opens a value sealed for exactly `context` (seal.ts `openSecret`); SecretOpenError when it does not open. */
export function openSecret(sealed: string, context: SecretContext, keyring?: KeyringNode): Promise<string> {
  return openPurposed(sealed, withPurpose(context), keyring);
}
