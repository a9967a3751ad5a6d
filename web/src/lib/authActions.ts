/** The Amplify sign-in, sign-up and sign-out calls: a lazy chunk, reached through `auth.ts`. */
import { signIn as amplifySignIn, signOut as amplifySignOut, signUp as amplifySignUp } from 'aws-amplify/auth';
import { AuthStepError, currentUser, syncToken } from './auth';

export async function signIn(email: string, password: string): Promise<void> {
  const attempt = () =>
    amplifySignIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (error) {
    // A stale session (e.g. the profile could not be read) blocks a new sign-in: replace it.
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (!result.isSignedIn) throw new AuthStepError(result.nextStep.signInStep);
}

export async function signUp(email: string, password: string): Promise<void> {
  await amplifySignUp({ username: email, password, options: { userAttributes: { email } } });
  if (await currentUser()) await signOut();
}

export async function signOut(): Promise<void> {
  await syncToken('DELETE');
  await amplifySignOut();
}
