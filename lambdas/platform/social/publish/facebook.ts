/**
 * Facebook page posts (Graph API, the page token as Bearer, form bodies as Meta documents them):
 * - text: visible `POST /{page}/feed` (`message`, `link`?) → `{id: "<page>_<post>"}`;
 * - one image: visible `POST /{page}/photos` (`url`, `caption`, `published=true`) → `{id, post_id}`;
 * - several images (up to MAX_PHOTOS): invisible `POST /{page}/photos` (`url`, `published=false`)
 *   per image, then visible `POST /{page}/feed` (`message`, `attached_media[i]={"media_fbid":…}`);
 * - one video: visible `POST /{page}/videos` (`file_url`, `description`, `title`?) → `{id}`.
 * Meta fetches the media from their URLs. Post URL `https://www.facebook.com/<post id>`.
 * findPublished: `GET /{page}/feed?fields=id,message,created_time,permalink_url&limit=25`,
 * our message since our first prepare (./match.ts).
 */
import * as z from 'zod/mini';
import { apiUrl, parsed, parsedVisible, preparedBase, publishCall, requireReady, unsupported } from './call';
import { searchResult } from './match';
import type { PreparedOf, PublishAdapter, PublishRequest, Published } from './types';

/** Most photos in one Facebook post. */
export const MAX_PHOTOS = 10;
/** Recent page posts searched by findPublished. */
const RECENT = '25';

const IdAnswer = z.object({ id: z.string() });
const PhotoAnswer = z.object({ id: z.string(), post_id: z.optional(z.string()) });
const FeedList = z.object({
  data: z.array(
    z.object({ id: z.string(), message: z.optional(z.nullable(z.string())), created_time: z.optional(z.string()), permalink_url: z.optional(z.nullable(z.string())) }),
  ),
});

type Plan = 'text' | 'photo' | 'photos' | 'video';

function planOf(request: PublishRequest): Plan {
  const { media } = request;
  const images = media.filter((item) => item.kind === 'image').length;
  if (media.length === 0) return 'text';
  if (media.length === 1) return images === 1 ? 'photo' : 'video';
  if (images === media.length && media.length <= MAX_PHOTOS) return 'photos';
  throw unsupported('facebook', `${media.length} media (${images} images) in one post`);
}

const postUrl = (id: string) => `https://www.facebook.com/${id}`;

export const facebook: PublishAdapter<'facebook'> = {
  async prepare(app, request, previous, options) {
    const base = preparedBase(previous, options);
    const plan = planOf(request);
    const photoIds = plan === 'photos' ? [...(previous?.photoIds ?? [])] : [];
    if (plan === 'photos') {
      for (const item of request.media.slice(photoIds.length)) {
        const answer = await publishCall(
          { network: 'facebook', resource: 'POST /photos (unpublished)', url: apiUrl(app, `/${request.target.id}/photos`), method: 'POST', bearer: request.accessToken, form: { url: item.url, published: 'false' } },
          options,
        );
        photoIds.push(parsed('facebook', IdAnswer, answer.body, 'photo').id);
      }
    }
    return { ...base, ready: true, network: 'facebook', photoIds };
  },

  async create(app, request, prepared, options): Promise<Published> {
    requireReady(prepared);
    const plan = planOf(request);
    const page = request.target.id;
    const common = { network: 'facebook' as const, method: 'POST' as const, bearer: request.accessToken, visible: prepared, key: request.idempotencyKey };
    if (plan === 'photo') {
      const form = { url: request.media[0]?.url ?? '', caption: request.text, published: 'true' };
      const answer = await publishCall({ ...common, resource: 'POST /photos', url: apiUrl(app, `/${page}/photos`), form }, options);
      const photo = parsedVisible('facebook', PhotoAnswer, answer.body, 'photo', prepared);
      const postId = photo.post_id ?? photo.id;
      return { postId, url: postUrl(postId) };
    }
    if (plan === 'video') {
      const form: Record<string, string> = { file_url: request.media[0]?.url ?? '', description: request.text };
      if (request.title) form.title = request.title;
      const answer = await publishCall({ ...common, resource: 'POST /videos', url: apiUrl(app, `/${page}/videos`), form }, options);
      const { id } = parsedVisible('facebook', IdAnswer, answer.body, 'video', prepared);
      return { postId: id, url: postUrl(id) };
    }
    const form: Record<string, string> = { message: request.text };
    if (plan === 'photos') {
      for (const [index, id] of prepared.photoIds.entries()) form[`attached_media[${index}]`] = JSON.stringify({ media_fbid: id });
    } else if (request.link) {
      form.link = request.link;
    }
    const answer = await publishCall({ ...common, resource: 'POST /feed', url: apiUrl(app, `/${page}/feed`), form }, options);
    const { id } = parsedVisible('facebook', IdAnswer, answer.body, 'feed', prepared);
    return { postId: id, url: postUrl(id) };
  },

  async findPublished(app, request, prepared: PreparedOf<'facebook'>, options) {
    const url = apiUrl(app, `/${request.target.id}/feed`, { fields: 'id,message,created_time,permalink_url', limit: RECENT });
    const answer = await publishCall({ network: 'facebook', resource: 'GET /feed', url, bearer: request.accessToken }, options);
    const posts = parsed('facebook', FeedList, answer.body, 'feed').data.map((post) => ({ ...post, text: post.message, time: post.created_time }));
    return searchResult(request.text, posts, prepared.preparedAt, (post) => ({ postId: post.id, url: post.permalink_url ?? postUrl(post.id) }));
  },
};
