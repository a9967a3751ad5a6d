/**
 * Identity (architecture "Identity and tenancy"): a Cognito user pool with email sign-in and
 * self sign-up, the PreSignUp trigger that auto-confirms and writes the pending profile, the
 * `admins` group, the web's public app client and, when `adminEmail` is given, the first admin
 * (invited by Cognito by email with a temporary password) already in `admins`.
 *
 * Custom-token sign-in (issue 17 item 3), only when the deployment trusts a key (`customToken`): the
 * Define, Create and Verify Auth Challenge triggers (no AWS access; one log group for the three)
 * and ALLOW_CUSTOM_AUTH on the web client. Without it neither exists, so the flow is off in Cognito
 * itself (and the triggers refuse anyway when their environment has no key).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  CfnUserPoolUser,
  CfnUserPoolUserToGroupAttachment,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolOperation,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { ADMINS_GROUP } from '@director-ia/shared';
import { CUSTOM_TOKEN_AUDIENCE_ENV, CUSTOM_TOKEN_ISSUER_ENV, CUSTOM_TOKEN_JWKS_ENV } from '@director-ia/shared';
import { CUSTOM_AUTH_TRIGGER_ACCESS, PRE_SIGN_UP_ACCESS } from '../functions';
import type { TenantSettings } from '../context';
import { triggerEntry } from '../paths';
import { acknowledge } from '../nag';
import type { FunctionGrants } from './grants';
import { createNodeFunction, LOG_RETENTION } from './node-function';
import { LogGroup } from 'aws-cdk-lib/aws-logs';

export interface AuthProps {
  grants: FunctionGrants;
  projectRoot: string;
  /** Environment shared by every function (table name, service name, ...). */
  environment: Record<string, string>;
  adminEmail?: string;
  /** The trusted key of custom-token sign-in; unset = the flow is off. */
  customToken?: TenantSettings['customToken'];
}

/** The custom-token sign-in triggers (present only when the deployment trusts a key). */
export interface CustomAuthTriggers {
  define: NodejsFunction;
  create: NodejsFunction;
  verify: NodejsFunction;
}

