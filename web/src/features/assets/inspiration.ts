/**
 * The inspiration image of the image tab (spec 2, 5, 7): read in the browser as a data URL; what
 * is sent is the part after the comma (`imageBase64`). Checked before anything is sent, with the
 * server's own rules (shared/assets.ts): at most MAX_INSPIRATION_BYTES, and a PNG, JPEG or WEBP by
 * its first bytes — the picker filters to images, but a file's name and type are not trusted.
 */
import { MAX_INSPIRATION_BYTES, sniffImageMediaType, TALLER_MSG } from '@director-ia/shared';

export interface Inspiration {
  name: string;
  /** For the preview. */
  dataUrl: string;
  /** The part after the comma: the payload's `imageBase64`. */
  base64: string;
}

/** Accept filter of the picker (spec 5: pickers filter to images). */
export const INSPIRATION_ACCEPT = 'image/*';

export class InspirationError extends Error {
  override name = 'InspirationError';
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new InspirationError(TALLER_MSG.inspirationUnreadable));
    reader.readAsDataURL(file);
  });
}

/** The file as an inspiration image, or InspirationError with the Spanish reason. */
export async function readInspiration(file: File): Promise<Inspiration> {
  if (file.size > MAX_INSPIRATION_BYTES) throw new InspirationError(TALLER_MSG.inspirationTooLarge(MAX_INSPIRATION_BYTES / (1024 * 1024)));
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (file.size === 0 || !sniffImageMediaType(head)) throw new InspirationError(TALLER_MSG.inspirationNotImage);
  const dataUrl = await readAsDataUrl(file);
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0) throw new InspirationError(TALLER_MSG.inspirationUnreadable);
  return { name: file.name, dataUrl, base64: dataUrl.slice(comma + 1) };
}
