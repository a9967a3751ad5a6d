/**
 * Object keys and metadata of user files (architecture "Files"): keys are
 * `users/<sub>/<segment>/<id>-<safe name>`. The tenant is the first segment, so a key signed for
 * one user can never land in another's prefix, and event handlers read the tenant back from the
 * key they are given. The original file name travels as metadata. (Imports only the upload
 * rules from shared, not the whole contract: the event Lambda bundles this.)
 */
import { randomBytes } from 'node:crypto';
import { fileExtension, KEY_SEGMENT, type UploadKind } from '@director-ia/shared';

const ID_LENGTH = 20;
const TIME_DIGITS = 9;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A new object id: 20 lower-case letters and digits, the first 9 the creation time in base 36,
 * so ids sort by creation time (newest last) and all have the same length (no id is a prefix of
 * another, which key prefix queries rely on).
 */
export function newObjectId(now = Date.now()): string {
  const time = now.toString(36).padStart(TIME_DIGITS, '0').slice(-TIME_DIGITS);
  const random = Array.from(randomBytes(ID_LENGTH - TIME_DIGITS), (byte) => BASE36[byte % 36]).join('');
  return time + random;
}

const MAX_SAFE_NAME = 100;

/**
 * A file name safe for a key and a URL: accents dropped (NFD), anything but ASCII letters,
 * digits, dot, underscore and hyphen turned into a hyphen, runs collapsed, at most 100
 * characters with the extension kept. The original name travels as metadata.
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const ext = fileExtension(base).replace(/[^a-z0-9]/g, '');
  const stem = (ext ? base.slice(0, base.length - ext.length - 1) : base)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  const room = MAX_SAFE_NAME - (ext ? ext.length + 1 : 0);
  const safeStem = stem.slice(0, room).replace(/[-.]+$/g, '') || 'archivo';
  return ext ? `${safeStem}.${ext}` : safeStem;
}

export function uploadKey(sub: string, kind: UploadKind, id: string, fileName: string): string {
  return `users/${sub}/${KEY_SEGMENT[kind]}/${id}-${safeFileName(fileName)}`;
}

export interface ParsedKey {
  sub: string;
  kind: UploadKind;
  id: string;
  safeName: string;
}

const KEY_PATTERN = /^users\/([^/]+)\/([^/]+)\/([a-z0-9]{20})-([^/]+)$/;

/** The parts of a key `uploadKey` built, or null for any other key. */
export function parseUploadKey(key: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, sub, segment, id, safeName] = match as unknown as [string, string, string, string, string];
  const kind = (Object.keys(KEY_SEGMENT) as UploadKind[]).find((k) => KEY_SEGMENT[k] === segment);
  return kind ? { sub, kind, id, safeName } : null;
}

/** Metadata field carrying the original file name (URI-encoded: S3 metadata is ASCII). */
export const ORIGINAL_NAME_METADATA = 'original-name';

/** The original file name from an object's metadata, if it carries one. */
export function originalName(metadata: Record<string, string>): string | undefined {
  const raw = metadata[ORIGINAL_NAME_METADATA];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
