/** `readAccount`: who connected and where they may publish, one reader per OAuth network (issue 12). */
import type { OAuthNetwork } from '@director-ia/shared';
import type { AdapterOptions } from '../call';
import { oauthConfigOf } from '../oauth';
import type { NetworkApp, ReadAccount, TokenSet } from '../types';
import type { AccountReader } from './api';
import { readLinkedInAccount } from './linkedin';
import { readMetaAccount } from './meta';
import { readPinterestAccount } from './pinterest';
import { readTikTokAccount } from './tiktok';
import { readXAccount } from './x';
import { readYouTubeAccount } from './youtube';

const READERS: Readonly<Record<OAuthNetwork, AccountReader>> = {
  facebook: readMetaAccount,
  instagram: readMetaAccount,
  x: readXAccount,
  linkedin: readLinkedInAccount,
  youtube: readYouTubeAccount,
  tiktok: readTikTokAccount,
  pinterest: readPinterestAccount,
};

/**
 * The account and targets behind `tokens` (just exchanged). Meta also answers the long-lived
 * token that replaces the exchanged one (`tokens` of the result). NetworkError `denied` when the
 * pages (channels, boards) cannot be read, `invalid_grant` when the token is refused,
 * `unavailable` when the network cannot be reached or answers something else.
 */
export async function readAccount(app: NetworkApp, tokens: TokenSet, options: AdapterOptions = {}): Promise<ReadAccount> {
  const { network } = oauthConfigOf(app);
  return READERS[network]({ ...app, network }, tokens, options);
}
