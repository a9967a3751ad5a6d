/**
 * Publishing on Pinterest as its v5 API documents it (issue 13 brief, "Publishing shapes"),
 * under `/pinterest/api` with the user's token:
 * - `POST /pins` JSON `{board_id, title?, description?, link?, alt_text?, media_source:{source_type:
 *   "image_url", url} | {source_type:"image_base64", content_type, data}}` (`pins:write` +
 *   `boards:read`) → 201 with the pin; the image is fetched (or decoded) and must be an image of at
 *   most 20 MB; limits: title 100, description 500, alt_text 500 characters, link 2048.
 * - `GET /boards/{board_id}/pins?page_size=` (`boards:read` + `pins:read`) → `{items, bookmark}`, newest first.
 * Errors are Pinterest's `{code, message}` bodies.
 */
import { PINTEREST_BOARDS, PINTEREST_USER } from './accounts';
import { mediaUrl, type SandboxContext } from './context';
import type { FeedPost } from './feed';
import { json, type SandboxResponse } from './http';
import { fetchFailed, type MediaRecord } from './media';
import { codePoints, feedMedia, isHttpUrl, objectField, stringField } from './publish';
import { pageOf, pageSize, type ApiCall, type TokenRoute } from './routes';

const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
const LIMITS = { title: 100, description: 500, alt_text: 500, link: 2048 } as const;

const invalid = (message: string) => json(400, { code: 1, message });

/** A pin as the API answers it. */
function pinOf(ctx: SandboxContext, post: FeedPost): Record<string, unknown> {
  const image = post.media[0];
  const record = image ? ctx.media.get(image.id) : undefined;
  const url = image ? mediaUrl(ctx, image.id) : '';
  const size = { width: record?.width ?? 0, height: record?.height ?? 0 };
  return {
    id: post.id,
    created_at: post.time.replace(/\.\d{3}Z$/, ''),
    link: post.link ?? null,
    title: post.title ?? '',
    description: post.text,
    alt_text: post.refs?.altText ?? null,
    board_id: post.target.id,
    board_section_id: null,
    board_owner: { username: PINTEREST_USER.username },
    is_owner: true,
    is_standard: true,
    has_been_promoted: false,
    dominant_color: '#e60023',
    parent_pin_id: null,
    note: '',
    pin_metrics: null,
    media: { media_type: 'image', images: { '150x150': { url, ...size }, '400x300': { url, ...size }, '600x': { url, ...size }, '1200x': { url, ...size }, originals: { url, ...size } } },
  };
}

async function createPin(call: ApiCall): Promise<SandboxResponse> {
  const { ctx, req } = call;
  if (req.bodyType !== 'json' || !req.body) return invalid('Invalid request body: JSON expected.');
  const body = req.body;
  const boardId = stringField(body, 'board_id');
  if (!boardId) return invalid('Missing request body parameter: board_id');
  const board = PINTEREST_BOARDS.find((candidate) => candidate.id === boardId);
  if (!board) return json(404, { code: 40, message: 'Board not found.' });
  for (const field of ['title', 'description', 'alt_text', 'link'] as const) {
    const value = stringField(body, field);
    if (value !== undefined && codePoints(value) > LIMITS[field]) return invalid(`Invalid parameter: ${field} is longer than ${LIMITS[field]} characters.`);
  }
  const link = stringField(body, 'link');
  if (link && !isHttpUrl(link)) return invalid('Invalid parameter: link must be a valid URL.');
  const source = objectField(body, 'media_source');
  const sourceType = stringField(source, 'source_type');
  let media: MediaRecord;
  if (sourceType === 'image_url') {
    const url = stringField(source, 'url');
    if (!url) return invalid('Missing request body parameter: media_source.url');
    const fetched = await ctx.media.fetch(url, IMAGE_MAX_BYTES);
    if (fetchFailed(fetched)) return invalid('Sorry we could not fetch the image.');
    media = fetched;
  } else if (sourceType === 'image_base64') {
    const data = stringField(source, 'data');
    const contentType = stringField(source, 'content_type');
    if (!data || (contentType !== 'image/jpeg' && contentType !== 'image/png')) return invalid('media_source needs data and a content_type of image/jpeg or image/png.');
    media = await ctx.media.keepBytes(Buffer.from(data, 'base64'), contentType);
  } else {
    return invalid('media_source.source_type must be image_url or image_base64 in the Red de pruebas.');
  }
  if (!media.contentType.startsWith('image/')) return invalid('Sorry we could not fetch the image.');
  if (media.size > IMAGE_MAX_BYTES) return invalid('The image is larger than 20 MB.');
  const id = ctx.publishing.numericId('10', 18);
  const altText = stringField(body, 'alt_text');
  const post = ctx.publishing.addPost({
    network: 'pinterest',
    id,
    ...(altText ? { refs: { altText } } : {}),
    target: { id: board.id, name: board.name },
    ...(stringField(body, 'title') ? { title: stringField(body, 'title') } : {}),
    text: stringField(body, 'description') ?? '',
    ...(link ? { link } : {}),
    media: [feedMedia(media)],
    url: `https://www.pinterest.com/pin/${id}/`,
  });
  return json(201, pinOf(ctx, post));
}

function boardPins(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  const board = PINTEREST_BOARDS.find((candidate) => candidate.id === call.params.boardId);
  if (!board) return json(404, { code: 40, message: 'Board not found.' });
  const pins = ctx.publishing
    .posts('pinterest')
    .filter((post) => post.target.id === board.id)
    .reverse();
  const page = pageOf(pins, pageSize(req.query.get('page_size'), 25, 250), req.query.get('bookmark'));
  return json(200, { items: page.items.map((post) => pinOf(ctx, post)), bookmark: page.next });
}

/** Pinterest's publishing routes. */
export const PINTEREST_PUBLISH_ROUTES: readonly TokenRoute[] = [
  { method: 'POST', path: '/pins', operation: 'create', scopes: ['pins:write', 'boards:read'], handle: createPin },
  { method: 'GET', path: '/boards/:boardId/pins', operation: 'recent', scopes: ['boards:read', 'pins:read'], handle: boardPins },
];
