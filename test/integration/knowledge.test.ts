/**
 * The knowledge base against the twin (issue 3 item 4): real PDF, DOCX and Latin-1 TXT files
 * with Spanish text are POSTed to s3rver with the presigned fields like a browser would; the
 * ObjectCreated event runs the processing handler; the documents reach 'listo' with their
 * passages stored and accents intact; deletion removes file, record and chunks; bad uploads are
 * refused or end as 'error' with nothing left behind. Retrieval over processed documents and
 * repeated deliveries are unit-tested (test/unit/lambdas/core/knowledge/retrieve/documents.test.ts,
 * process.test.ts).
 */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DOCX_CONTENT_TYPE, UPLOAD_MSG, type CallableOutput, type KnowledgeDocument } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { REJECTION } from '../../lambdas/core/knowledge/extract';
import { call, callOk } from '../support/api';
import { rawTable } from '../support/dynamo';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { latin1, makeDocx, makePdf, SPANISH_DOCS, utf8 } from '../support/knowledge-fixtures';

const twin = inject('twin');

type Grant = CallableOutput<'solicitarSubida'>;

interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

let s3: S3Client;
let bucket: string;

/** The id a document gets: the 20 characters after the kind folder of its key. */
const idOfKey = (key: string) => key.split('/')[3]?.slice(0, 20) ?? '';

/** Asks for an upload URL and POSTs the file as a browser form (fields first, then `file`). */
async function upload(user: TestUser, file: UploadFile, declaredSize = file.bytes.byteLength): Promise<Grant> {
  const grant = await callOk<Grant>(twin, 'solicitarSubida', { kind: 'knowledge', fileName: file.name, contentType: file.type, size: declaredSize }, user.accessToken);
  await postForm(grant, file);
  return grant;
}

async function postForm(grant: Grant, file: UploadFile): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(grant.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`S3 POST failed: ${response.status} ${await response.text()}`);
}

async function documents(user: TestUser): Promise<KnowledgeDocument[]> {
  return (await callOk<{ documents: KnowledgeDocument[] }>(twin, 'listarDocumentos', null, user.accessToken)).documents;
}

