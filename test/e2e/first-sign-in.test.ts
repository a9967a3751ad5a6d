/**
 * End to end in Chromium against the twin: the first sign-in of an invited user (the way CDK's
 * CfnUserPoolUser / Cognito's invite creates the tenant's first admin: a temporary password and
 * status FORCE_CHANGE_PASSWORD). Cognito answers NEW_PASSWORD_REQUIRED; the login screen asks for
 * a new password, and the user lands on the entry states (pending: cognito-local runs no
 * PreSignUp for AdminCreateUser, so there is no profile) and can then sign in with it.
 *
 * cognito-local issues the challenge and accepts RespondToAuthChallenge, but enforces no password
 * policy and never asks for MFA: those two Cognito answers are simulated by intercepting the
 * browser's RespondToAuthChallenge call.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@director-ia/shared';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';
import { uniqueEmail } from '../support/cognito';

const twin = inject('twin');
const email = uniqueEmail('invited');
const TEMPORARY_PASSWORD = 'Temp1234!';
const NEW_PASSWORD = 'NuevaClave1!';
const RESPOND_TARGET = 'AWSCognitoIdentityProviderService.RespondToAuthChallenge';

const cognito = new CognitoIdentityProviderClient({
  endpoint: twin.cognitoEndpoint,
  region: 'eu-west-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

let browser: Browser;
let page: Page;
/** Every RespondToAuthChallenge the page sent (intercepted ones included). */
let challengeAnswers = 0;

const heading = (name: string) => page.getByRole('heading', { name });
const formError = () => page.getByRole('alert').filter({ hasText: /^Error: / });
const newPasswordInput = () => page.getByLabel(MSG.newPasswordLabel, { exact: true });
const repeatPasswordInput = () => page.getByLabel(MSG.repeatPasswordLabel, { exact: true });

