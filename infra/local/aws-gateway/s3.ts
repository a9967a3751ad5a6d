/**
 * S3 (REST, path-style `/<bucket>/<key>`): the IAM authorizations of a request, from its method,
 * sub-resource query parameters and headers (AWS's "API operation → IAM action" table). Object
 * resources are `arn:aws:s3:::<bucket>/<key>` with the key URL-decoded; bucket operations use
 * `arn:aws:s3:::<bucket>`. A browser POST upload is authorized as s3:PutObject on its `key` field.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { formField, type CredentialScope, type PostForm } from './credential';
import { UnmappedRequest, type AuthorizationRequest, type ContextValue } from './types';

export interface S3RequestInfo {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  via: CredentialScope['via'];
  /** The buffered body of POST requests (DeleteObjects reads its keys from it). */
  body?: Buffer;
  /** The parsed form of a browser POST upload. */
  form?: PostForm;
}

const AUTH_TYPES: Record<CredentialScope['via'], string> = { header: 'REST-HEADER', query: 'REST-QUERY-STRING', form: 'POST' };

/** Request headers S3 exposes as condition keys (`s3:<header>`). */
const HEADER_KEYS = [
  'x-amz-acl',
  'x-amz-content-sha256',
  'x-amz-server-side-encryption',
  'x-amz-server-side-encryption-aws-kms-key-id',
  'x-amz-storage-class',
  'x-amz-metadata-directive',
  'x-amz-copy-source',
];

/** Bucket sub-resources: query parameter → IAM action per method. */
const BUCKET_SUBRESOURCES: Record<string, Partial<Record<string, string>>> = {
  versions: { GET: 's3:ListBucketVersions' },
  uploads: { GET: 's3:ListBucketMultipartUploads' },
  location: { GET: 's3:GetBucketLocation' },
  cors: { GET: 's3:GetBucketCORS', PUT: 's3:PutBucketCORS', DELETE: 's3:PutBucketCORS' },
  policy: { GET: 's3:GetBucketPolicy', PUT: 's3:PutBucketPolicy', DELETE: 's3:DeleteBucketPolicy' },
  versioning: { GET: 's3:GetBucketVersioning', PUT: 's3:PutBucketVersioning' },
  acl: { GET: 's3:GetBucketAcl', PUT: 's3:PutBucketAcl' },
  tagging: { GET: 's3:GetBucketTagging', PUT: 's3:PutBucketTagging', DELETE: 's3:PutBucketTagging' },
  notification: { GET: 's3:GetBucketNotification', PUT: 's3:PutBucketNotification' },
  lifecycle: { GET: 's3:GetLifecycleConfiguration', PUT: 's3:PutLifecycleConfiguration', DELETE: 's3:PutLifecycleConfiguration' },
  website: { GET: 's3:GetBucketWebsite', PUT: 's3:PutBucketWebsite', DELETE: 's3:DeleteBucketWebsite' },
  encryption: { GET: 's3:GetEncryptionConfiguration', PUT: 's3:PutEncryptionConfiguration', DELETE: 's3:PutEncryptionConfiguration' },
  publicAccessBlock: { GET: 's3:GetBucketPublicAccessBlock', PUT: 's3:PutBucketPublicAccessBlock', DELETE: 's3:PutBucketPublicAccessBlock' },
  ownershipControls: { GET: 's3:GetBucketOwnershipControls', PUT: 's3:PutBucketOwnershipControls', DELETE: 's3:PutBucketOwnershipControls' },
  logging: { GET: 's3:GetBucketLogging', PUT: 's3:PutBucketLogging' },
  replication: { GET: 's3:GetReplicationConfiguration', PUT: 's3:PutReplicationConfiguration', DELETE: 's3:PutReplicationConfiguration' },
  accelerate: { GET: 's3:GetAccelerateConfiguration', PUT: 's3:PutAccelerateConfiguration' },
  requestPayment: { GET: 's3:GetBucketRequestPayment', PUT: 's3:PutBucketRequestPayment' },
  'object-lock': { GET: 's3:GetBucketObjectLockConfiguration', PUT: 's3:PutBucketObjectLockConfiguration' },
};

