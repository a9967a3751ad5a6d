/**
 * The gateway's own answers in each service's protocol shape: IAM denials as AWS words them, and
 * errors for requests it cannot serve. The SDKs read the error name from `__type` /
 * `x-amzn-errortype` (JSON protocols) or `<Code>` (S3), so these are what application code sees.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export interface GatewayResponse {
  status: number;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** How a service's errors look on the wire. */
export type Protocol = 'json1.0' | 'json1.1' | 'rest-json' | 'rest-xml';

/** The protocol of each signing name the gateway knows. */
export const SERVICE_PROTOCOLS: Record<string, Protocol> = {
  dynamodb: 'json1.0',
  kms: 'json1.1',
  transcribe: 'json1.1',
  secretsmanager: 'json1.1',
  scheduler: 'rest-json',
  'cognito-idp': 'json1.1',
  bedrock: 'rest-json',
  polly: 'rest-json',
  lambda: 'rest-json',
  s3: 'rest-xml',
};

/** "User: <session> is not authorized to perform: <action> on resource: <arn> because ..." */
export function accessDeniedMessage(sessionArn: string, action: string, resource: string, explicit: boolean, quoteResource = false): string {
  const target = quoteResource ? `"${resource}"` : resource;
  const reason = explicit ? 'with an explicit deny in an identity-based policy' : `because no identity-based policy allows the ${action} action`;
  return `User: ${sessionArn} is not authorized to perform: ${action} on resource: ${target} ${reason}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** An S3 error document (no body for HEAD, as S3 answers). */
export function s3Error(status: number, code: string, message: string, method = 'GET'): GatewayResponse {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const hostId = randomBytes(48).toString('base64');
  const headers = { 'content-type': 'application/xml', 'x-amz-request-id': requestId, 'x-amz-id-2': hostId };
  if (method === 'HEAD') return { status, headers };
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message><RequestId>${requestId}</RequestId><HostId>${escapeXml(hostId)}</HostId></Error>`;
  return { status, headers, body };
}

/** A JSON-protocol error: `__type` plus `message` (DynamoDB spells it `Message`). */
export function jsonError(protocol: Exclude<Protocol, 'rest-xml'>, status: number, type: string, message?: string, options: { coralType?: boolean } = {}): GatewayResponse {
  const contentType = protocol === 'json1.0' ? 'application/x-amz-json-1.0' : protocol === 'json1.1' ? 'application/x-amz-json-1.1' : 'application/json';
  const payload: Record<string, string> = { __type: options.coralType ? `com.amazon.coral.service#${type}` : type };
  if (message !== undefined) payload[protocol === 'json1.0' ? 'Message' : 'message'] = message;
  return {
    status,
    headers: { 'content-type': contentType, 'x-amzn-errortype': type, 'x-amzn-requestid': randomUUID() },
    body: JSON.stringify(payload),
  };
}

/** A service's own error answer (JSON protocols: status, `__type`, optional `message`), thrown by the local emulations. */
export class ServiceError extends Error {
  constructor(
    readonly type: string,
    readonly detail?: string,
    readonly protocol: Exclude<Protocol, 'rest-xml'> = 'json1.1',
    readonly status = 400,
  ) {
    super(detail ?? type);
    this.name = type;
  }

  response(): GatewayResponse {
    return jsonError(this.protocol, this.status, this.type, this.detail);
  }
}

/** The AccessDenied answer of `service` for a denied `action` on `resource`. */
export function accessDenied(service: string, sessionArn: string, action: string, resource: string, explicit: boolean, method: string): GatewayResponse {
  const protocol = SERVICE_PROTOCOLS[service] ?? 'rest-json';
  switch (protocol) {
    case 'rest-xml':
      return s3Error(403, 'AccessDenied', accessDeniedMessage(sessionArn, action, resource, explicit, true), method);
    case 'json1.0':
      return jsonError(protocol, 400, 'AccessDeniedException', accessDeniedMessage(sessionArn, action, resource, explicit), { coralType: true });
    case 'json1.1':
      return jsonError(protocol, 400, 'AccessDeniedException', accessDeniedMessage(sessionArn, action, resource, explicit));
    case 'rest-json':
      return jsonError(protocol, 403, 'AccessDeniedException', accessDeniedMessage(sessionArn, action, resource, explicit));
  }
}

/** An error for a request the gateway cannot serve (unmapped, unknown service, upstream down). */
export function gatewayError(service: string | undefined, status: number, message: string, method: string): GatewayResponse {
  const protocol = (service && SERVICE_PROTOCOLS[service]) || 'rest-json';
  if (protocol === 'rest-xml') return s3Error(status, status === 501 ? 'NotImplemented' : status >= 500 ? 'ServiceUnavailable' : 'InvalidRequest', message, method);
  const type = status === 501 ? 'UnsupportedOperationException' : status >= 500 ? 'ServiceUnavailableException' : 'ValidationException';
  return jsonError(protocol, status, type, message);
}
