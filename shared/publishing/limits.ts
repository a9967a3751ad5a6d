/**
 * What each network accepts in one post (issue 13 item 2; architecture "Social networks":
 * "Per-network limits live in shared/ and are checked before approval"): a declarative table read
 * by the AI planner (to write within the limits), the editor (counters, refusals as you type) and
 * the server (approval refuses an invalid post). Modelled on Mixpost's `SocialProviderPostConfigs`
 * (text limit, min/max photos and videos, whether they mix), extended with what Mixpost leaves to
 * the network's error at publish time: formats, sizes, aspect ratios, durations, titles, hashtags.
 *
 * Each network has the post kinds it publishes (`kinds`, e.g. Instagram image / reel / carousel):
 * the kind is chosen by how many images and videos the post has, and it decides the text limit
 * (Telegram: 4096 as a message, 1024 as a media caption). `image` / `video` hold the rules every
 * file of that kind must meet; null when the network takes none.
 *
 * The numbers are the networks' documented limits as of 2025 (each cites its page). Where the
 * network takes more than the publishing shapes of issue 13 can send (Facebook and LinkedIn take
 * several photos, LinkedIn and Pinterest take video through APIs this product does not call yet),
 * the table says what can actually be published and marks the rest `notYet`, so a post is never
 * approved that the publisher then cannot send. Daily caps are never enforced from here: `caps`
 * says where the publisher reads each one at publish time (Instagram's content_publishing_limit,
 * X's rate headers) and gives the documented figure for information only.
 *
 * Units: bytes (1 MB = 1024 × 1024, as shared/uploads.ts), seconds, pixels; a ratio is
 * width:height as the documentation writes it (4:5 is {width: 4, height: 5}).
 */
import type { SocialNetwork } from '../networks';

/** The media a post carries (a gallery asset: an image from Taller, a video). */
export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * How a network counts text: X's weighted length (twitter-text `parseTweet`: URLs count 23,
 * CJK and emoji 2), Unicode code points (what a person counts as characters), UTF-16 code units
 * (TikTok documents "UTF-16 runes"; Telegram's entities are UTF-16, and counting so never
 * under-counts), or UTF-8 bytes (YouTube descriptions).
 */
export type TextCount = 'weighted' | 'codePoints' | 'utf16' | 'utf8Bytes';

export interface TextLimit {
  /** Most characters (or bytes, for `utf8Bytes`) as `count` measures them. */
  max: number;
  count: TextCount;
  /** The field must have some non-blank text (a text-only post; a YouTube title). */
  required?: boolean;
  /** Most #hashtags (Instagram). */
  maxHashtags?: number;
  /** Most @mentions (Instagram). */
  maxMentions?: number;
  /** Characters the network refuses in this field (YouTube: < and >). */
  forbidden?: readonly string[];
}

/** Width:height as documented, e.g. 4:5 = {width: 4, height: 5}, 1.91:1 = {width: 1.91, height: 1}. */
export interface Ratio {
  width: number;
  height: number;
}

/** What every file of one media kind must meet. Checks that need width, height or duration run only when the media says them. */
export interface MediaRule {
  /** Accepted MIME types (lower case, no parameters). */
  contentTypes: readonly string[];
  /** Largest file, bytes; absent when the network documents none. */
  maxBytes?: number;
  /** A different largest file for some types (X: animated GIFs 15 MB against 5 MB for images). */
  maxBytesByType?: Readonly<Record<string, number>>;
  /** Narrowest and widest accepted width:height, both inclusive. */
  aspect?: { min: Ratio; max: Ratio };
  /** Most pixels, width × height (LinkedIn). */
  maxPixels?: number;
  /** Most width + height, pixels (Telegram photos). */
  maxWidthPlusHeight?: number;
  minDurationSeconds?: number;
  maxDurationSeconds?: number;
  /** Types that must be the post's only media (X: one animated GIF). */
  alone?: readonly string[];
}

