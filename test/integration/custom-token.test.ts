/**
 * Custom-token sign-in on the twin (issue 17 item 3; spec 4 and 7): cognito-local answers Cognito's
 * custom authentication flow with the stack's own Define/Create/Verify Auth Challenge bundles
 * (infra/local/cognito-local.mjs). A token signed by the twin's trusted key for an existing user
 * gets tokens the API accepts like any other, with a refresh token that refreshes; a forged,
 * expired or someone else's token, or an unknown user, gets NotAuthorized; the other calls are
 * cognito-local's own.
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Profile } from '@director-ia/shared';
import { ensureCustomTokenKey, generateCustomTokenKey, signCustomToken } from '../../infra/local/custom-token';
import { callOk } from '../support/api';
import { registerUser, signInAdmin, uniqueEmail, type TestUser } from '../support/cognito';

const twin = inject('twin');
const cognito = new CognitoIdentityProviderClient({ endpoint: twin.cognitoEndpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const trusted = ensureCustomTokenKey();

async function start(email: string): Promise<InitiateAuthCommandOutput> {
  return cognito.send(new InitiateAuthCommand({ AuthFlow: 'CUSTOM_AUTH', ClientId: twin.clientId, AuthParameters: { USERNAME: email } }));
}

/** The custom flow as Amplify runs it: InitiateAuth, then the token as the challenge's answer. */
async function customSignIn(email: string, token: string) {
  const challenge = await start(email);
  expect(challenge.ChallengeName).toBe('CUSTOM_CHALLENGE');
  const answered = await cognito.send(
    new RespondToAuthChallengeCommand({ ClientId: twin.clientId, ChallengeName: 'CUSTOM_CHALLENGE', Session: challenge.Session, ChallengeResponses: { USERNAME: email, ANSWER: token } }),
  );
  return answered.AuthenticationResult;
}

const claims = (jwt: string | undefined) => JSON.parse(Buffer.from(jwt?.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('custom-token sign-in', () => {
  let owner: TestUser;

  beforeAll(async () => {
    owner = await registerUser(twin, 'custom');
  });

  it('signs an existing user in with a token of the trusted key: the API accepts the tokens, the refresh token refreshes', async () => {
    const result = await customSignIn(owner.email, signCustomToken(trusted, owner.email.toUpperCase()));
    expect(claims(result?.AccessToken)).toMatchObject({ sub: owner.sub, token_use: 'access', client_id: twin.clientId });
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, result?.AccessToken ?? '');
    // The usual status logic: a custom token signs in, it does not approve.
    expect(profile).toMatchObject({ uid: owner.sub, email: owner.email, status: 'pending' });

    const refreshed = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: twin.clientId, AuthParameters: { REFRESH_TOKEN: result?.RefreshToken ?? '' } }));
    expect(claims(refreshed.AuthenticationResult?.AccessToken).sub).toBe(owner.sub);
  });

  it('keeps the admin group in the tokens of an admin who signs in with a token', async () => {
    const admin = await signInAdmin(twin);
    const result = await customSignIn(admin.email, signCustomToken(trusted, admin.email));
    expect(claims(result?.AccessToken)['cognito:groups']).toEqual(['admins']);
  });

  it('refuses a token signed by another key, an expired one, one for another audience or another user, once each', async () => {
    const refused = [
      signCustomToken(generateCustomTokenKey(trusted.kid), owner.email),
      signCustomToken(trusted, owner.email, { ttlSeconds: -120 }),
      signCustomToken(trusted, owner.email, { audience: 'another-tenant' }),
      signCustomToken(trusted, 'someone-else@test.local'),
    ];
    for (const token of refused) await expect(customSignIn(owner.email, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('gives one answer per challenge: a refused session cannot be answered again', async () => {
    const challenge = await start(owner.email);
    const respond = (answer: string) =>
      cognito.send(new RespondToAuthChallengeCommand({ ClientId: twin.clientId, ChallengeName: 'CUSTOM_CHALLENGE', Session: challenge.Session, ChallengeResponses: { USERNAME: owner.email, ANSWER: answer } }));
    await expect(respond('not-a-token')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(respond(signCustomToken(trusted, owner.email))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('creates no account: an unknown e-mail is refused like a wrong password', async () => {
    await expect(start(uniqueEmail('nobody'))).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('leaves the password flow to cognito-local unchanged', async () => {
    const out = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: twin.clientId, AuthParameters: { USERNAME: owner.email, PASSWORD: owner.password } }));
    expect(claims(out.AuthenticationResult?.AccessToken).sub).toBe(owner.sub);
    // cognito-local's own answer to a wrong password (AWS says NotAuthorizedException).
    await expect(
      cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: twin.clientId, AuthParameters: { USERNAME: owner.email, PASSWORD: 'Wrong1234!' } })),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  });
});
