/**
 * Whether a post can go out to a network (issue 13 item 2: validated before approval, not at
 * publish time), against shared/publishing/limits.ts. The editor, the plan panel and the server
 * run the same function, so they show and enforce the same Spanish reasons.
 *
 * Asynchronous because of X: its weighted length comes from twitter-text (`parseTweet`), a large
 * CommonJS library with core-js 2 polyfills and megabyte-sized regexes. It is imported on the
 * first X text only (`import('twitter-text')`), so the shared index never loads it: a Lambda that
 * does not call validatePost drops it with the rest of this module (tree shaking), a web page gets
 * it as a separate chunk fetched the first time an X post is validated, and a Lambda that does
 * validate carries it but only evaluates it for X posts.
 */
import { MEDIA_KINDS, NETWORK_LIMITS, type MediaKind, type MediaRule, type NetworkLimits, type PostKind, type Ratio, type TextCount, type TextLimit } from './limits';
import { PUBLISHING_MSG } from './messages';
import type { SocialNetwork } from '../networks';
import type * as TwitterTextModule from 'twitter-text';

/** One file of a post: its kind, MIME type and size in bytes; pixels and seconds when known. */
export interface PostMedia {
  kind: MediaKind;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** A post as one network would receive it (its version for that network, issue 13 item 2). */
export interface PostDraft {
  text: string;
  title?: string;
  media: readonly PostMedia[];
}

export const POST_PROBLEM_CODES = [
  'content_required',
  'media_required',
  'media_not_supported',
  'too_many_media',
  'mixed_media',
  'media_alone',
  'media_format',
  'media_too_large',
  'media_aspect_ratio',
  'media_too_many_pixels',
  'video_too_long',
  'video_too_short',
  'text_too_long',
  'title_required',
  'title_too_long',
  'forbidden_characters',
  'too_many_hashtags',
  'too_many_mentions',
] as const;
export type PostProblemCode = (typeof POST_PROBLEM_CODES)[number];

/** Why a post cannot go out: a stable code and the Spanish sentence the calendar shows. */
export interface PostProblem {
  code: PostProblemCode;
  message: string;
}

export interface ValidatePostOptions {
  /**
   * The creator's longest video as the network reported it (TikTok creator_info
   * `max_video_post_duration_sec`), seconds; applied when shorter than the table's maximum.
   */
  videoMaxDurationSeconds?: number;
}

type TwitterText = typeof TwitterTextModule;
let twitterText: Promise<TwitterText> | undefined;

/** twitter-text, imported on first use. Its builds export one object as default (ESM) or module.exports (CJS). */
function loadTwitterText(): Promise<TwitterText> {
  twitterText ??= import('twitter-text').then((module) => (module as TwitterText & { default?: TwitterText }).default ?? module);
  return twitterText;
}

const utf8 = /* @__PURE__ */ new TextEncoder();

/** The length of `text` as a network counts it (see TextCount); `weighted` loads twitter-text. */
export async function measureText(count: TextCount, text: string): Promise<number> {
  switch (count) {
    case 'weighted':
      return (await loadTwitterText()).parseTweet(text).weightedLength;
    case 'codePoints':
      return [...text].length;
    case 'utf16':
      return text.length;
    case 'utf8Bytes':
      return utf8.encode(text).length;
  }
}

// A hashtag or mention starts after a non-word character (so "a#b" and "mail@x.com" are neither).
const HASHTAG = /(?<![\p{L}\p{N}_&])[#＃][\p{L}\p{M}\p{N}_]*[\p{L}\p{M}_][\p{L}\p{M}\p{N}_]*/gu;
const MENTION = /(?<![\p{L}\p{N}_.@])@[A-Za-z0-9._]+/gu;

const inRange = (value: number, [min, max]: readonly [number, number]) => value >= min && value <= max;

/** The post kind whose media counts fit, or undefined. */
function kindFor(limits: NetworkLimits, images: number, videos: number): PostKind | undefined {
  return limits.kinds.find((kind) => inRange(images, kind.images) && inRange(videos, kind.videos) && (!kind.total || inRange(images + videos, kind.total)));
}

/**
 * The kind of post `media` makes on `network` (Instagram 'image' | 'reel' | 'carousel', Telegram
 * 'text' | 'photo' | 'video' | 'album', …; ids in limits.ts), for the publisher to pick the
 * endpoint the limits were checked against; undefined when no kind fits (validatePost says why).
 */
export function postKindFor(network: SocialNetwork, media: readonly PostMedia[]): PostKind | undefined {
  const images = media.filter((item) => item.kind === 'image').length;
  return kindFor(NETWORK_LIMITS[network], images, media.length - images);
}

/** The kind whose text rules apply when the counts fit none: the first that takes the same kinds of media. */
function closestKind(limits: NetworkLimits, images: number, videos: number): PostKind {
  const takes = (kind: PostKind, count: number, range: readonly [number, number]) => (count > 0 ? range[1] > 0 : range[0] === 0);
  return limits.kinds.find((kind) => takes(kind, images, kind.images) && takes(kind, videos, kind.videos)) ?? (limits.kinds[0] as PostKind);
}

/** The media kinds a network's kinds can publish. */
const publishable = (limits: NetworkLimits) => MEDIA_KINDS.filter((mediaKind) => limits[mediaKind] !== null);

/** What is wrong with the post's media counts, when no kind fits them. */
function countProblems(network: SocialNetwork, limits: NetworkLimits, images: number, videos: number): PostProblem[] {
  const kinds = publishable(limits);
  if (images + videos === 0) return [{ code: 'media_required', message: PUBLISHING_MSG.mediaRequired(network, kinds) }];
  const problems: PostProblem[] = [];
  for (const mediaKind of MEDIA_KINDS) {
    const count = mediaKind === 'image' ? images : videos;
    if (count === 0 || limits[mediaKind] !== null) continue;
    const message = limits.notYet?.includes(mediaKind) ? PUBLISHING_MSG.mediaNotYet(network, mediaKind) : PUBLISHING_MSG.mediaNotSupported(network, mediaKind);
    problems.push({ code: 'media_not_supported', message });
  }
  if (problems.length > 0) {
    // Only unsupported media on a network that needs some: say what it does take, too.
    const supported = (limits.image ? images : 0) + (limits.video ? videos : 0);
    const needsMedia = !limits.kinds.some((kind) => kind.images[0] === 0 && kind.videos[0] === 0 && !kind.total);
    if (supported === 0 && needsMedia) problems.push({ code: 'media_required', message: PUBLISHING_MSG.mediaRequired(network, kinds) });
    return problems;
  }
  if (images > 0 && videos > 0 && !limits.kinds.some((kind) => kind.images[1] > 0 && kind.videos[1] > 0)) {
    return [{ code: 'mixed_media', message: PUBLISHING_MSG.mixedMedia(network) }];
  }
  const maxTotal = Math.max(...limits.kinds.map((kind) => kind.total?.[1] ?? kind.images[1] + kind.videos[1]));
  if (images + videos > maxTotal && limits.kinds.some((kind) => kind.total)) {
    return [{ code: 'too_many_media', message: PUBLISHING_MSG.tooManyMedia(network, maxTotal, images + videos) }];
  }
  for (const [mediaKind, count] of [['image', images], ['video', videos]] as const) {
    const max = Math.max(...limits.kinds.map((kind) => (mediaKind === 'image' ? kind.images : kind.videos)[1]));
    if (count > max) problems.push({ code: 'too_many_media', message: PUBLISHING_MSG.tooManyOfKind(network, mediaKind, max, count) });
  }
  return problems;
}

const normalType = (contentType: string) => {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'image/jpg' ? 'image/jpeg' : type;
};
const ratioOf = ({ width, height }: Ratio) => width / height;
// Tolerance for the ratio comparison: 1080×566 is Instagram's own example of 1.91:1 (1.908).
const RATIO_EPSILON = 1e-9;

/** The problems of one file against its rule; `position` numbers it among its kind when the post has several. */
function mediaProblems(network: SocialNetwork, media: PostMedia, rule: MediaRule, position: number | null, options: ValidatePostOptions): PostProblem[] {
  const problems: PostProblem[] = [];
  const kind = media.kind;
  const type = normalType(media.contentType);
  if (!rule.contentTypes.includes(type)) {
    problems.push({ code: 'media_format', message: PUBLISHING_MSG.mediaFormat(network, kind, type, rule.contentTypes) });
  }
  const maxBytes = rule.maxBytesByType?.[type] ?? rule.maxBytes;
  if (maxBytes !== undefined && media.size > maxBytes) {
    problems.push({ code: 'media_too_large', message: PUBLISHING_MSG.mediaTooLarge(network, kind, position, maxBytes, media.size) });
  }
  const { width, height, durationSeconds } = media;
  if (width && height && width > 0 && height > 0) {
    const aspect = width / height;
    if (rule.aspect && (aspect < ratioOf(rule.aspect.min) - RATIO_EPSILON || aspect > ratioOf(rule.aspect.max) + RATIO_EPSILON)) {
      problems.push({ code: 'media_aspect_ratio', message: PUBLISHING_MSG.aspectRatio(network, kind, position, rule.aspect.min, rule.aspect.max) });
    }
    if (rule.maxPixels !== undefined && width * height > rule.maxPixels) {
      problems.push({ code: 'media_too_many_pixels', message: PUBLISHING_MSG.tooManyPixels(network, kind, position, rule.maxPixels, width * height) });
    }
    if (rule.maxWidthPlusHeight !== undefined && width + height > rule.maxWidthPlusHeight) {
      problems.push({ code: 'media_too_many_pixels', message: PUBLISHING_MSG.dimensionsTooLarge(network, kind, position, rule.maxWidthPlusHeight, width + height) });
    }
  }
  if (kind === 'video' && durationSeconds !== undefined && durationSeconds >= 0) {
    const reported = options.videoMaxDurationSeconds;
    const max = reported !== undefined && (rule.maxDurationSeconds === undefined || reported < rule.maxDurationSeconds) ? reported : rule.maxDurationSeconds;
    if (max !== undefined && durationSeconds > max) {
      problems.push({ code: 'video_too_long', message: PUBLISHING_MSG.videoTooLong(network, position, max, durationSeconds) });
    }
    if (rule.minDurationSeconds !== undefined && durationSeconds < rule.minDurationSeconds) {
      problems.push({ code: 'video_too_short', message: PUBLISHING_MSG.videoTooShort(network, position, rule.minDurationSeconds, durationSeconds) });
    }
  }
  return problems;
}

/** The problems of the text or the title against its limit. */
async function textProblems(network: SocialNetwork, field: 'text' | 'title', value: string, limit: TextLimit, when: string | undefined): Promise<PostProblem[]> {
  const problems: PostProblem[] = [];
  const length = await measureText(limit.count, value);
  if (length > limit.max) {
    const message = limit.count === 'utf8Bytes' ? PUBLISHING_MSG.tooManyBytes(network, field, limit.max, length) : PUBLISHING_MSG.tooLong(network, field, limit.max, length, when);
    problems.push({ code: field === 'title' ? 'title_too_long' : 'text_too_long', message });
  }
  const forbidden = (limit.forbidden ?? []).filter((character) => value.includes(character));
  if (forbidden.length > 0) problems.push({ code: 'forbidden_characters', message: PUBLISHING_MSG.forbiddenCharacters(network, field, limit.forbidden ?? []) });
  if (limit.maxHashtags !== undefined) {
    const hashtags = value.match(HASHTAG)?.length ?? 0;
    if (hashtags > limit.maxHashtags) problems.push({ code: 'too_many_hashtags', message: PUBLISHING_MSG.tooManyHashtags(network, limit.maxHashtags, hashtags) });
  }
  if (limit.maxMentions !== undefined) {
    const mentions = value.match(MENTION)?.length ?? 0;
    if (mentions > limit.maxMentions) problems.push({ code: 'too_many_mentions', message: PUBLISHING_MSG.tooManyMentions(network, limit.maxMentions, mentions) });
  }
  return problems;
}

/**
 * Why `post` cannot go out to `network`, in the order the editor shows them (media first, then
 * text); empty when it can. Each message is said once. Width, height and duration are checked
 * only when the media carries them. Never throws for a well-typed post.
 */
export async function validatePost(network: SocialNetwork, post: PostDraft, options: ValidatePostOptions = {}): Promise<PostProblem[]> {
  const limits = NETWORK_LIMITS[network];
  const images = post.media.filter((media) => media.kind === 'image');
  const videos = post.media.filter((media) => media.kind === 'video');
  const kind = kindFor(limits, images.length, videos.length);
  const problems: PostProblem[] = kind ? [] : countProblems(network, limits, images.length, videos.length);
  const shape = kind ?? closestKind(limits, images.length, videos.length);

  for (const group of [images, videos]) {
    group.forEach((media, index) => {
      const rule = limits[media.kind];
      if (!rule) return; // already said: the network takes no such media
      problems.push(...mediaProblems(network, media, rule, group.length > 1 ? index + 1 : null, options));
      const alone = rule.alone?.find((type) => type === normalType(media.contentType));
      if (alone && post.media.length > 1) problems.push({ code: 'media_alone', message: PUBLISHING_MSG.mediaAlone(network, alone) });
    });
  }

  if (shape.text.required && post.media.length === 0 && post.text.trim() === '') {
    problems.push({ code: 'content_required', message: PUBLISHING_MSG.contentRequired(network, publishable(limits)) });
  }
  problems.push(...(await textProblems(network, 'text', post.text, shape.text, shape.when)));
  if (shape.title) {
    const title = post.title ?? '';
    if (shape.title.required && title.trim() === '') problems.push({ code: 'title_required', message: PUBLISHING_MSG.titleRequired(network) });
    problems.push(...(await textProblems(network, 'title', title, shape.title, shape.when)));
  }

  const seen = new Set<string>();
  return problems.filter((problem) => !seen.has(problem.message) && seen.add(problem.message));
}