/** One kind of post a network publishes, chosen by its media counts. */
export interface PostKind {
  /** Stable id (e.g. 'reel'), for the publisher and the preview. */
  id: string;
  /** Spanish name, as the editor shows it. */
  label: string;
  /** Inclusive [min, max] images and videos; `total` bounds both together (carousels, albums). */
  images: readonly [number, number];
  videos: readonly [number, number];
  total?: readonly [number, number];
  /** The post's text (caption, description, commentary) in this kind. */
  text: TextLimit;
  /** The post's title, when this kind has one (YouTube, Pinterest, TikTok photos); absent = no title is sent. */
  title?: TextLimit;
  /** Spanish words that narrow a text message to this kind ("con imagen o vídeo"). */
  when?: string;
}

/** A cap the network meters over time, and where the publisher reads it (never enforced from this table). */
export interface NetworkCap {
  /** What is capped (for developers). */
  what: string;
  /** Where the current value comes from at publish time; null when only the network's 429 tells. */
  readFrom: string | null;
  /** The documented default, for information. */
  documented: string;
}

export interface NetworkLimits {
  /** The post kinds, tried in order: the first whose counts fit the post's media applies. */
  kinds: readonly PostKind[];
  image: MediaRule | null;
  video: MediaRule | null;
  /** Media kinds the network takes but issue 13's publishing shapes cannot send yet. */
  notYet?: readonly MediaKind[];
  caps: readonly NetworkCap[];
}

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const MINUTE = 60;
const HOUR = 60 * MINUTE;

const JPEG = 'image/jpeg';
const PNG = 'image/png';
const GIF = 'image/gif';
const WEBP = 'image/webp';
const BMP = 'image/bmp';
const TIFF = 'image/tiff';
const HEIF = 'image/heif';
const MP4 = 'video/mp4';
const MOV = 'video/quicktime';
const WEBM = 'video/webm';
const AVI = 'video/x-msvideo';
const WMV = 'video/x-ms-wmv';
const MPEG = 'video/mpeg';
const THREE_GP = 'video/3gpp';
const FLV = 'video/x-flv';
const MKV = 'video/x-matroska';

const ratio = (width: number, height: number): Ratio => ({ width, height });
const none = [0, 0] as const;
const one = [1, 1] as const;

// X: https://docs.x.com/fundamentals/counting-characters (280, weighted: URLs 23, CJK
// and emoji 2; measured by twitter-text's parseTweet, the library that page names).
const X_TEXT: TextLimit = { max: 280, count: 'weighted' };
// Instagram: https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media
// `caption`: "Maximum 2200 characters, 30 hashtags, and 20 @ tags."
const INSTAGRAM_CAPTION: TextLimit = { max: 2200, count: 'codePoints', maxHashtags: 30, maxMentions: 20 };
// Telegram: https://core.telegram.org/bots/api#sendmessage ("1-4096 characters after entities
// parsing") and #sendphoto / #sendvideo / #inputmediaphoto ("caption, 0-1024 characters").
const TELEGRAM_CAPTION: TextLimit = { max: 1024, count: 'utf16' };
// YouTube: https://developers.google.com/youtube/v3/docs/videos#snippet.title ("maximum length of
// 100 characters", no < or >) and #snippet.description ("maximum length of 5000 bytes", no < or >).
const ANGLE_BRACKETS = ['<', '>'] as const;

