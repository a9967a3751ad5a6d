/**
 * Publishing on LinkedIn as its versioned REST API documents it (issue 13 brief, "Publishing
 * shapes"), with the member's token and `w_member_social`; `/rest` calls need `LinkedIn-Version`
 * (./api.ts):
 * - `POST /rest/posts` JSON `{author:"urn:li:person:<id>", commentary, visibility, distribution,
 *   content?:{media:{id}} | {multiImage:{images:[{id}]}} | {article:{source,title}}, lifecycleState:"PUBLISHED"}`
 *   → 201, empty body, `x-restli-id: urn:li:share:<n>`; commentary is "little text" (3000
 *   characters; the feed shows it unescaped); the same commentary as one of the author's posts of
 *   the last 24 hours is refused (422, naming the earlier post), as LinkedIn does.
 * - Images: `POST /rest/images?action=initializeUpload` `{initializeUploadRequest:{owner}}` →
 *   `{value:{uploadUrlExpiresAt, uploadUrl, image}}`; `PUT <uploadUrl>` (bytes, Bearer; served at
 *   `/linkedin/upload/images/<id>`) → 201; `GET /rest/images/{urn}` → `{status: WAITING_UPLOAD|AVAILABLE, …}`.
 * Errors are LinkedIn's `{status, code, message}` bodies (422 for invalid content).
 */
import { randomBytes } from 'node:crypto';
import { LINKEDIN_MEMBER } from './accounts';
import { mediaUrl, type SandboxContext } from './context';
import type { FeedMedia } from './feed';
import { empty, json, type SandboxResponse } from './http';
import { NETWORK_SPECS } from './networks';
import { codePoints, feedMedia, isHttpUrl, objectField, stringField } from './publish';
import type { ApiCall, TokenRoute } from './routes';

const COMMENTARY_MAX = 3000;
const UPLOAD_URL_TTL_MS = 24 * 60 * 60 * 1000;
const MEMBER_URN = `urn:li:person:${LINKEDIN_MEMBER.sub}`;
const SCOPES = ['w_member_social'];

/** An image of the Images API (persisted in the `linkedin.images` table, by URN). */
interface LinkedInImage {
  urn: string;
  owner: string;
  uploadId: string;
  status: 'WAITING_UPLOAD' | 'AVAILABLE';
  media: FeedMedia | null;
  uploadUrlExpiresAt: number;
}

const images = (ctx: SandboxContext) => ctx.publishing.table<LinkedInImage>('linkedin.images');

const unprocessable = (message: string) => json(422, { status: 422, code: 'UNPROCESSABLE_ENTITY', message });
const badRequest = (message: string) => NETWORK_SPECS.linkedin.apiError('bad_request', message);
const forbidden = (message: string) => NETWORK_SPECS.linkedin.apiError('forbidden', message);

/** Commentary as readers see it: little-text escapes and hashtag/mention templates resolved. */
export function littleText(commentary: string): string {
  return commentary
    .replace(/\{hashtag\|\\?#\|([^}]*)\}/g, '#$1')
    .replace(/@\[([^\]]*)\]\(urn:li:[^)]*\)/g, '@$1')
    .replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
}

function initializeUpload(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (req.query.get('action') !== 'initializeUpload') return badRequest('Unsupported action: use ?action=initializeUpload');
  const owner = stringField(objectField(req.body, 'initializeUploadRequest'), 'owner');
  if (!owner) return unprocessable('/initializeUploadRequest/owner :: field is required');
  if (owner !== MEMBER_URN) return forbidden(`Not enough permissions to upload images for owner ${owner}`);
  const urn = `urn:li:image:D4E10AQ${randomBytes(9).toString('hex').toUpperCase()}`;
  const uploadId = randomBytes(18).toString('base64url');
  const uploadUrlExpiresAt = ctx.publishing.now() + UPLOAD_URL_TTL_MS;
  images(ctx).set(urn, { urn, owner, uploadId, status: 'WAITING_UPLOAD', media: null, uploadUrlExpiresAt });
  return json(200, { value: { uploadUrlExpiresAt, uploadUrl: `${ctx.origin}/linkedin/upload/images/${uploadId}`, image: urn } });
}

async function uploadBytes(call: ApiCall): Promise<SandboxResponse> {
  const { ctx, req } = call;
  const image = images(ctx)
    .values()
    .find((candidate) => candidate.uploadId === call.params.uploadId);
  if (!image || image.uploadUrlExpiresAt <= ctx.publishing.now()) return NETWORK_SPECS.linkedin.apiError('not_found', '');
  if (!req.raw || req.raw.size === 0) return badRequest('The upload has no content.');
  const record = await ctx.media.keep(req.raw.path, req.raw.contentType);
  if (!['image/jpeg', 'image/png', 'image/gif'].includes(record.contentType)) return badRequest(`Unsupported image format ${record.contentType}: JPG, PNG or GIF.`);
  images(ctx).set(image.urn, { ...image, status: 'AVAILABLE', media: feedMedia(record) });
  return empty(201);
}

