/**
 * Cognito CreateAuthChallenge trigger of the custom-token sign-in (issue 17 item 3): the one
 * CUSTOM_CHALLENGE needs no secret of its own (the answer is the host page's signed token, checked
 * by VerifyAuthChallengeResponse), so it publishes nothing and records the challenge's metadata,
 * which DefineAuthChallenge requires. Any other challenge, or no trusted key, is refused.
 */
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { CUSTOM_TOKEN_CHALLENGE, CUSTOM_TOKEN_CHALLENGE_METADATA } from '@director-ia/shared';
import { customTokenTrust } from '../core/accounts/customToken';

export async function handler(event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> {
  if (!customTokenTrust(process.env)) throw new Error('Custom-token sign-in is not configured for this deployment');
  if (event.request.challengeName !== CUSTOM_TOKEN_CHALLENGE) throw new Error(`Unexpected challenge ${event.request.challengeName}`);
  event.response.publicChallengeParameters = {};
  event.response.privateChallengeParameters = {};
  event.response.challengeMetadata = CUSTOM_TOKEN_CHALLENGE_METADATA;
  return event;
}
