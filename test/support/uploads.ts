/** Uploads a file as the browser does (issue 3: solicitarSubida's presigned POST to the twin's S3). */
import type { CallableOutput, UploadKind } from '@director-ia/shared';
import { callOk } from './api';
import type { TwinInfo } from './twin-global-setup';

/** Asks for an upload of `kind` and POSTs `bytes` to it; the object key. Throws when S3 refuses the POST. */
export async function uploadFile(twin: TwinInfo, token: string, kind: UploadKind, fileName: string, contentType: string, bytes: Uint8Array): Promise<string> {
  const grant = await callOk<CallableOutput<'solicitarSubida'>>(twin, 'solicitarSubida', { kind, fileName, contentType, size: bytes.byteLength }, token);
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  const response = await fetch(grant.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`S3 POST failed: ${response.status}`);
  return grant.key;
}
