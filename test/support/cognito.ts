/** Test helpers talking to cognito-local the way the web does (USER_PASSWORD_AUTH). */
import { CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { TwinInfo } from './twin-global-setup';

export interface TestUser {
  email: string;
  password: string;
  sub: string;
  accessToken: string;
  /** The ID token of the same sign-in (the web never sends it; tests prove it is refused). */
  idToken?: string;
}

/** A client of the twin's cognito-local as an operator would use it (the Cognito console), outside the app. */
export function cognitoConsole(twin: TwinInfo): CognitoIdentityProviderClient {
  return client(twin);
}

function client(twin: TwinInfo) {
  return new CognitoIdentityProviderClient({ endpoint: twin.cognitoEndpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** A unique email for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@test.local`;
}

/** Signs in and returns the access and ID tokens. */
export async function signInTokens(twin: TwinInfo, email: string, password: string): Promise<{ accessToken: string; idToken: string }> {
  const out = await client(twin).send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: twin.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const accessToken = out.AuthenticationResult?.AccessToken;
  const idToken = out.AuthenticationResult?.IdToken;
  if (!accessToken || !idToken) throw new Error('no tokens');
  return { accessToken, idToken };
}

/** Signs in and returns the access token (what the web sends as bearer). */
export async function signIn(twin: TwinInfo, email: string, password: string): Promise<string> {
  return (await signInTokens(twin, email, password)).accessToken;
}

/** Registers a new user (PreSignUp runs) and signs them in. */
export async function registerUser(twin: TwinInfo, prefix?: string): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const password = 'Passw0rd!' + randomUUID().slice(0, 4);
  const out = await client(twin).send(new SignUpCommand({ ClientId: twin.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
  if (!out.UserSub) throw new Error('sign-up returned no sub');
  return { email, password, sub: out.UserSub, ...(await signInTokens(twin, email, password)) };
}

/** The twin's first admin, signed in. */
export async function signInAdmin(twin: TwinInfo): Promise<TestUser & { sub: string }> {
  const accessToken = await signIn(twin, twin.adminEmail, twin.adminPassword);
  const sub = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sub as string;
  return { email: twin.adminEmail, password: twin.adminPassword, sub, accessToken };
}

/**
 * Registers `count` users whose e-mails start with `prefix` (`<prefix>-NN-<random>@test.local`),
 * without signing them in: the real PreSignUp trigger writes each pending profile (issue 17's
 * admin panel at scale). Sign-ups run a few at a time. Resolves with their e-mails and subs.
 */
export async function signUpUsers(twin: TwinInfo, prefix: string, count: number, parallel = 6): Promise<{ email: string; sub: string }[]> {
  const users: { email: string; sub: string }[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const email = `${prefix}-${String(i).padStart(2, '0')}-${randomUUID().slice(0, 4)}@test.local`;
      const out = await client(twin).send(new SignUpCommand({ ClientId: twin.clientId, Username: email, Password: `Passw0rd!${randomUUID().slice(0, 4)}`, UserAttributes: [{ Name: 'email', Value: email }] }));
      if (!out.UserSub) throw new Error('sign-up returned no sub');
      users[i] = { email, sub: out.UserSub };
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return users;
}
