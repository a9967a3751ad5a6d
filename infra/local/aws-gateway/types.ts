/**
 * Shapes shared by the AWS gateway's modules (the public ones are re-exported from index.ts).
 */

/** An IAM policy document with every CloudFormation token resolved (real ARNs). */
export interface IamPolicyDocument {
  Version?: string;
  Statement: unknown[];
}

/** A function of the twin as IAM sees it: its role, its key pair and its identity policies. */
export interface GatewayPrincipal {
  /** Twin name of the function, e.g. 'generarImagen', 'preSignUp', 'knowledgeUploaded'. */
  name: string;
  /** e.g. arn:aws:iam::000000000000:role/<name>Role (errors name the session arn:aws:sts::<account>:assumed-role/<roleName>/<name>). */
  roleArn: string;
  accessKeyId: string;
  secretAccessKey: string;
  policies: { name: string; document: IamPolicyDocument }[];
}

/** One IAM authorization the gateway evaluated for a registered principal. */
export interface GatewayDecision {
  principal: string;
  action: string;
  resource: string;
  allowed: boolean;
  time: number;
}

/** A value of the request context IAM conditions read (multi-valued keys are arrays). */
export type ContextValue = string | string[];

/** One authorization the real service would evaluate for a request. */
export interface AuthorizationRequest {
  /** e.g. 'dynamodb:PutItem'. */
  action: string;
  /** The resource ARN, or '*'. */
  resource: string;
  /** Service condition keys of this request (global keys are added by the evaluator). */
  context?: Record<string, ContextValue>;
  /** The resource's own policy when the service requires one to trust IAM (a KMS key policy). */
  resourcePolicy?: IamPolicyDocument;
}

/** A request the gateway cannot map to IAM actions: answered with this status and message. */
export class UnmappedRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'UnmappedRequest';
  }
}
