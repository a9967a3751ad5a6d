/**
 * Presigned URLs for the browser (architecture "Files"): a POST policy for one exact key with a
 * size range and a fixed content type, and short-lived GET URLs for downloads.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3, uploadsBucket } from './client';

export interface PresignPostInput {
  key: string;
  contentType: string;
  /** Upper bound of `content-length-range` (the lower bound is 1: empty files are refused). */
  maxBytes: number;
  expiresInSeconds: number;
  /** User metadata, sent as `x-amz-meta-<name>` fields and pinned by the policy. ASCII values. */
  metadata?: Record<string, string>;
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * A presigned POST that accepts exactly one object: key equal to `key`, `Content-Type` equal to
 * `contentType`, size in [1, maxBytes], metadata as given, before the expiry. Every form field
 * is pinned by an exact-match condition, so the browser cannot change any of them.
 */
export async function presignPost({ key, contentType, maxBytes, expiresInSeconds, metadata = {} }: PresignPostInput): Promise<PresignedPost> {
  const metaFields = Object.fromEntries(Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]));
  const conditions: PresignedPostOptions['Conditions'] = [['content-length-range', 1, maxBytes]];
  return createPresignedPost(s3(), {
    Bucket: uploadsBucket(),
    Key: key,
    // createPresignedPost turns every field (and the key) into an exact-match condition.
    Fields: { 'Content-Type': contentType, ...metaFields },
    Conditions: conditions,
    Expires: expiresInSeconds,
  });
}

export interface PresignGetOptions {
  /** The response asks the browser to save it as this file (`Content-Disposition: attachment`, signed into the URL). */
  downloadName?: string;
  /** The response's `Cache-Control` (signed into the URL). */
  cacheControl?: string;
  /** The signature's time instead of now: one date gives one URL, so a cache can reuse it. */
  signingDate?: Date;
}

/** A GET URL for one object, valid for `expiresInSeconds` from its signing date (see PresignGetOptions). */
export async function presignGet(key: string, expiresInSeconds = 300, options: PresignGetOptions = {}): Promise<string> {
  const disposition = options.downloadName ? `attachment; filename="${options.downloadName.replace(/[^\w.-]/g, '_')}"` : undefined;
  const command = new GetObjectCommand({
    Bucket: uploadsBucket(),
    Key: key,
    ...(options.cacheControl ? { ResponseCacheControl: options.cacheControl } : {}),
    ...(disposition ? { ResponseContentDisposition: disposition } : {}),
  });
  return getSignedUrl(s3(), command, { expiresIn: expiresInSeconds, ...(options.signingDate ? { signingDate: options.signingDate } : {}) });
}
