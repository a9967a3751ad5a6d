/**
 * Sealing and opening the brand's secrets (provider API keys, Gmail app password) with the AWS
 * Encryption SDK (architecture "Data"). A sealed value is the base64 of one ESDK message bound to
 * an encryption context naming the tenant, the field and the field's purpose (issue 16: the KMS
 * grants of each function are limited by purpose, see shared SECRET_PURPOSE_FIELDS), so a value
 * copied to another tenant or another field does not open, and a function opens only the kinds
 * of secrets its role allows. Values sealed before purposes existed ({tenant, field}) still open. The plaintext never leaves these functions except as their result,
 * and no error carries it.
 */
import { buildDecrypt } from '@aws-crypto/decrypt-node';
import { buildEncrypt } from '@aws-crypto/encrypt-node';
import { AlgorithmSuiteIdentifier, CommitmentPolicy, type KeyringNode } from '@aws-crypto/material-management-node';
import { defaultKeyring } from './keyring';

/**
 * Key commitment on both sides; one encrypted data key per message (we only write one). The ESDK
 * packages are imported one by one (what `@aws-crypto/client-node`'s `buildClient` combines) so
 * that Lambda bundles leave out the keyrings and caches we do not use.
 */
const CLIENT_OPTIONS = { commitmentPolicy: CommitmentPolicy.REQUIRE_ENCRYPT_REQUIRE_DECRYPT, maxEncryptedDataKeys: 1 };
const { encrypt } = buildEncrypt(CLIENT_OPTIONS);
const { decrypt } = buildDecrypt(CLIENT_OPTIONS);
/**
 * Committing suite without ECDSA signatures: the same functions seal and open, so a signature
 * would prove nothing extra, and it keeps messages small.
 */
export const SECRET_SUITE = AlgorithmSuiteIdentifier.ALG_AES256_GCM_IV12_TAG16_HKDF_SHA512_COMMIT_KEY;
/** Largest plaintext a sealed secret may open to, bytes. */
const MAX_SECRET_BYTES = 16 * 1024;

/** What a secret belongs to; both become the message's encryption context. */
export interface SecretContext {
  /** The tenant: the owner's Cognito `sub`. */
  tenant: string;
  /** The settings field, e.g. 'geminiApiKey'. */
  field: string;
}

/** Thrown when a sealed value cannot be opened for the given context (never carries secrets). */
export class SecretOpenError extends Error {
  constructor(reason: string) {
    super(`Sealed secret could not be opened: ${reason}`);
    this.name = 'SecretOpenError';
  }
}

/**
 * A SecretContext with its field's purpose (./purpose.ts `purposeOf`). Callers go through
 * ./index.ts or ./lazy.ts, which add it: this module is loaded by a dynamic import() and must not
 * reach shared's index (see lambdas/platform/ai/errors.ts for why).
 */
export interface PurposedContext extends SecretContext {
  purpose: string;
}

/** The encryption context of a secret: tenant, field and the field's purpose. */
export function encryptionContextOf({ tenant, field, purpose }: PurposedContext): Record<string, string> {
  if (!tenant || !field || !purpose) throw new Error('A secret needs a tenant, a field and a purpose.');
  return { tenant, field, purpose };
}

/** The context of values sealed before issue 16 (no purpose): still accepted when opening. */
function legacyContextOf({ tenant, field }: PurposedContext): Record<string, string> {
  return { tenant, field };
}

const sameContext = (actual: Record<string, string>, expected: Record<string, string>) => {
  const keys = Object.keys(actual);
  return keys.length === Object.keys(expected).length && keys.every((key) => actual[key] === expected[key]);
};

/** Seals `plaintext` for `context`; returns base64 text to store. */
export async function sealSecret(plaintext: string, context: PurposedContext, keyring: KeyringNode = defaultKeyring()): Promise<string> {
  const { result } = await encrypt(keyring, Buffer.from(plaintext, 'utf8'), {
    encryptionContext: encryptionContextOf(context),
    suiteId: SECRET_SUITE,
  });
  return result.toString('base64');
}

/**
 * Opens a value `sealSecret` produced for exactly this `context`. The ESDK authenticates the
 * context stored in the message; this also checks it is the one expected (same keys, same values:
 * tenant, field and purpose, or tenant and field for a value sealed before issue 16) and that the
 * message uses our suite. KMS itself refuses a function whose role may not open that purpose
 * (AccessDeniedException, surfaced as SecretOpenError).
 */
export async function openSecret(sealed: string, context: PurposedContext, keyring: KeyringNode = defaultKeyring()): Promise<string> {
  const expected = encryptionContextOf(context);
  const legacy = legacyContextOf(context);
  let output: Awaited<ReturnType<typeof decrypt>>;
  try {
    output = await decrypt(keyring, Buffer.from(sealed, 'base64'), { maxBodySize: MAX_SECRET_BYTES });
  } catch (error) {
    throw new SecretOpenError(error instanceof Error ? error.name : 'decrypt failed');
  }
  const { plaintext, messageHeader } = output;
  if (messageHeader.suiteId !== SECRET_SUITE) throw new SecretOpenError('unexpected algorithm suite');
  const actual = messageHeader.encryptionContext;
  if (!sameContext(actual, expected) && !sameContext(actual, legacy)) throw new SecretOpenError('encryption context mismatch');
  return plaintext.toString('utf8');
}
