/**
 * Cognito PreSignUp trigger (architecture "Identity and tenancy"): auto-confirms the new user and
 * writes the pending profile `{uid: sub, email, status: 'pending', isAdmin: false, createdAt}`.
 * With email as the username attribute, Cognito's `userName` is the UUID that becomes `sub`.
 * A failure here aborts the sign-up, so no user exists without a profile.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { createPendingProfile } from '../core/accounts/profiles';
import { logger } from '../platform/logger';

export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const uid = event.request.userAttributes.sub ?? event.userName;
  const email = (event.request.userAttributes.email ?? '').trim().toLowerCase();
  if (!uid || !email) throw new Error('PreSignUp without user id or email');
  await createPendingProfile(uid, email);
  logger.info('Pending profile created', { uid, triggerSource: event.triggerSource });
  // Self sign-up is confirmed at once (an admin approves instead); invited admins confirm by invite.
  if (event.triggerSource === 'PreSignUp_SignUp') {
    event.response.autoConfirmUser = true;
    event.response.autoVerifyEmail = true;
  }
  return event;
}
