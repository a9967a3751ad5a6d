/**
 * A generated asset as the browser sees it (issue 4 item 5, architecture "Data": Asset): what was
 * generated, from which prompt, when, by which model (offline or not), with short-lived URLs to
 * show it and to download it. The file itself stays in the private uploads bucket.
 */
import * as z from 'zod/mini';
import { ASSET_TYPES } from '../assets';

/** Asset ids: what the server generates (time-ordered, lower-case letters and digits). */
export const ASSET_ID_PATTERN = /^[a-z0-9]{20}$/;

export const AssetSchema = z.object({
  id: z.string(),
  type: z.enum(ASSET_TYPES),
  /** The owner's instruction, as typed (trimmed). */
  prompt: z.string(),
  /** ISO 8601, set by the server. */
  createdAt: z.string(),
  /** Content type of the file, e.g. 'image/png', 'audio/mpeg', 'video/mp4'. */
  mediaType: z.string(),
  /** Bytes. */
  size: z.number(),
  /** True when the offline provider made it (no AI model): the UI labels it. */
  offline: z.boolean(),
  /** The model (or offline renderer) that produced it. */
  model: z.string(),
  /** What besides the prompt went in (ASSET_SOURCES), e.g. 'inspiration'. */
  source: z.optional(z.string()),
  /** Presigned GET URL for showing it, valid ASSET_URL_EXPIRES_SECONDS. */
  url: z.string(),
  /** Presigned GET URL that downloads it as a file (Content-Disposition: attachment). */
  downloadUrl: z.string(),
  /** Presigned GET URL that downloads the soundtrack's MIDI file ('music' assets, issue 18). */
  midiDownloadUrl: z.optional(z.string()),
  /** Length of a video or soundtrack, seconds. */
  durationSeconds: z.optional(z.number()),
});
export type Asset = z.infer<typeof AssetSchema>;
