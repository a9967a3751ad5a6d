/**
 * A local Secrets Manager for the secrets the twin registers (JSON 1.1,
 * `X-Amz-Target: secretsmanager.<Op>`): GetSecretValue only, which is all the functions call
 * (Powertools `getSecret` reads the social network apps secret, issue 12).
 *
 * Each secret has a full ARN as Secrets Manager makes them,
 * `arn:aws:secretsmanager:<region>:<account>:secret:<name>-<6 random characters>`, and is found by
 * its name, that full ARN or the partial ARN without the suffix (what CDK's `fromSecretNameV2`
 * gives a function). IAM is evaluated as `secretsmanager:GetSecretValue` on the full ARN, so a
 * grant on `<partial ARN>-??????` matches as in AWS. A SecretId that names no registered secret is
 * answered ResourceNotFoundException before any IAM evaluation (as the local KMS does for another
 * key), so a developer sees what is missing rather than an AccessDenied.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ServiceError, type GatewayResponse } from './responses';
import { UnmappedRequest, type AuthorizationRequest, type ContextValue } from './types';

export const SECRETS_MANAGER_TARGET_PREFIX = 'secretsmanager.';
/** The staging label of a secret's current version (the only version the twin keeps). */
const CURRENT_STAGE = 'AWSCURRENT';
/** Letters and digits of the random ARN suffix. */
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type Body = Record<string, unknown>;

interface StoredSecret {
  name: string;
  arn: string;
  value: string;
  versionId: string;
  created: Date;
}

/** Six random letters or digits, like the suffix Secrets Manager appends to a secret's ARN. */
function arnSuffix(): string {
  return [...randomBytes(6)].map((byte) => SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length]).join('');
}

function notFound(): ServiceError {
  return new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
}

/** The registered secrets and the operations on them. */
export class LocalSecrets {
  private readonly secrets = new Map<string, StoredSecret>();

  constructor(
    private readonly region: string,
    private readonly accountId: string,
    initial: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(initial)) this.put(name, value);
  }

  /** Registers `name` with `value` (a new version when it exists; its ARN stays); returns the full ARN. */
  put(name: string, value: string): string {
    const existing = this.secrets.get(name);
    const arn = existing?.arn ?? `arn:aws:secretsmanager:${this.region}:${this.accountId}:secret:${name}-${arnSuffix()}`;
    this.secrets.set(name, { name, arn, value, versionId: randomUUID(), created: existing?.created ?? new Date() });
    return arn;
  }

  /** The secret `secretId` names (name, full ARN or partial ARN), or ResourceNotFoundException. */
  private find(secretId: unknown): StoredSecret {
    if (typeof secretId !== 'string' || secretId.length === 0) {
      throw new ServiceError('ValidationException', "1 validation error detected: Value null at 'secretId' failed to satisfy constraint: Member must not be null");
    }
    const partialPrefix = `arn:aws:secretsmanager:${this.region}:${this.accountId}:secret:`;
    for (const secret of this.secrets.values()) {
      if (secretId === secret.name || secretId === secret.arn || secretId === `${partialPrefix}${secret.name}`) return secret;
    }
    throw notFound();
  }

  /**
   * The IAM authorizations of `operation`: GetSecretValue on the secret's full ARN, with its
   * condition keys. Throws ServiceError for requests Secrets Manager rejects first (no such secret)
   * and UnmappedRequest for operations the twin does not serve.
   */
  authorizations(operation: string, body: Body): AuthorizationRequest[] {
    if (operation !== 'GetSecretValue') throw new UnmappedRequest(`The local Secrets Manager does not implement ${operation}.`, 501);
    const secret = this.find(body.SecretId);
    const context: Record<string, ContextValue> = { 'secretsmanager:SecretId': secret.arn };
    if (typeof body.VersionId === 'string') context['secretsmanager:VersionId'] = body.VersionId;
    if (typeof body.VersionStage === 'string') context['secretsmanager:VersionStage'] = body.VersionStage;
    return [{ action: 'secretsmanager:GetSecretValue', resource: secret.arn, context }];
  }

  /** Runs an (authorized) operation; Secrets Manager errors become their JSON answers. */
  handle(operation: string, body: Body): GatewayResponse {
    try {
      if (operation !== 'GetSecretValue') throw new UnmappedRequest(`The local Secrets Manager does not implement ${operation}.`, 501);
      return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: JSON.stringify(this.getSecretValue(body)) };
    } catch (error) {
      if (error instanceof ServiceError) return error.response();
      throw error;
    }
  }

  private getSecretValue(body: Body): Record<string, unknown> {
    const secret = this.find(body.SecretId);
    // Only the current version exists here: another version or label is not found, as in AWS.
    if (body.VersionId !== undefined && body.VersionId !== secret.versionId) throw notFound();
    if (body.VersionStage !== undefined && body.VersionStage !== CURRENT_STAGE) throw notFound();
    return {
      ARN: secret.arn,
      Name: secret.name,
      SecretString: secret.value,
      VersionId: secret.versionId,
      VersionStages: [CURRENT_STAGE],
      // JSON 1.1 timestamps are epoch seconds.
      CreatedDate: secret.created.getTime() / 1000,
    };
  }
}
