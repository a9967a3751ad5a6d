/**
 * "Exportar mis datos" (issue 17 item 2): a job per owner that writes one zip of their data.
 *
 * - `startExport(sub, now)` → the DataExport view (NOT_FOUND without a profile: a token outliving
 *   its deleted account writes nothing): puts the job item `preparando` unless one is
 *   already running (a conditional put on the owner's one `dataexport` item: a second click, or a
 *   retried request, answers the running job), then hands `{job: 'export', uid, id}` to the worker.
 *   A job still `preparando` after EXPORT_STALE_MINUTES (its worker died) may be started again.
 * - `exportStatus(sub, now)` → the view of the latest job, or null; while `lista` and before
 *   `expiresAt`, with a fresh presigned GET link (EXPORT_LINK_SECONDS; a link signed with a
 *   Lambda role's session cannot outlive that session, so it is never stored).
 * - `runExport(sub, id)`: the worker's part. Collects the owner's data (./contents.ts), adds
 *   their files under `users/<sub>/` (previous exports excluded) up to EXPORT_MAX_FILE_BYTES in
 *   total (the zip is built in memory: the worker has 2 GB; files beyond the cap are listed in
 *   `archivos-omitidos.json`), stores `users/<sub>/exports/<id>.zip` and marks the job `lista`
 *   with `expiresAt` = now + EXPORT_TTL_HOURS. Progress is written after each step. A job that is
 *   not `id` any more (a newer one replaced it) is left alone; a failure marks it `error`.
 */
import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { DATA_RIGHTS_MSG, EXPORT_LINK_SECONDS, EXPORT_MAX_FILE_BYTES, EXPORT_OBJECT_TAG, EXPORT_STALE_MINUTES, EXPORT_TTL_HOURS, EXPORTS_KEY_SEGMENT, type DataExport } from '@director-ia/shared';
import { dataExports, type DataExportItem } from '../../platform/db/entities/dataExport';
import { profiles } from '../../platform/db/entities/profile';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { getObject, putObject } from '../../platform/storage/objects';
import { listObjects } from '../../platform/storage/prefix';
import { presignGet } from '../../platform/storage/presign';
import { collectOwnerData } from './contents';
import { handToWorker } from './worker';

/** `users/<sub>/`: everything of the owner in the bucket. */
export const userPrefix = (sub: string): string => `users/${sub}/`;
/** Where export `id` of `sub` is stored. */
export const exportKey = (sub: string, id: string): string => `${userPrefix(sub)}${EXPORTS_KEY_SEGMENT}/${id}.zip`;

function view(item: DataExportItem): DataExport {
  return {
    id: item.id,
    status: item.status,
    progress: item.progress,
    ...(item.message ? { message: item.message } : {}),
    startedAt: item.startedAt,
    ...(item.expiresAt ? { expiresAt: item.expiresAt } : {}),
    ...(item.bytes !== undefined ? { bytes: item.bytes } : {}),
  };
}

