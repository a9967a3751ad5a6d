/**
 * openai-compatible provider against a tiny local HTTP server (node:http on 127.0.0.1, allowed
 * through OUTBOUND_ALLOWED_ORIGINS as the twin allows its stubs): request paths, headers and
 * bodies, response parsing, HTTP error statuses → typed errors, and a loopback URL outside the
 * allowlist refused with a Spanish message.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { AI_MSG, AiConfigError, AiProviderError, AiRetryableError } from '../../../../../../../lambdas/platform/ai/errors';
import { createOpenAiCompatibleProvider } from '../../../../../../../lambdas/platform/ai/providers/openai-compatible/text';
import { createOpenAiCompatibleEmbedder } from '../../../../../../../lambdas/platform/ai/providers/openai-compatible/embed';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let respond: (req: Seen) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const entry: Seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
      seen.push(entry);
      const { status, body } = respond(entry);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}/v1/`;
  // Port 1 is closed: the allowed origin of the "unreachable" case.
  vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', `127.0.0.1:${port},127.0.0.1:1`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

const config = (extra: Partial<Parameters<typeof createOpenAiCompatibleProvider>[0]>) => ({
  baseUrl,
  apiKey: 'sk-test-secret-1234',
  model: 'llama3.1',
  embeddingModel: 'nomic-embed-text',
  imageModel: 'sdxl',
  ...extra,
});
const provider = (extra: Partial<Parameters<typeof createOpenAiCompatibleProvider>[0]> = {}) => createOpenAiCompatibleProvider(config(extra));
/** The embeddings-only module (what knowledge processing bundles). */
const embedder = (extra: Partial<Parameters<typeof createOpenAiCompatibleProvider>[0]> = {}) => createOpenAiCompatibleEmbedder(config(extra));

describe('openai-compatible chat', () => {
  it('POSTs /chat/completions with system + messages + tools and the bearer key; parses content and tool calls', async () => {
    respond = () => ({
      status: 200,
      body: {
        choices: [{ message: { role: 'assistant', content: 'Hecho.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'crear_recordatorio', arguments: '{"texto":"llamar"}' } }] } }],
      },
    });
    const result = await provider().generateText({
      system: 'Eres útil.',
      messages: [{ role: 'user', content: 'Recuérdame llamar' }],
      tools: [{ name: 'crear_recordatorio', description: 'Crea un recordatorio', inputSchema: { type: 'object', properties: { texto: { type: 'string' } } } }],
      temperature: 0.3,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-test-secret-1234');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toEqual({
      model: 'llama3.1',
      messages: [
        { role: 'system', content: 'Eres útil.' },
        { role: 'user', content: 'Recuérdame llamar' },
      ],
      max_tokens: 2048,
      temperature: 0.3,
      tools: [{ type: 'function', function: { name: 'crear_recordatorio', description: 'Crea un recordatorio', parameters: { type: 'object', properties: { texto: { type: 'string' } } } } }],
    });
    expect(result).toEqual({ text: 'Hecho.', toolCalls: [{ name: 'crear_recordatorio', input: { texto: 'llamar' } }], offline: false, model: 'llama3.1' });
  });

  it('sends no Authorization header when there is no key (local servers)', async () => {
    respond = () => ({ status: 200, body: { choices: [{ message: { content: 'hola' } }] } });
    await provider({ apiKey: '' }).generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] });
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('generateJson validates, and repairs once', async () => {
    let calls = 0;
    respond = () => ({ status: 200, body: { choices: [{ message: { content: calls++ === 0 ? '{"n":"uno"}' : '{"n":1}' } }] } });
    const result = await provider().generateJson({ system: 's', messages: [{ role: 'user', content: 'u' }] }, z.object({ n: z.number() }));
    expect(result.value).toEqual({ n: 1 });
    expect((seen[1]?.body as { messages: unknown[] }).messages).toHaveLength(4);
  });

  it.each([
    [429, AiRetryableError, AI_MSG.retryable],
    [503, AiRetryableError, AI_MSG.retryable],
    [401, AiProviderError, AI_MSG.unauthorized],
    [404, AiProviderError, AI_MSG.modelNotFound],
    [400, AiProviderError, AI_MSG.provider],
  ])('HTTP %i → %o with a Spanish message, key redacted from the detail', async (status, type, message) => {
    respond = () => ({ status, body: { error: { message: 'Incorrect API key provided: sk-test-secret-1234' } } });
    const error = await provider()
      .generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toBe(message);
    expect((error as AiProviderError).detail).not.toContain('sk-test-secret-1234');
    expect((error as AiProviderError).detail).toContain('[redactado]');
  });

  it('an unreachable server is a retryable error with a connection message', async () => {
    const error = await createOpenAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' })
      .generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiRetryableError);
    expect((error as Error).message).toBe(AI_MSG.unreachable);
  });

  it.each(['http://127.0.0.2:8080/v1', 'http://169.254.169.254/v1', 'http://10.0.0.5/v1'])(
    'a base URL at the non-public %s is refused with a Spanish message, nothing sent',
    async (url) => {
      const error = await provider({ baseUrl: url })
        .generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiProviderError);
      expect((error as Error).message).toBe(AI_MSG.destinationRefused);
      expect((error as AiProviderError).retryable).toBe(false);
      expect(seen).toEqual([]);
    },
  );

  it('a response without choices is a provider error', async () => {
    respond = () => ({ status: 200, body: { nope: true } });
    await expect(provider().generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })).rejects.toBeInstanceOf(AiProviderError);
  });
});

