/**
 * The Meta reader (accounts/meta.ts) against Graph's documented shapes: the long-lived exchange,
 * `/me` and `/me/accounts` requests (Bearer, fields, limit), Facebook targets = pages with their
 * tokens, Instagram targets = the pages' instagram_business_account, paging only on the API origin
 * and capped, no expiry on the kept token, and Graph's errors as NetworkError kinds.
 */
import { describe, expect, it } from 'vitest';
import { readAccount } from '../../../../../../lambdas/platform/social/accounts';
import { NetworkError } from '../../../../../../lambdas/platform/social/types';
import { appFor, CLIENT_ID, CLIENT_SECRET, json, now, recordingFetch, type Route, type Sent } from '../fake-network';

const GRAPH = 'https://graph.facebook.com/v25.0';
const PAGE_FIELDS = 'id,name,access_token,picture{url},instagram_business_account{id,username,profile_picture_url}';

const PAGE_ONE = {
  id: '1001',
  name: 'Página de pruebas',
  access_token: 'page-token-1',
  picture: { data: { url: 'https://scontent.example/p1.jpg' } },
  instagram_business_account: { id: '17841400000000001', username: 'marca_de_pruebas', profile_picture_url: 'https://scontent.example/ig.jpg' },
};
const PAGE_TWO = { id: '1002', name: 'Segunda página de pruebas', access_token: 'page-token-2', picture: { data: { url: 'javascript:alert(1)' } } };

/** Graph answering the exchange, /me and /me/accounts (`accounts` by call number). */
function graph(accounts: (call: number, sent: Sent) => Response): Route {
  let calls = 0;
  return (sent) => {
    if (sent.endpoint === `${GRAPH}/oauth/access_token`) return json({ access_token: 'long-lived-user-token', token_type: 'bearer', expires_in: 5184000 });
    if (sent.endpoint === `${GRAPH}/me`) return json({ id: '42', name: 'Usuario de pruebas', picture: { data: { url: 'https://scontent.example/me.jpg' } } });
    if (sent.endpoint === `${GRAPH}/me/accounts`) return accounts(calls++, sent);
    return json({ error: { message: 'Unknown path', type: 'OAuthException', code: 803 } }, 404);
  };
}

const onePage = () => json({ data: [PAGE_ONE, PAGE_TWO], paging: { cursors: { before: 'b', after: 'a' } } });

