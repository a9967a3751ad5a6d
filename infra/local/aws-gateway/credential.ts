/**
 * Who signed a request and for which service: the SigV4 credential scope
 * `<AKID>/<date>/<region>/<service>/aws4_request`, read from the Authorization header, a presigned
 * URL's `X-Amz-Credential` query parameter or a browser POST form's `X-Amz-Credential` field.
 * Signatures are not verified here (s3rver verifies S3's; the twin's callers are its own code).
 */
import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';

export interface CredentialScope {
  accessKeyId: string;
  date: string;
  region: string;
  /** The signing name, e.g. 'dynamodb', 's3', 'kms', 'bedrock', 'cognito-idp'. */
  service: string;
  /** Where the credential was found (S3's `s3:authType` condition key follows from it). */
  via: 'header' | 'query' | 'form';
}

/** Parses `<AKID>/<date>/<region>/<service>/aws4_request`; undefined when malformed. */
export function parseCredential(value: string, via: CredentialScope['via']): CredentialScope | undefined {
  const parts = value.trim().split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') return undefined;
  const [accessKeyId, date, region, service] = parts as [string, string, string, string];
  if (!accessKeyId || !service) return undefined;
  return { accessKeyId, date, region, service, via };
}

/** The scope of an `Authorization: AWS4-HMAC-SHA256 Credential=...` header, if any. */
export function credentialFromHeaders(headers: IncomingHttpHeaders): CredentialScope | undefined {
  const authorization = headers.authorization;
  if (!authorization?.startsWith('AWS4-HMAC-SHA256')) return undefined;
  const match = /Credential=([^,\s]+)/.exec(authorization);
  return match?.[1] ? parseCredential(match[1], 'header') : undefined;
}

/** The scope of a presigned URL (`X-Amz-Credential` query parameter), if any. */
export function credentialFromQuery(url: URL): CredentialScope | undefined {
  const value = url.searchParams.get('X-Amz-Credential');
  return value ? parseCredential(value, 'query') : undefined;
}

/** The fields of a multipart form (S3 presigned POST) and the file part's name. */
export interface PostForm {
  /** Field names as sent (S3 treats them case-insensitively; use `formField`). */
  fields: Record<string, string>;
  /** The `filename` of the file part, for `${filename}` in the key. */
  filename?: string;
}

/** Parses a buffered multipart/form-data body. Rejects when it is not a valid form. */
export function parsePostForm(body: Buffer, contentType: string): Promise<PostForm> {
  return new Promise((resolve, reject) => {
    const form: PostForm = { fields: {} };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: 1024 * 1024 } });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    parser.on('field', (name, value) => {
      form.fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      form.filename ??= info.filename;
      stream.resume();
    });
    parser.on('close', () => resolve(form));
    parser.on('error', reject);
    parser.end(body);
  });
}

/** A form field by name, case-insensitively (as S3 reads POST fields). */
export function formField(form: PostForm, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(form.fields)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** The scope of a presigned POST form (`X-Amz-Credential` field), if any. */
export function credentialFromForm(form: PostForm): CredentialScope | undefined {
  const value = formField(form, 'X-Amz-Credential');
  return value ? parseCredential(value, 'form') : undefined;
}