/** Object sub-resources: query parameter → [action, action with versionId] per method. */
const OBJECT_SUBRESOURCES: Record<string, Partial<Record<string, [string, string]>>> = {
  tagging: {
    GET: ['s3:GetObjectTagging', 's3:GetObjectVersionTagging'],
    PUT: ['s3:PutObjectTagging', 's3:PutObjectVersionTagging'],
    DELETE: ['s3:DeleteObjectTagging', 's3:DeleteObjectVersionTagging'],
  },
  acl: { GET: ['s3:GetObjectAcl', 's3:GetObjectVersionAcl'], PUT: ['s3:PutObjectAcl', 's3:PutObjectVersionAcl'] },
  attributes: { GET: ['s3:GetObjectAttributes', 's3:GetObjectVersionAttributes'] },
  retention: { GET: ['s3:GetObjectRetention', 's3:GetObjectRetention'], PUT: ['s3:PutObjectRetention', 's3:PutObjectRetention'] },
  'legal-hold': { GET: ['s3:GetObjectLegalHold', 's3:GetObjectLegalHold'], PUT: ['s3:PutObjectLegalHold', 's3:PutObjectLegalHold'] },
  restore: { POST: ['s3:RestoreObject', 's3:RestoreObject'] },
  torrent: { GET: ['s3:GetObjectTorrent', 's3:GetObjectVersionTorrent'] },
};

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UnmappedRequest(`Malformed URL encoding in ${text}`);
  }
}

export const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;
export const objectArn = (bucket: string, key: string) => `arn:aws:s3:::${bucket}/${key}`;

/** The bucket and key of a path-style request path (key URL-decoded; '' for bucket requests). */
export function splitPath(pathname: string): { bucket: string; key: string } {
  const [, rawBucket = '', ...rest] = pathname.split('/');
  return { bucket: decode(rawBucket), key: decode(rest.join('/')) };
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-f]+|#\d+);/gi, (_, entity: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return named[entity.toLowerCase()] ?? _;
  });
}

/** The keys (and version ids) of a DeleteObjects body. */
export function deleteObjectsKeys(xml: string): { key: string; versionId?: string }[] {
  return [...xml.matchAll(/<Object>([\s\S]*?)<\/Object>/g)].map(([, inner = '']) => {
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(inner)?.[1];
    if (key === undefined) throw new UnmappedRequest('DeleteObjects: an <Object> without <Key>');
    const versionId = /<VersionId>([\s\S]*?)<\/VersionId>/.exec(inner)?.[1];
    return versionId === undefined ? { key: unescapeXml(key) } : { key: unescapeXml(key), versionId: unescapeXml(versionId) };
  });
}