export const NETWORK_LIMITS: Readonly<Record<SocialNetwork, NetworkLimits>> = {
  facebook: {
    // Page posts: https://developers.facebook.com/docs/pages-api/posts (text to /feed, one photo to
    // /photos, one video to /videos: the shapes issue 13 publishes; several photos need unpublished
    // photos plus attached_media, not done yet). 63,206 characters is the limit of a Page post's
    // message, the figure issue 13 gives; the Graph API reference does not state one.
    kinds: [
      { id: 'text', label: 'Texto', images: none, videos: none, text: { max: 63_206, count: 'codePoints', required: true } },
      { id: 'photo', label: 'Foto', images: one, videos: none, text: { max: 63_206, count: 'codePoints' } },
      { id: 'video', label: 'Vídeo', images: none, videos: one, text: { max: 63_206, count: 'codePoints' } },
    ],
    // https://developers.facebook.com/docs/pages-api/posts#publish-a-photo: "Photos should be less
    // than 4MB and saved as JPG, PNG, GIF, TIFF, HEIF, or WebP files."
    image: { contentTypes: [JPEG, PNG, GIF, TIFF, HEIF, WEBP], maxBytes: 4 * MB },
    // https://developers.facebook.com/docs/video-api/guides/publishing: a `file_url` (non-resumable)
    // upload, the shape issue 13 uses, takes videos up to 1 GB and 20 minutes; formats per
    // https://www.facebook.com/help/218673814818907 (MP4 and MOV recommended).
    video: { contentTypes: [MP4, MOV, WEBM, AVI, WMV, MPEG, THREE_GP, MKV, FLV], maxBytes: 1 * GB, maxDurationSeconds: 20 * MINUTE },
    caps: [
      {
        what: 'Graph API calls of the app and of the page (percent used)',
        readFrom: 'response headers X-App-Usage and X-Business-Use-Case-Usage (estimated_time_to_regain_access); throttling codes 4, 17, 32, 613',
        documented: 'https://developers.facebook.com/docs/graph-api/overview/rate-limiting',
      },
    ],
  },

  instagram: {
    // https://developers.facebook.com/docs/instagram-platform/content-publishing: single image,
    // reel (media_type=REELS) and carousel ("up to 10 images, videos, or a mix of the two").
    kinds: [
      { id: 'image', label: 'Imagen', images: one, videos: none, text: INSTAGRAM_CAPTION },
      { id: 'reel', label: 'Reel', images: none, videos: one, text: INSTAGRAM_CAPTION },
      { id: 'carousel', label: 'Carrusel', images: [0, 10], videos: [0, 10], total: [2, 10], text: INSTAGRAM_CAPTION },
    ],
    // ig-user/media "Image specifications": JPEG only, 8 MB maximum, aspect ratio within 4:5 to
    // 1.91:1 (width 320–1440 is scaled by Instagram, so it is not refused here).
    image: { contentTypes: [JPEG], maxBytes: 8 * MB, aspect: { min: ratio(4, 5), max: ratio(1.91, 1) } },
    // ig-user/media "Reels specifications": MOV or MP4, 3 s to 15 min, 300 MB maximum, aspect ratio
    // 0.01:1 to 10:1 (9:16 recommended). Carousel videos are sent to the same endpoint and held to the same.
    video: { contentTypes: [MP4, MOV], maxBytes: 300 * MB, minDurationSeconds: 3, maxDurationSeconds: 15 * MINUTE, aspect: { min: ratio(0.01, 1), max: ratio(10, 1) } },
    caps: [
      {
        what: 'API-published posts per account in a moving 24 h (a carousel counts as one)',
        readFrom: 'GET {api}/{ig-user-id}/content_publishing_limit?fields=config,quota_usage → data[0].config.quota_total − data[0].quota_usage',
        documented: '100 (https://developers.facebook.com/docs/instagram-platform/content-publishing#rate-limit)',
      },
    ],
  },

  x: {
    // https://docs.x.com/x-api/media/quickstart/best-practices: "You may attach up to 4 photos,
    // 1 animated GIF or 1 video in a Post." A Post without media needs text.
    kinds: [
      { id: 'text', label: 'Texto', images: none, videos: none, text: { ...X_TEXT, required: true } },
      { id: 'images', label: 'Imágenes', images: [1, 4], videos: none, text: X_TEXT },
      { id: 'video', label: 'Vídeo', images: none, videos: one, text: X_TEXT },
    ],
    // Same page, "Image specifications": JPG, PNG, GIF, WEBP; images ≤ 5 MB, animated GIFs ≤ 15 MB.
    image: { contentTypes: [JPEG, PNG, GIF, WEBP], maxBytes: 5 * MB, maxBytesByType: { [GIF]: 15 * MB }, alone: [GIF] },
    // Same page, "Size and duration limits" for default accounts (no X Premium, the figures we can
    // rely on): Post video 0.5 s to 20 min, 8 GB; "Aspect ratio: must be between 1:3 and 3:1".
    // MP4 and MOV per https://docs.x.com/x-api/media/quickstart/media-upload-chunked.
    video: { contentTypes: [MP4, MOV], maxBytes: 8 * GB, minDurationSeconds: 0.5, maxDurationSeconds: 20 * MINUTE, aspect: { min: ratio(1, 3), max: ratio(3, 1) } },
    caps: [
      {
        what: 'POST /2/tweets per user and per app',
        readFrom: 'response headers x-rate-limit-limit, x-rate-limit-remaining, x-rate-limit-reset (epoch seconds); 429 otherwise',
        documented: 'per access tier (https://docs.x.com/x-api/fundamentals/rate-limits)',
      },
    ],
  },

  linkedin: {
    // https://learn.microsoft.com/linkedin/marketing/community-management/shares/posts-api:
    // `commentary` (a post's text; the share box's 3000-character limit). One image through
    // content.media (multiImage and video need the MultiImage and Videos APIs, not called yet).
    kinds: [
      { id: 'text', label: 'Texto', images: none, videos: none, text: { max: 3000, count: 'codePoints', required: true } },
      { id: 'image', label: 'Imagen', images: one, videos: none, text: { max: 3000, count: 'codePoints' } },
    ],
    // https://learn.microsoft.com/linkedin/marketing/community-management/shares/images-api:
    // JPG, GIF, PNG; "Image pixel count: up to 36,152,320" (no byte limit is documented).
    image: { contentTypes: [JPEG, PNG, GIF], maxPixels: 36_152_320 },
    video: null,
    notYet: ['video'],
    caps: [
      {
        what: 'daily member and application calls of the Posts API',
        readFrom: null,
        documented: 'per app in the developer portal (https://learn.microsoft.com/linkedin/shared/api-guide/concepts/rate-limits); 429 when exceeded',
      },
    ],
  },

  youtube: {
    // YouTube publishes videos only (videos.insert, resumable upload).
    kinds: [
      {
        id: 'video',
        label: 'Vídeo',
        images: none,
        videos: one,
        title: { max: 100, count: 'codePoints', required: true, forbidden: ANGLE_BRACKETS },
        text: { max: 5000, count: 'utf8Bytes', forbidden: ANGLE_BRACKETS },
      },
    ],
    image: null,
    // https://developers.google.com/youtube/v3/docs/videos/insert: "Maximum file size: 256GB;
    // Accepted Media MIME types: video/*"; https://support.google.com/youtube/answer/71673: up to
    // 12 hours (15 minutes for channels that have not verified a phone number, which the API cannot
    // tell us: that refusal comes from YouTube at publish time). Formats per
    // https://support.google.com/youtube/answer/4603579.
    video: { contentTypes: [MP4, MOV, WEBM, AVI, WMV, MPEG, THREE_GP, FLV, MKV], maxBytes: 256 * GB, maxDurationSeconds: 12 * HOUR },
    caps: [
      {
        what: "the Google Cloud project's daily YouTube Data API quota (videos.insert is expensive)",
        readFrom: null,
        documented: '10,000 units per day by default (https://developers.google.com/youtube/v3/determine_quota_cost); 403 quotaExceeded when spent',
      },
    ],
  },

  tiktok: {
    // Video: https://developers.tiktok.com/doc/content-posting-api-reference-direct-post
    // (`post_info.title`, the caption: "max 2200 UTF-16 runes"). Photos:
    // https://developers.tiktok.com/doc/content-posting-api-reference-photo-post (title "max 90
    // UTF-16 runes", description "max 4000 UTF-16 runes", up to 35 `photo_images`).
    kinds: [
      { id: 'video', label: 'Vídeo', images: none, videos: one, text: { max: 2200, count: 'utf16' } },
      { id: 'photos', label: 'Fotos', images: [1, 35], videos: none, when: 'con fotos', title: { max: 90, count: 'utf16' }, text: { max: 4000, count: 'utf16' } },
    ],
    // https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide, "Image
    // restrictions": WebP or JPEG, at most 20 MB each.
    image: { contentTypes: [JPEG, WEBP], maxBytes: 20 * MB },
    // Same guide, "Video restrictions": MP4, WebM, MOV; at most 4 GB; 10 minutes is the longest a
    // developer can send (each creator's own maximum is read from creator_info, see caps).
    video: { contentTypes: [MP4, WEBM, MOV], maxBytes: 4 * GB, maxDurationSeconds: 10 * MINUTE },
    caps: [
      {
        what: "the creator's longest video (validatePost's `videoMaxDurationSeconds` option)",
        readFrom: 'POST {api}/post/publish/creator_info/query/ → data.max_video_post_duration_sec',
        documented: 'per creator (https://developers.tiktok.com/doc/content-posting-api-reference-query-creator-info)',
      },
      {
        what: 'posts per creator per day through the API',
        readFrom: 'the init call refusing with error.code spam_risk_too_many_posts',
        documented: 'not published as a number (https://developers.tiktok.com/doc/content-posting-api-reference-direct-post#error-codes)',
      },
      {
        what: 'init requests per user access token',
        readFrom: '429 error.code rate_limit_exceeded',
        documented: '6 per minute (same page)',
      },
    ],
  },

  pinterest: {
    // https://developers.pinterest.com/docs/api/v5/pins-create: an image pin on a board;
    // `title` up to 100 characters, `description` up to 500. Video pins need the media upload
    // API (POST /media), not called yet.
    kinds: [{ id: 'pin', label: 'Pin', images: one, videos: none, title: { max: 100, count: 'codePoints' }, text: { max: 500, count: 'codePoints' } }],
    // https://help.pinterest.com/en/business/article/pinterest-product-specs, standard pins: BMP,
    // JPEG, PNG, TIFF, GIF, WEBP up to 20 MB (2:3 recommended, not required).
    image: { contentTypes: [JPEG, PNG, GIF, WEBP, BMP, TIFF], maxBytes: 20 * MB },
    video: null,
    notYet: ['video'],
    caps: [
      {
        what: 'write calls per user and app',
        readFrom: '429 with the rate-limit headers of https://developers.pinterest.com/docs/reference/rate-limits/',
        documented: 'per endpoint category on that page',
      },
    ],
  },

  telegram: {
    // sendMessage (text), sendPhoto / sendVideo (one file with a caption), sendMediaGroup ("an
    // array describing messages to be sent, must include 2-10 items"; photos and videos may mix).
    kinds: [
      { id: 'text', label: 'Mensaje', images: none, videos: none, text: { max: 4096, count: 'utf16', required: true } },
      { id: 'photo', label: 'Foto', images: one, videos: none, when: 'con imagen o vídeo', text: TELEGRAM_CAPTION },
      { id: 'video', label: 'Vídeo', images: none, videos: one, when: 'con imagen o vídeo', text: TELEGRAM_CAPTION },
      { id: 'album', label: 'Álbum', images: [0, 10], videos: [0, 10], total: [2, 10], when: 'con imagen o vídeo', text: TELEGRAM_CAPTION },
    ],
    // https://core.telegram.org/bots/api#sendphoto: "The photo must be at most 10 MB in size. The
    // photo's width and height must not exceed 10000 in total. Width and height ratio must be at
    // most 20." Those are the limits of an uploaded file (multipart): sent by URL Telegram fetches
    // at most 5 MB for photos and 20 MB for other files (#sending-files), so the publisher uploads
    // the bytes of larger files.
    image: { contentTypes: [JPEG, PNG, WEBP], maxBytes: 10 * MB, maxWidthPlusHeight: 10_000, aspect: { min: ratio(1, 20), max: ratio(20, 1) } },
    // https://core.telegram.org/bots/api#sendvideo: "Telegram clients support MPEG4 videos";
    // "Bots can currently send video files of up to 50 MB in size".
    video: { contentTypes: [MP4], maxBytes: 50 * MB },
    caps: [
      {
        what: 'messages per second to one chat (about 20 per minute to a group or channel)',
        readFrom: '429 parameters.retry_after (seconds)',
        documented: 'https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this',
      },
    ],
  },
};

/** Whether `network` publishes nothing without an image or a video (Instagram, TikTok, Pinterest, YouTube). */
export function needsMedia(network: SocialNetwork): boolean {
  return !NETWORK_LIMITS[network].kinds.some((kind) => kind.images[0] === 0 && kind.videos[0] === 0 && (kind.total?.[0] ?? 0) === 0);
}

/** The media kind a post for `network` gets when media must be picked for it: images where the network takes them, else videos; null when it takes neither. */
export function preferredMediaKind(network: SocialNetwork): MediaKind | null {
  const limits = NETWORK_LIMITS[network];
  if (limits.image && !limits.notYet?.includes('image') && limits.kinds.some((kind) => kind.images[1] > 0)) return 'image';
  if (limits.video && !limits.notYet?.includes('video') && limits.kinds.some((kind) => kind.videos[1] > 0)) return 'video';
  return null;
}
