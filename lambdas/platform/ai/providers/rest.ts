/**
 * JSON-over-HTTP for the providers that speak REST (openai-compatible, gemini): one POST through
 * the outbound HTTP door (platform/http: timeout, size cap, injectable `fetch`), and its failures
 * mapped to typed AI errors (408/429/5xx, timeouts → AiRetryableError; unreachable host →
 * AiRetryableError with a connection message; a refused destination (private, local or metadata
 * address, or a redirect) → AiProviderError saying so; 401/403 → key rejected; 404 → unknown
 * model; other 4xx, an oversized or non-JSON answer → AiProviderError). These POSTs are
 * generation calls, so the client does not retry them (a retry could generate, and bill, twice);
 * the AI layer's callers decide on AiRetryableError. Upstream error text goes to `detail`
 * only, with the API keys redacted.
 */
import { HttpRequestError, postJson as httpPostJson, type FetchFn } from '../../http';
import { AI_MSG, AiProviderError, AiRetryableError, redact } from '../errors';
import type { AiProviderId } from '../types';

export type { FetchFn } from '../../http';

export interface PostJsonOptions {
  provider: AiProviderId;
  /** Injectable for tests; default the global fetch. */
  fetch?: FetchFn;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Secrets to scrub from any diagnostic text. */
  secrets: (string | undefined)[];
  timeoutMs: number;
}

/** The parsed JSON answer of a POST; throws the AI errors of the module header. */
export async function postJson(options: PostJsonOptions): Promise<unknown> {
  const { provider, secrets } = options;
  const transportError = (error: HttpRequestError) => {
    const cause = error.cause ?? error;
    const detail = redact(`${(cause as { name?: string }).name ?? ''}: ${(cause as Error).message ?? ''}`, secrets);
    if (error.reason === 'too-large') return new AiProviderError(provider, AI_MSG.provider, { detail, cause: error });
    if (error.reason === 'refused') return new AiProviderError(provider, AI_MSG.destinationRefused, { detail, cause: error });
    if (error.reason === 'timeout') return new AiRetryableError(provider, detail, cause);
    return new AiRetryableError(provider, detail, cause, AI_MSG.unreachable);
  };
  const response = await httpPostJson({ fetch: options.fetch, url: options.url, headers: options.headers, body: options.body, timeoutMs: options.timeoutMs }).catch(
    (error: unknown) => {
      throw error instanceof HttpRequestError ? transportError(error) : error;
    },
  );
  const text = await response.text().catch((error: unknown) => {
    if (error instanceof HttpRequestError && error.reason === 'too-large') throw transportError(error);
    return '';
  });
  if (!response.ok) {
    const status = response.status;
    const detail = redact(`HTTP ${status}: ${text}`, secrets);
    if (status === 408 || status === 429 || status >= 500) throw new AiRetryableError(provider, detail);
    if (status === 401 || status === 403) throw new AiProviderError(provider, AI_MSG.unauthorized, { status, detail });
    if (status === 404) throw new AiProviderError(provider, AI_MSG.modelNotFound, { status, detail });
    throw new AiProviderError(provider, AI_MSG.provider, { status, detail });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AiProviderError(provider, AI_MSG.provider, { status: response.status, detail: redact(`response is not JSON: ${text}`, secrets, 200), cause: error });
  }
}

/** Throws the provider's "unexpected response" error (shape not as documented). */
export function unexpected(provider: AiProviderId, what: string): never {
  throw new AiProviderError(provider, AI_MSG.provider, { detail: `unexpected response shape: ${what}` });
}
