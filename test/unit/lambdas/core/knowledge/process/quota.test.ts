/**
 * The embedded passages' daily quota (issue 16 finding 2): the knowledge processing counts a
 * document's passages before embedding them (DAILY_EMBEDDED_PASSAGE_QUOTA); a document that does not
 * fit ends as 'error' with a Spanish reason, is not embedded and its file is removed; a repeated
 * delivery of a document being processed does not count its passages twice. Against DynamoDB Local,
 * the bucket in memory.
 */
import { describe, expect, it, vi } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';
import { putUpload } from '../../../../../support/memory-bucket';
import { rawTableAt } from '../../../../../support/raw-table';

vi.mock('../../../../../../lambdas/platform/storage/objects', async () => (await import('../../../../../support/memory-bucket')).memoryBucket());

const db = await useDomainEnv({ DAILY_EMBEDDED_PASSAGE_QUOTA: '3' });
const { processUploadedObject } = await import('../../../../../../lambdas/core/knowledge/process');
const { listDocuments } = await import('../../../../../../lambdas/core/knowledge/documents');
const { chunkText } = await import('../../../../../../lambdas/core/knowledge/chunk');
const { newObjectId, uploadKey } = await import('../../../../../../lambdas/core/uploads/keys');
const raw = rawTableAt(db.endpoint, db.table);

/** A text of exactly `n` passages. */
function textOf(n: number): string {
  const paragraph = (i: number) => `Párrafo ${i}. ${'Texto de la tienda con sus horarios y productos. '.repeat(12)}`;
  for (let count = 1; count < n * 4; count += 1) {
    const text = Array.from({ length: count }, (_, i) => paragraph(i)).join('\n\n');
    if (chunkText(text).length === n) return text;
  }
  throw new Error(`no text of ${n} passages`);
}

function upload(sub: string, name: string, text: string): string {
  const key = uploadKey(sub, 'knowledge', newObjectId(), name);
  putUpload(key, new TextEncoder().encode(text), 'text/plain', name);
  return key;
}

describe('the embedded passages quota', () => {
  it('refuses a document whose passages do not fit today with a Spanish error state and embeds nothing of it', async () => {
    const sub = uniqueSub();
    expect(await processUploadedObject({ key: upload(sub, 'uno.txt', textOf(2)) })).toBe('listo');
    const chunks = await raw.query(`user#${sub}`, 'knowledge#chunk#');
    expect(await processUploadedObject({ key: upload(sub, 'dos.txt', textOf(2)) })).toBe('error');
    const docs = await listDocuments(sub);
    expect(docs.find((d) => d.name === 'dos.txt')).toMatchObject({ status: 'error', errorReason: expect.stringContaining('Has alcanzado el límite diario de fragmentos de documentos procesados (3)') });
    expect(await raw.query(`user#${sub}`, 'knowledge#chunk#')).toHaveLength(chunks.length);
    // One passage still fits.
    expect(await processUploadedObject({ key: upload(sub, 'tres.txt', textOf(1)) })).toBe('listo');
  });

  it('does not count again the passages of a document redelivered while it was being processed', async () => {
    const sub = uniqueSub();
    const key = upload(sub, 'uno.txt', textOf(2));
    expect(await processUploadedObject({ key })).toBe('listo');
    // As if the first run had stopped before marking it finished: the redelivery processes it again.
    const [doc] = await raw.query(`user#${sub}`, 'knowledge#doc#');
    await raw.put({ ...doc, status: 'procesando' });
    expect(await processUploadedObject({ key })).toBe('listo');
    expect(await processUploadedObject({ key: upload(sub, 'otro.txt', textOf(1)) })).toBe('listo');
  });
});
