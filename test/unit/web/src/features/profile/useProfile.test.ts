/**
 * The profile's entry state (spec 2/4): loading before the first answer, the error of a failed
 * first read, pending for no profile or a pending one, active only for an active one; a failed
 * re-read keeps what was read.
 */
import { describe, expect, it, vi } from 'vitest';
import { MSG, type Profile } from '@director-ia/shared';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { profileKey, profileView } = await import('../../../../../../web/src/features/profile/useProfile');
const { CallableClientError } = await import('../../../../../../web/src/lib/api');

const profile = (status: Profile['status']) => ({ uid: 'u1', email: 'a@b.es', status, isAdmin: false, createdAt: '2026-01-01T00:00:00Z' }) as Profile;

describe('profileView', () => {
  it('is loading before any answer and the error after a failed first read', () => {
    expect(profileView({ data: undefined, isError: false, error: null })).toEqual({ status: 'loading' });
    expect(profileView({ data: undefined, isError: true, error: new Error('sin red') })).toEqual({ status: 'error', message: 'sin red' });
  });

  it('is pending for no profile or a pending one, active for an active one', () => {
    expect(profileView({ data: null, isError: false, error: null })).toEqual({ status: 'pending', profile: null });
    expect(profileView({ data: profile('pending'), isError: false, error: null })).toMatchObject({ status: 'pending' });
    expect(profileView({ data: profile('active'), isError: false, error: null })).toMatchObject({ status: 'active', profile: { uid: 'u1' } });
  });

  it('keeps what was read when a later re-read fails', () => {
    expect(profileView({ data: profile('active'), isError: true, error: new Error('x') })).toMatchObject({ status: 'active' });
  });

  it('is refused, with the reason, for a suspended or rejected profile (issue 17)', () => {
    expect(profileView({ data: profile('suspended'), isError: false, error: null })).toEqual({ status: 'refused', reason: MSG.accountSuspended });
    expect(profileView({ data: profile('rejected'), isError: false, error: null })).toEqual({ status: 'refused', reason: MSG.accountRejected });
  });

  it('is refused with the server\'s reason when the server refuses the token, even after an active read', () => {
    const refused = new CallableClientError('UNAUTHENTICATED', MSG.accountSuspended, 401);
    expect(profileView({ data: undefined, isError: true, error: refused })).toEqual({ status: 'refused', reason: MSG.accountSuspended });
    expect(profileView({ data: profile('active'), isError: true, error: refused })).toEqual({ status: 'refused', reason: MSG.accountSuspended });
  });

  it('keys the profile per user', () => {
    expect(profileKey('u1')).not.toEqual(profileKey('u2'));
  });
});
