/**
 * Pinterest pins (API v5, the user's token as Bearer). One image per pin, fetched by Pinterest from
 * its URL (`media_source.source_type: "image_url"`); video pins need Pinterest's media upload,
 * which is not among the documented shapes of issue 13, so anything else is `rejected`.
 * - prepare: nothing to do.
 * - create, visible: `POST /pins` `{board_id, title?, description, link?, media_source}` → 201 `{id}`.
 * - findPublished: our description among `GET /boards/{board_id}/pins?page_size=25`.
 * URL `https://www.pinterest.com/pin/{id}/`.
 */
import * as z from 'zod/mini';
import { apiUrl, parsed, parsedVisible, preparedBase, publishCall, requireReady, unsupported } from './call';
import { searchResult } from './match';
import type { MediaItem, PublishAdapter, PublishRequest } from './types';

const RECENT = '25';
const PinAnswer = z.object({ id: z.string() });
const PinList = z.object({ items: z.array(z.object({ id: z.string(), description: z.optional(z.nullable(z.string())), created_at: z.optional(z.nullable(z.string())) })) });

function imageOf(request: PublishRequest): MediaItem {
  const [image] = request.media;
  if (request.media.length !== 1 || image?.kind !== 'image') throw unsupported('pinterest', 'a pin that is not exactly one image');
  return image;
}

const pinUrl = (id: string) => `https://www.pinterest.com/pin/${encodeURIComponent(id)}/`;

export const pinterest: PublishAdapter<'pinterest'> = {
  async prepare(_app, request, previous, options) {
    imageOf(request);
    return { ...preparedBase(previous, options), ready: true, network: 'pinterest' };
  },

  async create(app, request, prepared, options) {
    requireReady(prepared);
    const json: Record<string, unknown> = { board_id: request.target.id, description: request.text, media_source: { source_type: 'image_url', url: imageOf(request).url } };
    if (request.title) json.title = request.title;
    if (request.link) json.link = request.link;
    const answer = await publishCall(
      { network: 'pinterest', resource: 'POST /pins', url: apiUrl(app, '/pins'), method: 'POST', bearer: request.accessToken, json, visible: prepared, key: request.idempotencyKey },
      options,
    );
    const { id } = parsedVisible('pinterest', PinAnswer, answer.body, 'pin', prepared);
    return { postId: id, url: pinUrl(id) };
  },

  async findPublished(app, request, prepared, options) {
    const url = apiUrl(app, `/boards/${encodeURIComponent(request.target.id)}/pins`, { page_size: RECENT });
    const answer = await publishCall({ network: 'pinterest', resource: 'GET /boards/pins', url, bearer: request.accessToken }, options);
    const pins = parsed('pinterest', PinList, answer.body, 'board pins').items.map((pin) => ({ ...pin, text: pin.description, time: pin.created_at }));
    return searchResult(request.text, pins, prepared.preparedAt, (pin) => ({ postId: pin.id, url: pinUrl(pin.id) }));
  },
};
