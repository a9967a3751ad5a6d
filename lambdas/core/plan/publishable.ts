/**
 * Whether a post can go out to its networks (issue 13 item 2: "validate per network before
 * approval, not at publish time"), as the server checks it when a post is approved, created
 * approved or edited while approved:
 * - `postMediaOf(sub, ids)` → the post's gallery assets as validatePost reads them (kind from the
 *   asset's media type, content type, size in bytes); InvalidInputError (PUBLICATION_MSG
 *   .mediaMissing) for an id the caller has no asset with, (PUBLICATION_MSG.mediaNotPublishable)
 *   for an asset that is neither an image nor a video (a voice sample);
 * - `draftFor(post, network, media)` → what `network` would receive: the post's version for that
 *   network when it has one (its title, else the post's), else its content and title;
 * - `firstProblem(post, networks, media)` → the first network (in the order given) the post
 *   cannot go out to, with its first Spanish reason (shared/publishing validatePost), or null;
 * - `checkedNetworks(sub, networks)` → the networks of `networks` the approval checks: those
 *   connected now. A network that is not connected publishes nothing (its publication fails at
 *   its time with "Conecta …"), so its rules cannot refuse an approval; once connected, the
 *   calendar shows the post's problems for it and the publisher re-checks at publish time.
 */
import { PUBLICATION_MSG, validatePost, type MediaKind, type PostDraft, type PostMedia, type PostProblem, type PostVersion, type SocialNetwork } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
import { getAsset } from '../assets/assets';
import { connectedNetworksOf } from './networks';

/** The parts of a post the rules read. */
export interface PublishablePost {
  title: string;
  content: string;
  versions?: readonly PostVersion[];
}

/** The media kind of a MIME type, or null when no network publishes it. */
export function mediaKindOf(mediaType: string): MediaKind | null {
  const type = mediaType.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/** The gallery assets `ids` of `sub`, in order, as validatePost reads them (see the module header). */
export async function postMediaOf(sub: string, ids: readonly string[]): Promise<PostMedia[]> {
  const assets = await Promise.all(ids.map((id) => getAsset(sub, id)));
  return assets.map((asset) => {
    if (!asset) throw new InvalidInputError(PUBLICATION_MSG.mediaMissing);
    const kind = mediaKindOf(asset.mediaType);
    if (!kind) throw new InvalidInputError(PUBLICATION_MSG.mediaNotPublishable);
    return { kind, contentType: asset.mediaType, size: asset.size };
  });
}

/** What `network` receives of `post` (see the module header). */
export function draftFor(post: PublishablePost, network: SocialNetwork, media: readonly PostMedia[]): PostDraft {
  const version = post.versions?.find((candidate) => candidate.network === network);
  return { text: version?.text ?? post.content, title: version?.title ?? post.title, media };
}

/** The first network of `networks` that refuses `post`, with its first reason; null when every one takes it. */
export async function firstProblem(post: PublishablePost, networks: readonly SocialNetwork[], media: readonly PostMedia[]): Promise<{ network: SocialNetwork; problem: PostProblem } | null> {
  for (const network of new Set(networks)) {
    const [problem] = await validatePost(network, draftFor(post, network, media));
    if (problem) return { network, problem };
  }
  return null;
}

/** The networks of `networks` that approval checks (see the module header), in the order given. */
export async function checkedNetworks(sub: string, networks: readonly SocialNetwork[]): Promise<SocialNetwork[]> {
  const connected = new Set(await connectedNetworksOf(sub));
  return networks.filter((network) => connected.has(network));
}
