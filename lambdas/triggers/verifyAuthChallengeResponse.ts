/**
 * Cognito VerifyAuthChallengeResponse trigger of the custom-token sign-in (issue 17 item 3): the
 * answer is right when it is a token signed by a key the stack trusts, for the configured audience
 * (and issuer), not expired, whose `email` is the e-mail of the user Cognito is authenticating
 * (core/accounts/customToken.ts). A refusal is logged with its reason, never with the token.
 */
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { checkCustomToken, customTokenTrust } from '../core/accounts/customToken';
import { logger } from '../platform/logger';

export async function handler(event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  const check = checkCustomToken(customTokenTrust(process.env), event.request.challengeAnswer, event.request.userAttributes.email);
  if (!check.ok) logger.warn('Custom token refused', { reason: check.reason, detail: check.detail, userName: event.userName });
  event.response.answerCorrect = check.ok;
  return event;
}
