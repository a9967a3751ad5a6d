/**
 * A post's media as gallery assets (issue 13 item 1): which assets can go in a post (images,
 * avatars and videos; not voices), which of a post's ids are gone from the gallery, and what
 * validatePost needs of each (kind, type, size). Width,
 * height and duration are not in the gallery record, so those rules are left to the server.
 */
import type { Asset, PostMedia } from '@director-ia/shared';

/** The media kind of an asset that can go in a post, or null (a voice, an unknown type). */
export function mediaKindOf(asset: Pick<Asset, 'type' | 'mediaType'>): PostMedia['kind'] | null {
  if (asset.type === 'voice') return null;
  if (asset.mediaType.startsWith('video/')) return 'video';
  if (asset.mediaType.startsWith('image/')) return 'image';
  return null;
}

/** Whether `asset` can be picked for a post. */
export const isPostable = (asset: Asset): boolean => mediaKindOf(asset) !== null;

/** The media of a post (asset ids, in order) as validatePost reads them; undefined when an id is not in `assets`. */
export function postMediaOf(ids: readonly string[], assets: readonly Asset[]): PostMedia[] | undefined {
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  const media: PostMedia[] = [];
  for (const id of ids) {
    const asset = byId.get(id);
    const kind = asset && mediaKindOf(asset);
    if (!asset || !kind) return undefined;
    media.push({ kind, contentType: asset.mediaType, size: asset.size });
  }
  return media;
}

/** The post's media ids that are no longer postable gallery assets; none while the gallery is being read (undefined). */
export function missingMedia(ids: readonly string[], assets: readonly Asset[] | undefined): string[] {
  if (!assets) return [];
  return ids.filter((id) => !assets.some((asset) => asset.id === id && isPostable(asset)));
}

/**
 * The media validatePost reads for a post: its ids still in the gallery (see `missingMedia` for
 * the others), in order; [] for a post without media; undefined while the gallery is being read.
 */
export function foundMedia(ids: readonly string[], assets: readonly Asset[] | undefined): PostMedia[] | undefined {
  if (ids.length === 0) return [];
  if (!assets) return undefined;
  const missing = missingMedia(ids, assets);
  return postMediaOf(ids.filter((id) => !missing.includes(id)), assets);
}

/** One picture or video in a preview. */
export interface PreviewMedia {
  id: string;
  kind: PostMedia['kind'];
  url: string;
}

/** The preview media of a post: the assets found, in order (a missing one is left out). */
export function previewMediaOf(ids: readonly string[], assets: readonly Asset[]): PreviewMedia[] {
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  return ids.flatMap((id) => {
    const asset = byId.get(id);
    const kind = asset && mediaKindOf(asset);
    return asset && kind ? [{ id, kind, url: asset.url }] : [];
  });
}