describe('readAccount for Facebook and Instagram', () => {
  it('trades the short-lived token for a long-lived one, then reads /me and /me/accounts with it', async () => {
    const { fetch, sent } = recordingFetch(graph(onePage));
    await readAccount(appFor('facebook'), { accessToken: 'short-lived-token', expiresAt: 1 }, { fetch, now });
    expect(sent.map((request) => [request.method, request.endpoint, request.query, request.headers.authorization])).toEqual([
      [
        'GET',
        `${GRAPH}/oauth/access_token`,
        { grant_type: 'fb_exchange_token', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, fb_exchange_token: 'short-lived-token' },
        undefined,
      ],
      ['GET', `${GRAPH}/me`, { fields: 'id,name,picture{url}' }, 'Bearer long-lived-user-token'],
      ['GET', `${GRAPH}/me/accounts`, { fields: PAGE_FIELDS, limit: '100' }, 'Bearer long-lived-user-token'],
    ]);
  });

  it('Facebook: the account is the user, the targets are the pages with their own tokens; the kept token does not expire', async () => {
    const { fetch } = recordingFetch(graph(onePage));
    const read = await readAccount(appFor('facebook'), { accessToken: 'short-lived-token' }, { fetch, now });
    expect(read).toEqual({
      account: { id: '42', name: 'Usuario de pruebas', pictureUrl: 'https://scontent.example/me.jpg' },
      targets: [
        { id: '1001', name: 'Página de pruebas', kind: 'page', pictureUrl: 'https://scontent.example/p1.jpg', accessToken: 'page-token-1' },
        { id: '1002', name: 'Segunda página de pruebas', kind: 'page', pictureUrl: null, accessToken: 'page-token-2' },
      ],
      tokens: { accessToken: 'long-lived-user-token' },
    });
  });

  it("Instagram: the targets are the pages' Instagram professional accounts, with the page's token", async () => {
    const { fetch } = recordingFetch(graph(onePage));
    const read = await readAccount(appFor('instagram'), { accessToken: 'short-lived-token' }, { fetch, now });
    expect(read.targets).toEqual([
      { id: '17841400000000001', name: 'marca_de_pruebas', kind: 'instagram', pictureUrl: 'https://scontent.example/ig.jpg', accessToken: 'page-token-1' },
    ]);
    expect(read.account.name).toBe('Usuario de pruebas');
  });

  it('skips a page that comes without its own token (it cannot be published to)', async () => {
    const { fetch } = recordingFetch(graph(() => json({ data: [PAGE_ONE, { id: '1003', name: 'Sin permiso' }] })));
    const read = await readAccount(appFor('facebook'), { accessToken: 'short-lived-token' }, { fetch, now });
    expect(read.targets.map((target) => target.id)).toEqual(['1001']);
  });

  it('follows paging.next on the API origin without the token in the URL, and stops at another origin', async () => {
    const next = `${GRAPH}/me/accounts?fields=x&limit=100&after=a&access_token=long-lived-user-token`;
    const { fetch, sent } = recordingFetch(
      graph((call) => {
        if (call === 0) return json({ data: [PAGE_ONE], paging: { next } });
        return json({ data: [PAGE_TWO], paging: { next: 'https://evil.example/me/accounts?after=b' } });
      }),
    );
    const read = await readAccount(appFor('facebook'), { accessToken: 'short-lived-token' }, { fetch, now });
    expect(read.targets.map((target) => target.id)).toEqual(['1001', '1002']);
    const pages = sent.filter((request) => request.url.pathname.endsWith('/me/accounts'));
    expect(pages).toHaveLength(2);
    expect(pages[1]?.query).toEqual({ fields: 'x', limit: '100', after: 'a' });
    expect(pages[1]?.headers.authorization).toBe('Bearer long-lived-user-token');
    expect(sent.some((request) => request.url.hostname === 'evil.example')).toBe(false);
  });

  it('reads at most 10 pages of pages', async () => {
    const { fetch, sent } = recordingFetch(graph((call) => json({ data: [{ ...PAGE_TWO, id: `p${call}` }], paging: { next: `${GRAPH}/me/accounts?after=${call}` } })));
    const read = await readAccount(appFor('facebook'), { accessToken: 'short-lived-token' }, { fetch, now });
    expect(read.targets).toHaveLength(10);
    expect(sent.filter((request) => request.url.pathname.endsWith('/me/accounts'))).toHaveLength(10);
  });

  it.each<[string, Response, NetworkError['kind']]>([
    ['a permission error (code 200)', json({ error: { message: '(#200) Requires pages_show_list permission', type: 'OAuthException', code: 200, fbtrace_id: 'F' } }, 400), 'denied'],
    ['HTTP 403', json({ error: { message: 'Forbidden', type: 'OAuthException', code: 3 } }, 403), 'denied'],
    ['an invalid token (code 190)', json({ error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } }, 400), 'invalid_grant'],
    ['an answer without data', json({ paging: {} }), 'unavailable'],
  ])('pages that cannot be read: %s → %s', async (_case, answer, kind) => {
    const { fetch } = recordingFetch(graph(() => answer));
    const error = await readAccount(appFor('facebook'), { accessToken: 'short-lived-token' }, { fetch, now }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe(kind);
  });

  it('a refused long-lived exchange is invalid_grant, and nothing more is asked', async () => {
    const { fetch, sent } = recordingFetch(() => json({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }, 400));
    const error = await readAccount(appFor('facebook'), { accessToken: 'short-lived-token' }, { fetch, now }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid_grant' });
    expect(sent).toHaveLength(1);
  });
});
