/**
 * The web's sign-out (web/src/lib/authActions.ts; issue 16 finding 6): the session's server
 * cookie token is dropped, then Amplify signs out globally, so Cognito revokes the refresh token
 * (and every access token it issued stops working for Cognito's own APIs) on every device.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const amplifySignOut = vi.fn(async (input?: { global?: boolean }) => {
  calls.push(`signOut ${JSON.stringify(input ?? {})}`);
});
const syncToken = vi.fn(async (method: string) => {
  calls.push(`syncToken ${method}`);
});
vi.mock('aws-amplify/auth', () => ({ signOut: amplifySignOut, signIn: vi.fn(), signUp: vi.fn(), confirmSignIn: vi.fn() }));
vi.mock('../../../../../web/src/lib/auth', () => ({ syncToken, currentUser: vi.fn(), AuthStepError: Error }));

const { signOut } = await import('../../../../../web/src/lib/authActions');

beforeEach(() => {
  calls.length = 0;
});

describe('signOut', () => {
  it('drops the cookie token, then signs out globally', async () => {
    await signOut();
    expect(calls).toEqual(['syncToken DELETE', 'signOut {"global":true}']);
  });
});
