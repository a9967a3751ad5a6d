/** TikTok (issue 12): `GET /user/info/` names the creator; the creator's own profile is the one target. */
import * as z from 'zod/mini';
import type { AdapterOptions } from '../call';
import type { ReadAccount, TokenSet } from '../types';
import { apiGet, parseAnswer, pictureUrl, profileAccount, type OAuthApp } from './api';

const UserInfoSchema = z.object({
  data: z.object({ user: z.object({ open_id: z.string(), display_name: z.string(), avatar_url: z.optional(z.nullable(z.string())) }) }),
});

/** The TikTok reader: `{data: {user: {open_id, avatar_url, display_name}}}` → account and profile target (id = open_id). */
export async function readTikTokAccount(app: OAuthApp, tokens: TokenSet, options: AdapterOptions): Promise<ReadAccount> {
  const body = await apiGet(app, '/user/info/', { fields: 'open_id,avatar_url,display_name' }, tokens.accessToken, options);
  const { user } = parseAnswer(app.network, UserInfoSchema, body, 'user info').data;
  return profileAccount({ id: user.open_id, name: user.display_name, pictureUrl: pictureUrl(user.avatar_url) });
}
