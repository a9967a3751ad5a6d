/**
 * Facebook and Instagram (Meta, Facebook Login; issue 12 item 2): the short-lived user token of
 * the code exchange is traded for a long-lived one (`fb_exchange_token`), then `/me` names the
 * account and `/me/accounts` lists the pages with their own tokens and linked Instagram
 * professional accounts. Facebook targets are the pages; Instagram targets are the pages'
 * `instagram_business_account`s, published to with the page's token.
 * Page tokens obtained with a long-lived user token do not expire, and they are what publishing
 * uses: the returned TokenSet therefore carries no `expiresAt` (the connection does not expire and
 * no refresh is scheduled).
 */
import type { SocialAccount } from '@director-ia/shared';
import * as z from 'zod/mini';
import { logger } from '../../logger';
import { configuredUrl, type AdapterOptions } from '../call';
import { refreshTokens } from '../oauth';
import type { FoundTarget, ReadAccount, TokenSet } from '../types';
import { apiGet, getUrl, MAX_LIST_PAGES, parseAnswer, pictureUrl, type OAuthApp } from './api';

/** The fields of a page read from `/me/accounts`. */
const PAGE_FIELDS = 'id,name,access_token,picture{url},instagram_business_account{id,username,profile_picture_url}';
/** Pages per answer asked of `/me/accounts`. */
const PAGE_LIMIT = '100';

const PictureSchema = z.optional(z.nullable(z.object({ data: z.optional(z.nullable(z.object({ url: z.optional(z.nullable(z.string())) }))) })));
const MeSchema = z.object({ id: z.string(), name: z.string(), picture: PictureSchema });
const PageSchema = z.object({
  id: z.string(),
  name: z.string(),
  access_token: z.optional(z.string()),
  picture: PictureSchema,
  instagram_business_account: z.optional(
    z.nullable(z.object({ id: z.string(), username: z.optional(z.nullable(z.string())), profile_picture_url: z.optional(z.nullable(z.string())) })),
  ),
});
const PagesSchema = z.object({
  data: z.array(z.unknown()),
  paging: z.optional(z.nullable(z.object({ next: z.optional(z.nullable(z.string())) }))),
});
type Page = z.infer<typeof PageSchema>;

/** The pages of `/me/accounts`, following `paging.next` on the API's own origin, at most MAX_LIST_PAGES answers. */
async function readPages(app: OAuthApp, token: string, options: AdapterOptions): Promise<Page[]> {
  const first = configuredUrl(app.network, app.urls.api, '/me/accounts', { fields: PAGE_FIELDS, limit: PAGE_LIMIT });
  const pages: Page[] = [];
  let skipped = 0;
  let url: URL | undefined = first;
  for (let read = 0; url && read < MAX_LIST_PAGES; read += 1) {
    const answer = parseAnswer(app.network, PagesSchema, await getUrl(app.network, url, token, options), 'pages');
    for (const item of answer.data) {
      const page = z.safeParse(PageSchema, item);
      // A page without its own token cannot be published to.
      if (page.success && page.data.access_token) pages.push(page.data);
      else skipped += 1;
    }
    url = nextPage(answer.paging?.next, first.origin);
  }
  if (skipped > 0) logger.warn('social pages skipped', { network: app.network, skipped });
  return pages;
}

/** The next page's URL when it stays on `origin` (Graph puts the token in it: removed, the Bearer header carries it). */
function nextPage(next: string | null | undefined, origin: string): URL | undefined {
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  url.searchParams.delete('access_token');
  return url;
}

/** The targets of `network` among `pages`. */
function targetsOf(network: 'facebook' | 'instagram', pages: Page[]): FoundTarget[] {
  if (network === 'facebook') {
    return pages.map((page) => ({ id: page.id, name: page.name, kind: 'page', pictureUrl: pictureUrl(page.picture?.data?.url), accessToken: page.access_token }));
  }
  return pages.flatMap((page) => {
    const instagram = page.instagram_business_account;
    if (!instagram) return [];
    return [{ id: instagram.id, name: instagram.username ?? page.name, kind: 'instagram', pictureUrl: pictureUrl(instagram.profile_picture_url), accessToken: page.access_token }];
  });
}

/**
 * The Meta reader (see the module header). NetworkError `invalid_grant` when the long-lived
 * exchange refuses the token; `denied` (or the kind Graph's error says) when the pages cannot be read.
 */
export async function readMetaAccount(app: OAuthApp, tokens: TokenSet, options: AdapterOptions): Promise<ReadAccount> {
  if (app.network !== 'facebook' && app.network !== 'instagram') throw new Error(`${app.network} is not a Meta network`);
  const longLived = await refreshTokens(app, tokens.accessToken, options);
  const token = longLived.accessToken;
  const me = parseAnswer(app.network, MeSchema, await apiGet(app, '/me', { fields: 'id,name,picture{url}' }, token, options), 'profile');
  const account: SocialAccount = { id: me.id, name: me.name, pictureUrl: pictureUrl(me.picture?.data?.url) };
  const pages = await readPages(app, token, options);
  const kept: TokenSet = { accessToken: token };
  if (longLived.scope ?? tokens.scope) kept.scope = longLived.scope ?? tokens.scope;
  return { account, targets: targetsOf(app.network, pages), tokens: kept };
}
