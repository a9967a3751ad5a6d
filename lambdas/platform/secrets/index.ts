/** Secrets at rest: seal/open with the AWS Encryption SDK under the configured keyring. */
export { openSecret, purposeOf, sealSecret, SecretOpenError, SECRET_SUITE, type SecretContext } from './seal';
export { buildKeyring, defaultKeyring, keyringConfigFromEnv, rawAesKeyring, RAW_KEY_BYTES, SECRETS_KMS_KEY_ARN_ENV, SECRETS_LOCAL_KEY_FILE_ENV, type KeyringConfig } from './keyring';
