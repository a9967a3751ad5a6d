/**
 * Cognito DefineAuthChallenge trigger of the custom-token sign-in (issue 17 item 3; spec 4 "sign-in
 * with a custom token"): one CUSTOM_CHALLENGE, whose answer is the host page's token; tokens are
 * issued once that one challenge was answered right, and the sign-in fails after a wrong answer, for
 * a user that does not exist (a custom token never creates an account: sign-up and the admin's
 * approval still apply) and when the deployment configured no trusted key.
 */
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { CUSTOM_TOKEN_CHALLENGE, CUSTOM_TOKEN_CHALLENGE_METADATA } from '@director-ia/shared';
import { customTokenTrust } from '../core/accounts/customToken';
import { logger } from '../platform/logger';

export async function handler(event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> {
  const session = event.request.session ?? [];
  const fail = (why: string) => {
    logger.info('Custom-token sign-in refused', { why, userName: event.userName });
    event.response.issueTokens = false;
    event.response.failAuthentication = true;
    return event;
  };
  if (!customTokenTrust(process.env)) return fail('unconfigured');
  if (event.request.userNotFound) return fail('userNotFound');
  if (session.length === 0) {
    event.response.challengeName = CUSTOM_TOKEN_CHALLENGE;
    event.response.issueTokens = false;
    event.response.failAuthentication = false;
    return event;
  }
  const [only] = session;
  const answered = session.length === 1 && only?.challengeName === CUSTOM_TOKEN_CHALLENGE && only.challengeMetadata === CUSTOM_TOKEN_CHALLENGE_METADATA;
  if (!answered || only?.challengeResult !== true) return fail(answered ? 'wrongAnswer' : 'unexpectedSession');
  event.response.issueTokens = true;
  event.response.failAuthentication = false;
  return event;
}
