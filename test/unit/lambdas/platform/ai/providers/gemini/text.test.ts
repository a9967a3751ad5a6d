/**
 * gemini provider with a fake fetch (never the network): URLs, the x-goog-api-key header, request
 * bodies per method, response parsing and blocked content.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AI_MSG, AiConfigError, AiContentFilteredError, AiRetryableError, AiUnsupportedModelError } from '../../../../../../../lambdas/platform/ai/errors';
import { createGeminiProvider, GEMINI_BASE_URL, GEMINI_DEFAULTS } from '../../../../../../../lambdas/platform/ai/providers/gemini/text';
import { createGeminiEmbedder } from '../../../../../../../lambdas/platform/ai/providers/gemini/embed';
import type { FetchFn } from '../../../../../../../lambdas/platform/ai/providers/rest';

interface Call {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function fakeFetch(...responses: { status?: number; body: unknown }[]): { fetch: FetchFn; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchFn = async (url, init) => {
    calls.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) as Record<string, unknown> });
    const next = responses[Math.min(calls.length - 1, responses.length - 1)] ?? { body: {} };
    return new Response(JSON.stringify(next.body), { status: next.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

const candidate = (parts: unknown[]) => ({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }] });

describe('gemini text', () => {
  it('POSTs models/{model}:generateContent with the key header, systemInstruction, roles and function declarations', async () => {
    const { fetch, calls } = fakeFetch({ body: candidate([{ text: 'Hola ', thought: true }, { text: 'Listo.' }, { functionCall: { name: 'crear_recordatorio', args: { texto: 'x' } } }]) });
    const provider = createGeminiProvider({ apiKey: 'AIza-secret', fetch });
    const result = await provider.generateText({
      system: 'Eres útil.',
      messages: [
        { role: 'user', content: 'Hola' },
        { role: 'assistant', content: 'Dime' },
        { role: 'user', content: 'Recuérdame' },
      ],
      tools: [{ name: 'crear_recordatorio', description: 'Crea', inputSchema: { type: 'object', properties: { texto: { type: 'string' } } } }],
      maxTokens: 300,
    });
    expect(calls[0]?.url).toBe(`${GEMINI_BASE_URL}/models/${GEMINI_DEFAULTS.model}:generateContent`);
    expect(calls[0]?.headers['x-goog-api-key']).toBe('AIza-secret');
    expect(calls[0]?.url).not.toContain('AIza-secret');
    expect(calls[0]?.body).toEqual({
      systemInstruction: { parts: [{ text: 'Eres útil.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hola' }] },
        { role: 'model', parts: [{ text: 'Dime' }] },
        { role: 'user', parts: [{ text: 'Recuérdame' }] },
      ],
      generationConfig: { maxOutputTokens: 300 },
      tools: [{ functionDeclarations: [{ name: 'crear_recordatorio', description: 'Crea', parametersJsonSchema: { type: 'object', properties: { texto: { type: 'string' } } } }] }],
    });
    expect(result).toEqual({ text: 'Listo.', toolCalls: [{ name: 'crear_recordatorio', input: { texto: 'x' } }], offline: false, model: GEMINI_DEFAULTS.model });
  });

  it('generateJson asks for application/json with the JSON Schema', async () => {
    const { fetch, calls } = fakeFetch({ body: candidate([{ text: '{"ok":true}' }]) });
    const result = await createGeminiProvider({ apiKey: 'k', model: 'gemini-2.5-pro', fetch }).generateJson({ system: 's', messages: [{ role: 'user', content: 'u' }] }, z.object({ ok: z.boolean() }));
    expect(result.value).toEqual({ ok: true });
    expect(calls[0]?.url).toBe(`${GEMINI_BASE_URL}/models/gemini-2.5-pro:generateContent`);
    expect(calls[0]?.body.generationConfig).toEqual({
      maxOutputTokens: 2048,
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
    });
  });

  it.each([
    ['a blocked prompt', { promptFeedback: { blockReason: 'SAFETY' } }],
    ['a safety finish without content', { candidates: [{ finishReason: 'SAFETY' }] }],
  ])('%s is a content-filtered error', async (_label, body) => {
    const { fetch } = fakeFetch({ body });
    await expect(createGeminiProvider({ apiKey: 'k', fetch }).generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })).rejects.toBeInstanceOf(AiContentFilteredError);
  });

  it('HTTP 429 is retryable', async () => {
    const { fetch } = fakeFetch({ status: 429, body: { error: { code: 429, message: 'Resource exhausted' } } });
    await expect(createGeminiProvider({ apiKey: 'k', fetch }).generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })).rejects.toBeInstanceOf(AiRetryableError);
  });

  it('refuses to start without a key', () => {
    expect(() => createGeminiProvider({ apiKey: '  ' })).toThrow(AiConfigError);
    expect(() => createGeminiProvider({ apiKey: '' })).toThrow(AI_MSG.missingGeminiKey);
  });
});

describe.each([
  ['provider', createGeminiProvider],
  ['embeddings-only module', createGeminiEmbedder],
] as const)('gemini embeddings — %s', (_label, create) => {
  it('one text → :embedContent with RETRIEVAL_QUERY', async () => {
    const { fetch, calls } = fakeFetch({ body: { embedding: { values: [0.1, 0.2] } } });
    const result = await create({ apiKey: 'k', fetch }).embed(['hola'], 'query');
    expect(calls[0]?.url).toBe(`${GEMINI_BASE_URL}/models/gemini-embedding-001:embedContent`);
    expect(calls[0]?.body).toEqual({ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'hola' }] }, taskType: 'RETRIEVAL_QUERY', outputDimensionality: 768 });
    expect(result).toEqual({ vectors: [[0.1, 0.2]], model: 'gemini/gemini-embedding-001/768', dimensions: 2 });
  });

  it('several texts → :batchEmbedContents with RETRIEVAL_DOCUMENT, in batches of 100', async () => {
    const texts = Array.from({ length: 150 }, (_, i) => `t${i}`);
    const { fetch, calls } = fakeFetch({ body: { embeddings: Array.from({ length: 100 }, () => ({ values: [1] })) } }, { body: { embeddings: Array.from({ length: 50 }, () => ({ values: [2] })) } });
    const result = await create({ apiKey: 'k', fetch }).embed(texts, 'document');
    expect(calls.map((c) => c.url)).toEqual([`${GEMINI_BASE_URL}/models/gemini-embedding-001:batchEmbedContents`, `${GEMINI_BASE_URL}/models/gemini-embedding-001:batchEmbedContents`]);
    const requests = calls[0]?.body.requests as unknown[];
    expect(requests).toHaveLength(100);
    expect(requests[0]).toEqual({ model: 'models/gemini-embedding-001', content: { parts: [{ text: 't0' }] }, taskType: 'RETRIEVAL_DOCUMENT', outputDimensionality: 768 });
    expect(result.vectors).toHaveLength(150);
    expect(result.vectors[149]).toEqual([2]);
  });
});

describe('gemini images', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 9]).toString('base64');

  it('imagen → :predict with the Imagen key, instances and parameters', async () => {
    const { fetch, calls } = fakeFetch({ body: { predictions: [{ bytesBase64Encoded: png, mimeType: 'image/png' }] } });
    const result = await createGeminiProvider({ apiKey: 'gem-key', imagenApiKey: 'img-key', fetch }).generateImage({ prompt: 'pan', width: 1080, height: 1920 });
    expect(calls[0]?.url).toBe(`${GEMINI_BASE_URL}/models/imagen-4.0-generate-001:predict`);
    expect(calls[0]?.headers['x-goog-api-key']).toBe('img-key');
    expect(calls[0]?.body).toEqual({ instances: [{ prompt: 'pan' }], parameters: { sampleCount: 1, aspectRatio: '9:16' } });
    expect(result).toMatchObject({ mediaType: 'image/png', offline: false, model: 'imagen-4.0-generate-001' });
    expect(Buffer.from(result.bytes).toString('base64')).toBe(png);
  });

  it('imagen with no predictions (filtered) is a content-filtered error', async () => {
    const { fetch } = fakeFetch({ body: {} });
    await expect(createGeminiProvider({ apiKey: 'k', fetch }).generateImage({ prompt: 'x' })).rejects.toBeInstanceOf(AiContentFilteredError);
  });

  it('a gemini image model gets the reference image as inlineData', async () => {
    const { fetch, calls } = fakeFetch({ body: candidate([{ text: 'Aquí está' }, { inlineData: { mimeType: 'image/png', data: png } }]) });
    const gemini = createGeminiProvider({ apiKey: 'k', fetch, imageModel: 'gemini-2.5-flash-image' });
    const result = await gemini.generateImage({ prompt: 'en acuarela', referenceImage: { bytes: new Uint8Array([1, 2]), mediaType: 'image/jpeg' } });
    expect(calls[0]?.url).toBe(`${GEMINI_BASE_URL}/models/gemini-2.5-flash-image:generateContent`);
    expect(calls[0]?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'en acuarela' }, { inlineData: { mimeType: 'image/jpeg', data: Buffer.from([1, 2]).toString('base64') } }] }],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'] },
    });
    expect(Buffer.from(result.bytes).toString('base64')).toBe(png);
  });

  it('another image model is unsupported', async () => {
    const { fetch, calls } = fakeFetch({ body: {} });
    await expect(createGeminiProvider({ apiKey: 'k', fetch, imageModel: 'veo-3' }).generateImage({ prompt: 'x' })).rejects.toBeInstanceOf(AiUnsupportedModelError);
    expect(calls).toHaveLength(0);
  });
});
