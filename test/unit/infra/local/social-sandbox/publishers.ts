/**
 * A reference publisher per network for the sandbox tests (issue 13): each publishes exactly as the
 * brief's documented shapes say (the adapters do the same), so the tests can publish text and
 * media everywhere and look for the result in the feed.
 */
import type { SocialNetwork } from '@director-ia/shared';
import type { SocialSandbox } from '../../../../../infra/local/social-sandbox';
import { BOT_TOKEN, eventually, jpeg, mp4, postForm, postJson, send, TARGET, type MediaServer, type RawAnswer } from './support';

export { BOT_TOKEN } from './support';
/** The Telegram channel the tests publish to (the bot is an administrator there). */
export const CHANNEL = '@canal_pruebas';

const api = (sandbox: SocialSandbox, network: SocialNetwork) => (network === 'telegram' ? `${sandbox.apps().telegram.urls.api}/bot${BOT_TOKEN}` : sandbox.apps()[network].urls.api);
const LINKEDIN_HEADERS = { 'LinkedIn-Version': '202610', 'X-Restli-Protocol-Version': '2.0.0' };

/** The networks that can publish text alone. */
export const TEXT_NETWORKS = ['facebook', 'x', 'linkedin', 'telegram'] as const;

/** Publishes `text` alone (the visible create's answer). */
export function publishText(sandbox: SocialSandbox, network: (typeof TEXT_NETWORKS)[number], token: string, text: string): Promise<RawAnswer> {
  const base = api(sandbox, network);
  switch (network) {
    case 'facebook':
      return postForm(`${base}/${TARGET.facebook}/feed`, token, { message: text });
    case 'x':
      return postJson(`${base}/tweets`, token, { text });
    case 'linkedin':
      return postJson(`${base}/rest/posts`, token, linkedinPost(text), LINKEDIN_HEADERS);
    case 'telegram':
      return send(`${base}/sendMessage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chat_id: CHANNEL, text }) });
  }
}

/** A LinkedIn post body as the brief documents it. */
export function linkedinPost(commentary: string, image?: string): Record<string, unknown> {
  return {
    author: TARGET.linkedin,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(image ? { content: { media: { id: image } } } : {}),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
}

/** A multipart form with one file. */
export function formWith(fields: Record<string, string>, file: { field: string; bytes: Buffer; type: string; name: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

/** Uploads an image to X (simple upload); the media id. */
export async function xImage(sandbox: SocialSandbox, token: string): Promise<string> {
  const form = formWith({ media_category: 'tweet_image' }, { field: 'media', bytes: jpeg(1200, 675), type: 'image/jpeg', name: 'foto.jpg' });
  const answer = await send(`${api(sandbox, 'x')}/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (answer.status !== 200) throw new Error(`x upload: ${answer.status} ${answer.text}`);
  return answer.body.data.id;
}

/** Initializes and PUTs a LinkedIn image; its URN. */
export async function linkedinImage(sandbox: SocialSandbox, token: string): Promise<string> {
  const init = await postJson(`${api(sandbox, 'linkedin')}/rest/images?action=initializeUpload`, token, { initializeUploadRequest: { owner: TARGET.linkedin } }, LINKEDIN_HEADERS);
  if (init.status !== 200) throw new Error(`linkedin init: ${init.status} ${init.text}`);
  const put = await send(init.body.value.uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg(1200, 627)) });
  if (put.status !== 201) throw new Error(`linkedin put: ${put.status} ${put.text}`);
  return init.body.value.image;
}

/** Starts a YouTube resumable session for `bytes`; the session URI. */
export async function youtubeSession(sandbox: SocialSandbox, token: string, title: string, bytes: number): Promise<string> {
  const answer = await postJson(
    `${sandbox.apps().youtube.urls.upload}/videos?uploadType=resumable&part=snippet,status`,
    token,
    { snippet: { title, description: `Descripción de ${title}`, categoryId: '22' }, status: { privacyStatus: 'public', selfDeclaredMadeForKids: false } },
    { 'X-Upload-Content-Length': String(bytes), 'X-Upload-Content-Type': 'video/mp4' },
  );
  const location = answer.headers.get('location');
  if (answer.status !== 200 || !location) throw new Error(`youtube session: ${answer.status} ${answer.text}`);
  return location;
}

/** A TikTok FILE_UPLOAD video init for `bytes` (under 5 MB: one chunk). */
export const tiktokVideoInit = (sandbox: SocialSandbox, token: string, title: string, bytes: number, privacy = 'SELF_ONLY') =>
  postJson(`${api(sandbox, 'tiktok')}/post/publish/video/init/`, token, {
    post_info: { title, privacy_level: privacy, disable_comment: false },
    source_info: { source: 'FILE_UPLOAD', video_size: bytes, chunk_size: bytes, total_chunk_count: 1 },
  });

/** TikTok's status of a publish. */
export const tiktokStatus = (sandbox: SocialSandbox, token: string, publishId: string) => postJson(`${api(sandbox, 'tiktok')}/post/publish/status/fetch/`, token, { publish_id: publishId });

