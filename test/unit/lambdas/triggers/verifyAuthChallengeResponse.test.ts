/**
 * The custom-token check (issue 17 item 3): the answer to the custom challenge is right only for a
 * token signed by the trusted key, for the configured audience (and issuer), not expired, whose
 * e-mail is the user's; nothing is right when the deployment trusts no key.
 */
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOM_TOKEN_AUDIENCE_ENV, CUSTOM_TOKEN_ISSUER_ENV, CUSTOM_TOKEN_JWKS_ENV } from '@director-ia/shared';
import { handler } from '../../../../lambdas/triggers/verifyAuthChallengeResponse';
import { generateCustomTokenKey, signCustomToken } from '../../../../infra/local/custom-token';

const trusted = generateCustomTokenKey('trusted');
const other = generateCustomTokenKey('trusted');
const AUDIENCE = 'acme';

function verifyEvent(answer: string, email = 'ana@example.es'): VerifyAuthChallengeResponseTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_abc',
    userName: '7d1c1c5e-0000-4000-8000-000000000001',
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    callerContext: { awsSdkVersion: '1', clientId: 'client' },
    request: { userAttributes: { email, sub: '7d1c1c5e-0000-4000-8000-000000000001' }, privateChallengeParameters: {}, challengeAnswer: answer, userNotFound: false },
    response: { answerCorrect: false },
  } as VerifyAuthChallengeResponseTriggerEvent;
}

const answerCorrect = async (answer: string, email?: string) => (await handler(verifyEvent(answer, email))).response.answerCorrect;

describe('VerifyAuthChallengeResponse trigger', () => {
  beforeEach(() => {
    process.env[CUSTOM_TOKEN_JWKS_ENV] = trusted.publicJwk;
    process.env[CUSTOM_TOKEN_AUDIENCE_ENV] = AUDIENCE;
    delete process.env[CUSTOM_TOKEN_ISSUER_ENV];
  });
  afterEach(() => {
    for (const name of [CUSTOM_TOKEN_JWKS_ENV, CUSTOM_TOKEN_AUDIENCE_ENV, CUSTOM_TOKEN_ISSUER_ENV]) delete process.env[name];
  });

  it('accepts a token of the trusted key, audience and user, the e-mail compared without case', async () => {
    expect(await answerCorrect(signCustomToken(trusted, 'Ana@Example.es', { audience: AUDIENCE }))).toBe(true);
  });

  it('accepts a token signed by any key of a configured JWKS, chosen by kid', async () => {
    const second = generateCustomTokenKey('second');
    process.env[CUSTOM_TOKEN_JWKS_ENV] = JSON.stringify({ keys: [JSON.parse(trusted.publicJwk), JSON.parse(second.publicJwk)] });
    expect(await answerCorrect(signCustomToken(second, 'ana@example.es', { audience: AUDIENCE }))).toBe(true);
    expect(await answerCorrect(signCustomToken(generateCustomTokenKey('second'), 'ana@example.es', { audience: AUDIENCE }))).toBe(false);
  });

  it('refuses a token signed by another key (same kid)', async () => {
    expect(await answerCorrect(signCustomToken(other, 'ana@example.es', { audience: AUDIENCE }))).toBe(false);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = signCustomToken(trusted, 'eva@example.es', { audience: AUDIENCE }).split('.');
    const payload = Buffer.from(JSON.stringify({ email: 'ana@example.es', aud: AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
    expect(await answerCorrect(`${header}.${payload}.${signature}`)).toBe(false);
  });

  it('refuses a token for another audience', async () => {
    expect(await answerCorrect(signCustomToken(trusted, 'ana@example.es', { audience: 'other-tenant' }))).toBe(false);
  });

  it('refuses an expired token and one without expiry', async () => {
    expect(await answerCorrect(signCustomToken(trusted, 'ana@example.es', { audience: AUDIENCE, ttlSeconds: -120 }))).toBe(false);
    expect(await answerCorrect(signCustomToken(trusted, 'ana@example.es', { audience: AUDIENCE, claims: { exp: undefined } }))).toBe(false);
  });

  it('refuses a valid token for another user', async () => {
    expect(await answerCorrect(signCustomToken(trusted, 'eva@example.es', { audience: AUDIENCE }))).toBe(false);
    expect(await answerCorrect(signCustomToken(trusted, 'eva@example.es', { audience: AUDIENCE, claims: { email: undefined } }))).toBe(false);
  });

  it('checks the issuer when one is configured', async () => {
    process.env[CUSTOM_TOKEN_ISSUER_ENV] = 'https://portal.acme.es';
    expect(await answerCorrect(signCustomToken(trusted, 'ana@example.es', { audience: AUDIENCE, claims: { iss: 'https://portal.acme.es' } }))).toBe(true);
    expect(await answerCorrect(signCustomToken(trusted, 'ana@example.es', { audience: AUDIENCE, claims: { iss: 'https://evil.example' } }))).toBe(false);
  });

  it('refuses garbage', async () => {
    expect(await answerCorrect('not-a-token')).toBe(false);
    expect(await answerCorrect('')).toBe(false);
  });

  it('refuses every token when the deployment trusts no key', async () => {
    const token = signCustomToken(trusted, 'ana@example.es', { audience: AUDIENCE });
    delete process.env[CUSTOM_TOKEN_JWKS_ENV];
    expect(await answerCorrect(token)).toBe(false);
    process.env[CUSTOM_TOKEN_JWKS_ENV] = 'not json';
    expect(await answerCorrect(token)).toBe(false);
  });
});