describe.each([
  ['provider', provider],
  ['embeddings-only module', embedder],
] as const)('openai-compatible embeddings — %s', (_label, create) => {
  it('POSTs /embeddings {model, input} with the bearer key and orders vectors by index', async () => {
    respond = () => ({ status: 200, body: { data: [{ index: 1, embedding: [0, 1] }, { index: 0, embedding: [1, 0] }], model: 'nomic-embed-text' } });
    const result = await create().embed(['a', 'b'], 'query');
    expect(seen[0]).toMatchObject({ path: '/v1/embeddings', body: { model: 'nomic-embed-text', input: ['a', 'b'] } });
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-test-secret-1234');
    expect(result).toEqual({ vectors: [[1, 0], [0, 1]], model: 'openai-compatible/nomic-embed-text', dimensions: 2 });
  });

  it('without an embedding model is a config error (no request)', async () => {
    await expect(create({ embeddingModel: undefined }).embed(['a'], 'document')).rejects.toBeInstanceOf(AiConfigError);
    expect(seen).toHaveLength(0);
  });

  it('refuses a config without base URL', () => {
    expect(() => create({ baseUrl: ' ' })).toThrow(AI_MSG.missingOpenAi);
  });
});

describe('openai-compatible images and configuration', () => {

  it('POSTs /images/generations with response_format b64_json and decodes the image', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    respond = () => ({ status: 200, body: { created: 1, data: [{ b64_json: png.toString('base64') }] } });
    const result = await provider().generateImage({ prompt: 'un croissant', width: 512, height: 512 });
    expect(seen[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'sdxl', prompt: 'un croissant', n: 1, size: '512x512', response_format: 'b64_json' } });
    expect(result).toEqual({ bytes: new Uint8Array(png), mediaType: 'image/png', offline: false, model: 'sdxl' });
  });

  it('generateImage without a configured model is a config error (no request)', async () => {
    await expect(provider({ imageModel: undefined }).generateImage({ prompt: 'x' })).rejects.toBeInstanceOf(AiConfigError);
    expect(seen).toHaveLength(0);
  });

  it('refuses a config without base URL or model', () => {
    expect(() => createOpenAiCompatibleProvider({ baseUrl: ' ', model: 'm' })).toThrow(AI_MSG.missingOpenAi);
    expect(() => createOpenAiCompatibleProvider({ baseUrl: 'http://x', model: '' })).toThrow(AiConfigError);
  });
});
