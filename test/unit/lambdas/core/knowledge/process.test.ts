/**
 * Idempotent deliveries of the knowledge processing (S3 ObjectCreated may arrive twice): a
 * finished document is not read, embedded or written again. Against DynamoDB Local, the bucket in
 * memory. (Moved from the knowledge integration test, issue 11 item 7: a second delivery of the
 * same event cannot be produced through the public surface.) And a page bomb becomes the
 * document's Spanish error state before any text is extracted (issue 16 finding 6).
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { bucketReads, putUpload } from '../../../../support/memory-bucket';
import { rawTableAt } from '../../../../support/raw-table';

vi.mock('../../../../../lambdas/platform/storage/objects', async () => (await import('../../../../support/memory-bucket')).memoryBucket());

const db = await useDomainEnv();
const { processUploadedObject } = await import('../../../../../lambdas/core/knowledge/process');
const { listDocuments } = await import('../../../../../lambdas/core/knowledge/documents');
const { newObjectId, uploadKey } = await import('../../../../../lambdas/core/uploads/keys');
const raw = rawTableAt(db.endpoint, db.table);

describe('processUploadedObject', () => {
  it('does not process a finished document again on a repeated delivery', async () => {
    const sub = uniqueSub();
    const key = uploadKey(sub, 'knowledge', newObjectId(), 'horario.txt');
    putUpload(key, new TextEncoder().encode('Abrimos de lunes a sábado de nueve a dos.\n\nLos domingos, cerrado.'), 'text/plain', 'horario.txt');
    expect(await processUploadedObject({ key })).toBe('listo');
    const [doc] = await listDocuments(sub);
    expect(doc).toMatchObject({ status: 'listo', name: 'horario.txt' });
    const chunks = await raw.query(`user#${sub}`, 'knowledge#chunk#');
    expect(chunks.length).toBe(doc?.chunkCount);
    const reads = bucketReads.filter((k) => k === key).length;

    expect(await processUploadedObject({ key, eventTime: new Date().toISOString() })).toBe('duplicate');
    expect(await listDocuments(sub)).toEqual([doc]);
    expect(await raw.query(`user#${sub}`, 'knowledge#chunk#')).toEqual(chunks);
    expect(bucketReads.filter((k) => k === key)).toHaveLength(reads);
  });

  it('records a page bomb as an error in Spanish, without extracting it (issue 16 finding 6)', async () => {
    const sub = uniqueSub();
    const key = uploadKey(sub, 'knowledge', newObjectId(), 'bomba.pdf');
    const pdf = await PDFDocument.create();
    for (let page = 0; page < 1001; page++) pdf.addPage([100, 100]);
    putUpload(key, await pdf.save(), 'application/pdf', 'bomba.pdf');
    expect(await processUploadedObject({ key })).toBe('error');
    const [doc] = await listDocuments(sub);
    expect(doc).toMatchObject({ status: 'error', errorReason: 'El PDF tiene demasiadas páginas (máximo 1000).', chunkCount: 0 });
  });
});