async function signIn(password: string): Promise<void> {
  await page.getByLabel(MSG.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(MSG.passwordLabel, { exact: true }).fill(password);
  await page.getByRole('button', { name: MSG.signIn }).click();
}

async function chooseNewPassword(password: string, repeat = password): Promise<void> {
  await newPasswordInput().fill(password);
  await repeatPasswordInput().fill(repeat);
  await page.getByRole('button', { name: MSG.savePassword }).click();
}

/** Answers the browser's next RespondToAuthChallenge (only) with `reply` instead of cognito-local. */
async function interceptNextChallengeAnswer(reply: { status: number; body: object }): Promise<void> {
  let used = false;
  const handler = async (route: Route) => {
    const request = route.request();
    if (used || request.method() !== 'POST' || request.headers()['x-amz-target'] !== RESPOND_TARGET) return route.fallback();
    used = true;
    const type = '__type' in reply.body ? String(reply.body.__type) : undefined;
    await route.fulfill({
      status: reply.status,
      contentType: 'application/x-amz-json-1.1',
      headers: {
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid',
        ...(type ? { 'x-amzn-errortype': type } : {}),
      },
      body: JSON.stringify(reply.body),
    });
    await page.unroute(`${twin.cognitoEndpoint}/**`, handler);
  };
  await page.route(`${twin.cognitoEndpoint}/**`, handler);
}

beforeAll(async () => {
  // What Cognito's invite (AdminCreateUser, as CDK's CfnUserPoolUser does) leaves behind.
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: twin.userPoolId,
      Username: email,
      TemporaryPassword: TEMPORARY_PASSWORD,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page.on('request', (request) => {
    if (request.headers()['x-amz-target'] === RESPOND_TARGET) challengeAnswers += 1;
  });
});

afterAll(async () => {
  await browser?.close();
  cognito.destroy();
});

describe('first sign-in with a temporary password', () => {
  it('cognito-local answers the invited user with NEW_PASSWORD_REQUIRED', async () => {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: twin.userPoolId, Username: email }));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const out = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: twin.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: TEMPORARY_PASSWORD },
      }),
    );
    expect(out.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(out.Session).toBeTruthy();
    expect(out.AuthenticationResult).toBeUndefined();
  });

  it('signing in with the temporary password opens the new-password form', async () => {
    await page.goto(twin.url);
    await page.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 30_000 });
    await signIn(TEMPORARY_PASSWORD);
    await heading(MSG.newPasswordTitle).waitFor({ timeout: 15_000 });
    expect(await page.getByText(MSG.newPasswordSubtitle).isVisible()).toBe(true);
    expect(await newPasswordInput().getAttribute('type')).toBe('password');
    expect(await newPasswordInput().getAttribute('required')).not.toBeNull();
    expect(await repeatPasswordInput().getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: MSG.savePassword }).isVisible()).toBe(true);
  });

  it('"Volver" returns to the sign-in form, and signing in again asks again', async () => {
    await page.getByRole('button', { name: MSG.back }).click();
    await page.getByRole('button', { name: MSG.signIn }).waitFor();
    expect(await heading(MSG.newPasswordTitle).count()).toBe(0);
    await signIn(TEMPORARY_PASSWORD);
    await heading(MSG.newPasswordTitle).waitFor({ timeout: 15_000 });
  });

  it('mismatching passwords show an error, send nothing and stay on the form', async () => {
    const before = challengeAnswers;
    await chooseNewPassword(NEW_PASSWORD, 'OtraClave1!');
    await formError().filter({ hasText: MSG.passwordsMismatch }).waitFor();
    expect(await formError().textContent()).toBe(MSG.errorPrefix + MSG.passwordsMismatch);
    expect(challengeAnswers).toBe(before);
    expect(await heading(MSG.newPasswordTitle).isVisible()).toBe(true);
  });

  it('a password Cognito rejects by policy shows the Spanish policy error and stays on the form', async () => {
    await interceptNextChallengeAnswer({
      status: 400,
      body: { __type: 'InvalidPasswordException', message: 'Password does not conform to policy: Password not long enough' },
    });
    await chooseNewPassword('Corta1!');
    await expect
      .poll(() => formError().textContent(), { timeout: 15_000 })
      .toMatch(/^Error: La contraseña no cumple la política de seguridad: es demasiado corta\./);
    expect(await heading(MSG.newPasswordTitle).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: MSG.savePassword }).isEnabled()).toBe(true);
  });

  it('an unsupported next step (MFA) returns to the sign-in form with a clear Spanish error', async () => {
    await interceptNextChallengeAnswer({
      status: 200,
      body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'simulated-session', ChallengeParameters: {} },
    });
    await chooseNewPassword(NEW_PASSWORD);
    await page.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 15_000 });
    expect(await formError().textContent()).toMatch(/^Error: .*verificación en dos pasos \(MFA\)/);
    // Nothing reached cognito-local: the account still has its temporary password.
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: twin.userPoolId, Username: email }));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });

  it('choosing a new password signs in and lands on the pending screen', async () => {
    await signIn(TEMPORARY_PASSWORD);
    await heading(MSG.newPasswordTitle).waitFor({ timeout: 15_000 });
    const before = challengeAnswers;
    await chooseNewPassword(NEW_PASSWORD);
    await heading(MSG.pendingTitle).waitFor({ timeout: 20_000 });
    expect(challengeAnswers).toBe(before + 1);
    expect(await page.getByText(email).isVisible()).toBe(true);
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: twin.userPoolId, Username: email }));
    expect(user.UserStatus).toBe('CONFIRMED');
  });

  it('after "Cerrar Sesión", the new password signs in directly', async () => {
    await page.getByRole('button', { name: MSG.signOut }).click();
    await page.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 15_000 });
    const before = challengeAnswers;
    await signIn(NEW_PASSWORD);
    await heading(MSG.pendingTitle).waitFor({ timeout: 20_000 });
    expect(challengeAnswers).toBe(before);
  });

  it('the temporary password no longer works', async () => {
    await page.getByRole('button', { name: MSG.signOut }).click();
    await page.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 15_000 });
    await signIn(TEMPORARY_PASSWORD);
    await expect.poll(() => formError().textContent(), { timeout: 15_000 }).toBe(`${MSG.errorPrefix}Correo o contraseña incorrectos.`);
    expect(await heading(MSG.newPasswordTitle).count()).toBe(0);
  });
});
