/**
 * Typed client of the callable functions: `POST {apiBase}/{name}` with `{data}`, bearer access
 * token when signed in, `{result}` parsed with the function's output schema. Every failure
 * becomes a `CallableClientError` whose message is Spanish and ready to show.
 */
import {
  CALL_TIMEOUT_MS,
  CALLABLES,
  ErrorBodySchema,
  MSG,
  errorStatusForHttp,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from '@director-ia/shared';
import { getAccessToken } from './auth';
import { getConfig } from './config';

export class CallableClientError extends Error {
  constructor(
    /** Canonical status, e.g. 'PERMISSION_DENIED' (spec section 8). */
    readonly status: string,
    message: string,
    /** HTTP status of the answer; 0 when there was none. */
    readonly httpStatus = 0,
  ) {
    super(message);
    this.name = 'CallableClientError';
  }
}

const DEFAULT_MESSAGE_BY_STATUS: Record<string, string> = {
  UNAUTHENTICATED: MSG.unauthenticated,
  PERMISSION_DENIED: MSG.adminOnly,
  NOT_FOUND: MSG.unknownFunction,
  DEADLINE_EXCEEDED: MSG.timeout,
  UNAVAILABLE: MSG.network,
};

export interface CallOptions {
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Send no bearer token even when someone is signed in on this origin: for `public` functions
   * whose caller is an anonymous visitor (the website widget), so an owner's session never
   * travels with, or changes, a visitor's request.
   */
  anonymous?: boolean;
}

export async function callFunction<N extends CallableName>(
  name: N,
  data: CallableInput<N>,
  options: CallOptions = {},
): Promise<CallableOutput<N>> {
  const definition = CALLABLES[name];
  const input = definition.input.safeParse(data);
  if (!input.success) {
    throw new CallableClientError('INVALID_ARGUMENT', input.error.issues[0]?.message ?? MSG.invalidData);
  }
  const response = await post(`${getConfig().apiBase}/${name}`, input.data ?? null, options);
  const body = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, body);
  const envelope = body as { result?: unknown; data?: unknown } | null;
  const output = definition.output.safeParse(envelope?.result ?? envelope?.data);
  if (!output.success) {
    console.error(`[api] ${name}: unexpected result`, output.error.issues);
    throw new CallableClientError('INTERNAL', MSG.invalidResponse, response.status);
  }
  return output.data as CallableOutput<N>;
}

async function post(url: string, data: unknown, options: CallOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? CALL_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const token = options.anonymous ? null : await getAccessToken();
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    return await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data }),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new CallableClientError('DEADLINE_EXCEEDED', MSG.timeout);
    if (options.signal?.aborted) throw error;
    throw new CallableClientError('INTERNAL', MSG.network);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** HTTP APIs refuse request bodies over 10 MB before any function runs. */
const API_GATEWAY_MAX_BODY_KB = 10 * 1024;

function errorFrom(httpStatus: number, body: unknown): CallableClientError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    return new CallableClientError(parsed.data.error.status, parsed.data.error.message, httpStatus);
  }
  // API Gateway's own answers: 413 {"message":"Request Entity Too Large"} for a body over its 10 MB.
  if (httpStatus === 413) return new CallableClientError('INVALID_ARGUMENT', MSG.bodyTooLarge(API_GATEWAY_MAX_BODY_KB), httpStatus);
  // e.g. API Gateway's JWT authorizer: 401 {"message":"Unauthorized"}.
  const status = errorStatusForHttp(httpStatus);
  return new CallableClientError(status, DEFAULT_MESSAGE_BY_STATUS[status] ?? MSG.internal, httpStatus);
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MSG.internal;
}