export class AuthConstruct extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly preSignUp: NodejsFunction;
  readonly customAuth?: CustomAuthTriggers;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        minLength: 8, // Cognito's default; with all four character classes it meets COG1.
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      // Users may opt in to TOTP later; requiring it would block the spec's plain sign-in.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: FeaturePlan.ESSENTIALS,
      userVerification: {
        emailSubject: 'Tu código de verificación',
        emailBody: 'Tu código de verificación es {####}',
      },
      userInvitation: {
        emailSubject: 'Tu acceso de administrador',
        emailBody: 'Hola, tu usuario es {username} y tu contraseña temporal es {####}. Deberás cambiarla al entrar.',
      },
      // Accounts are tenant data: never deleted with the stack or by a stray console click.
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    acknowledge(this.userPool, {
      'AwsSolutions-COG2':
        'MFA is optional (TOTP) by product decision: small-business owners sign in with email and password as the spec describes; users can opt in.',
      'AwsSolutions-COG8':
        'Essentials tier by cost decision for a per-tenant small-business deployment; Plus (threat protection) can be enabled in place per tenant.',
    });

    this.preSignUp = createNodeFunction(this, 'PreSignUp', {
      entry: triggerEntry(props.projectRoot, 'preSignUp'),
      projectRoot: props.projectRoot,
      environment: props.environment,
      description: 'Cognito PreSignUp: auto-confirms and writes the pending profile',
      timeout: Duration.seconds(5), // Cognito gives a trigger 5 s at most.
    });
    props.grants.apply(this.preSignUp, PRE_SIGN_UP_ACCESS);
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.preSignUp);

    if (props.customToken) this.customAuth = this.addCustomAuth(props, props.customToken);

    this.client = this.userPool.addClient('WebClient', {
      // USER_PASSWORD_AUTH for parity with the local twin (cognito-local has no SRP); SRP for Amplify's
      // default; CUSTOM_AUTH for custom-token sign-in, only when configured.
      authFlows: { userPassword: true, userSrp: true, ...(props.customToken ? { custom: true } : {}) },
      generateSecret: false,
      preventUserExistenceErrors: true,
      // The web signs in with the SDK, never through the hosted UI.
      disableOAuth: true,
      // The API's JWT authorizer accepts a token until it expires, even after sign-out: keep them
      // short (Amplify refreshes them); global sign-out revokes the refresh token (issue 16 finding 6).
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      enableTokenRevocation: true,
    });

    const adminsGroup = new CfnUserPoolGroup(this, 'AdminsGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMINS_GROUP,
      description: 'Administrators: approve users (claim cognito:groups)',
    });

    if (props.adminEmail) this.addFirstAdmin(props.adminEmail, adminsGroup);
  }

  /** The three triggers of the custom authentication flow, wired to the pool (see the module header). */
  private addCustomAuth(props: AuthProps, trust: NonNullable<AuthProps['customToken']>): CustomAuthTriggers {
    const environment = {
      ...props.environment,
      [CUSTOM_TOKEN_JWKS_ENV]: trust.jwks,
      [CUSTOM_TOKEN_AUDIENCE_ENV]: trust.audience,
      ...(trust.issuer ? { [CUSTOM_TOKEN_ISSUER_ENV]: trust.issuer } : {}),
    };
    // One log group for the three: each stream names its function (node-function.ts), one resource, not three.
    const logGroup = new LogGroup(this, 'CustomAuthLogs', { retention: LOG_RETENTION });
    const trigger = (id: string, name: string, operation: UserPoolOperation, description: string) => {
      const fn = createNodeFunction(this, id, {
        entry: triggerEntry(props.projectRoot, name),
        projectRoot: props.projectRoot,
        environment,
        description,
        timeout: Duration.seconds(5), // Cognito gives a trigger 5 s at most.
        memorySize: 256,
        logGroup,
      });
      props.grants.apply(fn, CUSTOM_AUTH_TRIGGER_ACCESS);
      this.userPool.addTrigger(operation, fn);
      return fn;
    };
    return {
      define: trigger('DefineAuthChallenge', 'defineAuthChallenge', UserPoolOperation.DEFINE_AUTH_CHALLENGE, 'Cognito DefineAuthChallenge: custom-token sign-in, one challenge'),
      create: trigger('CreateAuthChallenge', 'createAuthChallenge', UserPoolOperation.CREATE_AUTH_CHALLENGE, 'Cognito CreateAuthChallenge: custom-token sign-in'),
      verify: trigger('VerifyAuthChallengeResponse', 'verifyAuthChallengeResponse', UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, 'Cognito VerifyAuthChallengeResponse: checks the custom token'),
    };
  }

  private addFirstAdmin(email: string, group: CfnUserPoolGroup): void {
    const user = new CfnUserPoolUser(this, 'AdminUser', {
      userPoolId: this.userPool.userPoolId,
      username: email,
      desiredDeliveryMediums: ['EMAIL'],
      userAttributes: [
        { name: 'email', value: email },
        { name: 'email_verified', value: 'true' },
      ],
    });
    // AdminCreateUser runs PreSignUp: the trigger, its invoke permission and its table grant
    // (all children of the function) must exist first.
    user.node.addDependency(this.preSignUp);
    const membership = new CfnUserPoolUserToGroupAttachment(this, 'AdminInAdminsGroup', {
      userPoolId: this.userPool.userPoolId,
      username: email,
      groupName: ADMINS_GROUP,
    });
    // Username and group are plain strings, so CloudFormation cannot infer these dependencies.
    membership.addResourceDependency(user, 'the user must exist');
    membership.addResourceDependency(group, 'the group must exist');
  }
}