/** Starts an export unless one is running (see the module header). */
export async function startExport(sub: string, now = new Date()): Promise<DataExport> {
  // A token still valid after its account was deleted must not write into the erased partition.
  const { data: profile } = await profiles().get({ uid: sub }).go({ attributes: ['uid'] });
  if (!profile) throw new NotFoundError(DATA_RIGHTS_MSG.profileMissing);
  const id = `${now.toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
  const stale = new Date(now.getTime() - EXPORT_STALE_MINUTES * 60_000).toISOString();
  const item = { uid: sub, id, status: 'preparando' as const, progress: 0, message: DATA_RIGHTS_MSG.step.table, startedAt: now.toISOString(), updatedAt: now.toISOString() };
  try {
    await dataExports()
      .put(item)
      .where(({ status, updatedAt }, { notExists, ne, lt }) => `(${notExists(status)} OR ${ne(status, 'preparando')} OR ${lt(updatedAt, stale)})`)
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const { data } = await dataExports().get({ uid: sub }).go();
    if (data) return view(data);
    throw error;
  }
  await handToWorker({ job: 'export', uid: sub, id });
  return view(item);
}

/** The latest export of `sub`, with a fresh link while it lasts (see the module header). */
export async function exportStatus(sub: string, now = new Date()): Promise<DataExport | null> {
  const { data } = await dataExports().get({ uid: sub }).go();
  if (!data) return null;
  const shown = view(data);
  if (data.status === 'lista' && data.key && data.expiresAt && Date.parse(data.expiresAt) > now.getTime()) {
    const seconds = Math.min(EXPORT_LINK_SECONDS, Math.floor((Date.parse(data.expiresAt) - now.getTime()) / 1000));
    return { ...shown, url: await presignGet(data.key, Math.max(seconds, 1), { downloadName: `mis-datos-${data.id}.zip` }) };
  }
  if (data.status === 'lista') {
    const { expiresAt: _expired, ...rest } = shown;
    void _expired;
    return { ...rest, status: 'error', message: 'La exportación ha caducado. Prepara una nueva.' };
  }
  return shown;
}

/** Updates job `id`'s progress, only while it is still that job. Returns false when replaced. */
async function progress(sub: string, id: string, values: Partial<Pick<DataExportItem, 'status' | 'progress' | 'message' | 'key' | 'bytes' | 'expiresAt'>>, now: Date): Promise<boolean> {
  try {
    await dataExports()
      .patch({ uid: sub })
      .set({ ...values, updatedAt: now.toISOString() })
      .where(({ id: current }, { eq }) => eq(current, id))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The worker's part: builds and stores the zip (see the module header). */
export async function runExport(sub: string, id: string): Promise<'done' | 'replaced'> {
  const { data: job } = await dataExports().get({ uid: sub }).go();
  if (!job || job.id !== id || job.status !== 'preparando') return 'replaced';
  try {
    const owner = await collectOwnerData(sub);
    if (!(await progress(sub, id, { progress: 30, message: DATA_RIGHTS_MSG.step.files }, new Date()))) return 'replaced';
    const zip = new JSZip();
    const exportedAt = new Date().toISOString();
    zip.file('LEEME.txt', readme(exportedAt, owner.counts));
    for (const [name, value] of Object.entries(owner.files)) zip.file(`datos/${name}.json`, JSON.stringify(value, null, 2));

    const prefix = userPrefix(sub);
    const files = (await listObjects(prefix)).filter((object) => !object.key.startsWith(`${prefix}${EXPORTS_KEY_SEGMENT}/`));
    let total = 0;
    const omitted: { archivo: string; bytes: number }[] = [];
    for (const [index, file] of files.entries()) {
      const path = file.key.slice(prefix.length);
      if (total + file.size > EXPORT_MAX_FILE_BYTES) {
        omitted.push({ archivo: path, bytes: file.size });
        continue;
      }
      const object = await getObject(file.key, EXPORT_MAX_FILE_BYTES - total);
      if (!object || 'tooLarge' in object) {
        if (object) omitted.push({ archivo: path, bytes: object.size });
        continue;
      }
      total += object.size;
      zip.file(`archivos/${path}`, object.bytes);
      if (index % 20 === 19) await progress(sub, id, { progress: 30 + Math.round((50 * (index + 1)) / files.length) }, new Date());
    }
    if (omitted.length > 0) zip.file('archivos-omitidos.json', JSON.stringify({ motivo: `Más de ${Math.round(EXPORT_MAX_FILE_BYTES / 1024 / 1024)} MB de archivos: pídelos al administrador.`, archivos: omitted }, null, 2));
    if (!(await progress(sub, id, { progress: 85, message: DATA_RIGHTS_MSG.step.zip }, new Date()))) return 'replaced';
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
    const key = exportKey(sub, id);
    await putObject(key, bytes, 'application/zip', { [EXPORT_OBJECT_TAG.key]: EXPORT_OBJECT_TAG.value });
    const done = new Date();
    await progress(sub, id, { status: 'lista', progress: 100, message: DATA_RIGHTS_MSG.step.done, key, bytes: bytes.byteLength, expiresAt: new Date(done.getTime() + EXPORT_TTL_HOURS * 3_600_000).toISOString() }, done);
    return 'done';
  } catch (error) {
    logger.error('Data export failed', { error: error as Error });
    await progress(sub, id, { status: 'error', message: DATA_RIGHTS_MSG.exportFailed }, new Date());
    return 'done';
  }
}

function readme(exportedAt: string, counts: Record<string, number>): string {
  const lines = Object.entries(counts).map(([name, count]) => `- datos/${name}.json: ${count}`);
  return [
    'Exportación de tus datos de Director IA',
    `Fecha: ${exportedAt}`,
    '',
    'datos/: un archivo JSON por tipo de dato (ajustes, publicaciones, artículos, leads, conversaciones con sus mensajes, campañas…).',
    'archivos/: los archivos que subiste o generaste.',
    'Las claves, contraseñas y tokens guardados no se incluyen (solo sus últimos caracteres).',
    '',
    ...lines,
    '',
  ].join('\n');
}
