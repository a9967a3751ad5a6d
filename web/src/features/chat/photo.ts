/**
 * A photo for the chat (issue 6 item 3): phone cameras take pictures of several megabytes in
 * formats the upload may not accept (HEIC), so a photo larger than PHOTO_REENCODE_BYTES or bigger
 * than PHOTO_MAX_SIDE pixels, or not PNG/JPEG/WEBP, is redrawn as a JPEG of at most PHOTO_MAX_SIDE
 * pixels on its longer side. The upload rules (shared/uploads.ts 'chatImage') still apply after.
 */
const PHOTO_MAX_SIDE = 1600;
const PHOTO_REENCODE_BYTES = 1.5 * 1024 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '') || 'foto';
  return `${base}.jpg`;
}

/** The photo to upload: `file` itself, or a smaller JPEG of it (see the module header). */
export async function preparePhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file; // Not decodable here: the upload rules will say why.
  const largest = Math.max(bitmap.width, bitmap.height);
  if (ACCEPTED.includes(file.type) && file.size <= PHOTO_REENCODE_BYTES && largest <= PHOTO_MAX_SIDE) {
    bitmap.close();
    return file;
  }
  const scale = Math.min(1, PHOTO_MAX_SIDE / largest);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg' }) : file;
}
