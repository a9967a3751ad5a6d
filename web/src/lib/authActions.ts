/** The Amplify sign-in, sign-up and sign-out calls: a lazy chunk, reached through `auth.ts`. */
import {
  confirmSignIn as amplifyConfirmSignIn,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  type SignInOutput,
} from 'aws-amplify/auth';
import { AuthStepError, currentUser, syncToken, type SignInOutcome } from './auth';
import { customTokenEmail } from './customToken';

const NEW_PASSWORD_STEP = 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED';
const CUSTOM_CHALLENGE_STEP = 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';

/** Signed in, or the one extra step this app offers (an invited user's temporary password). */
function outcomeOf(result: SignInOutput): SignInOutcome {
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === NEW_PASSWORD_STEP) return 'newPasswordRequired';
  throw new AuthStepError(result.nextStep.signInStep);
}

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const attempt = () =>
    amplifySignIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: SignInOutput;
  try {
    result = await attempt();
  } catch (error) {
    // A stale session (e.g. the profile could not be read) blocks a new sign-in: replace it.
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  return outcomeOf(result);
}

/**
 * Custom-token sign-in (spec 4; issue 17 item 3): Cognito's custom flow for the user the token
 * names, answering its one challenge with the token (the stack's triggers verify it). Throws on
 * any refusal; on success Amplify stores the tokens and emits 'signedIn'.
 */
export async function signInWithCustomToken(token: string): Promise<void> {
  const email = customTokenEmail(token);
  if (!email) throw new Error('the custom token names no e-mail');
  const started = await amplifySignIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  if (started.isSignedIn) return;
  if (started.nextStep.signInStep !== CUSTOM_CHALLENGE_STEP) throw new AuthStepError(started.nextStep.signInStep);
  const answered = await amplifyConfirmSignIn({ challengeResponse: token });
  if (!answered.isSignedIn) throw new AuthStepError(answered.nextStep.signInStep);
}

/**
 * Answers Cognito's NEW_PASSWORD_REQUIRED challenge (the sign-in session Amplify keeps in memory
 * since `signIn`). On success Amplify stores the tokens and emits 'signedIn'; any further step
 * (e.g. MFA set-up) is an AuthStepError, never a silent no-op.
 */
export async function confirmNewPassword(newPassword: string): Promise<void> {
  const result = await amplifyConfirmSignIn({ challengeResponse: newPassword });
  const outcome = outcomeOf(result);
  // The same challenge again would loop the form: report it instead.
  if (outcome !== 'signedIn') throw new AuthStepError(result.nextStep.signInStep);
}

export async function signUp(email: string, password: string): Promise<void> {
  await amplifySignUp({ username: email, password, options: { userAttributes: { email } } });
  if (await currentUser()) await signOut();
}

/**
 * Drops the server cookie token, then signs out on every device (issue 16 finding 6): Cognito
 * revokes the refresh token, so the short-lived access tokens cannot be renewed. Amplify clears
 * the local session even when the global call fails (e.g. offline).
 */
export async function signOut(): Promise<void> {
  await syncToken('DELETE');
  await amplifySignOut({ global: true });
}
