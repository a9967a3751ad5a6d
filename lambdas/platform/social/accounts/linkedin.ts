/**
 * LinkedIn (issue 12): OpenID Connect's `GET /v2/userinfo` names the member; the member's own
 * profile (`urn:li:person:<sub>`, the author URN of LinkedIn's posts API) is the one target.
 */
import * as z from 'zod/mini';
import type { AdapterOptions } from '../call';
import type { ReadAccount, TokenSet } from '../types';
import { apiGet, parseAnswer, pictureUrl, profileAccount, type OAuthApp } from './api';

const UserInfoSchema = z.object({
  sub: z.string(),
  name: z.optional(z.string()),
  given_name: z.optional(z.string()),
  family_name: z.optional(z.string()),
  picture: z.optional(z.nullable(z.string())),
});

/** The LinkedIn reader: `{sub, name, picture?}` → account `sub`, profile target `urn:li:person:<sub>`. */
export async function readLinkedInAccount(app: OAuthApp, tokens: TokenSet, options: AdapterOptions): Promise<ReadAccount> {
  const info = parseAnswer(app.network, UserInfoSchema, await apiGet(app, '/v2/userinfo', {}, tokens.accessToken, options), 'userinfo');
  const name = info.name ?? [info.given_name, info.family_name].filter(Boolean).join(' ');
  return profileAccount({ id: info.sub, name, pictureUrl: pictureUrl(info.picture) }, `urn:li:person:${info.sub}`);
}
