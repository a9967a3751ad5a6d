/**
 * Helpers of the widget tests (issue 6 item 1): callable requests from a chosen loopback source
 * address (Linux routes all of 127.0.0.0/8 to the loopback, so each test can be its own visitor
 * IP for the per-IP limits, as `requestContext.http.sourceIp` shows), an approved owner with AI
 * settings and knowledge documents processed to 'listo', and raw reads of what the widget stored.
 */
import { request } from 'node:http';
import type { KnowledgeDocument } from '@director-ia/shared';
import type { CallResult } from './api';
import { callOk } from './api';
import { rawTable } from './dynamo';
import { registerUser, type TestUser } from './cognito';
import type { TwinInfo } from './twin-global-setup';

/** `POST /api/<name>` from source address `ip` (127.x.y.z), optionally with a bearer token. */
export function callFrom(twin: TwinInfo, ip: string, name: string, data: unknown, token?: string): Promise<CallResult> {
  const url = new URL(`/api/${name}`, twin.url);
  const body = JSON.stringify({ data });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: ip,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A random loopback address (127.x.y.z outside 127.0.0.0/16): a fresh visitor IP for each test. */
export function freshVisitorIp(): string {
  const byte = (min: number) => min + Math.floor(Math.random() * (255 - min));
  return `127.${byte(1)}.${byte(0)}.${byte(1)}`;
}

/** Waits, if needed, so the next `seconds` fit in one clock minute (per-minute limits reset on the minute). */
export async function sameMinuteFor(seconds: number): Promise<void> {
  const left = 60 - new Date().getUTCSeconds();
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

export interface KnowledgeFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Uploads a knowledge document as the browser does and waits until it is processed. */
export async function uploadKnowledge(twin: TwinInfo, user: TestUser, file: KnowledgeFile): Promise<KnowledgeDocument> {
  const grant = await callOk<{ url: string; fields: Record<string, string>; key: string }>(
    twin,
    'solicitarSubida',
    { kind: 'knowledge', fileName: file.name, contentType: file.type, size: file.bytes.byteLength },
    user.accessToken,
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const posted = await fetch(grant.url, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`S3 POST failed: ${posted.status}`);
  const id = grant.key.split('/')[3]?.slice(0, 20) ?? '';
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { documents } = await callOk<{ documents: KnowledgeDocument[] }>(twin, 'listarDocumentos', null, user.accessToken);
    const doc = documents.find((d) => d.id === id);
    if (doc && doc.status !== 'procesando') {
      if (doc.status !== 'listo') throw new Error(`document ${file.name} ended as ${doc.status}: ${doc.errorReason}`);
      return doc;
    }
    if (Date.now() > deadline) throw new Error(`document ${file.name} still ${doc?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A new owner, approved, with a brand name (and optional other AI settings). */
export async function approvedBrand(twin: TwinInfo, admin: TestUser, prefix: string, settings: Record<string, string>): Promise<TestUser> {
  const owner = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await callOk(twin, 'guardarAjustesIA', settings, owner.accessToken);
  return owner;
}

/** Every item of partition `pk` whose sort key starts with `prefix`, raw (all pages). */
export const rawItems = (twin: TwinInfo, pk: string, prefix: string): Promise<Record<string, unknown>[]> => rawTable(twin).query(pk, prefix);
