/**
 * A file on disk for the length of a callback, for what needs a path rather than bytes: ffprobe
 * and ffmpeg on a downloaded video (./media.ts), or a browser file input given megabytes, since
 * Playwright hands a launched browser a path, where a buffer would go base64 through the DevTools
 * pipe (a 26 MB one outlasted the action timeout on a loaded 2-core CI machine).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs `use` with `bytes` written to a temporary file called `name`, then removes it: `use` must
 * finish whatever reads the file (a page reads a chosen file lazily, when it checks it). A
 * browser infers the MIME type from the name's extension.
 */
export async function withFileOnDisk<T>(name: string, bytes: Uint8Array, use: (filePath: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'test-file-'));
  try {
    const filePath = path.join(dir, name);
    await writeFile(filePath, bytes);
    return await use(filePath);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
