/**
 * One publishing call to a network through the outbound HTTP door (platform/http), with what
 * publishing adds to ../call.ts:
 * - bodies: JSON, a form, raw bytes (uploads) or multipart (`FormData`, encoded by the platform's
 *   own encoder into bytes with its boundary);
 * - the answer's headers (LinkedIn's `x-restli-id`, YouTube's `Location` and `Range`) and the rate
 *   usage they report, handed to `options.onUsage` (./rates.ts);
 * - the publishing error rule (./errors.ts): RateLimited, or NetworkError with the new kinds;
 * - invisible steps are retried by the client on 429/5xx (`retry`, default true: repeating them
 *   has no visible effect); a VISIBLE step (`visible` set to the state to resume from) is never
 *   retried, and when its outcome is unknown (no answer after the request may have left, a 5xx,
 *   an unreadable answer) it throws OutcomeUnknown instead of NetworkError. Only failures that
 *   certainly happened before sending (a refused destination, a connection refused or a name that
 *   does not resolve) stay NetworkError `unavailable` on a visible step.
 * Logs name the network, the operation, the kind, the status and the redacted URL, and the
 * publication's key on a visible step; never a token or a body.
 */
import type { SocialNetwork } from '@director-ia/shared';
import * as z from 'zod/mini';
import { DestinationRefusedError, httpRequest, HttpRequestError, redactUrl, type HttpResponse } from '../../http';
import { logger } from '../../logger';
import { configuredUrl, errorText, parseJson, safeDetail, unexpected } from '../call';
import { NETWORK_MAX_BYTES, NETWORK_TIMEOUT_MS } from '../networks';
import { NetworkError, type NetworkApp } from '../types';
import { publishFailure } from './errors';
import { usageOf } from './rates';
import { OutcomeUnknown, type Prepared, type PublishOptions } from './types';

/** One request of a publication. */
export interface PublishCall {
  network: SocialNetwork;
  /** Names the operation in usage and logs, e.g. `POST /tweets`. */
  resource: string;
  /** Absolute URL, built from configuration (or handed by the network and checked: `handedUrl`). */
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string;
  headers?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string>;
  /** Sent as is with its content type (uploads). */
  bytes?: { data: Uint8Array<ArrayBuffer>; contentType: string };
  /** Sent as `multipart/form-data`. */
  multipart?: FormData;
  /** Set on the visible step only: the state OutcomeUnknown carries (see the module header). */
  visible?: Prepared;
  /** The publication's idempotency key, logged with a visible step. */
  key?: string;
  /** Retry 429/5xx inside the client (invisible steps only; default true). */
  retry?: boolean;
  /** Secrets besides the Bearer kept out of details (a bot token in the path). */
  secrets?: readonly string[];
  /** Default NETWORK_TIMEOUT_MS; uploads pass MEDIA_TIMEOUT_MS. */
  timeoutMs?: number;
  /** 3xx statuses that are answers (YouTube's 308). */
  answerStatuses?: readonly number[];
}

/** What a network answered: status, JSON body (undefined when empty or not JSON), the body as text and headers. */
export interface PublishAnswer {
  status: number;
  body: unknown;
  /** The raw body, for what JSON numbers cannot hold (TikTok's 64-bit post ids). */
  text: string;
  headers: Headers;
}

/** Connection errors that leave no doubt the request never reached the network. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Whether a transport failure certainly happened before the request left (see the module header). */
export function neverSent(error: HttpRequestError): boolean {
  for (let at: unknown = error.cause, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth += 1) {
    if (at instanceof DestinationRefusedError) return true;
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true;
  }
  return false;
}

