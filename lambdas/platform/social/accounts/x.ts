/** X (issue 12): `GET /users/me` names the account; the account's own profile is the one target. */
import * as z from 'zod/mini';
import type { AdapterOptions } from '../call';
import type { ReadAccount, TokenSet } from '../types';
import { apiGet, parseAnswer, pictureUrl, profileAccount, type OAuthApp } from './api';

const MeSchema = z.object({
  data: z.object({ id: z.string(), name: z.string(), username: z.optional(z.string()), profile_image_url: z.optional(z.nullable(z.string())) }),
});

/** The X reader: `{data: {id, name, username, profile_image_url}}` → account and profile target. */
export async function readXAccount(app: OAuthApp, tokens: TokenSet, options: AdapterOptions): Promise<ReadAccount> {
  const body = await apiGet(app, '/users/me', { 'user.fields': 'profile_image_url' }, tokens.accessToken, options);
  const { data } = parseAnswer(app.network, MeSchema, body, 'profile');
  return profileAccount({ id: data.id, name: data.name, pictureUrl: pictureUrl(data.profile_image_url) });
}