/** `x-amz-copy-source` (`[/]bucket/key[?versionId=...]`, URL-encoded) → bucket, key, version. */
export function parseCopySource(value: string): { bucket: string; key: string; versionId?: string } {
  const [path = '', query = ''] = value.split('?');
  const { bucket, key } = splitPath(path.startsWith('/') ? path : `/${path}`);
  const versionId = new URLSearchParams(query).get('versionId') ?? undefined;
  if (!bucket || !key) throw new UnmappedRequest(`Malformed x-amz-copy-source ${value}`);
  return versionId ? { bucket, key, versionId } : { bucket, key };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The authorizations of one S3 request. Throws UnmappedRequest (501) for operations the gateway
 * does not map, so a new call shows up instead of being evaluated as something else.
 */
export function s3Authorizations({ method, url, headers, via, body, form }: S3RequestInfo): AuthorizationRequest[] {
  const common: Record<string, ContextValue> = { 's3:authType': AUTH_TYPES[via], 's3:signatureversion': 'AWS4-HMAC-SHA256' };
  for (const name of HEADER_KEYS) {
    const value = headerValue(headers, name);
    if (value !== undefined) common[`s3:${name}`] = value;
  }
  const query = url.searchParams;
  const { bucket, key } = splitPath(url.pathname);
  const versionId = query.get('versionId');
  const versioned = (context: Record<string, ContextValue>) => (versionId === null ? context : { ...context, 's3:VersionId': versionId });
  const unmapped = (what: string) => new UnmappedRequest(`The local AWS gateway does not map S3 ${method} ${what} to an IAM action.`, 501);

  if (!bucket) {
    if (method === 'GET') return [{ action: 's3:ListAllMyBuckets', resource: '*', context: common }];
    throw unmapped('on the service root');
  }

  if (!key) {
    // Browser upload: POST multipart/form-data to the bucket, key in the form.
    if (method === 'POST' && form) {
      const keyField = formField(form, 'key');
      if (!keyField) throw new UnmappedRequest('POST upload without a key field');
      const objectKey = keyField.replace(/\$\{filename\}/g, form.filename ?? '');
      const context: Record<string, ContextValue> = { ...common };
      for (const name of ['x-amz-acl', 'x-amz-server-side-encryption', 'x-amz-server-side-encryption-aws-kms-key-id', 'x-amz-storage-class']) {
        const value = formField(form, name === 'x-amz-acl' ? 'acl' : name);
        if (value !== undefined) context[`s3:${name}`] = value;
      }
      return [{ action: 's3:PutObject', resource: objectArn(bucket, objectKey), context }];
    }
    if (method === 'POST' && query.has('delete')) {
      return deleteObjectsKeys(body?.toString('utf8') ?? '').map((object) =>
        object.versionId === undefined
          ? { action: 's3:DeleteObject', resource: objectArn(bucket, object.key), context: common }
          : { action: 's3:DeleteObjectVersion', resource: objectArn(bucket, object.key), context: { ...common, 's3:VersionId': object.versionId } },
      );
    }
    for (const [subresource, actions] of Object.entries(BUCKET_SUBRESOURCES)) {
      if (!query.has(subresource)) continue;
      const action = actions[method];
      if (!action) throw unmapped(`?${subresource}`);
      return [{ action, resource: bucketArn(bucket), context: common }];
    }
    if (method === 'GET' || method === 'HEAD') {
      const context: Record<string, ContextValue> = { ...common };
      for (const name of ['prefix', 'delimiter', 'max-keys']) {
        const value = query.get(name);
        if (value !== null) context[`s3:${name}`] = value;
      }
      return [{ action: 's3:ListBucket', resource: bucketArn(bucket), context }];
    }
    if (method === 'PUT') return [{ action: 's3:CreateBucket', resource: bucketArn(bucket), context: common }];
    if (method === 'DELETE') return [{ action: 's3:DeleteBucket', resource: bucketArn(bucket), context: common }];
    throw unmapped(`on a bucket${query.size > 0 ? ` with ?${[...query.keys()].join('&')}` : ''}`);
  }

  const resource = objectArn(bucket, key);
  for (const [subresource, actions] of Object.entries(OBJECT_SUBRESOURCES)) {
    if (!query.has(subresource)) continue;
    const pair = actions[method];
    if (!pair) throw unmapped(`?${subresource}`);
    return [{ action: versionId === null ? pair[0] : pair[1], resource, context: versioned(common) }];
  }
  const uploadId = query.get('uploadId');
  switch (method) {
    case 'GET':
    case 'HEAD':
      if (uploadId !== null) return [{ action: 's3:ListMultipartUploadParts', resource, context: common }];
      return [{ action: versionId === null ? 's3:GetObject' : 's3:GetObjectVersion', resource, context: versioned(common) }];
    case 'PUT': {
      // PutObject, UploadPart, CopyObject, UploadPartCopy: PutObject on the target, plus read on a copy's source.
      const requests: AuthorizationRequest[] = [{ action: 's3:PutObject', resource, context: common }];
      const copySource = headerValue(headers, 'x-amz-copy-source');
      if (copySource) {
        const source = parseCopySource(copySource);
        requests.push(
          source.versionId === undefined
            ? { action: 's3:GetObject', resource: objectArn(source.bucket, source.key), context: common }
            : { action: 's3:GetObjectVersion', resource: objectArn(source.bucket, source.key), context: { ...common, 's3:VersionId': source.versionId } },
        );
      }
      return requests;
    }
    case 'POST':
      // CreateMultipartUpload (?uploads) and CompleteMultipartUpload (?uploadId).
      if (query.has('uploads') || uploadId !== null) return [{ action: 's3:PutObject', resource, context: common }];
      throw unmapped('on an object');
    case 'DELETE':
      if (uploadId !== null) return [{ action: 's3:AbortMultipartUpload', resource, context: common }];
      return [{ action: versionId === null ? 's3:DeleteObject' : 's3:DeleteObjectVersion', resource, context: versioned(common) }];
    default:
      throw unmapped('on an object');
  }
}
