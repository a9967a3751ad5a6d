/**
 * Listing and emptying a key prefix of the uploads bucket (issue 17 item 2: the data export reads
 * everything under `users/<sub>/`, the account deletion removes it).
 *
 * - `listObjects(prefix)` → every current object `{key, size}` under `prefix` (ListObjectsV2, all pages).
 * - `deletePrefix(prefix)` → how many object versions were deleted. When the bucket keeps versions
 *   (env UPLOADS_VERSIONED=true, the stack's bucket) it lists every version and delete marker
 *   (ListObjectVersions) and deletes each by version id, so nothing of the prefix survives; else
 *   (the twin's s3rver keeps no versions) the current objects. DeleteObjects, 1000 keys per call;
 *   a key S3 reports as failed throws. Repeating it is harmless.
 * The role needs s3:ListBucket (and s3:ListBucketVersions) for the prefix and s3:DeleteObject (and
 * s3:DeleteObjectVersion) on its keys (infra/functions.ts 'uploads:listUsers', 'uploads:deleteUsers').
 */
import { DeleteObjectsCommand, ListObjectsV2Command, ListObjectVersionsCommand, type ObjectIdentifier } from '@aws-sdk/client-s3';
import { UPLOADS_VERSIONED_ENV } from '@director-ia/shared';
import { s3, uploadsBucket } from './client';

/** Keys per DeleteObjects (S3's maximum). */
const DELETE_BATCH = 1000;

export interface ListedObject {
  key: string;
  size: number;
}

/** Every current object under `prefix` (see the module header). */
export async function listObjects(prefix: string): Promise<ListedObject[]> {
  const objects: ListedObject[] = [];
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: uploadsBucket(), Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    for (const object of out.Contents ?? []) if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0 });
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

async function deleteBatch(identifiers: ObjectIdentifier[]): Promise<void> {
  for (let start = 0; start < identifiers.length; start += DELETE_BATCH) {
    const out = await s3().send(new DeleteObjectsCommand({ Bucket: uploadsBucket(), Delete: { Objects: identifiers.slice(start, start + DELETE_BATCH), Quiet: true } }));
    const failed = out.Errors ?? [];
    if (failed.length > 0) throw new Error(`S3 could not delete ${failed.length} objects (first: ${failed[0]?.Code ?? 'unknown'})`);
  }
}

/** Every version (and delete marker) under `prefix`. */
async function listVersions(prefix: string): Promise<ObjectIdentifier[]> {
  const identifiers: ObjectIdentifier[] = [];
  let keyMarker: string | undefined;
  let versionMarker: string | undefined;
  do {
    const out = await s3().send(new ListObjectVersionsCommand({ Bucket: uploadsBucket(), Prefix: prefix, ...(keyMarker ? { KeyMarker: keyMarker } : {}), ...(versionMarker ? { VersionIdMarker: versionMarker } : {}) }));
    for (const version of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) {
      if (version.Key) identifiers.push({ Key: version.Key, ...(version.VersionId ? { VersionId: version.VersionId } : {}) });
    }
    keyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
    versionMarker = out.IsTruncated ? out.NextVersionIdMarker : undefined;
  } while (keyMarker);
  return identifiers;
}

/** Deletes everything under `prefix` (see the module header). */
export async function deletePrefix(prefix: string, env: Record<string, string | undefined> = process.env): Promise<number> {
  if (!prefix.endsWith('/')) throw new Error('deletePrefix needs a prefix ending in /');
  const identifiers = env[UPLOADS_VERSIONED_ENV] === 'true' ? await listVersions(prefix) : (await listObjects(prefix)).map((object) => ({ Key: object.key }));
  await deleteBatch(identifiers);
  return identifiers.length;
}
