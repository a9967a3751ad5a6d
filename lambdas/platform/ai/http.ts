/**
 * JSON-over-HTTP for the providers that speak REST (openai-compatible, gemini): one POST with a
 * timeout through an injectable `fetch`, and HTTP failures mapped to typed AI errors
 * (408/429/5xx, timeouts → AiRetryableError; unreachable host → AiRetryableError with a
 * connection message; 401/403 → key rejected; 404 → unknown model; other 4xx → AiProviderError).
 * Upstream error text goes to `detail` only, with the API keys redacted.
 */
import { AI_MSG, AiProviderError, AiRetryableError, redact } from './errors';
import type { AiProviderId } from './types';

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export interface PostJsonOptions {
  provider: AiProviderId;
  fetch: FetchFn;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Secrets to scrub from any diagnostic text. */
  secrets: (string | undefined)[];
  timeoutMs: number;
}

export async function postJson(options: PostJsonOptions): Promise<unknown> {
  const { provider, secrets } = options;
  let response: Response;
  try {
    response = await options.fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    const detail = redact(`${name}: ${(error as Error).message ?? ''}`, secrets);
    if (name === 'TimeoutError' || name === 'AbortError') throw new AiRetryableError(provider, detail, error);
    throw new AiRetryableError(provider, detail, error, AI_MSG.unreachable);
  }
  const text = await response.text().catch(() => '');
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

/** JPEG by its magic bytes, PNG otherwise (the only two media types ImageResult allows). */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' {
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : 'image/png';
}
