/** Raw callable requests against the twin, returning the HTTP status and parsed body. */
import type { TwinInfo } from './twin-global-setup';

export interface CallResult {
  status: number;
  body: { result?: unknown; error?: { status: string; message: string; details?: unknown } } & Record<string, unknown>;
}

export async function call(twin: TwinInfo, name: string, data: unknown, token?: string, init: { rawBody?: string; method?: string } = {}): Promise<CallResult> {
  const response = await fetch(`${twin.url}/api/${name}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: init.method === 'GET' ? undefined : (init.rawBody ?? JSON.stringify({ data })),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** Calls and returns `result`, failing loudly with the error body otherwise. */
export async function callOk<T = unknown>(twin: TwinInfo, name: string, data: unknown, token?: string): Promise<T> {
  const { status, body } = await call(twin, name, data, token);
  if (status !== 200) throw new Error(`${name} → ${status} ${JSON.stringify(body)}`);
  return body.result as T;
}
