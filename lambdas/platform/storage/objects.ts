/**
 * Reading, writing, checking and deleting objects of the uploads bucket, and naming it (the door
 * to S3 with presign.ts; issue 11 item 1).
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { logger } from '../logger';
import { s3, uploadsBucket } from './client';

export { uploadsBucket } from './client';

/** The `s3://` URI of `key` in the uploads bucket ('' names the bucket's root, `s3://<bucket>/`), for services that read or write there themselves. */
export function uploadsUri(key = ''): string {
  return `s3://${uploadsBucket()}/${key}`;
}

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  /** User metadata (`x-amz-meta-*`), names lower case without the prefix. */
  metadata: Record<string, string>;
  /** Set when the bucket is versioned: deleting this version removes the object for good. */
  versionId?: string;
  size: number;
}

/**
 * An object's bytes and headers, or null when it does not exist. Objects larger than `maxBytes`
 * are not read: `tooLarge` is returned with their size instead.
 */
export async function getObject(key: string, maxBytes: number): Promise<StoredObject | { tooLarge: true; size: number; versionId?: string } | null> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: uploadsBucket(), Key: key }));
    const size = out.ContentLength ?? 0;
    const versionId = out.VersionId && out.VersionId !== 'null' ? out.VersionId : undefined;
    if (size > maxBytes) {
      out.Body?.transformToWebStream().cancel().catch(() => undefined);
      return { tooLarge: true, size, ...(versionId ? { versionId } : {}) };
    }
    const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    return {
      bytes,
      contentType: out.ContentType ?? '',
      metadata: out.Metadata ?? {},
      ...(versionId ? { versionId } : {}),
      size: bytes.byteLength,
    };
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** The first bytes of an object and its whole size (bytes), from one ranged GET. */
export interface ObjectHead {
  head: Uint8Array;
  size: number;
}

/**
 * The first `bytes` bytes of object `key` and its whole size, or null when it does not exist: one
 * ranged GET (`Range: bytes=0-<bytes-1>`), so checking a large upload's magic bytes reads no more
 * than that. The size comes from `Content-Range`; an empty object (S3 answers its ranged GET with
 * 416 InvalidRange) has an empty head and size 0.
 */
export async function getObjectHead(key: string, bytes: number): Promise<ObjectHead | null> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: uploadsBucket(), Key: key, Range: `bytes=0-${Math.max(0, bytes - 1)}` }));
    const head = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    // `bytes 0-63/12345`; a server that ignored the range sent the whole object instead.
    const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
    return { head: head.subarray(0, bytes), size: total !== undefined ? Number(total) : (out.ContentLength ?? head.byteLength) };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (error instanceof NoSuchKey || name === 'NoSuchKey') return null;
    if (name === 'InvalidRange' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return { head: new Uint8Array(), size: 0 };
    throw error;
  }
}

/**
 * Deletes an object. With `versionId` (versioned bucket) that version is removed permanently
 * instead of being hidden behind a delete marker; keys are unique per upload, so it is the file.
 * Deleting a missing object succeeds.
 */
export async function deleteObject(key: string, versionId?: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: uploadsBucket(), Key: key, ...(versionId ? { VersionId: versionId } : {}) }));
}

/**
 * Stores `bytes` under `key` with its content type (and object `tags`, which lifecycle rules may
 * select: the role then needs s3:PutObjectTagging too). Returns the version id when the bucket is
 * versioned (deleting that version later removes the object for good).
 */
export async function putObject(key: string, bytes: Uint8Array, contentType: string, tags: Record<string, string> = {}): Promise<{ versionId?: string }> {
  const tagging = new URLSearchParams(tags).toString();
  const out = await s3().send(new PutObjectCommand({ Bucket: uploadsBucket(), Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength, ...(tagging ? { Tagging: tagging } : {}) }));
  return out.VersionId && out.VersionId !== 'null' ? { versionId: out.VersionId } : {};
}

/**
 * Whether an object exists (one HEAD request). Without s3:ListBucket, S3 answers a HEAD of a
 * missing object with 403 instead of 404, so both mean "missing" (a 403 is logged as a warning,
 * in case it hides a real permission problem). Any other failure is thrown.
 */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: uploadsBucket(), Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 404 && status !== 403) throw error;
    if (status === 403) logger.warn('Object HEAD was denied: treated as missing', { key });
    return false;
  }
}