function getImage(call: ApiCall): SandboxResponse {
  const image = images(call.ctx).get(call.params.urn ?? '');
  if (!image || image.owner !== MEMBER_URN) return NETWORK_SPECS.linkedin.apiError('not_found', '');
  const available = image.status === 'AVAILABLE' && image.media;
  return json(200, {
    owner: image.owner,
    status: image.status,
    id: image.urn,
    ...(available ? { downloadUrl: mediaUrl(call.ctx, image.media?.id ?? ''), downloadUrlExpiresAt: call.ctx.publishing.now() + UPLOAD_URL_TTL_MS, mediaType: image.media?.type } : {}),
  });
}

/** The images a post's content names; the media, or the 422. */
function contentMedia(ctx: SandboxContext, content: Record<string, unknown> | undefined): FeedMedia[] | SandboxResponse {
  if (!content) return [];
  const single = stringField(objectField(content, 'media'), 'id');
  const multiple = objectField(content, 'multiImage')?.images;
  const ids = single ? [single] : Array.isArray(multiple) ? multiple.map((item) => stringField(item, 'id') ?? '') : [];
  if (Array.isArray(multiple) && (ids.length < 2 || ids.length > 20)) return unprocessable('/content/multiImage/images :: between 2 and 20 images are required');
  const media: FeedMedia[] = [];
  for (const id of ids) {
    if (!id.startsWith('urn:li:image:')) return unprocessable(`/content/media/id :: ${id} is not an image URN this sandbox supports`);
    const image = images(ctx).get(id);
    if (!image || image.owner !== MEMBER_URN) return unprocessable(`/content/media/id :: ${id} not found`);
    if (image.status !== 'AVAILABLE' || !image.media) return unprocessable(`/content/media/id :: ${id} is not AVAILABLE (${image.status})`);
    media.push(image.media);
  }
  return media;
}

function createPost(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (req.bodyType !== 'json' || !req.body) return badRequest('The request body must be JSON.');
  const body = req.body;
  const author = stringField(body, 'author');
  if (!author) return unprocessable('/author :: field is required');
  if (author !== MEMBER_URN) return forbidden(`Not enough permissions to post as ${author}`);
  const commentary = stringField(body, 'commentary') ?? '';
  if (codePoints(commentary) > COMMENTARY_MAX) return unprocessable(`/commentary :: length ${codePoints(commentary)} exceeds the maximum allowed length of ${COMMENTARY_MAX}`);
  const visibility = stringField(body, 'visibility');
  if (!visibility || !['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'].includes(visibility)) return unprocessable('/visibility :: must be one of PUBLIC, CONNECTIONS, LOGGED_IN');
  if (stringField(body, 'lifecycleState') !== 'PUBLISHED') return unprocessable('/lifecycleState :: must be PUBLISHED');
  const distribution = objectField(body, 'distribution');
  if (!distribution || !stringField(distribution, 'feedDistribution')) return unprocessable('/distribution/feedDistribution :: field is required');
  const content = objectField(body, 'content');
  const media = contentMedia(ctx, content);
  if (!Array.isArray(media)) return media;
  const article = objectField(content, 'article');
  const link = stringField(article, 'source');
  if (article && (!link || !isHttpUrl(link))) return unprocessable('/content/article/source :: a URL is required');
  if (!commentary.trim() && media.length === 0 && !link) return unprocessable('/commentary :: a post needs commentary or content');
  const dayAgo = ctx.publishing.now() - 24 * 60 * 60 * 1000;
  const text = littleText(commentary);
  const duplicate = text.trim() ? ctx.publishing.posts('linkedin').find((post) => post.text === text && Date.parse(post.time) > dayAgo) : undefined;
  if (duplicate) return unprocessable(`Content is a duplicate of ${duplicate.id}`);
  const urn = `urn:li:share:${ctx.publishing.numericId('7', 19)}`;
  ctx.publishing.addPost({
    network: 'linkedin',
    id: urn,
    target: { id: MEMBER_URN, name: LINKEDIN_MEMBER.name },
    text,
    ...(link ? { link } : {}),
    media,
    url: `https://www.linkedin.com/feed/update/${urn}/`,
    ...(visibility === 'PUBLIC' ? {} : { visibility }),
  });
  return { ...empty(201), headers: { ...empty(201).headers, 'x-restli-id': urn } };
}

/** LinkedIn's publishing routes under `/linkedin/api`. */
export const LINKEDIN_PUBLISH_ROUTES: readonly TokenRoute[] = [
  { method: 'POST', path: '/rest/posts', operation: 'create', scopes: SCOPES, handle: createPost },
  { method: 'POST', path: '/rest/images', operation: 'upload', scopes: SCOPES, handle: initializeUpload },
  { method: 'GET', path: '/rest/images/:urn', operation: 'status', scopes: SCOPES, handle: getImage },
];

/** LinkedIn's upload URLs under `/linkedin/upload` (the `uploadUrl` of initializeUpload). */
export const LINKEDIN_UPLOAD_ROUTES: readonly TokenRoute[] = [{ method: 'PUT', path: '/images/:uploadId', operation: 'upload', scopes: SCOPES, handle: uploadBytes }];
