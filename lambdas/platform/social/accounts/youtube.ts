/**
 * YouTube (issue 12): `GET /channels?part=snippet&mine=true` lists the Google account's channels;
 * each is a target and the first one names the account. A Google account without a channel cannot
 * publish: NetworkError `denied`.
 */
import * as z from 'zod/mini';
import type { AdapterOptions } from '../call';
import { NetworkError, type FoundTarget, type ReadAccount, type TokenSet } from '../types';
import { apiGet, parseAnswer, pictureUrl, type OAuthApp } from './api';

const ChannelsSchema = z.object({
  items: z.optional(
    z.array(
      z.object({
        id: z.string(),
        snippet: z.object({ title: z.string(), thumbnails: z.optional(z.object({ default: z.optional(z.object({ url: z.optional(z.string()) })) })) }),
      }),
    ),
  ),
});

/** The YouTube reader (see the module header). */
export async function readYouTubeAccount(app: OAuthApp, tokens: TokenSet, options: AdapterOptions): Promise<ReadAccount> {
  const body = await apiGet(app, '/channels', { part: 'snippet', mine: 'true' }, tokens.accessToken, options);
  const channels = parseAnswer(app.network, ChannelsSchema, body, 'channels').items ?? [];
  const targets: FoundTarget[] = channels.map((channel) => ({
    id: channel.id,
    name: channel.snippet.title,
    kind: 'channel',
    pictureUrl: pictureUrl(channel.snippet.thumbnails?.default?.url),
  }));
  const [first] = targets;
  if (!first) throw new NetworkError(app.network, 'denied', 'the account has no YouTube channel');
  return { account: { id: first.id, name: first.name, pictureUrl: first.pictureUrl }, targets };
}
