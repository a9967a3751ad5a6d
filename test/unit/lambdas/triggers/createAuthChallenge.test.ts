/**
 * The custom challenge (issue 17 item 3) publishes nothing (the answer is the signed token) and
 * records the metadata DefineAuthChallenge requires; it refuses other challenges and an
 * unconfigured deployment.
 */
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOM_TOKEN_AUDIENCE_ENV, CUSTOM_TOKEN_JWKS_ENV } from '@director-ia/shared';
import { handler } from '../../../../lambdas/triggers/createAuthChallenge';
import { generateCustomTokenKey } from '../../../../infra/local/custom-token';

function createEvent(challengeName = 'CUSTOM_CHALLENGE'): CreateAuthChallengeTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_abc',
    userName: 'ana',
    triggerSource: 'CreateAuthChallenge_Authentication',
    callerContext: { awsSdkVersion: '1', clientId: 'client' },
    request: { userAttributes: { email: 'ana@example.es' }, challengeName, session: [], userNotFound: false },
    response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
  } as CreateAuthChallengeTriggerEvent;
}

describe('CreateAuthChallenge trigger', () => {
  beforeEach(() => {
    process.env[CUSTOM_TOKEN_JWKS_ENV] = generateCustomTokenKey().publicJwk;
    process.env[CUSTOM_TOKEN_AUDIENCE_ENV] = 'acme';
  });
  afterEach(() => {
    delete process.env[CUSTOM_TOKEN_JWKS_ENV];
    delete process.env[CUSTOM_TOKEN_AUDIENCE_ENV];
  });

  it('creates the custom challenge with no parameters and the custom-token metadata', async () => {
    expect((await handler(createEvent())).response).toEqual({ publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: 'CUSTOM_TOKEN' });
  });

  it('refuses any other challenge', async () => {
    await expect(handler(createEvent('PASSWORD_VERIFIER'))).rejects.toThrow(/Unexpected challenge/);
  });

  it('refuses when the deployment trusts no key', async () => {
    delete process.env[CUSTOM_TOKEN_AUDIENCE_ENV];
    await expect(handler(createEvent())).rejects.toThrow(/not configured/);
  });
});
