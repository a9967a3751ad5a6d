/**
 * The key that seals the brands' secrets (architecture "Data"; issue 3 Integraciones): a
 * customer managed KMS key used by the AWS Encryption SDK's KMS keyring of the functions
 * (lambdas/platform/secrets). Retained with the stack's data: without it, sealed values in the
 * retained table could never be opened again.
 *
 * Also the origin-verify secret: a random value Secrets Manager generates at deploy, which
 * CloudFront adds to every request to the API origin (x-origin-verify) and the client-IP callables
 * compare against (lambdas/platform/callable/client-ip.ts). Both read it through a CloudFormation
 * dynamic reference (`originVerifyValue`), so the template never holds the value.
 *
 * And a reference to the social networks' app credentials (issue 12 item 4): an existing secret the
 * operator creates and names with the `socialAppsSecret` context key (infra/context.ts). The stack
 * never creates, reads or rotates it; functions that declare 'socialApps:read' get GetSecretValue
 * on it (infra/constructs/grants.ts).
 *
 * And the Meta webhook verify token (issue 14): a random value Secrets Manager generates at deploy,
 * under a fixed name (`webhookVerifySecretName`, a stack output) so DevOps can read it and paste it
 * into each Meta app's webhook settings; the webhook function reads it at run time
 * ('webhooks:readVerifyToken'), so the template never holds it. Not retained: nothing stored
 * depends on it (a new stack gets a new token, pasted again), and a retained secret with a fixed
 * name would block re-creating the stack.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { webhookVerifySecretName } from '@director-ia/shared';
import { acknowledge } from '../nag';

export interface SecretsProps {
  tenant: string;
  /** Name or complete ARN of the social network apps secret (context `socialAppsSecret`). */
  socialAppsSecret?: string;
}

/** Alias of a tenant's secrets key. */
export const secretsKeyAlias = (tenant: string): string => `alias/director-ia/${tenant}/secrets`;

export class SecretsConstruct extends Construct {
  readonly key: Key;
  readonly originVerify: Secret;
  /** `{{resolve:secretsmanager:...}}` of the origin-verify secret, resolved by CloudFormation at deploy. */
  readonly originVerifyValue: string;
  /** The social network apps secret, when the context names one. */
  readonly socialApps?: ISecret;
  /** The Meta webhook verify token (issue 14). */
  readonly webhookVerify: Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: `Director IA ${props.tenant}: seals brand secrets (AI provider keys, Gmail app password) stored in the table`,
      alias: secretsKeyAlias(props.tenant),
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.originVerify = new Secret(this, 'OriginVerify', {
      description: `Director IA ${props.tenant}: proves a request to the API came through CloudFront (x-origin-verify), so the viewer IP it forwards can be trusted`,
      // Letters and digits only: the value is an HTTP header value.
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    this.originVerifyValue = this.originVerify.secretValue.unsafeUnwrap();
    acknowledge(this.originVerify, {
      'AwsSolutions-SMG4':
        'CloudFormation resolves the value into the CloudFront origin header and the client-IP functions\' environment at deploy; a rotation outside a deploy would leave them apart (requests would fall back to the edge IP). Replace it with a deploy instead.',
    });
    this.webhookVerify = new Secret(this, 'WebhookVerifyToken', {
      secretName: webhookVerifySecretName(props.tenant),
      description: `Director IA ${props.tenant}: the verify token of the Meta webhooks (paste it into each Meta app's Webhooks settings with the callback URL)`,
      // Letters and digits only: Meta sends it back in a query string (hub.verify_token).
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(this.webhookVerify, {
      'AwsSolutions-SMG4':
        'The verify token is also pasted by hand into the Meta apps\' webhook settings, where Meta keeps its own copy: a rotation would make Meta\'s next verification request fail until someone pastes the new value. It is only compared with what Meta sends when subscribing, and never authorizes a delivery (the X-Hub-Signature-256 HMAC with the app secret does).',
    });
    const social = props.socialAppsSecret;
    if (social) {
      // A complete ARN names exactly one secret; a name gets CDK's `<name>-??????` policy resource.
      this.socialApps = social.startsWith('arn:') ? Secret.fromSecretCompleteArn(this, 'SocialApps', social) : Secret.fromSecretNameV2(this, 'SocialApps', social);
    }
  }
}
