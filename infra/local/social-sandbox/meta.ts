/**
 * Publishing on Facebook pages and Instagram professional accounts as the Graph API documents it
 * (issue 13 brief, "Publishing shapes"), under `/facebook/api` and `/instagram/api`:
 * - Facebook (the page token of that page; `pages_manage_posts` + `pages_read_engagement`):
 *   `POST /{page}/feed` (`message`, `link`) → `{id: "<page>_<n>"}`; `POST /{page}/photos` (`url` or
 *   a multipart `source`, `caption`) → `{id, post_id}`; `POST /{page}/videos` (`file_url` or
 *   `source`, `description`, `title`) → `{id}`; `GET /{page}/feed` (recent posts, newest first);
 *   `GET /{post-id}`. `published=false` creates an unpublished post: it gets an id but no feed entry.
 * - Instagram (the page token of the page linked to the account; `instagram_basic` +
 *   `instagram_content_publish`): containers `POST /{ig-user}/media` (`image_url` + `caption`;
 *   `media_type=REELS|STORIES` + `video_url`; carousel items `is_carousel_item=true`; `media_type=CAROUSEL`
 *   + `children`), their status `GET /{container}?fields=status_code,status` (images are fetched at
 *   once and FINISHED; videos are fetched in the background, IN_PROGRESS then FINISHED about
 *   VIDEO_PROCESSING_MS later, or ERROR; unpublished containers EXPIRE after 24 h), `POST
 *   /{ig-user}/media_publish` (`creation_id`) → `{id}`, `GET /{media}?fields=permalink`, `GET
 *   /{ig-user}/media` (recent), `GET /{ig-user}/content_publishing_limit` (100 posts per 24 h,
 *   enforced with error 9/2207042).
 * Media come from URLs the sandbox fetches (./media.ts); failures, sizes, formats and caption
 * limits get Meta's documented error codes (Instagram images: JPEG, at most 8 MiB, aspect ratio
 * 4:5 to 1.91:1; captions 2200 characters, 30 hashtags, 20 mentions; Facebook messages 63 206,
 * photos under 4 MB).
 */
import { randomBytes } from 'node:crypto';
import { META_PAGES, type MetaPage } from './accounts';
import type { SandboxContext } from './context';
import type { FeedMedia, FeedPost } from './feed';
import { json, requestParams, type SandboxResponse } from './http';
import { fetchFailed, type MediaRecord } from './media';
import { codePoints, feedMedia, fileField, isHttpUrl, randomCode } from './publish';
import { graphFields, pageOf, pageSize, pickFields, type Answer, type ApiCall, type TokenRoute } from './routes';

/** How long a fetched Instagram video takes to process before its container is FINISHED, ms. */
export const VIDEO_PROCESSING_MS = 1500;
/** Instagram's publishing limit: posts per 24 hours per account (read through content_publishing_limit). */
export const INSTAGRAM_DAILY_POSTS = 100;
const CONTAINER_TTL_MS = 24 * 60 * 60 * 1000;
const FACEBOOK_MESSAGE_MAX = 63_206;
/** Pages API: "Photos should be less than 4MB". */
const FACEBOOK_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
const INSTAGRAM_CAPTION_MAX = 2200;
const INSTAGRAM_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const FACEBOOK_SCOPES = ['pages_manage_posts', 'pages_read_engagement'];
const INSTAGRAM_PUBLISH_SCOPES = ['instagram_basic', 'instagram_content_publish'];

interface GraphErrorExtra {
  subcode?: number;
  transient?: boolean;
  userTitle?: string;
  userMsg?: string;
}

