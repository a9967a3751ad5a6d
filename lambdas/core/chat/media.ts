/**
 * The mobile chat's attachments (issue 6 item 3): a photo (upload kind chatImage) and a voice note
 * (kind chatVoice), uploaded by the browser with `solicitarSubida` and named in a message by their
 * object key. A key is accepted only when it is the caller's own upload of the right kind
 * (`parseUploadKey`: the tenant is the key's first segment) and the object exists; a photo must
 * also be a PNG, JPEG or WEBP by its magic bytes and within the kind's size. Anything else is
 * 400 INVALID_ARGUMENT with a Spanish reason, before anything is stored.
 */
import { CHAT_MSG, sniffImageMediaType, UPLOAD_RULES, type UploadKind } from '@director-ia/shared';
import type { ChatImage } from '../../platform/ai/types';
import { InvalidInputError } from '../../platform/errors';
import { getObject } from '../../platform/storage/objects';
import { parseUploadKey } from '../uploads/keys';

const MB = 1024 * 1024;

/** Throws unless `key` is an upload of `sub` of `kind` (the object itself is not read). */
export function checkChatUploadKey(sub: string, key: string, kind: Extract<UploadKind, 'chatImage' | 'chatVoice'>): void {
  const parsed = parseUploadKey(key);
  if (!parsed || parsed.sub !== sub || parsed.kind !== kind) throw new InvalidInputError(CHAT_MSG.attachmentInvalid);
}

/** The caller's chat photo at `key`, checked (see the module header). */
export async function readChatImage(sub: string, key: string): Promise<ChatImage> {
  checkChatUploadKey(sub, key, 'chatImage');
  const { maxBytes } = UPLOAD_RULES.chatImage;
  const found = await getObject(key, maxBytes);
  if (!found) throw new InvalidInputError(CHAT_MSG.attachmentMissing);
  if ('tooLarge' in found) throw new InvalidInputError(CHAT_MSG.photoTooLarge(maxBytes / MB));
  const mediaType = sniffImageMediaType(found.bytes);
  if (!mediaType) throw new InvalidInputError(CHAT_MSG.photoNotImage);
  return { bytes: found.bytes, mediaType };
}

/** Checks that the caller's voice note at `key` exists (its body is not read). */
export async function checkVoiceNote(sub: string, key: string): Promise<void> {
  checkChatUploadKey(sub, key, 'chatVoice');
  // maxBytes 0: only whether it exists is read, never its body.
  const found = await getObject(key, 0);
  if (!found) throw new InvalidInputError(CHAT_MSG.attachmentMissing);
}
