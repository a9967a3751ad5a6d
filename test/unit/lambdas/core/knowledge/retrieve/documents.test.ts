/**
 * Retrieval over processed documents (offline embeddings, DynamoDB Local): real PDF, DOCX and
 * Latin-1 TXT files with Spanish text go through the processing (the bucket in memory), then
 * paraphrased questions retrieve the right document first, scores descending, and a tenant never
 * retrieves another tenant's passages. (Moved from the knowledge integration test, issue 11 item
 * 7: retrieval has no callable of its own; the upload → 'listo' path stays there.)
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCX_CONTENT_TYPE } from '@director-ia/shared';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';
import { latin1, makeDocx, makePdf, SPANISH_DOCS, utf8 } from '../../../../../support/knowledge-fixtures';
import { putUpload } from '../../../../../support/memory-bucket';

vi.mock('../../../../../../lambdas/platform/storage/objects', async () => (await import('../../../../../support/memory-bucket')).memoryBucket());

await useDomainEnv();
const { processUploadedObject } = await import('../../../../../../lambdas/core/knowledge/process');
const { retrievePassages } = await import('../../../../../../lambdas/core/knowledge/retrieve');
const { newObjectId, uploadKey } = await import('../../../../../../lambdas/core/uploads/keys');

type Kind = 'pdf' | 'docx' | 'txt';

/** Stores and processes one upload of `sub`; resolves with its document id. */
async function processed(sub: string, name: string, type: string, bytes: Uint8Array): Promise<string> {
  const id = newObjectId();
  const key = uploadKey(sub, 'knowledge', id, name);
  putUpload(key, bytes, type, name);
  expect(await processUploadedObject({ key })).toBe('listo');
  return id;
}

const owner = uniqueSub();
const other = uniqueSub();
const docs = {} as Record<Kind, { id: string; name: string }>;

beforeAll(async () => {
  const files: Record<Kind, { name: string; type: string; bytes: Uint8Array }> = {
    pdf: { name: SPANISH_DOCS.panaderia.name, type: 'application/pdf', bytes: await makePdf([SPANISH_DOCS.panaderia.paragraphs.slice(0, 2), SPANISH_DOCS.panaderia.paragraphs.slice(2)]) },
    docx: { name: SPANISH_DOCS.taller.name, type: DOCX_CONTENT_TYPE, bytes: await makeDocx([...SPANISH_DOCS.taller.paragraphs]) },
    txt: { name: SPANISH_DOCS.cafeteria.name, type: 'text/plain', bytes: latin1(SPANISH_DOCS.cafeteria.paragraphs.join('\r\n\r\n')) },
  };
  for (const kind of ['pdf', 'docx', 'txt'] as const) {
    const { name, type, bytes } = files[kind];
    docs[kind] = { id: await processed(owner, name, type, bytes), name };
  }
});

const QUESTIONS: [string, Kind][] = [
  ['¿A qué hora abrís los sábados?', 'pdf'],
  ['¿Hacéis tartas por encargo para un cumpleaños?', 'pdf'],
  ['¿Tenéis algo sin gluten para celíacos?', 'pdf'],
  ['¿Cuánto tarda la revisión de mi bici?', 'docx'],
  ['¿Venís a recoger la bicicleta a mi casa?', 'docx'],
  ['Me llegó el pedido roto, ¿me devolvéis el dinero?', 'txt'],
  ['¿Puedo cambiar el café en grano por otro si no he abierto el paquete?', 'txt'],
];

describe('retrievePassages', () => {
  it.each(QUESTIONS)('"%s" → the %s document first', async (question, kind) => {
    const passages = await retrievePassages(owner, question);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages[0]?.docId, JSON.stringify(passages.map((p) => [p.docName, p.score.toFixed(3)]))).toBe(docs[kind].id);
    expect(passages[0]?.docName).toBe(docs[kind].name);
    for (let i = 1; i < passages.length; i++) expect(passages[i - 1]!.score).toBeGreaterThanOrEqual(passages[i]!.score);
  });

  it("tenant B never retrieves tenant A's passages", async () => {
    for (const [question] of QUESTIONS) expect(await retrievePassages(other, question)).toEqual([]);
    const mine = await processed(other, 'mi-tienda.txt', 'text/plain', utf8('Tienda de Beatriz: vendemos zapatillas de montaña y mochilas. Abrimos los sábados por la tarde.'));
    const ownerIds = new Set(Object.values(docs).map((doc) => doc.id));
    for (const [question] of QUESTIONS) {
      const passages = await retrievePassages(other, question, 10);
      expect(passages.length).toBeGreaterThan(0);
      expect(passages.every((p) => p.docId === mine && !ownerIds.has(p.docId))).toBe(true);
      const ownerPassages = await retrievePassages(owner, question, 10);
      expect(ownerPassages.some((p) => p.docId === mine)).toBe(false);
    }
  });
});
