/**
 * readAccount for X, LinkedIn, YouTube, TikTok and Pinterest (accounts/*.ts) against the documented
 * shapes: the exact API request (endpoint, query, Bearer), the documented answer read into the
 * account and targets, the documented error bodies as NetworkError kinds; Pinterest's boards
 * paging; LinkedIn's pinned version header on /rest paths; pictures kept only when http(s).
 */
import type { OAuthNetwork } from '@director-ia/shared';
import { describe, expect, it } from 'vitest';
import { readAccount } from '../../../../../../lambdas/platform/social/accounts';
import { apiGet, pictureUrl } from '../../../../../../lambdas/platform/social/accounts/api';
import { NetworkError, type ReadAccount } from '../../../../../../lambdas/platform/social/types';
import { appFor, json, now, recordingFetch } from '../fake-network';

const TOKENS = { accessToken: 'user-access-token', refreshToken: 'user-refresh-token', expiresAt: 1 };
const BEARER = 'Bearer user-access-token';

async function read(network: OAuthNetwork, answer: (endpoint: string) => Response) {
  const { fetch, sent } = recordingFetch((request) => answer(request.endpoint));
  return { result: await readAccount(appFor(network), TOKENS, { fetch, now }), sent };
}

describe('readAccount', () => {
  it.each<[OAuthNetwork, string, Record<string, string>, unknown, ReadAccount]>([
    [
      'x',
      'https://api.x.com/2/users/me',
      { 'user.fields': 'profile_image_url' },
      { data: { id: '2244994945', name: 'Cuenta de pruebas', username: 'cuenta_pruebas', profile_image_url: 'https://pbs.twimg.com/p.jpg' } },
      {
        account: { id: '2244994945', name: 'Cuenta de pruebas', pictureUrl: 'https://pbs.twimg.com/p.jpg' },
        targets: [{ id: '2244994945', name: 'Cuenta de pruebas', kind: 'profile', pictureUrl: 'https://pbs.twimg.com/p.jpg' }],
      },
    ],
    [
      'linkedin',
      'https://api.linkedin.com/v2/userinfo',
      {},
      { sub: 'abc123', name: 'Cuenta de pruebas', picture: 'https://media.licdn.com/p.jpg' },
      {
        account: { id: 'abc123', name: 'Cuenta de pruebas', pictureUrl: 'https://media.licdn.com/p.jpg' },
        targets: [{ id: 'urn:li:person:abc123', name: 'Cuenta de pruebas', kind: 'profile', pictureUrl: 'https://media.licdn.com/p.jpg' }],
      },
    ],
    [
      'youtube',
      'https://www.googleapis.com/youtube/v3/channels',
      { part: 'snippet', mine: 'true' },
      { items: [{ id: 'UC123', snippet: { title: 'Canal de pruebas', thumbnails: { default: { url: 'https://yt3.ggpht.com/c.jpg' } } } }, { id: 'UC456', snippet: { title: 'Otro canal' } }] },
      {
        account: { id: 'UC123', name: 'Canal de pruebas', pictureUrl: 'https://yt3.ggpht.com/c.jpg' },
        targets: [
          { id: 'UC123', name: 'Canal de pruebas', kind: 'channel', pictureUrl: 'https://yt3.ggpht.com/c.jpg' },
          { id: 'UC456', name: 'Otro canal', kind: 'channel', pictureUrl: null },
        ],
      },
    ],
    [
      'tiktok',
      'https://open.tiktokapis.com/v2/user/info/',
      { fields: 'open_id,avatar_url,display_name' },
      { data: { user: { open_id: 'tt-open', avatar_url: 'https://p16.tiktokcdn.com/a.jpg', display_name: 'Cuenta de pruebas' } }, error: { code: 'ok', message: '', log_id: 'L1' } },
      {
        account: { id: 'tt-open', name: 'Cuenta de pruebas', pictureUrl: 'https://p16.tiktokcdn.com/a.jpg' },
        targets: [{ id: 'tt-open', name: 'Cuenta de pruebas', kind: 'profile', pictureUrl: 'https://p16.tiktokcdn.com/a.jpg' }],
      },
    ],
  ])('%s: asks %s as documented and reads the account and targets', async (network, endpoint, query, answer, expected) => {
    const { result, sent } = await read(network, () => json(answer));
    expect(result).toEqual(expected);
    expect(sent.map((request) => [request.method, request.endpoint, request.query, request.headers.authorization])).toEqual([['GET', endpoint, query, BEARER]]);
  });

  it('Pinterest: the user account, then the boards, following the bookmark', async () => {
    const { fetch, sent } = recordingFetch((request) => {
      if (request.endpoint.endsWith('/user_account')) return json({ username: 'cuenta_pruebas', profile_image: 'https://i.pinimg.com/u.jpg', account_type: 'BUSINESS' });
      if (!request.query.bookmark) return json({ items: [{ id: 'b1', name: 'Tablero de pruebas', media: { image_cover_url: 'https://i.pinimg.com/b1.jpg' } }], bookmark: 'next-1' });
      return json({ items: [{ id: 'b2', name: 'Ideas de pruebas' }], bookmark: null });
    });
    const result = await readAccount(appFor('pinterest'), TOKENS, { fetch, now });
    expect(result).toEqual({
      account: { id: 'cuenta_pruebas', name: 'cuenta_pruebas', pictureUrl: 'https://i.pinimg.com/u.jpg' },
      targets: [
        { id: 'b1', name: 'Tablero de pruebas', kind: 'board', pictureUrl: 'https://i.pinimg.com/b1.jpg' },
        { id: 'b2', name: 'Ideas de pruebas', kind: 'board', pictureUrl: null },
      ],
    });
    expect(sent.map((request) => [request.endpoint, request.query, request.headers.authorization])).toEqual([
      ['https://api.pinterest.com/v5/user_account', {}, BEARER],
      ['https://api.pinterest.com/v5/boards', { page_size: '100' }, BEARER],
      ['https://api.pinterest.com/v5/boards', { page_size: '100', bookmark: 'next-1' }, BEARER],
    ]);
  });

  it('Pinterest: at most 10 pages of boards', async () => {
    const { fetch, sent } = recordingFetch((request) =>
      request.endpoint.endsWith('/user_account') ? json({ username: 'u' }) : json({ items: [{ id: `b${sent.length}`, name: 'B' }], bookmark: 'more' }),
    );
    expect((await readAccount(appFor('pinterest'), TOKENS, { fetch, now })).targets).toHaveLength(10);
  });

  it('YouTube: an account without a channel cannot publish (denied)', async () => {
    const error = await read('youtube', () => json({ kind: 'youtube#channelListResponse', items: [] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ network: 'youtube', kind: 'denied' });
  });

  it.each<[OAuthNetwork, number, unknown, NetworkError['kind']]>([
    ['x', 401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }, 'invalid_grant'],
    ['x', 403, { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' }, 'denied'],
    ['linkedin', 401, { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 }, 'invalid_grant'],
    ['youtube', 403, { error: { code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' } }, 'denied'],
    ['youtube', 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } }, 'invalid_grant'],
    ['tiktok', 401, { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'L' } }, 'invalid_grant'],
    ['tiktok', 200, { data: {}, error: { code: 'scope_not_authorized', message: 'The user did not authorize the scope.', log_id: 'L' } }, 'denied'],
    ['pinterest', 401, { code: 2, message: 'Authentication failed.' }, 'invalid_grant'],
    ['pinterest', 500, { code: 8, message: 'Internal error' }, 'unavailable'],
    ['x', 200, { data: { id: 1 } }, 'unavailable'],
  ])('%s: HTTP %i with the documented error body %j → %s', async (network, status, body, kind) => {
    const error = await read(network, () => json(body, status)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ network, kind });
    expect((error as NetworkError).message).not.toContain('user-access-token');
  });
});

describe('the API helpers', () => {
  it("send LinkedIn's pinned version on /rest paths only", async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const app = { ...appFor('linkedin'), network: 'linkedin' as const };
    await apiGet(app, '/rest/posts', {}, 't', { fetch });
    await apiGet(app, '/v2/userinfo', {}, 't', { fetch });
    expect(sent.map((request) => request.headers['linkedin-version'])).toEqual(['202610', undefined]);
  });

  it('keep a picture only when it is an http(s) URL', () => {
    expect(pictureUrl('https://cdn.example/p.jpg')).toBe('https://cdn.example/p.jpg');
    expect(pictureUrl('http://127.0.0.1:9000/p.png')).toBe('http://127.0.0.1:9000/p.png');
    expect(pictureUrl('javascript:alert(1)')).toBeNull();
    expect(pictureUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(pictureUrl('not a url')).toBeNull();
    expect(pictureUrl(undefined)).toBeNull();
  });

  it('refuse a configured API base that is not http(s), before sending', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const app = { ...appFor('x'), urls: { ...appFor('x').urls, api: 'ftp://api.example' } };
    await expect(readAccount(app, TOKENS, { fetch })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(sent).toHaveLength(0);
  });
});
