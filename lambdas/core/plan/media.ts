/**
 * The gallery media a monthly plan proposes (issue 13 item 1: "It can have media: gallery assets,
 * such as an image from Taller or a video"): a post for a network that publishes nothing without
 * an image or a video (Instagram, TikTok, Pinterest, YouTube; shared/publishing `needsMedia`) gets
 * one medium of the kind that network prefers (`preferredMediaKind`) from the owner's gallery,
 * newest first and round robin, so a plan can be approved as proposed when the gallery has them.
 * With none of that kind, the post gets no media: the plan panel shows why it cannot go out and
 * the owner attaches one (editarPropuesta). Posts for other networks get nothing (text posts).
 * One Query of the caller's image and video records (no URL is signed).
 */
import { needsMedia, preferredMediaKind, type MediaKind, type SocialNetwork } from '@director-ia/shared';
import { assets } from '../../platform/db/entities/asset';
import { mediaKindOf } from './publishable';

/** For each of `posts` (in order), the asset ids to attach: one for a network that needs media and has a match in the gallery, else none. */
export async function proposedMedia(sub: string, posts: readonly { platform: SocialNetwork }[]): Promise<string[][]> {
  const kinds = posts.map((post) => (needsMedia(post.platform) ? preferredMediaKind(post.platform) : null));
  if (kinds.every((kind) => kind === null)) return posts.map(() => []);
  const { data } = await assets().query.byUser({ uid: sub }).go({ pages: 'all', order: 'desc', attributes: ['id', 'type', 'mediaType'] });
  // Avatars and voice samples are identity material, not posts: only Taller's images and videos.
  const gallery: Record<MediaKind, string[]> = { image: [], video: [] };
  for (const item of data) {
    const kind = mediaKindOf(item.mediaType);
    if (kind && (item.type === 'image' || item.type === 'video')) gallery[kind].push(item.id);
  }
  const next: Record<MediaKind, number> = { image: 0, video: 0 };
  return kinds.map((kind) => {
    if (!kind || gallery[kind].length === 0) return [];
    const id = gallery[kind][next[kind] % gallery[kind].length] as string;
    next[kind] += 1;
    return [id];
  });
}