/** A Graph error body (`{error:{message,type,code,error_subcode,fbtrace_id}}`), HTTP 400 unless said. */
export function graphError(code: number, message: string, extra: GraphErrorExtra = {}, status = 400): SandboxResponse {
  return json(status, {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
      is_transient: extra.transient ?? false,
      ...(extra.userTitle ? { error_user_title: extra.userTitle } : {}),
      ...(extra.userMsg ? { error_user_msg: extra.userMsg } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}

export const unsupported = (method: string, id: string) =>
  graphError(
    100,
    `Unsupported ${method === 'GET' ? 'get' : 'post'} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33 },
  );
export const pageTokenRequired = () => graphError(210, '(#210) A page access token is required to request this resource.');
const mediaDownloadFailed = () =>
  graphError(9004, "Media download has failed. The media URI doesn't meet our requirements.", {
    subcode: 2207052,
    userTitle: 'Media download has failed',
    userMsg: "The media could not be fetched from this URI. Please check that it's publicly reachable and try again.",
  });

/** Graph's time format (`2026-05-01T10:00:00+0000`). */
const graphTime = (iso: string) => iso.replace(/\.\d{3}Z$/, '+0000');

/** The page of `pageId` when the call's token is that page's token; else the Graph error. */
function pageAccess(call: ApiCall, pageId: string, writing: boolean): MetaPage | SandboxResponse {
  if (call.token.kind !== 'page') {
    return writing
      ? graphError(200, '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission')
      : pageTokenRequired();
  }
  const page = META_PAGES.find((candidate) => candidate.id === pageId);
  if (!page || call.token.pageId !== page.id) return unsupported(call.req.method, pageId);
  return page;
}

export const isResponse = (value: unknown): value is SandboxResponse => typeof value === 'object' && value !== null && 'status' in value && 'headers' in value;

/** Facebook: `POST /{page}/feed|photos|videos` (see the module header). */
async function facebookCreate(call: ApiCall, kind: 'feed' | 'photos' | 'videos'): Promise<SandboxResponse> {
  const page = pageAccess(call, call.params.pageId ?? '', true);
  if (isResponse(page)) return page;
  const { ctx } = call;
  const params = requestParams(call.req);
  const text = (kind === 'feed' ? params.message : kind === 'photos' ? (params.caption ?? params.message) : params.description) ?? '';
  if (codePoints(text) > FACEBOOK_MESSAGE_MAX) return graphError(100, `(#100) The message is too long. The maximum is ${FACEBOOK_MESSAGE_MAX} characters.`);
  let media: MediaRecord | undefined;
  if (kind === 'feed') {
    if (!text.trim() && !params.link) return graphError(100, '(#100) Missing message or attachment');
    if (params.link && !isHttpUrl(params.link)) return graphError(100, '(#100) link URL is not properly formatted');
  } else {
    const upload = fileField(call.req, 'source');
    const url = kind === 'photos' ? params.url : params.file_url;
    if (upload) media = await ctx.media.keep(upload.path, upload.contentType);
    else if (url) {
      const fetched = await ctx.media.fetch(url, kind === 'photos' ? FACEBOOK_PHOTO_MAX_BYTES : undefined);
      if (fetchFailed(fetched)) return kind === 'photos' ? graphError(324, '(#324) Missing or invalid image file') : graphError(389, '(#389) Unable to fetch video file from URL.');
      media = fetched;
    } else return kind === 'photos' ? graphError(324, '(#324) Requires upload file') : graphError(100, '(#100) Param file_url or source is required');
    const wanted = kind === 'photos' ? 'image/' : 'video/';
    if (!media.contentType.startsWith(wanted)) {
      return kind === 'photos'
        ? graphError(324, '(#324) Missing or invalid image file')
        : graphError(352, "(#352) Sorry, the video file you selected is in a format that we don't support.");
    }
  }
  const postId = `${page.id}_${ctx.publishing.numericId('1221', 18)}`;
  const objectId = kind === 'feed' ? undefined : ctx.publishing.numericId('1221', 18);
  if (params.published !== 'false') {
    ctx.publishing.addPost({
      network: 'facebook',
      id: postId,
      ...(objectId ? { refs: { [kind === 'photos' ? 'photoId' : 'videoId']: objectId } } : {}),
      target: { id: page.id, name: page.name },
      text,
      ...(kind === 'videos' && params.title ? { title: params.title } : {}),
      ...(params.link ? { link: params.link } : {}),
      media: media ? [feedMedia(media)] : [],
      url: `https://www.facebook.com/${postId}`,
    });
  }
  if (kind === 'feed') return json(200, { id: postId });
  return json(200, kind === 'photos' ? { id: objectId, post_id: postId } : { id: objectId });
}

/** A Facebook feed post as Graph shows it. */
const facebookPost = (post: FeedPost) => ({
  id: post.id,
  message: post.text || undefined,
  created_time: graphTime(post.time),
  permalink_url: post.url ?? undefined,
  full_picture: undefined,
});

// ---------------------------------------------------------------------------------------------
// Instagram

type ContainerType = 'IMAGE' | 'REELS' | 'STORIES' | 'CAROUSEL';

/** An Instagram media container (persisted in the `instagram.containers` table). */
interface Container {
  id: string;
  igUserId: string;
  type: ContainerType;
  /** A carousel item (`is_carousel_item=true`): publishable only as a child. */
  carouselItem: boolean;
  caption: string;
  media: FeedMedia[];
  children: string[];
  state: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED';
  /** Epoch ms when a video finished processing; null until fetched. */
  readyAt: number | null;
  error?: string;
  createdAt: number;
  mediaId?: string;
}

type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

const containers = (ctx: SandboxContext) => ctx.publishing.table<Container>('instagram.containers');
/** Containers whose video is being fetched by this process (a restart loses the fetch: ERROR). */
const fetching = new Set<string>();

function containerStatus(ctx: SandboxContext, container: Container): { code: ContainerStatus; text: string } {
  if (container.state === 'PUBLISHED') return { code: 'PUBLISHED', text: 'Published: Media has been published.' };
  if (container.state === 'ERROR') return { code: 'ERROR', text: `Error: ${container.error ?? 'Unknown error.'}` };
  if (ctx.publishing.now() - container.createdAt > CONTAINER_TTL_MS) return { code: 'EXPIRED', text: 'Expired: The container was not published within 24 hours.' };
  if (container.type === 'CAROUSEL') {
    const children = container.children.map((id) => containers(ctx).get(id)).map((child) => (child ? containerStatus(ctx, child).code : 'ERROR'));
    if (children.includes('ERROR') || children.includes('EXPIRED')) return { code: 'ERROR', text: 'Error: A carousel item failed.' };
    if (children.every((code) => code === 'FINISHED')) return { code: 'FINISHED', text: 'Finished: Media has been uploaded and it is ready to be published.' };
    return { code: 'IN_PROGRESS', text: 'In Progress: Media is still being processed.' };
  }
  if (container.readyAt === null && !fetching.has(container.id)) return { code: 'ERROR', text: 'Error: unknown upload error' };
  if (container.readyAt !== null && ctx.publishing.now() >= container.readyAt) return { code: 'FINISHED', text: 'Finished: Media has been uploaded and it is ready to be published.' };
  return { code: 'IN_PROGRESS', text: 'In Progress: Media is still being processed.' };
}

/** A page linked to an Instagram professional account. */
export type InstagramPage = MetaPage & { instagram: NonNullable<MetaPage['instagram']> };

/** The page whose token speaks for Instagram account `igUserId`; else the Graph error. */
export function instagramAccess(call: ApiCall, igUserId: string): InstagramPage | SandboxResponse {
  if (call.token.kind !== 'page') return pageTokenRequired();
  const page = META_PAGES.find((candidate) => candidate.instagram?.id === igUserId);
  if (!page?.instagram || call.token.pageId !== page.id) return unsupported(call.req.method, igUserId);
  return { ...page, instagram: page.instagram };
}

/** Checks a caption against Instagram's limits; the error, or null. */
function captionError(caption: string): SandboxResponse | null {
  if (codePoints(caption) > INSTAGRAM_CAPTION_MAX) return graphError(100, `(#100) The caption is too long. The maximum is ${INSTAGRAM_CAPTION_MAX} characters.`);
  if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > 30) return graphError(100, '(#100) The caption has more than 30 hashtags.');
  if ((caption.match(/@[\w.]+/g) ?? []).length > 20) return graphError(100, '(#100) The caption has more than 20 mentions.');
  return null;
}

/** An Instagram image fetched and checked (JPEG, 8 MiB, aspect ratio); the media or the error. */
async function instagramImage(ctx: SandboxContext, url: string, checkRatio: boolean): Promise<MediaRecord | SandboxResponse> {
  const fetched = await ctx.media.fetch(url, INSTAGRAM_IMAGE_MAX_BYTES);
  if (fetchFailed(fetched)) {
    if (fetched.failure === 'too_large') {
      return graphError(36000, 'The image size is too large.', { subcode: 2207004, userTitle: 'Image size too large', userMsg: 'The image is too large to download. It should be less than 8 MiB.' });
    }
    if (fetched.failure === 'timeout') return graphError(-2, 'It takes too long to download the media.', { subcode: 2207003, transient: true });
    return mediaDownloadFailed();
  }
  if (!fetched.contentType.startsWith('image/')) return mediaDownloadFailed();
  if (fetched.contentType !== 'image/jpeg') {
    return graphError(36001, 'The image format is not supported.', { subcode: 2207005, userTitle: 'Unsupported image format', userMsg: 'Only JPEG images can be published.' });
  }
  if (checkRatio && fetched.width && fetched.height) {
    const ratio = fetched.width / fetched.height;
    if (ratio < 0.8 - 1e-3 || ratio > 1.91 + 1e-3) {
      return graphError(36003, 'The aspect ratio is not supported.', {
        subcode: 2207009,
        userTitle: 'Unsupported aspect ratio',
        userMsg: `The submitted image with aspect ratio ('${fetched.width}/${fetched.height}') cannot be published. Please submit an image with a valid aspect ratio.`,
      });
    }
  }
  return fetched;
}

/** Fetches a container's video in the background; the container becomes FINISHED or ERROR. */
function fetchVideo(ctx: SandboxContext, containerId: string, url: string): void {
  fetching.add(containerId);
  void ctx.media
    .fetch(url)
    .then((fetched) => {
      const container = containers(ctx).get(containerId);
      if (!container) return;
      if (fetchFailed(fetched)) container.error = "Media download has failed. The media URI doesn't meet our requirements.";
      else if (!fetched.contentType.startsWith('video/')) container.error = 'The video format is not supported. Please check spec for supported streams format.';
      else {
        container.media = [feedMedia(fetched)];
        container.readyAt = ctx.publishing.now() + VIDEO_PROCESSING_MS;
      }
      if (container.error) container.state = 'ERROR';
      containers(ctx).set(containerId, container);
    })
    .catch((error: unknown) => ctx.log(`social sandbox: instagram video fetch failed: ${(error as Error).message}`))
    .finally(() => fetching.delete(containerId));
}

/** `POST /{ig-user}/media`: a container (see the module header). */
async function instagramContainer(call: ApiCall, account: InstagramPage): Promise<SandboxResponse> {
  const igUserId = account.instagram.id;
  const { ctx } = call;
  const params = requestParams(call.req);
  const caption = params.caption ?? '';
  const carouselItem = params.is_carousel_item === 'true';
  const type = (params.media_type ?? (params.video_url ? 'REELS' : 'IMAGE')).toUpperCase();
  if (type === 'VIDEO') return graphError(100, '(#100) The VIDEO media type is no longer supported for feed videos: use REELS.');
  if (!['IMAGE', 'REELS', 'STORIES', 'CAROUSEL'].includes(type)) return graphError(100, `(#100) Param media_type must be one of {IMAGE, REELS, STORIES, CAROUSEL}`);
  if (!carouselItem) {
    const invalid = captionError(caption);
    if (invalid) return invalid;
  }
  const base = { igUserId, carouselItem, caption: carouselItem ? '' : caption, children: [] as string[], createdAt: ctx.publishing.now() };
  const id = ctx.publishing.numericId('17', 17);
  if (type === 'CAROUSEL') {
    const children = (params.children ?? '')
      .replace(/[[\]"\s]/g, '')
      .split(',')
      .filter((child) => child !== '');
    if (children.length < 2 || children.length > 10) return graphError(100, '(#100) The carousel must have between 2 and 10 children.');
    for (const child of children) {
      const found = containers(ctx).get(child);
      if (!found || found.igUserId !== igUserId || !found.carouselItem) return graphError(100, `(#100) Param children contains an invalid carousel item id: ${child}`);
    }
    containers(ctx).set(id, { ...base, id, type: 'CAROUSEL', children, media: [], state: 'IN_PROGRESS', readyAt: null });
    return json(200, { id });
  }
  const url = type === 'IMAGE' ? params.image_url : (params.video_url ?? params.image_url);
  if (!url) return graphError(100, type === 'IMAGE' ? '(#100) The parameter image_url is required.' : '(#100) The parameter video_url is required.');
  if (type === 'IMAGE' || (type === 'STORIES' && !params.video_url)) {
    const image = await instagramImage(ctx, url, type === 'IMAGE');
    if (isResponse(image)) return image;
    containers(ctx).set(id, { ...base, id, type: type as ContainerType, media: [feedMedia(image)], state: 'FINISHED', readyAt: ctx.publishing.now() });
    return json(200, { id });
  }
  containers(ctx).set(id, { ...base, id, type: type as ContainerType, media: [], state: 'IN_PROGRESS', readyAt: null });
  fetchVideo(ctx, id, url);
  return json(200, { id });
}

/** Instagram posts of `igUserId` in the last 24 hours. */
const postsToday = (ctx: SandboxContext, igUserId: string) =>
  ctx.publishing.posts('instagram').filter((post) => post.target.id === igUserId && Date.parse(post.time) > ctx.publishing.now() - 24 * 60 * 60 * 1000).length;

/** `POST /{ig-user}/media_publish` (see the module header). */
function instagramPublish(call: ApiCall, access: InstagramPage): SandboxResponse {
  const igUserId = access.instagram.id;
  const { ctx } = call;
  const creationId = requestParams(call.req).creation_id;
  if (!creationId) return graphError(100, '(#100) The parameter creation_id is required.');
  const container = containers(ctx).get(creationId);
  if (!container || container.igUserId !== igUserId) return unsupported('POST', creationId);
  if (container.carouselItem) return graphError(100, '(#100) A carousel item cannot be published on its own: publish its carousel.');
  const status = containerStatus(ctx, container).code;
  if (status === 'EXPIRED') return graphError(-2, 'The media you are trying to access has expired. Please try to upload again.', { subcode: 2207020 });
  if (status === 'ERROR') return graphError(-1, 'Create media fail, please try to re-create media', { subcode: 2207032, transient: true });
  if (status !== 'FINISHED') {
    return graphError(9007, 'Media ID is not available', { subcode: 2207027, userTitle: 'Media ID is not available', userMsg: 'The media is not ready for publishing, please wait for a moment' });
  }
  if (postsToday(ctx, igUserId) >= INSTAGRAM_DAILY_POSTS) {
    return graphError(9, 'Application request limit reached', {
      subcode: 2207042,
      userTitle: 'Maximum number of posts reached',
      userMsg: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
    });
  }
  const media = container.type === 'CAROUSEL' ? container.children.flatMap((child) => containers(ctx).get(child)?.media ?? []) : container.media;
  const mediaId = ctx.publishing.numericId('17', 17);
  const path = container.type === 'REELS' ? 'reel' : container.type === 'STORIES' ? 'stories/' + access.instagram.username : 'p';
  ctx.publishing.addPost({
    network: 'instagram',
    id: mediaId,
    refs: { containerId: container.id, mediaType: container.type === 'REELS' ? 'VIDEO' : container.type === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container.media[0]?.type.startsWith('video/') ? 'VIDEO' : 'IMAGE' },
    target: { id: igUserId, name: `@${access.instagram.username}` },
    text: container.caption,
    media,
    url: `https://www.instagram.com/${path}/${container.type === 'STORIES' ? mediaId : randomCode(11)}/`,
  });
  containers(ctx).set(container.id, { ...container, state: 'PUBLISHED', mediaId });
  return json(200, { id: mediaId });
}

/** An Instagram media as Graph shows it. */
const instagramMedia = (ctx: SandboxContext, post: FeedPost, username: string) => ({
  id: post.id,
  caption: post.text || undefined,
  media_type: post.refs?.mediaType ?? 'IMAGE',
  media_product_type: post.refs?.mediaType === 'VIDEO' ? 'REELS' : 'FEED',
  media_url: post.media[0] ? `${ctx.origin}/media/${post.media[0].id}` : undefined,
  permalink: post.url ?? undefined,
  timestamp: graphTime(post.time),
  username,
});

/** `GET /{id}`: a container, an Instagram media or a Facebook post, as the token may see it. */
function graphObject(call: ApiCall): SandboxResponse {
  const { ctx, network } = call;
  const id = call.params.id ?? '';
  const fields = graphFields(call.req.query.get('fields'));
  if (network === 'instagram') {
    const container = containers(ctx).get(id);
    if (container) {
      const access = instagramAccess(call, container.igUserId);
      if (isResponse(access)) return access;
      const status = containerStatus(ctx, container);
      return json(200, pickFields({ id, status_code: status.code, status: status.text }, fields, ['status_code']));
    }
    const post = ctx.publishing.post('instagram', id);
    if (!post) return unsupported('GET', id);
    const access = instagramAccess(call, post.target.id);
    if (isResponse(access)) return access;
    return json(200, pickFields(instagramMedia(ctx, post, access.instagram.username), fields, ['id']));
  }
  const post = ctx.publishing.post('facebook', id);
  if (!post) return unsupported('GET', id);
  const page = pageAccess(call, post.target.id, false);
  if (isResponse(page)) return page;
  return json(200, pickFields(facebookPost(post), fields, ['message', 'created_time']));
}

/** A Graph list of `items`, newest first, with cursors (`limit`, `after`). */
function graphList(call: ApiCall, items: Record<string, unknown>[], defaults: readonly string[]): SandboxResponse {
  const query = call.req.query;
  const page = pageOf(items, pageSize(query.get('limit'), 25, 100), query.get('after'));
  const fields = graphFields(query.get('fields'));
  return json(200, { data: page.items.map((item) => pickFields(item, fields, defaults)), paging: { cursors: { before: page.before, after: page.after } } });
}

const facebookRoute = (kind: 'feed' | 'photos' | 'videos'): TokenRoute => ({
  method: 'POST',
  path: `/:pageId/${kind}`,
  operation: 'create',
  scopes: FACEBOOK_SCOPES,
  tokenKinds: ['access', 'page'],
  handle: (call) => facebookCreate(call, kind),
});

/** Facebook's publishing routes (after the account routes of ./api.ts). */
export const FACEBOOK_PUBLISH_ROUTES: readonly TokenRoute[] = [
  facebookRoute('feed'),
  facebookRoute('photos'),
  facebookRoute('videos'),
  {
    method: 'GET',
    path: '/:pageId/feed',
    operation: 'recent',
    scopes: ['pages_read_engagement'],
    tokenKinds: ['access', 'page'],
    handle: (call) => {
      const page = pageAccess(call, call.params.pageId ?? '', false);
      if (isResponse(page)) return page;
      const posts = call.ctx.publishing.posts('facebook').filter((post) => post.target.id === page.id);
      return graphList(call, posts.reverse().map(facebookPost), ['message', 'created_time']);
    },
  },
  { method: 'GET', path: '/:id', operation: 'read', scopes: ['pages_read_engagement'], tokenKinds: ['access', 'page'], handle: graphObject },
];

/** An Instagram route on `/{ig-user}/…`: the page token of the account's page is checked first. */
const instagramRoute = (
  method: TokenRoute['method'],
  path: string,
  operation: string,
  scopes: readonly string[],
  handle: (call: ApiCall, account: InstagramPage) => Answer,
): TokenRoute => ({
  method,
  path: `/:igUserId${path}`,
  operation,
  scopes,
  tokenKinds: ['access', 'page'],
  handle: (call) => {
    const access = instagramAccess(call, call.params.igUserId ?? '');
    return isResponse(access) ? access : handle(call, access);
  },
});

/** Instagram's publishing routes (after the account routes of ./api.ts). */
export const INSTAGRAM_PUBLISH_ROUTES: readonly TokenRoute[] = [
  instagramRoute('POST', '/media', 'container', INSTAGRAM_PUBLISH_SCOPES, instagramContainer),
  instagramRoute('POST', '/media_publish', 'create', INSTAGRAM_PUBLISH_SCOPES, instagramPublish),
  instagramRoute('GET', '/media', 'recent', ['instagram_basic'], (call, account) => {
    const posts = call.ctx.publishing.posts('instagram').filter((post) => post.target.id === account.instagram.id);
    return graphList(
      call,
      posts.reverse().map((post) => instagramMedia(call.ctx, post, account.instagram.username)),
      ['id'],
    );
  }),
  instagramRoute('GET', '/content_publishing_limit', 'limit', ['instagram_basic'], (call, account) => {
    const item = { config: { quota_total: INSTAGRAM_DAILY_POSTS, quota_duration: 86_400 }, quota_usage: postsToday(call.ctx, account.instagram.id) };
    return json(200, { data: [pickFields(item, graphFields(call.req.query.get('fields')), ['quota_usage'])] });
  }),
  {
    method: 'GET',
    path: '/:id',
    // A container's status_code is the status check; a media's permalink is a read.
    operation: (req) => (graphFields(req.query.get('fields'))?.has('status_code') ? 'status' : 'read'),
    scopes: ['instagram_basic'],
    tokenKinds: ['access', 'page'],
    handle: graphObject,
  },
];
