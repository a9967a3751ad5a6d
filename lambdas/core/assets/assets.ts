/**
 * Generated assets (issue 4 items 1, 2, 5): the files the Taller produces — images now, avatars,
 * videos and voice samples from the identity lab later — stored in the private uploads bucket at
 * `users/<sub>/assets/<id>.<ext>` with one Asset record each, and shown only through short-lived
 * presigned GET URLs. The tenant is always the verified caller's `sub`; another tenant's id is
 * simply not found.
 *
 * API (for every generator):
 * - `saveAsset(sub, {type, bytes, mediaType, prompt, offline, model, source?})` → the stored
 *   record (`AssetItem`): writes the file, then the record; if the record cannot be written the
 *   file is removed again, so a failure leaves nothing behind.
 * - `assetView(item)` → the browser's `Asset` (with `url` and `downloadUrl`, valid
 *   ASSET_URL_EXPIRES_SECONDS); `assetUrl(item)` → the display URL alone.
 * - `listAssets(sub, type?)` → the caller's assets, newest first (one Query).
 * - `getAsset(sub, id)` → the record or null; `getAssets(sub, ids)` → the records that exist, by id
 *   (one BatchGetItem).
 * - `readAssetFile(sub, id, maxBytes)` → the record and its file's bytes, or null (`maxBytes` may
 *   depend on the record: a clip may be larger than an image).
 * - `deleteAsset(sub, id)` → removes the file (its exact version in the versioned bucket), its
 *   companion (a soundtrack's MIDI) and the record; NOT_FOUND when the caller has no such asset.
 * IAM: saving needs s3:PutObject, URLs s3:GetObject, deleting s3:DeleteObject(+Version) on
 * the `users/<sub>/assets/` area (the `assets:*` permissions of infra/functions.ts).
 */
