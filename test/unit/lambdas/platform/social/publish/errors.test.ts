/**
 * The publishing error rule (lambdas/platform/social/publish/errors.ts): each network's documented
 * error bodies read as the NetworkError kind the engine acts on (reconnect, change the post, or
 * try again later), RateLimited for throttling, and the token kept out of the detail.
 */
import type { SocialNetwork } from '@director-ia/shared';
import { describe, expect, it } from 'vitest';
import { publishFailure, publishFailureKind } from '../../../../../../lambdas/platform/social/publish/errors';
import { RateLimited } from '../../../../../../lambdas/platform/social/types';
import { NOW } from './fake';

const meta = (code: number, extra: Record<string, unknown> = {}) => ({ error: { message: 'm', type: 'OAuthException', code, fbtrace_id: 'F', ...extra } });
const tiktok = (code: string) => ({ data: {}, error: { code, message: 'm', log_id: 'L' } });

describe('publishFailureKind', () => {
  it.each<[string, SocialNetwork, number, unknown, string | undefined]>([
    ['Meta invalid parameter', 'facebook', 400, meta(100), 'rejected'],
    ['Meta object missing or not accessible', 'facebook', 400, meta(100, { error_subcode: 33 }), 'denied'],
    ['Meta token invalid', 'instagram', 400, meta(190, { error_subcode: 463 }), 'invalid_grant'],
    ['Meta permission', 'facebook', 403, meta(10), 'denied'],
    ['Meta policy block', 'facebook', 400, meta(368), 'rejected'],
    ['Meta duplicate', 'facebook', 400, meta(506), 'rejected'],
    ['Meta transient', 'instagram', 400, meta(9007, { is_transient: true }), 'unavailable'],
    ['Meta unknown error', 'facebook', 500, meta(1), 'unavailable'],
    ['Instagram media error', 'instagram', 400, meta(36003, { error_subcode: 2207009 }), 'rejected'],
    ['TikTok token', 'tiktok', 401, tiktok('access_token_invalid'), 'invalid_grant'],
    ['TikTok scope', 'tiktok', 401, tiktok('scope_not_authorized'), 'denied'],
    ['TikTok invalid params', 'tiktok', 400, tiktok('invalid_params'), 'rejected'],
    ['TikTok unaudited client', 'tiktok', 403, tiktok('unaudited_client_can_only_post_to_private_accounts'), 'rejected'],
    ['TikTok internal error', 'tiktok', 500, tiktok('internal_error'), 'unavailable'],
    ['TikTok ok', 'tiktok', 200, tiktok('ok'), undefined],
    ['TikTok error in a 200', 'tiktok', 200, tiktok('privacy_level_option_mismatch'), 'rejected'],
    ['Telegram chat not found', 'telegram', 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' }, 'denied'],
    ['Telegram not enough rights', 'telegram', 400, { ok: false, error_code: 400, description: 'Bad Request: not enough rights to send photos to the chat' }, 'denied'],
    ['Telegram caption too long', 'telegram', 400, { ok: false, error_code: 400, description: 'Bad Request: message caption is too long' }, 'rejected'],
    ['Telegram unknown bot', 'telegram', 404, { ok: false, error_code: 404, description: 'Not Found' }, 'invalid_grant'],
    ['YouTube forbidden', 'youtube', 403, { error: { code: 403, message: 'Forbidden', errors: [{ reason: 'forbidden' }] } }, 'denied'],
    ['YouTube invalid title', 'youtube', 400, { error: { code: 400, message: 'Bad title', errors: [{ reason: 'invalidTitle' }] } }, 'rejected'],
    ['X duplicate', 'x', 403, { detail: 'You are not allowed to create a Tweet with duplicate content.', status: 403 }, 'rejected'],
    ['X forbidden', 'x', 403, { detail: 'You are not permitted to perform this action.', status: 403 }, 'denied'],
    ['an OAuth error string', 'pinterest', 400, { error: 'invalid_grant' }, 'invalid_grant'],
    ['HTTP 401', 'linkedin', 401, {}, 'invalid_grant'],
    ['HTTP 404', 'pinterest', 404, { code: 40, message: 'Board not found.' }, 'denied'],
    ['HTTP 408', 'pinterest', 408, undefined, 'unavailable'],
    ['HTTP 413', 'linkedin', 413, undefined, 'rejected'],
    ['HTTP 422', 'linkedin', 422, { message: 'invalid' }, 'rejected'],
    ['HTTP 502', 'x', 502, undefined, 'unavailable'],
    ['a 2xx without error', 'pinterest', 201, { id: '1' }, undefined],
  ])('%s: %s HTTP %i → %s', (_case, network, status, body, kind) => {
    expect(publishFailureKind(network, status, body)).toBe(kind);
  });
});

describe('publishFailure', () => {
  it('is RateLimited for throttling, NetworkError otherwise, with the token removed from the detail', () => {
    const token = 'EAAB-page-token-value-1234567890';
    const refused = publishFailure('facebook', { status: 400, body: meta(100, { message: `Invalid parameter for ${token}` }), headers: new Headers() }, NOW, [token]);
    expect(refused).toMatchObject({ name: 'NetworkError', kind: 'rejected', status: 400 });
    expect(refused?.detail).not.toContain(token);
    const throttled = publishFailure('facebook', { status: 400, body: meta(17), headers: new Headers() }, NOW, [token]);
    expect(throttled).toBeInstanceOf(RateLimited);
    expect(throttled).toMatchObject({ kind: 'rate_limited', scope: 'account' });
    expect(publishFailure('facebook', { status: 200, body: { id: '1' }, headers: new Headers() }, NOW, [token])).toBeUndefined();
  });
});
