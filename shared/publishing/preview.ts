/**
 * How each network shows a post, for the calendar's and the plan panel's per-network preview
 * (issue 13 item 2: "a preview in each network's shape", Mixpost's per-network previews). A
 * description, not a limit: what is refused lives in limits.ts. The text cuts approximate where
 * each app folds a long text behind its «… más» in the feed (the apps cut by lines and width, so
 * no network documents a number).
 */
import { NETWORK_LIMITS } from './limits';
import type { SocialNetwork } from '../networks';

export interface PreviewShape {
  /** The network shows the post's title (YouTube video title, Pinterest pin title, TikTok photo title). */
  title: boolean;
  /** Characters of the text shown before the feed folds it; null when it is shown whole. */
  textCut: number | null;
  /** Where the text sits: above the media (X, Facebook, LinkedIn, Telegram messages), below it (Instagram, Pinterest, YouTube), or over it (TikTok). */
  textPosition: 'above' | 'below' | 'over';
  /** How several media are laid out: a grid (X 2×2, Telegram album), a swipeable carousel (Instagram, TikTok photos), or one at a time. */
  mediaGrid: 'single' | 'grid' | 'carousel';
  /** Most media one post shows (from the limits table). */
  maxMedia: number;
  /** The frame a video is shown in, width/height (9/16 for reels and TikTok, 16/9 for YouTube); null for the video's own shape. */
  videoFrame: number | null;
}

const SHAPES: Readonly<Record<SocialNetwork, Omit<PreviewShape, 'maxMedia'>>> = {
  facebook: { title: false, textCut: 480, textPosition: 'above', mediaGrid: 'single', videoFrame: null },
  instagram: { title: false, textCut: 125, textPosition: 'below', mediaGrid: 'carousel', videoFrame: 9 / 16 },
  x: { title: false, textCut: null, textPosition: 'above', mediaGrid: 'grid', videoFrame: null },
  linkedin: { title: false, textCut: 210, textPosition: 'above', mediaGrid: 'single', videoFrame: null },
  youtube: { title: true, textCut: 160, textPosition: 'below', mediaGrid: 'single', videoFrame: 16 / 9 },
  tiktok: { title: true, textCut: 100, textPosition: 'over', mediaGrid: 'carousel', videoFrame: 9 / 16 },
  pinterest: { title: true, textCut: 100, textPosition: 'below', mediaGrid: 'single', videoFrame: null },
  telegram: { title: false, textCut: null, textPosition: 'above', mediaGrid: 'grid', videoFrame: null },
};

/** How `network` shows a post (see PreviewShape). */
export function previewShape(network: SocialNetwork): PreviewShape {
  const maxMedia = Math.max(...NETWORK_LIMITS[network].kinds.map((kind) => kind.total?.[1] ?? kind.images[1] + kind.videos[1]));
  return { ...SHAPES[network], maxMedia };
}
