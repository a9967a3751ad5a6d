/**
 * LinkedIn member posts (versioned /rest API: the user's token as Bearer, `LinkedIn-Version` pinned
 * in ../networks.ts and `X-Restli-Protocol-Version: 2.0.0`). Images only: LinkedIn's videos API is
 * not among the documented shapes of issue 13, so a video is `rejected` (the limits table should
 * not offer it).
 * - prepare (invisible), per image: `POST /rest/images?action=initializeUpload`
 *   `{initializeUploadRequest: {owner}}` → `{value: {uploadUrl, image}}`, `PUT uploadUrl` with the
 *   bytes (Bearer; the URL must be on linkedin.com or the configured API's origin) → 201, then `GET /rest/images/{urn}` until `AVAILABLE` (`PROCESSING_FAILED` →
 *   `rejected`; the budget ends → NotReady with the URNs uploaded so far).
 * - create, visible: `POST /rest/posts` `{author, commentary, visibility, distribution,
 *   content?, lifecycleState: "PUBLISHED", isReshareDisabledByAuthor: false}` → 201 with the
 *   post's URN in `x-restli-id`. `commentary` is LinkedIn's "little text format": its reserved
 *   characters are escaped (unescaped, LinkedIn cuts the post at the first one); `#` stays so
 *   hashtags work. `privacy: private` posts to CONNECTIONS.
 * - findPublished: `unknowable` (reading a member's posts needs `r_member_social`, a scope LinkedIn
 *   grants to approved partners only).
 * URL `https://www.linkedin.com/feed/update/<urn>/`.
 */
import * as z from 'zod/mini';
import { LINKEDIN_VERSION } from '../networks';
import { NetworkError, type NetworkApp } from '../types';
import { apiUrl, handedUrl, parsed, preparedBase, publishCall, requireReady, unsupported } from './call';
import { MEDIA_TIMEOUT_MS, readMedia } from './media';
import { NotReady, OutcomeUnknown, type MediaItem, type PublishAdapter, type PublishOptions, type PublishRequest } from './types';
import { waitFor } from './wait';

/** Most images in one post (multiImage). */
export const MAX_IMAGES = 20;
/** How often an image's processing is checked, ms. */
export const IMAGE_CHECK_MS = 2_000;
/** Headers of every /rest call. */
export const REST_HEADERS: Readonly<Record<string, string>> = { 'LinkedIn-Version': LINKEDIN_VERSION, 'X-Restli-Protocol-Version': '2.0.0' };

/** Where LinkedIn's upload URLs may point (www.linkedin.com/dms-uploads, api.linkedin.com). */
const LINKEDIN_HOSTS = /(?:^|\.)linkedin\.com$/;

const InitializeAnswer = z.object({ value: z.object({ uploadUrl: z.string(), image: z.string() }) });
const ImageAnswer = z.object({ status: z.string() });

/** Little text format's reserved characters but `#` (see the module header). */
const RESERVED = /[\\|{}@[\]()<>*_~]/g;

/** `text` as LinkedIn's commentary: reserved characters escaped with a backslash. */
export const commentaryOf = (text: string): string => text.replace(RESERVED, (char) => `\\${char}`);

function imagesOf(request: PublishRequest): readonly MediaItem[] {
  if (request.media.some((item) => item.kind !== 'image')) throw unsupported('linkedin', 'a video post');
  if (request.media.length > MAX_IMAGES) throw unsupported('linkedin', `${request.media.length} images in one post`);
  return request.media;
}

/** Registers and uploads one image: its URN. */
async function uploadImage(app: NetworkApp, request: PublishRequest, item: MediaItem, options: PublishOptions): Promise<string> {
  const init = await publishCall(
    {
      network: 'linkedin',
      resource: 'POST /rest/images initializeUpload',
      url: apiUrl(app, '/rest/images', { action: 'initializeUpload' }),
      method: 'POST',
      bearer: request.accessToken,
      headers: REST_HEADERS,
      json: { initializeUploadRequest: { owner: request.target.id } },
    },
    options,
  );
  const { uploadUrl, image } = parsed('linkedin', InitializeAnswer, init.body, 'image upload').value;
  const bytes = await readMedia('linkedin', item, options);
  await publishCall(
    {
      network: 'linkedin',
      resource: 'PUT image upload',
      url: handedUrl('linkedin', uploadUrl, [app.urls.api], LINKEDIN_HOSTS),
      method: 'PUT',
      bearer: request.accessToken,
      bytes: { data: bytes, contentType: item.contentType },
      timeoutMs: MEDIA_TIMEOUT_MS,
    },
    options,
  );
  return image;
}

/** Waits until every image in `urns` is AVAILABLE: true, or false when the budget ends; `rejected` when LinkedIn could not process one. */
async function available(app: NetworkApp, request: PublishRequest, urns: readonly string[], options: PublishOptions): Promise<boolean> {
  const done = await waitFor(
    async () => {
      for (const urn of urns) {
        const url = apiUrl(app, `/rest/images/${encodeURIComponent(urn)}`);
        const answer = await publishCall({ network: 'linkedin', resource: 'GET /rest/images', url, bearer: request.accessToken, headers: REST_HEADERS }, options);
        const { status } = parsed('linkedin', ImageAnswer, answer.body, 'image');
        if (status === 'PROCESSING_FAILED') throw new NetworkError('linkedin', 'rejected', 'LinkedIn could not process an image');
        if (status !== 'AVAILABLE') return undefined;
      }
      return true;
    },
    IMAGE_CHECK_MS,
    options,
  );
  return done ?? false;
}

function contentOf(images: readonly string[]): Record<string, unknown> | undefined {
  const [only] = images;
  if (only === undefined) return undefined;
  if (images.length === 1) return { media: { id: only } };
  return { multiImage: { images: images.map((id) => ({ id })) } };
}

export const linkedin: PublishAdapter<'linkedin'> = {
  async prepare(app, request, previous, options) {
    const base = preparedBase(previous, options);
    const items = imagesOf(request);
    const images = [...(previous?.images ?? [])].slice(0, items.length);
    for (const item of items.slice(images.length)) images.push(await uploadImage(app, request, item, options));
    if (!(await available(app, request, images, options))) {
      const state = { ...base, ready: false, network: 'linkedin' as const, images };
      throw new NotReady('linkedin', 'images still processing', state, (options.now ?? Date.now)() + IMAGE_CHECK_MS);
    }
    return { ...base, ready: true, network: 'linkedin', images };
  },

  async create(app, request, prepared, options) {
    requireReady(prepared);
    const json: Record<string, unknown> = {
      author: request.target.id,
      commentary: commentaryOf(request.text),
      visibility: request.privacy === 'private' ? 'CONNECTIONS' : 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    };
    const content = contentOf(prepared.images);
    if (content) json.content = content;
    const answer = await publishCall(
      {
        network: 'linkedin',
        resource: 'POST /rest/posts',
        url: apiUrl(app, '/rest/posts'),
        method: 'POST',
        bearer: request.accessToken,
        headers: REST_HEADERS,
        json,
        visible: prepared,
        key: request.idempotencyKey,
      },
      options,
    );
    const urn = answer.headers.get('x-restli-id');
    if (!urn) throw new OutcomeUnknown('linkedin', 'post created without x-restli-id', prepared, { status: answer.status });
    return { postId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` };
  },

  async findPublished() {
    return 'unknowable';
  },
};
