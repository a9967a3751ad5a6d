/**
 * Helpers the publishing routes of every network share (issue 13): media as the feed keeps it,
 * the network-style random ids, the uploaded file of a multipart field, and the limits the
 * networks measure text with.
 */
import { randomBytes } from 'node:crypto';
import type { FeedMedia } from './feed';
import type { SandboxRequest, SpooledFile } from './http';
import type { MediaRecord } from './media';

/** A stored media file as a feed post lists it. */
export const feedMedia = (record: MediaRecord): FeedMedia => ({ id: record.id, type: record.contentType, size: record.size });

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random id of `length` characters from [A-Za-z0-9_-] (YouTube video ids: 11; Instagram shortcodes). */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % 64]).join('');
}

/** The multipart file part named `field`, if any. */
export const fileField = (req: SandboxRequest, field: string): SpooledFile | undefined => req.files.find((file) => file.field === field);

/** Characters as most networks count them (Unicode code points). */
export const codePoints = (text: string): number => [...text].length;

/** A string field of a JSON object, or undefined. */
export const stringField = (object: unknown, key: string): string | undefined => {
  const value = object !== null && typeof object === 'object' ? (object as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** A JSON object field of a JSON object, or undefined. */
export const objectField = (object: unknown, key: string): Record<string, unknown> | undefined => {
  const value = object !== null && typeof object === 'object' ? (object as Record<string, unknown>)[key] : undefined;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
};

/** Whether `value` is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
