/**
 * A local KMS for one symmetric key (JSON 1.1, `X-Amz-Target: TrentService.<Op>`):
 * GenerateDataKey, GenerateDataKeyWithoutPlaintext, Encrypt, Decrypt, DescribeKey.
 *
 * Ciphertext blob (only this KMS opens it): version byte 1, key id length (1 byte), key id
 * (UTF-8), 12-byte IV, 16-byte GCM tag, then AES-256-GCM of the plaintext under the master key,
 * with AAD = the key id and the canonical JSON of the encryption context (entries sorted by key).
 * A different context does not open it (InvalidCiphertextException, as KMS answers).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ServiceError, type GatewayResponse } from './responses';
import type { AuthorizationRequest, ContextValue, IamPolicyDocument } from './types';

export const KMS_TARGET_PREFIX = 'TrentService.';
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'SYMMETRIC_DEFAULT';
const MAX_PLAINTEXT_BYTES = 4096;

type Body = Record<string, unknown>;

/**
 * The key policy CDK gives a `new kms.Key()` by default: the account may use the key through IAM
 * policies. KMS honours identity policies only when the key policy says so.
 */
export function defaultKeyPolicy(accountId: string): IamPolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { AWS: `arn:aws:iam::${accountId}:root` }, Action: 'kms:*', Resource: '*' }],
  };
}

/** A KMS error answer (status 400, `__type`, optional `message`). */
export class KmsError extends ServiceError {}

function encryptionContextOf(body: Body): Record<string, string> {
  const context = body.EncryptionContext;
  if (context === undefined || context === null) return {};
  if (typeof context !== 'object' || Array.isArray(context)) throw new KmsError('ValidationException', 'EncryptionContext must be a map of strings.');
  for (const value of Object.values(context)) if (typeof value !== 'string') throw new KmsError('ValidationException', 'EncryptionContext values must be strings.');
  return context as Record<string, string>;
}

function canonicalContext(context: Record<string, string>): string {
  return JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** IAM context keys of a request with `context`: kms:EncryptionContext:<k>, kms:EncryptionContextKeys. */
function iamContext(context: Record<string, string>, accountId: string, algorithm?: string): Record<string, ContextValue> {
  const keys: Record<string, ContextValue> = { 'kms:CallerAccount': accountId };
  for (const [name, value] of Object.entries(context)) keys[`kms:EncryptionContext:${name}`] = value;
  if (Object.keys(context).length > 0) keys['kms:EncryptionContextKeys'] = Object.keys(context);
  if (algorithm) keys['kms:EncryptionAlgorithm'] = algorithm;
  return keys;
}

function base64Field(body: Body, name: string): Buffer {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0) throw new KmsError('ValidationException', `${name} is required.`);
  return Buffer.from(value, 'base64');
}

/** The one local key and the operations on it. */
export class LocalKms {
  readonly keyId: string;

  constructor(
    readonly keyArn: string,
    private readonly masterKey: Buffer,
    private readonly accountId: string,
    private readonly keyPolicy: IamPolicyDocument = defaultKeyPolicy(accountId),
  ) {
    if (masterKey.byteLength !== 32) throw new Error('The local KMS master key must be 32 bytes.');
    const keyId = /:key\/([^/]+)$/.exec(keyArn)?.[1];
    if (!keyId) throw new Error(`Not a KMS key ARN: ${keyArn}`);
    this.keyId = keyId;
  }

  /** The key ARN `keyId` (ARN or bare id) names; NotFoundException otherwise. */
  private resolveKey(keyId: unknown): string {
    if (typeof keyId !== 'string' || !keyId) throw new KmsError('ValidationException', 'KeyId is required.');
    if (keyId === this.keyArn || keyId === this.keyId) return this.keyArn;
    throw new KmsError('NotFoundException', `Key '${keyId}' does not exist`);
  }