async function bodyOf(call: PublishCall): Promise<{ body?: string | Uint8Array<ArrayBuffer>; contentType?: string }> {
  if (call.json !== undefined) return { body: JSON.stringify(call.json), contentType: 'application/json; charset=UTF-8' };
  if (call.form) return { body: new URLSearchParams(call.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if (call.bytes) return { body: call.bytes.data, contentType: call.bytes.contentType };
  if (call.multipart) {
    // The platform's multipart encoder (the one fetch itself uses), boundary included.
    const encoded = new Response(call.multipart);
    return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
  }
  return {};
}

const secretsOf = (call: PublishCall): string[] => [...(call.bearer ? [call.bearer] : []), ...(call.secrets ?? [])];

function logFailure(call: PublishCall, kind: string, status: number | undefined): void {
  logger.warn('social publishing call failed', { network: call.network, resource: call.resource, kind, status, url: redactUrl(call.url), publication: call.key });
}

/** A transport failure as OutcomeUnknown (visible step, maybe sent) or NetworkError `unavailable`. */
function transportFailure(call: PublishCall, error: HttpRequestError, status?: number): Error {
  const detail = `no usable answer (${error.reason})`;
  if (call.visible && !(status === undefined && neverSent(error))) {
    logFailure(call, 'outcome_unknown', status);
    return new OutcomeUnknown(call.network, detail, call.visible, { cause: error, status });
  }
  logFailure(call, 'unavailable', status);
  return new NetworkError(call.network, 'unavailable', detail, { cause: error, status });
}

/**
 * Sends `call` and reads its answer whatever the status, reporting its rate usage. Throws
 * NetworkError `unavailable` (or OutcomeUnknown on a visible step) when no usable answer arrives.
 */
export async function sendPublish(call: PublishCall, options: PublishOptions): Promise<PublishAnswer> {
  const now = options.now ?? Date.now;
  if (call.visible) logger.info('social publishing: visible step', { network: call.network, resource: call.resource, publication: call.key });
  const { body, contentType } = await bodyOf(call);
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (contentType) headers['content-type'] = contentType;
  if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
  let response: HttpResponse;
  try {
    response = await httpRequest({
      url: call.url,
      method: call.method ?? 'GET',
      headers,
      body,
      timeoutMs: call.timeoutMs ?? NETWORK_TIMEOUT_MS,
      maxBytes: NETWORK_MAX_BYTES,
      retry: call.visible ? false : (call.retry ?? true),
      answerStatuses: call.answerStatuses,
      fetch: options.fetch,
    });
  } catch (error) {
    if (error instanceof HttpRequestError) throw transportFailure(call, error);
    throw error;
  }
  let raw: string;
  try {
    raw = await response.text();
  } catch (error) {
    if (error instanceof HttpRequestError) throw transportFailure(call, error, response.status);
    throw error;
  }
  const answer: PublishAnswer = { status: response.status, body: parseJson(raw), text: raw, headers: response.headers };
  for (const usage of usageOf(call.network, answer.headers, call.resource, now())) options.onUsage?.(usage);
  return answer;
}

/**
 * Sends `call` and resolves with its answer when the network accepted it; throws RateLimited or
 * NetworkError by ./errors.ts's rule, and OutcomeUnknown for a visible step answered 5xx. A
 * status in `answerStatuses` is an answer, not a failure.
 */
export async function publishCall(call: PublishCall, options: PublishOptions): Promise<PublishAnswer> {
  const answer = await sendPublish(call, options);
  if (call.visible && answer.status >= 500) {
    logFailure(call, 'outcome_unknown', answer.status);
    throw new OutcomeUnknown(call.network, safeDetail(errorText(answer.status, answer.body), secretsOf(call)), call.visible, { status: answer.status });
  }
  if (call.answerStatuses?.includes(answer.status)) return answer;
  const failure = publishFailure(call.network, answer, (options.now ?? Date.now)(), secretsOf(call));
  if (failure) {
    logFailure(call, failure.kind, answer.status);
    throw failure;
  }
  return answer;
}

/** `${app.urls.api}${path}?query`, checked to be http(s). */
export const apiUrl = (app: NetworkApp, path: string, query: Record<string, string> = {}): string => configuredUrl(app.network, app.urls.api, path, query).toString();

/**
 * `url`, handed to us by the network (an upload URL, a session URI), when we may send our token or
 * media to it: on the origin of one of `bases` (the configured URLs; the sandbox is plain http), or
 * https on a host of the network (`hosts`). Throws NetworkError `unavailable` otherwise: a token
 * must not go wherever an answer says.
 */
export function handedUrl(network: SocialNetwork, url: string, bases: readonly (string | undefined)[], hosts?: RegExp): string {
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw unexpected(network, 'upload URL');
  }
  const origins = bases.flatMap((base) => {
    try {
      return base ? [new URL(base).origin] : [];
    } catch {
      return [];
    }
  });
  const allowed = origins.includes(parsedUrl.origin) || (parsedUrl.protocol === 'https:' && hosts !== undefined && hosts.test(parsedUrl.hostname));
  if (!allowed) throw new NetworkError(network, 'unavailable', 'upload URL outside the network');
  return parsedUrl.toString();
}

/** `body` parsed with `schema`, or NetworkError `unavailable` naming `what` (an invisible step's answer). */
export function parsed<T extends z.ZodMiniType>(network: SocialNetwork, schema: T, body: unknown, what: string): z.infer<T> {
  const result = z.safeParse(schema, body);
  if (!result.success) throw unexpected(network, what);
  return result.data;
}

/**
 * The visible step's accepted answer parsed with `schema`; OutcomeUnknown when it does not fit:
 * the network said yes, so something may exist, but we cannot tell what.
 */
export function parsedVisible<T extends z.ZodMiniType>(network: SocialNetwork, schema: T, body: unknown, what: string, prepared: Prepared): z.infer<T> {
  const result = z.safeParse(schema, body);
  if (!result.success) {
    logger.warn('social publishing: visible answer not understood', { network, what });
    throw new OutcomeUnknown(network, `unexpected ${what} answer`, prepared);
  }
  return result.data;
}

/** NetworkError `rejected` for a post this adapter cannot send as it is (e.g. a media combination the network has no call for), before any request. */
export const unsupported = (network: SocialNetwork, what: string): NetworkError => new NetworkError(network, 'rejected', `unsupported: ${what}`);

/**
 * The common part of a Prepared state, taken when a prepare starts: the first prepare's start is
 * kept across resumes (searches ignore posts older than it).
 */
export function preparedBase(previous: { preparedAt: number } | undefined, options: PublishOptions): { v: 1; preparedAt: number } {
  return { v: 1, preparedAt: previous?.preparedAt ?? (options.now ?? Date.now)() };
}

/** Throws when `create` gets a state prepare did not finish (the engine's mistake, not the network's). */
export function requireReady(prepared: Prepared): void {
  if (!prepared.ready) throw new Error(`${prepared.network}: create needs a ready Prepared state`);
}
