/**
 * The custom-token flow's steps (issue 17 item 3): one custom challenge; tokens after it was
 * answered right; failure after a wrong answer, for an unknown user, or without a trusted key.
 */
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOM_TOKEN_AUDIENCE_ENV, CUSTOM_TOKEN_JWKS_ENV } from '@director-ia/shared';
import { handler } from '../../../../lambdas/triggers/defineAuthChallenge';
import { generateCustomTokenKey } from '../../../../infra/local/custom-token';

type Session = DefineAuthChallengeTriggerEvent['request']['session'];

function defineEvent(session: Session, userNotFound = false): DefineAuthChallengeTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_abc',
    userName: 'ana',
    triggerSource: 'DefineAuthChallenge_Authentication',
    callerContext: { awsSdkVersion: '1', clientId: 'client' },
    request: { userAttributes: { email: 'ana@example.es' }, session, userNotFound },
    response: { challengeName: '', issueTokens: false, failAuthentication: false },
  } as DefineAuthChallengeTriggerEvent;
}

const answered = (challengeResult: boolean, challengeMetadata = 'CUSTOM_TOKEN') => ({ challengeName: 'CUSTOM_CHALLENGE' as const, challengeResult, challengeMetadata });

describe('DefineAuthChallenge trigger', () => {
  beforeEach(() => {
    process.env[CUSTOM_TOKEN_JWKS_ENV] = generateCustomTokenKey().publicJwk;
    process.env[CUSTOM_TOKEN_AUDIENCE_ENV] = 'acme';
  });
  afterEach(() => {
    delete process.env[CUSTOM_TOKEN_JWKS_ENV];
    delete process.env[CUSTOM_TOKEN_AUDIENCE_ENV];
  });

  it('starts with the one custom challenge', async () => {
    expect((await handler(defineEvent([]))).response).toMatchObject({ challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false });
  });

  it('issues tokens once the challenge was answered right', async () => {
    expect((await handler(defineEvent([answered(true)]))).response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails after one wrong answer, no second try', async () => {
    expect((await handler(defineEvent([answered(false)]))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('fails for a session it did not start (another challenge, or more than one answer)', async () => {
    expect((await handler(defineEvent([answered(true, 'OTHER')]))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
    expect((await handler(defineEvent([answered(false), answered(true)]))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
    const srp = [{ challengeName: 'SRP_A' as const, challengeResult: true }];
    expect((await handler(defineEvent(srp))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('fails for a user that does not exist: a custom token creates no account', async () => {
    expect((await handler(defineEvent([], true))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('fails when the deployment trusts no key', async () => {
    delete process.env[CUSTOM_TOKEN_JWKS_ENV];
    expect((await handler(defineEvent([]))).response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });
});
