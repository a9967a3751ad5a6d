/**
 * Object keys of generated assets (architecture "Files"): `users/<sub>/assets/<id>.<ext>`, the
 * tenant first like every user file, so a key made for one user never lands in another's prefix.
 * The folder name, ASSET_KEY_SEGMENT, is part of the deployment contract (shared/deployment.ts).
 */
import { ASSET_KEY_SEGMENT } from '@director-ia/shared';

/** File extension of each media type an asset may have; anything else is stored as `.bin`. */
export const EXTENSION_BY_MEDIA_TYPE: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'weba',
  'audio/midi': 'mid',
};

/** A soundtrack's score as a Standard MIDI File (issue 18), stored beside its MP3. */
export const MIDI_MEDIA_TYPE = 'audio/midi';

export function assetExtension(mediaType: string): string {
  return EXTENSION_BY_MEDIA_TYPE[mediaType.trim().toLowerCase()] ?? 'bin';
}

/** The key of asset `id` of user `sub` with media type `mediaType`. */
export function assetKey(sub: string, id: string, mediaType: string): string {
  return `users/${sub}/${ASSET_KEY_SEGMENT}/${id}.${assetExtension(mediaType)}`;
}