/** Polls the list until document `id` has left 'procesando'. */
async function settled(user: TestUser, id: string): Promise<KnowledgeDocument> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const doc = (await documents(user)).find((d) => d.id === id);
    if (doc && doc.status !== 'procesando') return doc;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${doc?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface RawChunk {
  docId: string;
  text: string;
  model: string;
  dimensions: number;
  embedding: Uint8Array;
}

/** The chunk items of a tenant, read raw from the table (every page). */
async function rawChunks(sub: string, docId?: string): Promise<RawChunk[]> {
  const items = (await rawTable(twin).query(`user#${sub}`, 'knowledge#chunk#')) as unknown as RawChunk[];
  return docId ? items.filter((item) => item.docId === docId) : items;
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

let owner: TestUser;
let other: TestUser;
const uploaded: Record<'pdf' | 'docx' | 'txt', { grant: Grant; doc: KnowledgeDocument }> = {} as never;

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  [owner, other] = await Promise.all([registerUser(twin, 'kb-owner'), registerUser(twin, 'kb-other')]);
  for (const user of [owner, other]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
});

describe('uploading and processing real documents', () => {
  it('a PDF, a DOCX and a Latin-1 TXT with Spanish text reach "listo"', async () => {
    const files = {
      pdf: { name: SPANISH_DOCS.panaderia.name, type: 'application/pdf', bytes: await makePdf([SPANISH_DOCS.panaderia.paragraphs.slice(0, 2), SPANISH_DOCS.panaderia.paragraphs.slice(2)]) },
      docx: { name: SPANISH_DOCS.taller.name, type: DOCX_CONTENT_TYPE, bytes: await makeDocx([...SPANISH_DOCS.taller.paragraphs]) },
      txt: { name: SPANISH_DOCS.cafeteria.name, type: 'text/plain', bytes: latin1(SPANISH_DOCS.cafeteria.paragraphs.join('\r\n\r\n')) },
    };
    for (const kind of ['pdf', 'docx', 'txt'] as const) {
      const grant = await upload(owner, files[kind]);
      expect(grant.key.startsWith(`users/${owner.sub}/knowledge/`)).toBe(true);
      const doc = await settled(owner, idOfKey(grant.key));
      uploaded[kind] = { grant, doc };
      expect(doc, `${kind}: ${doc.errorReason}`).toMatchObject({ status: 'listo', name: files[kind].name, size: files[kind].bytes.byteLength, type: files[kind].type });
      expect(doc.chunkCount).toBeGreaterThan(0);
      expect(doc.errorReason).toBeUndefined();
      expect(Date.now() - Date.parse(doc.uploadedAt)).toBeLessThan(120_000);
    }
    const url = new URL(uploaded.pdf.grant.url);
    bucket = url.pathname.slice(1);
    s3 = new S3Client({ endpoint: url.origin, forcePathStyle: true, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  });

  it.each([
    ['pdf', SPANISH_DOCS.panaderia.words],
    ['docx', SPANISH_DOCS.taller.words],
    ['txt', SPANISH_DOCS.cafeteria.words],
  ] as const)('the %s passages hold the exact accented words, one chunk per passage with its embedding', async (kind, words) => {
    const { doc } = uploaded[kind];
    const chunks = await rawChunks(owner.sub, doc.id);
    expect(chunks).toHaveLength(doc.chunkCount);
    const text = chunks.map((c) => c.text).join('\n');
    for (const word of words) expect(text).toContain(word);
    for (const chunk of chunks) {
      expect(chunk.model).toBe('offline-hash-v1');
      expect(chunk.embedding.byteLength).toBe(chunk.dimensions * 4);
    }
  });

  it('a long document is listed as "procesando" while it is processed, then "listo"', async () => {
    // About 1450 passages (~700 KB): long enough to observe the server-side state before listo.
    const paragraph = (i: number) => `Sección ${i}: la panadería amplía su carta con pan de centeno, empanadas gallegas y roscón de Reyes por encargo. `.repeat(4);
    const text = Array.from({ length: 1500 }, (_, i) => paragraph(i)).join('\n\n');
    const grant = await upload(owner, { name: 'carta-completa.txt', type: 'text/plain', bytes: latin1(text) });
    const id = idOfKey(grant.key);
    const states: string[] = [];
    const started = Date.now();
    for (;;) {
      const doc = (await documents(owner)).find((d) => d.id === id);
      if (doc && states.at(-1) !== doc.status) states.push(doc.status);
      if (doc && doc.status !== 'procesando') break;
      if (Date.now() - started > 90_000) throw new Error(`still ${doc?.status ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(states).toEqual(['procesando', 'listo']);
    const [doc] = (await documents(owner)).filter((d) => d.id === id);
    expect(doc?.chunkCount).toBeGreaterThan(1000);
    expect(await rawChunks(owner.sub, id)).toHaveLength(doc?.chunkCount ?? -1);
    // Deleting it removes every chunk (more than one query page and many batch deletes).
    expect(await callOk(twin, 'eliminarDocumento', { id }, owner.accessToken)).toEqual({ id });
    expect(await rawChunks(owner.sub, id)).toEqual([]);
  });

  it('lists the documents newest first and keeps the files in the bucket', async () => {
    const ids = (await documents(owner)).map((d) => d.id);
    expect(ids).toEqual([uploaded.txt.doc.id, uploaded.docx.doc.id, uploaded.pdf.doc.id]);
    for (const kind of ['pdf', 'docx', 'txt'] as const) expect(await objectExists(uploaded[kind].grant.key)).toBe(true);
  });
});

describe('deleting a document', () => {
  it("another tenant's id is NOT_FOUND and changes nothing", async () => {
    const { status, body } = await call(twin, 'eliminarDocumento', { id: uploaded.docx.doc.id }, other.accessToken);
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 'NOT_FOUND', message: UPLOAD_MSG.documentNotFound });
    expect((await documents(owner)).some((d) => d.id === uploaded.docx.doc.id)).toBe(true);
    expect(await objectExists(uploaded.docx.grant.key)).toBe(true);
  });

  it('removes the file, the record and every chunk', async () => {
    const { doc, grant } = uploaded.docx;
    expect(await callOk(twin, 'eliminarDocumento', { id: doc.id }, owner.accessToken)).toEqual({ id: doc.id });
    expect((await documents(owner)).map((d) => d.id)).toEqual([uploaded.txt.doc.id, uploaded.pdf.doc.id]);
    expect(await rawChunks(owner.sub, doc.id)).toEqual([]);
    expect(await objectExists(grant.key)).toBe(false);
    // The other documents keep their chunks.
    expect(await rawChunks(owner.sub, uploaded.pdf.doc.id)).toHaveLength(uploaded.pdf.doc.chunkCount);
    // Deleting again: not found.
    expect((await call(twin, 'eliminarDocumento', { id: doc.id }, owner.accessToken)).status).toBe(404);
  });

  it('an unknown or malformed id is NOT_FOUND', async () => {
    for (const id of ['00000000000000000000', 'no-existe', '../../x']) {
      expect((await call(twin, 'eliminarDocumento', { id }, owner.accessToken)).status).toBe(404);
    }
  });
});

describe('bad uploads', () => {
  it.each([
    ['a wrong type', { fileName: 'foto.png', contentType: 'image/png', size: 100 }, UPLOAD_MSG.wrongType('PDF, TXT, DOCX')],
    ['a type that does not match the extension', { fileName: 'informe.pdf', contentType: 'text/plain', size: 100 }, UPLOAD_MSG.typeMismatch('PDF, TXT, DOCX')],
    ['a file too large', { fileName: 'enorme.pdf', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 }, 'El archivo supera el tamaño máximo de 10 MB.'],
    ['an empty file', { fileName: 'vacio.txt', contentType: 'text/plain', size: 0 }, 'El archivo está vacío.'],
  ])('solicitarSubida refuses %s with a clear Spanish message', async (_label, file, message) => {
    const before = await documents(owner);
    const { status, body } = await call(twin, 'solicitarSubida', { kind: 'knowledge', ...file }, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message });
    expect(await documents(owner)).toEqual(before);
  });

  // s3rver does not enforce the POST policy, so these reach the processor as a forged upload
  // would; the processor's own checks must stop them. (In AWS the policy refuses the empty one.)
  it.each([
    ['a corrupt PDF', 'roto.pdf', 'application/pdf', async () => utf8('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj basura sin xref'), REJECTION.corruptPdf],
    ['text pretending to be a PDF', 'falso.pdf', 'application/pdf', async () => utf8('Esto no es un PDF, aunque lo diga la extensión.'), REJECTION.notPdf],
    ['a zip pretending to be a DOCX', 'falso.docx', DOCX_CONTENT_TYPE, async () => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...utf8('xl/workbook.xml no es word')]), REJECTION.notDocx],
    ['an empty file', 'vacio.txt', 'text/plain', async () => new Uint8Array(), REJECTION.empty],
    ['a PDF without text (a scan)', 'escaneado.pdf', 'application/pdf', () => makePdf([[]]), REJECTION.noText],
  ])('%s ends as "error" with its reason, and leaves no file and no chunks', async (_label, name, type, make, reason) => {
    const bytes = await make();
    const grant = await upload(owner, { name, type, bytes }, Math.max(1, bytes.byteLength));
    const doc = await settled(owner, idOfKey(grant.key));
    expect(doc).toMatchObject({ status: 'error', errorReason: reason, chunkCount: 0, name });
    expect(await rawChunks(owner.sub, doc.id)).toEqual([]);
    expect(await objectExists(grant.key)).toBe(false);
    // The failed record can be cleared by the owner.
    await callOk(twin, 'eliminarDocumento', { id: doc.id }, owner.accessToken);
    expect((await documents(owner)).some((d) => d.id === doc.id)).toBe(false);
  });
});

describe('blog header images', () => {
  it('upload to users/<sub>/blog/ and are not taken for knowledge documents', async () => {
    const before = await documents(owner);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const grant = await callOk<Grant>(twin, 'solicitarSubida', { kind: 'blogHeader', fileName: 'cabecera.png', contentType: 'image/png', size: png.byteLength }, owner.accessToken);
    expect(grant.key).toMatch(new RegExp(`^users/${owner.sub}/blog/[a-z0-9]{20}-cabecera\\.png$`));
    // Issue 16 finding 2: the POST accepts exactly the declared size (counted against the daily bytes).
    expect(grant.maxBytes).toBe(png.byteLength);
    await postForm(grant, { name: 'cabecera.png', type: 'image/png', bytes: png });
    expect(await objectExists(grant.key)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await documents(owner)).toEqual(before);
  });
});
