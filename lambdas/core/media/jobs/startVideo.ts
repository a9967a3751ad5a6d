/**
 * `crearVideo` (issue 18 item 2): checks a video request before anything is spent, then starts
 * its render (./start.ts `startJob`). Checked here: the brand's topics to avoid (brief and
 * scenes), the post a video is for (the caller's, for TikTok, YouTube or Instagram), the gallery
 * assets it names (the caller's, of the right type), and the uploads it names: the caller's keys
 * of the right kind, present, within the kind's size limit, and an image or an audio by their
 * magic bytes (one ranged GET each). Any refusal is a 400/404 with the Spanish reason
 * (MEDIA_MSG) and nothing is recorded or taken.
 */
import { MEDIA_MSG, sniffAudioMediaType, sniffImageMediaType, UPLOAD_RULES, VIDEO_NETWORKS_FOR_RENDER, type CallableOutput, type UploadKind, type VideoRequest } from '@director-ia/shared';
import { InvalidInputError, NotFoundError } from '../../../platform/errors';
import { getObjectHead } from '../../../platform/storage/objects';
import { getAssets } from '../../assets/assets';
import { matchedTopicToAvoid } from '../../brand';
import { getScheduledPost } from '../../plan/posts';
import { readBrandContext } from '../../settings/aiSettings';
import { parseUploadKey } from '../../uploads/keys';
import { startJob } from './start';

const MB = 1024 * 1024;
/** Bytes read of an upload to tell what it is (magic bytes). */
const SNIFF_BYTES = 64;

/** The first SNIFF_BYTES of upload `key` of `sub` of `kind`; refusals per the module header. */
async function checkedUpload(sub: string, key: string, kind: UploadKind, tooLarge: (maxMb: number) => string): Promise<Uint8Array> {
  const parsed = parseUploadKey(key);
  if (!parsed || parsed.sub !== sub || parsed.kind !== kind) throw new NotFoundError(MEDIA_MSG.uploadNotFound);
  const maxBytes = UPLOAD_RULES[kind].maxBytes;
  // A ranged GET: the magic bytes and the size, without reading up to 25 MB.
  const file = await getObjectHead(key, SNIFF_BYTES);
  if (!file) throw new NotFoundError(MEDIA_MSG.uploadNotFound);
  if (file.size > maxBytes) throw new InvalidInputError(tooLarge(maxBytes / MB));
  return file.head;
}

async function checkedImageUpload(sub: string, key: string): Promise<void> {
  const head = await checkedUpload(sub, key, 'videoImage', (mb) => `La imagen supera el tamaño máximo de ${mb} MB.`);
  if (!sniffImageMediaType(head)) throw new InvalidInputError(MEDIA_MSG.notImage);
}

async function checkedAudioUpload(sub: string, key: string, kind: 'videoAudio' | 'soundtrack'): Promise<void> {
  const head = await checkedUpload(sub, key, kind, MEDIA_MSG.audioTooLarge);
  if (!sniffAudioMediaType(head)) throw new InvalidInputError(MEDIA_MSG.notAudio);
}

/** Gallery assets `ids` of `sub` must all exist with one of `types` (one read for all); else 400 `message`. */
async function checkedAssets(sub: string, ids: readonly string[], types: readonly string[], message: string): Promise<void> {
  const found = await getAssets(sub, ids);
  for (const id of ids) {
    const type = found.get(id)?.type;
    if (!type || !types.includes(type)) throw new InvalidInputError(message);
  }
}

async function checkedSoundtrack(sub: string, input: { soundtrackAssetId?: string | undefined; soundtrackKey?: string | undefined }): Promise<void> {
  if (input.soundtrackAssetId) await checkedAssets(sub, [input.soundtrackAssetId], ['music'], MEDIA_MSG.soundtrackNotFound);
  else if (input.soundtrackKey) await checkedAudioUpload(sub, input.soundtrackKey, 'soundtrack');
}

/** `crearVideo`: checks the request (module header) and queues the render for `sub`. */
export async function startVideo(sub: string, input: VideoRequest, now = new Date()): Promise<CallableOutput<'crearVideo'>> {
  switch (input.source) {
    case 'text': {
      const brand = await readBrandContext(sub);
      const captions = input.storyboard?.scenes.map((scene) => `${scene.caption} ${scene.imagePrompt ?? ''}`).join(' ') ?? '';
      const topic = matchedTopicToAvoid(`${input.brief} ${captions}`, brand);
      if (topic) throw new InvalidInputError(MEDIA_MSG.topicToAvoid(topic, 'el vídeo'));
      if (input.postId) {
        const post = await getScheduledPost(sub, input.postId);
        if (!(VIDEO_NETWORKS_FOR_RENDER as readonly string[]).includes(post.platform)) throw new InvalidInputError(MEDIA_MSG.postNotVideo);
      }
      // A scene shows a gallery image, or a gallery video clip (e.g. one a Bedrock video model made).
      const sceneAssets = (input.storyboard?.scenes ?? []).flatMap((scene) => (scene.assetId ? [scene.assetId] : []));
      await checkedAssets(sub, sceneAssets, ['image', 'avatar', 'video'], MEDIA_MSG.imageAssetNotFound);
      await checkedSoundtrack(sub, input);
      return startJob(sub, { kind: 'video', source: 'text', request: input, title: input.storyboard?.title || input.brief, ...(input.postId ? { postId: input.postId } : {}) }, now);
    }
    case 'image': {
      if (input.imageAssetId) await checkedAssets(sub, [input.imageAssetId], ['image', 'avatar'], MEDIA_MSG.imageAssetNotFound);
      else if (input.imageKey) await checkedImageUpload(sub, input.imageKey);
      else throw new InvalidInputError(MEDIA_MSG.imageMissing);
      await checkedSoundtrack(sub, input);
      return startJob(sub, { kind: 'video', source: 'image', request: input, title: input.caption || 'Clip de imagen' }, now);
    }
    case 'audio': {
      await checkedAudioUpload(sub, input.audioKey, 'videoAudio');
      return startJob(sub, { kind: 'video', source: 'audio', request: input, title: input.title || 'Audiograma' }, now);
    }
  }
}
