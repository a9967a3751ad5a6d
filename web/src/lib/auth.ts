/**
 * Thin wrapper over Amplify Auth (Cognito): configure, session, sign-in/up/out, auth events and
 * the optional token sync of spec section 7 "Auth". Only `aws-amplify/auth` and `aws-amplify/utils`
 * are imported. Sign-in (and its new-password challenge), sign-up and sign-out (SRP, sign-up flows:
 * ~16 KB gzip of Amplify) live in `authActions.ts`, loaded on demand, so the login screen's first
 * load stays small.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from '@director-ia/shared';
import { takeInitialCustomToken } from './customToken';

export interface AuthUser {
  /** Cognito `sub`: the tenant key. */
  uid: string;
  /** The login id (the email) when Amplify knows it. */
  email: string | null;
}

let tokenSyncUrl: string | undefined;

export function configureAuth(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  tokenSyncUrl = config.tokenSyncUrl;
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') void syncToken('POST');
  });
}

/** The signed-in user, or null (also when the stored session can no longer be refreshed). */
export async function currentUser(): Promise<AuthUser | null> {
  try {
    const user = await getCurrentUser();
    return { uid: user.userId, email: user.signInDetails?.loginId ?? null };
  } catch {
    return null;
  }
}

/** Resolves the stored session at start-up and syncs its token when there is one. */
export async function restoreSession(): Promise<AuthUser | null> {
  const user = await currentUser();
  if (user) void syncToken('POST');
  return user;
}

let started: Promise<AuthUser | null> | undefined;

/**
 * The session at start-up, once per page load (spec 4 "Auth context"): the stored one; else, when
 * the environment provides an initial custom token (./customToken.ts), the user it signs in. A
 * failed custom-token sign-in is only logged (spec 8), without the token, and leaves nobody signed in.
 */
export function startSession(): Promise<AuthUser | null> {
  started ??= (async () => {
    const token = takeInitialCustomToken();
    const user = await restoreSession();
    if (user || !token) return user;
    try {
      await (await loadActions()).signInWithCustomToken(token);
      return await currentUser();
    } catch (error) {
      console.warn('[auth] custom-token sign-in failed:', error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error');
      return null;
    }
  })();
  return started;
}

export async function getAccessToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** Thrown when Cognito wants a step this app does not offer (e.g. a forced password reset, MFA). */
export class AuthStepError extends Error {
  constructor(readonly step: string) {
    super(step);
    this.name = 'AuthStepError';
  }
}

const loadActions = () => import('./authActions');

/** Starts loading the sign-in/up code early (e.g. when the user focuses the form). */
export function preloadAuthActions(): void {
  void loadActions();
}

/**
 * 'signedIn', or 'newPasswordRequired' when Cognito wants the temporary password replaced (a user
 * created by an admin/CDK invite): answer with `confirmNewPassword`. Other steps throw AuthStepError.
 */
export type SignInOutcome = 'signedIn' | 'newPasswordRequired';

/** USER_PASSWORD_AUTH sign-in (the only flow cognito-local supports); replaces a stale session. */
export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  return (await loadActions()).signIn(email, password);
}

/** Sets the permanent password after `signIn` answered 'newPasswordRequired'; then signed in. */
export async function confirmNewPassword(newPassword: string): Promise<void> {
  return (await loadActions()).confirmNewPassword(newPassword);
}

/** Registers the account (the server auto-confirms it as pending) and leaves nobody signed in. */
export async function signUp(email: string, password: string): Promise<void> {
  return (await loadActions()).signUp(email, password);
}

/** Deletes the synced token, then signs out of Cognito. */
export async function signOut(): Promise<void> {
  return (await loadActions()).signOut();
}

export type AuthChange = 'signedIn' | 'signedOut';

/** Calls back on sign-in and sign-out (including a failed token refresh). Returns the unsubscribe. */
export function onAuthChange(listener: (change: AuthChange) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedIn') listener('signedIn');
    else if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') listener('signedOut');
  });
}

/** Spec 7 "Auth": POST the bearer token after sign-in, DELETE it on sign-out. Failures are logged. */
export async function syncToken(method: 'POST' | 'DELETE'): Promise<void> {
  if (!tokenSyncUrl) return;
  const token = await getAccessToken();
  if (!token) return;
  try {
    const response = await fetch(tokenSyncUrl, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
    if (!response.ok) console.warn(`[auth] token sync ${method} answered HTTP ${response.status}`);
  } catch (error) {
    console.warn(`[auth] token sync ${method} failed`, error);
  }
}