import { ASSET_ID_PATTERN, ASSET_TYPE_LABELS, ASSET_URL_EXPIRES_SECONDS, TALLER_MSG, type Asset, type AssetType } from '@director-ia/shared';
import { assets, type AssetItem } from '../../platform/db/entities/asset';
import { NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { deleteObject, getObject, putObject } from '../../platform/storage/objects';
import { presignGet } from '../../platform/storage/presign';
import { newObjectId } from '../uploads/keys';
import { assetExtension, assetKey, MIDI_MEDIA_TYPE } from './keys';

export type { AssetItem } from '../../platform/db/entities/asset';

export interface NewAsset {
  type: AssetType;
  bytes: Uint8Array;
  /** Content type of `bytes` (decides the file extension). */
  mediaType: string;
  prompt: string;
  offline: boolean;
  model: string;
  /** What besides the prompt went in (ASSET_SOURCES). */
  source?: string;
  /** A second file stored beside the first (a soundtrack's MIDI), downloadable from the gallery. */
  companion?: { bytes: Uint8Array; mediaType: string };
  /** Length of a video or soundtrack, seconds. */
  durationSeconds?: number;
}

/** Stores a generated file as an asset of `sub` (see the module header). */
export async function saveAsset(sub: string, asset: NewAsset, now = new Date()): Promise<AssetItem> {
  const id = newObjectId(now.getTime());
  const key = assetKey(sub, id, asset.mediaType);
  const { versionId } = await putObject(key, asset.bytes, asset.mediaType);
  let companion: { companionKey: string; companionVersionId?: string; companionMediaType: string } | undefined;
  if (asset.companion) {
    const companionKey = assetKey(sub, id, asset.companion.mediaType);
    try {
      const stored = await putObject(companionKey, asset.companion.bytes, asset.companion.mediaType);
      companion = { companionKey, ...(stored.versionId ? { companionVersionId: stored.versionId } : {}), companionMediaType: asset.companion.mediaType };
    } catch (error) {
      await deleteObject(key, versionId).catch((cleanup: unknown) => logger.warn('Orphan asset file left behind', { key, error: cleanup as Error }));
      throw error;
    }
  }
  const item = {
    uid: sub,
    id,
    type: asset.type,
    prompt: asset.prompt,
    key,
    ...(versionId ? { versionId } : {}),
    mediaType: asset.mediaType,
    size: asset.bytes.byteLength,
    offline: asset.offline,
    model: asset.model,
    ...(asset.source ? { source: asset.source } : {}),
    ...(companion ?? {}),
    ...(asset.durationSeconds !== undefined ? { durationSeconds: Math.round(asset.durationSeconds * 10) / 10 } : {}),
    createdAt: now.toISOString(),
  };
  try {
    await assets().create(item).go();
  } catch (error) {
    await deleteObject(key, versionId).catch((cleanup: unknown) => logger.warn('Orphan asset file left behind', { key, error: cleanup as Error }));
    if (companion) await deleteObject(companion.companionKey, companion.companionVersionId).catch((cleanup: unknown) => logger.warn('Orphan asset file left behind', { key: companion.companionKey, error: cleanup as Error }));
    throw error;
  }
  return item as AssetItem;
}

/** The name a downloaded asset gets, e.g. `imagen-<id>.png` (`mediaType`: of its companion file, e.g. `musica-<id>.mid`). */
export function downloadName(item: Pick<AssetItem, 'type' | 'id' | 'mediaType'>, mediaType = item.mediaType): string {
  const label = ASSET_TYPE_LABELS[item.type]
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return `${label}-${item.id}.${assetExtension(mediaType)}`;
}

/** The display URL of an asset (presigned GET, ASSET_URL_EXPIRES_SECONDS). */
export function assetUrl(item: Pick<AssetItem, 'key'>): Promise<string> {
  return presignGet(item.key, ASSET_URL_EXPIRES_SECONDS);
}

/** The browser's view of an asset, with its short-lived URLs. */
export async function assetView(item: AssetItem): Promise<Asset> {
  const midi = item.companionKey && item.companionMediaType === MIDI_MEDIA_TYPE ? item.companionKey : undefined;
  const [url, downloadUrl, midiDownloadUrl] = await Promise.all([
    assetUrl(item),
    presignGet(item.key, ASSET_URL_EXPIRES_SECONDS, { downloadName: downloadName(item) }),
    midi ? presignGet(midi, ASSET_URL_EXPIRES_SECONDS, { downloadName: downloadName(item, MIDI_MEDIA_TYPE) }) : undefined,
  ]);
  return {
    id: item.id,
    type: item.type,
    prompt: item.prompt,
    createdAt: item.createdAt,
    mediaType: item.mediaType,
    size: item.size,
    offline: item.offline,
    model: item.model,
    ...(item.source ? { source: item.source } : {}),
    ...(item.durationSeconds !== undefined ? { durationSeconds: item.durationSeconds } : {}),
    url,
    downloadUrl,
    ...(midiDownloadUrl ? { midiDownloadUrl } : {}),
  };
}

/** The caller's assets, newest first (ids are time ordered; one Query), optionally of one type. */
export async function listAssets(sub: string, type?: AssetType): Promise<Asset[]> {
  const query = assets().query.byUser({ uid: sub });
  const { data } = await (type ? query.where((attr, op) => op.eq(attr.type, type)) : query).go({ pages: 'all', order: 'desc' });
  return Promise.all(data.map(assetView));
}

/** Asset `id` of `sub`, or null (an id the server could not have made is not looked up). */
export async function getAsset(sub: string, id: string): Promise<AssetItem | null> {
  if (!ASSET_ID_PATTERN.test(id)) return null;
  const { data } = await assets().get({ uid: sub, id }).go();
  return data ?? null;
}

/**
 * The assets of `ids` of `sub` that exist, by id: one BatchGetItem for any number of ids (none
 * for no ids; ids the server could not have made are not looked up, as in getAsset).
 */
export async function getAssets(sub: string, ids: readonly string[]): Promise<Map<string, AssetItem>> {
  const unique = [...new Set(ids)].filter((id) => ASSET_ID_PATTERN.test(id));
  if (unique.length === 0) return new Map();
  const { data } = await assets()
    .get(unique.map((id) => ({ uid: sub, id })))
    .go();
  return new Map(data.map((asset) => [asset.id, asset]));
}

/**
 * The file of asset `id` of `sub` (at most `maxBytes`, or what `maxBytes(record)` allows for that
 * asset, e.g. by its type), or null when the caller has no such asset or its file is missing or
 * larger (a render reads gallery images, clips and soundtracks with it).
 */
export async function readAssetFile(sub: string, id: string, maxBytes: number | ((item: AssetItem) => number)): Promise<{ item: AssetItem; bytes: Uint8Array } | null> {
  const item = await getAsset(sub, id);
  if (!item) return null;
  const file = await getObject(item.key, typeof maxBytes === 'number' ? maxBytes : maxBytes(item));
  if (!file || 'tooLarge' in file) return null;
  return { item, bytes: file.bytes };
}

/** Deletes asset `id` of `sub`: file (exact version) then record. NOT_FOUND when there is none. */
export async function deleteAsset(sub: string, id: string): Promise<{ id: string }> {
  const item = await getAsset(sub, id);
  if (!item) throw new NotFoundError(TALLER_MSG.assetNotFound);
  await deleteObject(item.key, item.versionId);
  if (item.companionKey) await deleteObject(item.companionKey, item.companionVersionId);
  await assets().delete({ uid: sub, id }).go();
  return { id };
}
