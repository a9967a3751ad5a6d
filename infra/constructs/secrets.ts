/**
 * The key that seals the brands' secrets (architecture "Data"; issue 3 Integraciones): a
 * customer managed KMS key used by the AWS Encryption SDK's KMS keyring of the functions
 * (lambdas/platform/secrets). Retained with the stack's data: without it, sealed values in the
 * retained table could never be opened again.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

export interface SecretsProps {
  tenant: string;
}

/** Alias of a tenant's secrets key. */
export const secretsKeyAlias = (tenant: string): string => `alias/director-ia/${tenant}/secrets`;

export class SecretsConstruct extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: `Director IA ${props.tenant}: seals brand secrets (AI provider keys, Gmail app password) stored in the table`,
      alias: secretsKeyAlias(props.tenant),
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