  private seal(plaintext: Buffer, context: Record<string, string>): Buffer {
    const keyId = Buffer.from(this.keyId, 'utf8');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.masterKey, iv);
    cipher.setAAD(Buffer.concat([keyId, Buffer.from(canonicalContext(context), 'utf8')]));
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION, keyId.byteLength]), keyId, iv, cipher.getAuthTag(), sealed]);
  }

  /** The key id a blob names, or InvalidCiphertextException when it is not one of ours. */
  private blobKeyId(blob: Buffer): string {
    const idLength = blob[1] ?? 0;
    if (blob[0] !== VERSION || blob.byteLength < 2 + idLength + IV_BYTES + TAG_BYTES) throw new KmsError('InvalidCiphertextException');
    return blob.subarray(2, 2 + idLength).toString('utf8');
  }

  private open(blob: Buffer, context: Record<string, string>): Buffer {
    const keyId = this.blobKeyId(blob);
    const start = 2 + Buffer.byteLength(keyId, 'utf8');
    const iv = blob.subarray(start, start + IV_BYTES);
    const tag = blob.subarray(start + IV_BYTES, start + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.masterKey, iv);
    decipher.setAAD(Buffer.concat([Buffer.from(keyId, 'utf8'), Buffer.from(canonicalContext(context), 'utf8')]));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(blob.subarray(start + IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new KmsError('InvalidCiphertextException');
    }
  }

  /**
   * The IAM authorizations of `operation` (kms:<Op> on the key; Decrypt on the key the ciphertext
   * names). Throws KmsError for requests KMS rejects before authorizing (unknown key, bad blob).
   */
  authorizations(operation: string, body: Body): AuthorizationRequest[] {
    return this.requests(operation, body).map((request) => ({ ...request, resourcePolicy: this.keyPolicy }));
  }

  private requests(operation: string, body: Body): AuthorizationRequest[] {
    const context = encryptionContextOf(body);
    switch (operation) {
      case 'Decrypt': {
        const blobKey = this.blobKeyId(base64Field(body, 'CiphertextBlob'));
        if (blobKey !== this.keyId) throw new KmsError('NotFoundException', `Key '${blobKey}' does not exist`);
        if (body.KeyId !== undefined && this.resolveKey(body.KeyId) !== this.keyArn) throw new KmsError('IncorrectKeyException');
        return [{ action: 'kms:Decrypt', resource: this.keyArn, context: iamContext(context, this.accountId, ALGORITHM) }];
      }
      case 'Encrypt':
        return [{ action: 'kms:Encrypt', resource: this.resolveKey(body.KeyId), context: iamContext(context, this.accountId, ALGORITHM) }];
      case 'GenerateDataKey':
      case 'GenerateDataKeyWithoutPlaintext':
        return [{ action: `kms:${operation}`, resource: this.resolveKey(body.KeyId), context: iamContext(context, this.accountId) }];
      case 'DescribeKey':
        return [{ action: 'kms:DescribeKey', resource: this.resolveKey(body.KeyId), context: { 'kms:CallerAccount': this.accountId } }];
      default:
        throw new KmsError('UnsupportedOperationException', `The local KMS does not implement ${operation}.`);
    }
  }

  /** Runs an (authorized) operation; KMS errors become their JSON answers. */
  handle(operation: string, body: Body): GatewayResponse {
    try {
      return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: JSON.stringify(this.run(operation, body)) };
    } catch (error) {
      if (error instanceof KmsError) return error.response();
      throw error;
    }
  }

  private run(operation: string, body: Body): Record<string, unknown> {
    const context = encryptionContextOf(body);
    switch (operation) {
      case 'GenerateDataKey':
      case 'GenerateDataKeyWithoutPlaintext': {
        const keyArn = this.resolveKey(body.KeyId);
        const bytes = dataKeyBytes(body);
        const plaintext = randomBytes(bytes);
        const out: Record<string, unknown> = { KeyId: keyArn, CiphertextBlob: this.seal(plaintext, context).toString('base64') };
        if (operation === 'GenerateDataKey') out.Plaintext = plaintext.toString('base64');
        return out;
      }
      case 'Encrypt': {
        const keyArn = this.resolveKey(body.KeyId);
        const plaintext = base64Field(body, 'Plaintext');
        if (plaintext.byteLength > MAX_PLAINTEXT_BYTES) throw new KmsError('ValidationException', `Plaintext must be at most ${MAX_PLAINTEXT_BYTES} bytes.`);
        return { KeyId: keyArn, CiphertextBlob: this.seal(plaintext, context).toString('base64'), EncryptionAlgorithm: ALGORITHM };
      }
      case 'Decrypt': {
        const plaintext = this.open(base64Field(body, 'CiphertextBlob'), context);
        return { KeyId: this.keyArn, Plaintext: plaintext.toString('base64'), EncryptionAlgorithm: ALGORITHM };
      }
      case 'DescribeKey':
        return {
          KeyMetadata: {
            KeyId: this.keyId,
            Arn: this.resolveKey(body.KeyId),
            AWSAccountId: this.accountId,
            Enabled: true,
            KeyState: 'Enabled',
            KeyUsage: 'ENCRYPT_DECRYPT',
            KeySpec: 'SYMMETRIC_DEFAULT',
            KeyManager: 'CUSTOMER',
            Origin: 'AWS_KMS',
            EncryptionAlgorithms: [ALGORITHM],
          },
        };
      default:
        throw new KmsError('UnsupportedOperationException', `The local KMS does not implement ${operation}.`);
    }
  }
}

function dataKeyBytes(body: Body): number {
  const { NumberOfBytes: count, KeySpec: spec } = body;
  if (count !== undefined && spec !== undefined) throw new KmsError('ValidationException', 'Please specify either number of bytes or key spec.');
  if (spec === 'AES_256') return 32;
  if (spec === 'AES_128') return 16;
  if (spec !== undefined) throw new KmsError('ValidationException', `Unknown KeySpec ${String(spec)}.`);
  if (typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= 1024) return count;
  throw new KmsError('ValidationException', 'Please specify either number of bytes or key spec.');
}
