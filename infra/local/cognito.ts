/**
 * cognito-local as a child process: its global config routes the PreSignUp trigger to our local
 * Lambda Invoke endpoint; first start creates the user pool, app client, group `admins` and the
 * first admin (created through the same domain code as everyone else, then approved).
 * It runs from ./cognito-local.mjs, which adds Cognito's custom authentication flow (issue 17
 * item 3: custom-token sign-in) with the stack's Define/Create/Verify Auth Challenge triggers.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  type ExplicitAuthFlowsType,
} from '@aws-sdk/client-cognito-identity-provider';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ADMINS_GROUP } from '@director-ia/shared';
import type { ChildSupervisor } from './children';
import { LOCAL_CREDENTIALS } from './dynamodb';
import { waitFor } from './ports';

const POOL_NAME = 'director-ia-local';
const CLIENT_NAME = 'web';
export const LOCAL_HOST = '127.0.0.1';
/**
 * cognito-local's triggers are global configuration, written before the stack's deployment is
 * read; the twin checks at start that the stack's trigger functions have these names.
 */
export const COGNITO_TRIGGERS: Readonly<Record<string, string>> = {
  PreSignUp: 'preSignUp',
  // Run by ./cognito-local.mjs's custom authentication flow (cognito-local itself has none).
  DefineAuthChallenge: 'defineAuthChallenge',
  CreateAuthChallenge: 'createAuthChallenge',
  VerifyAuthChallengeResponse: 'verifyAuthChallengeResponse',
};

export interface CognitoIds {
  userPoolId: string;
  userPoolClientId: string;
}

/** Starts cognito-local on `port` with state under `stateDir`; PreSignUp → `lambdaEndpoint`. */
export async function startCognito(supervisor: ChildSupervisor, port: number, stateDir: string, lambdaEndpoint: string): Promise<CognitoIdentityProviderClient> {
  const configDir = path.join(stateDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: { endpoint: lambdaEndpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS },
        TriggerFunctions: COGNITO_TRIGGERS,
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  const bin = fileURLToPath(new URL('./cognito-local.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin], {
    cwd: stateDir,
    env: { ...process.env, PORT: String(port), HOST: LOCAL_HOST, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.add('cognito-local', child);
  const client = new CognitoIdentityProviderClient({ endpoint: `http://${LOCAL_HOST}:${port}`, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  await waitFor('cognito-local', async () => {
    await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
    return true;
  });
  return client;
}

/** Creates the pool, client and admins group unless `existing` ids are given (restart). */
export async function ensureUserPool(client: CognitoIdentityProviderClient, existing?: CognitoIds): Promise<CognitoIds> {
  if (existing) return existing;
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({ PoolName: POOL_NAME, UsernameAttributes: ['email'], AutoVerifiedAttributes: ['email'] }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local returned no user pool id');
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: CLIENT_NAME, ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
  );
  const userPoolClientId = UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local returned no app client id');
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMINS_GROUP, Description: 'Administradores' }));
  return { userPoolId, userPoolClientId };
}

/**
 * Gives cognito-local's app client the auth flows of the stack's web client (the template's
 * ExplicitAuthFlows: CUSTOM_AUTH only when the stack trusts a custom-token key), on every start.
 */
export async function syncClientAuthFlows(client: CognitoIdentityProviderClient, ids: CognitoIds, flows: readonly string[]): Promise<void> {
  if (flows.length === 0) return;
  await client.send(new UpdateUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId, ExplicitAuthFlows: [...flows] as ExplicitAuthFlowsType[] }));
}

/**
 * Ensures an admin account with a permanent password in group `admins`. Returns its `sub` and
 * whether it was created now. cognito-local runs no trigger for AdminCreateUser, so the caller
 * writes the profile.
 */
export async function ensureAdmin(client: CognitoIdentityProviderClient, userPoolId: string, email: string, password: string): Promise<{ sub: string; created: boolean }> {
  const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email })).catch(() => undefined);
  let attributes = existing?.UserAttributes;
  const created = !existing;
  if (!existing) {
    const { User } = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    attributes = User?.Attributes;
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }));
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMINS_GROUP }));
  }
  const sub = attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local returned an admin without sub');
  return { sub, created };
}
