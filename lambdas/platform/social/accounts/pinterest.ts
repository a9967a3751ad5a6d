/**
 * Pinterest (issue 12): `GET /user_account` names the account; `GET /boards` lists its boards, the
 * targets, following `bookmark` at most MAX_LIST_PAGES answers.
 */
import * as z from 'zod/mini';
import type { AdapterOptions } from '../call';
import type { FoundTarget, ReadAccount, TokenSet } from '../types';
import { apiGet, MAX_LIST_PAGES, parseAnswer, pictureUrl, type OAuthApp } from './api';

const AccountSchema = z.object({ id: z.optional(z.string()), username: z.string(), profile_image: z.optional(z.nullable(z.string())) });
const BoardsSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), media: z.optional(z.nullable(z.object({ image_cover_url: z.optional(z.nullable(z.string())) }))) })),
  bookmark: z.optional(z.nullable(z.string())),
});

/** Boards asked per answer. */
const PAGE_SIZE = '100';

/** The Pinterest reader (see the module header); the account id is its `id` when given, else the username. */
export async function readPinterestAccount(app: OAuthApp, tokens: TokenSet, options: AdapterOptions): Promise<ReadAccount> {
  const token = tokens.accessToken;
  const user = parseAnswer(app.network, AccountSchema, await apiGet(app, '/user_account', {}, token, options), 'user account');
  const targets: FoundTarget[] = [];
  let bookmark: string | null | undefined;
  for (let read = 0; read < MAX_LIST_PAGES; read += 1) {
    const query: Record<string, string> = { page_size: PAGE_SIZE };
    if (bookmark) query.bookmark = bookmark;
    const page = parseAnswer(app.network, BoardsSchema, await apiGet(app, '/boards', query, token, options), 'boards');
    for (const board of page.items) targets.push({ id: board.id, name: board.name, kind: 'board', pictureUrl: pictureUrl(board.media?.image_cover_url) });
    bookmark = page.bookmark;
    if (!bookmark) break;
  }
  return { account: { id: user.id ?? user.username, name: user.username, pictureUrl: pictureUrl(user.profile_image) }, targets };
}