/** An Instagram image container, waited to FINISHED; its id. */
export async function instagramContainer(sandbox: SocialSandbox, token: string, imageUrl: string, caption: string): Promise<string> {
  const created = await postForm(`${api(sandbox, 'instagram')}/${TARGET.instagram}/media`, token, { image_url: imageUrl, caption });
  if (created.status !== 200) throw new Error(`instagram container: ${created.status} ${created.text}`);
  return created.body.id;
}

/**
 * Publishes `text` with one media item (an image; a video on YouTube and TikTok) through the
 * network's documented steps; the visible create's answer and the post id it leads to.
 */
export async function publishWithMedia(sandbox: SocialSandbox, network: SocialNetwork, token: string, media: MediaServer, text: string): Promise<{ answer: RawAnswer; id: string }> {
  const base = api(sandbox, network);
  switch (network) {
    case 'facebook': {
      const answer = await postForm(`${base}/${TARGET.facebook}/photos`, token, { url: `${media.url}/square.jpg?X-Amz-Signature=abc123`, caption: text, published: 'true' });
      return { answer, id: answer.body.post_id };
    }
    case 'instagram': {
      const container = await instagramContainer(sandbox, token, `${media.url}/square.jpg`, text);
      const answer = await postForm(`${base}/${TARGET.instagram}/media_publish`, token, { creation_id: container });
      return { answer, id: answer.body.id };
    }
    case 'x': {
      const answer = await postJson(`${base}/tweets`, token, { text, media: { media_ids: [await xImage(sandbox, token)] } });
      return { answer, id: answer.body.data.id };
    }
    case 'linkedin': {
      const answer = await postJson(`${base}/rest/posts`, token, linkedinPost(text, await linkedinImage(sandbox, token)), LINKEDIN_HEADERS);
      return { answer, id: answer.headers.get('x-restli-id') ?? '' };
    }
    case 'youtube': {
      const video = mp4();
      const session = await youtubeSession(sandbox, token, text.slice(0, 90), video.length);
      const answer = await send(session, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) });
      return { answer, id: answer.body.id };
    }
    case 'tiktok': {
      const video = mp4();
      const init = await tiktokVideoInit(sandbox, token, text, video.length);
      const { publish_id: publishId, upload_url: uploadUrl } = init.body.data;
      const answer = await send(uploadUrl, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${video.length - 1}/${video.length}` }, body: new Uint8Array(video) });
      await eventually(async () => (await tiktokStatus(sandbox, token, publishId)).body.data.status === 'PUBLISH_COMPLETE');
      const post = sandbox.posts('tiktok').find((candidate) => candidate.refs?.publishId === publishId);
      return { answer, id: post?.id ?? '' };
    }
    case 'pinterest': {
      const answer = await postJson(`${base}/pins`, token, { board_id: TARGET.pinterest, title: 'Pin de prueba', description: text, media_source: { source_type: 'image_url', url: `${media.url}/tall.jpg` } });
      return { answer, id: answer.body.id };
    }
    case 'telegram': {
      const answer = await send(`${base}/sendPhoto`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chat_id: CHANNEL, photo: `${media.url}/square.jpg`, caption: text }) });
      return { answer, id: String(answer.body.result.message_id) };
    }
  }
}

/**
 * Prepares everything before a network's visible create (media uploaded, container finished,
 * upload session open) and returns the create call itself, so a test can hit exactly that call
 * (faults) and repeat it. Each call of the returned function makes one create request with the
 * same text (unique to this preparation), or a fresh text each time when `sameText` is false
 * (X and LinkedIn refuse duplicates).
 */
export async function prepareCreate(sandbox: SocialSandbox, network: SocialNetwork, token: string, media: MediaServer, sameText = true): Promise<() => Promise<RawAnswer>> {
  const base = api(sandbox, network);
  let round = 0;
  const nonce = Math.random().toString(36).slice(2, 8);
  const text = () => (sameText ? `Creación preparada en ${network} ${nonce}` : `Creación preparada en ${network} ${nonce} n.º ${(round += 1)}`);
  switch (network) {
    case 'facebook':
    case 'x':
    case 'linkedin':
    case 'telegram':
      return () => publishText(sandbox, network, token, text());
    case 'instagram': {
      const container = await instagramContainer(sandbox, token, `${media.url}/square.jpg`, text());
      return () => postForm(`${base}/${TARGET.instagram}/media_publish`, token, { creation_id: container });
    }
    case 'youtube': {
      const video = mp4();
      const session = await youtubeSession(sandbox, token, text(), video.length);
      return () => send(session, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) });
    }
    case 'tiktok':
      return () =>
        postJson(`${base}/post/publish/content/init/`, token, {
          post_info: { title: 'Fotos', description: text(), privacy_level: 'SELF_ONLY' },
          source_info: { source: 'PULL_FROM_URL', photo_images: [`${media.url}/square.jpg`], photo_cover_index: 0 },
          post_mode: 'DIRECT_POST',
          media_type: 'PHOTO',
        });
    case 'pinterest':
      return () => postJson(`${base}/pins`, token, { board_id: TARGET.pinterest, description: text(), media_source: { source_type: 'image_url', url: `${media.url}/square.jpg` } });
  }
}
