/**
 * An in-memory stand-in for the uploads bucket, shaped like lambdas/platform/storage/objects.ts,
 * for unit tests of domain modules that read uploads (there is no S3 in the unit run; the real
 * bucket is exercised by the integration tests through s3rver). Use it in a `vi.mock` factory:
 * `vi.mock('<path>/platform/storage/objects', () => memoryBucket())`, then `putUpload(...)`.
 */
import { ORIGINAL_NAME_METADATA } from '../../lambdas/core/uploads/keys';

interface StoredUpload {
  bytes: Uint8Array;
  contentType: string;
  metadata: Record<string, string>;
}

const objects = new Map<string, StoredUpload>();
/** Every key read, in order (how many times the bucket was asked). */
export const bucketReads: string[] = [];

/** Stores an upload as the browser's form POST leaves it (original name in the metadata). */
export function putUpload(key: string, bytes: Uint8Array, contentType: string, fileName: string): void {
  objects.set(key, { bytes, contentType, metadata: { [ORIGINAL_NAME_METADATA]: encodeURIComponent(fileName) } });
}

/** Whether `key` is (still) stored. */
export const hasUpload = (key: string): boolean => objects.has(key);

/** The module's functions over the in-memory map. */
export function memoryBucket() {
  return {
    async getObject(key: string, maxBytes: number) {
      bucketReads.push(key);
      const object = objects.get(key);
      if (!object) return null;
      if (object.bytes.byteLength > maxBytes) return { tooLarge: true as const, size: object.bytes.byteLength };
      return { ...object, size: object.bytes.byteLength };
    },
    async deleteObject(key: string) {
      objects.delete(key);
    },
    async putObject(key: string, bytes: Uint8Array, contentType: string) {
      objects.set(key, { bytes, contentType, metadata: {} });
      return {};
    },
  };
}
