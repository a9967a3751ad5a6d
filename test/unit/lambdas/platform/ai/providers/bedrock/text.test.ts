/**
 * Bedrock provider against aws-sdk-client-mock: the exact Converse and InvokeModel inputs we send
 * (per model family) and the parsing of the documented response shapes, including errors.
 */
import { BedrockRuntimeClient, ConverseCommand, InvokeModelCommand, ThrottlingException, AccessDeniedException, ValidationException } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { aspectRatioFor, BEDROCK_DEFAULT_MODELS, bedrockModelsFromEnv, createBedrockProvider } from '../../../../../../../lambdas/platform/ai/providers/bedrock/text';
import { createBedrockEmbedder } from '../../../../../../../lambdas/platform/ai/providers/bedrock/embed';
import { AiContentFilteredError, AiOutputError, AiProviderError, AiRetryableError, AiUnsupportedModelError } from '../../../../../../../lambdas/platform/ai/errors';
import { encodePng } from '../../../../../../../lambdas/platform/ai/offline/png';
import { DATA_RULE } from '../../../../../../../lambdas/platform/ai/prompt-text';

const bedrock = mockClient(BedrockRuntimeClient);
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) as never;
const sentBody = (i = 0) => JSON.parse(new TextDecoder().decode(bedrock.commandCalls(InvokeModelCommand)[i]?.args[0].input.body as Uint8Array));
const converseInput = (i = 0) => bedrock.commandCalls(ConverseCommand)[i]?.args[0].input;
const reply = (text: string) => ({ output: { message: { role: 'assistant' as const, content: [{ text }] } }, stopReason: 'end_turn' as const, usage: undefined, metrics: undefined });

beforeEach(() => bedrock.reset());
afterEach(() => bedrock.reset());

describe('bedrock configuration', () => {
  it('reads model ids from the environment with current defaults', () => {
    expect(bedrockModelsFromEnv({})).toEqual(BEDROCK_DEFAULT_MODELS);
    expect(BEDROCK_DEFAULT_MODELS.image).not.toMatch(/nova-canvas|nova-reel|titan-image/);
    expect(
      bedrockModelsFromEnv({
        BEDROCK_TEXT_MODEL_ID: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
        BEDROCK_IMAGE_MODEL_ID: 'stability.sd3-5-large-v1:0',
        BEDROCK_EMBEDDING_MODEL_ID: 'cohere.embed-multilingual-v3',
        BEDROCK_EMBEDDING_DIMENSIONS: '512',
      }),
    ).toEqual({ text: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0', image: 'stability.sd3-5-large-v1:0', embedding: 'cohere.embed-multilingual-v3', embeddingDimensions: 512 });
  });
});

describe('bedrock text (Converse)', () => {
  it('sends system, messages, inferenceConfig and toolConfig; parses text and tool use', async () => {
    bedrock.on(ConverseCommand).resolves({
      output: {
        message: {
          role: 'assistant',
          content: [{ text: 'Te lo apunto. ' }, { toolUse: { toolUseId: 't1', name: 'crear_recordatorio', input: { texto: 'llamar' } } }],
        },
      },
      stopReason: 'tool_use',
      usage: undefined,
      metrics: undefined,
    });
    const provider = createBedrockProvider({ models: { text: 'eu.amazon.nova-2-lite-v1:0' } });
    const result = await provider.generateText({
      system: 'Eres útil.',
      messages: [
        { role: 'user', content: 'Hola' },
        { role: 'assistant', content: '¿Qué necesitas?' },
        { role: 'user', content: 'Recuérdame llamar' },
      ],
      passages: ['Abrimos a las 9.'],
      tools: [{ name: 'crear_recordatorio', description: 'Crea un recordatorio', inputSchema: { type: 'object', properties: { texto: { type: 'string' } }, required: ['texto'] } }],
      maxTokens: 500,
      temperature: 0.2,
    });
    expect(converseInput()).toEqual({
      modelId: 'eu.amazon.nova-2-lite-v1:0',
      system: [{ text: `Eres útil.\n\n${DATA_RULE}\nInformación de la base de conocimiento de la marca (úsala como única fuente de datos concretos):\n<datos origen="conocimiento">\n[1] Abrimos a las 9.\n</datos>` }],
      messages: [
        { role: 'user', content: [{ text: 'Hola' }] },
        { role: 'assistant', content: [{ text: '¿Qué necesitas?' }] },
        { role: 'user', content: [{ text: 'Recuérdame llamar' }] },
      ],
      inferenceConfig: { maxTokens: 500, temperature: 0.2 },
      toolConfig: {
        tools: [{ toolSpec: { name: 'crear_recordatorio', description: 'Crea un recordatorio', inputSchema: { json: { type: 'object', properties: { texto: { type: 'string' } }, required: ['texto'] } } } }],
      },
    });
    expect(result).toEqual({ text: 'Te lo apunto.', toolCalls: [{ name: 'crear_recordatorio', input: { texto: 'llamar' } }], offline: false, model: 'eu.amazon.nova-2-lite-v1:0' });
  });

  it('omits toolConfig and temperature when not given', async () => {
    bedrock.on(ConverseCommand).resolves(reply('hola'));
    await createBedrockProvider().generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] });
    expect(converseInput()).toEqual({
      modelId: BEDROCK_DEFAULT_MODELS.text,
      system: [{ text: 's' }],
      messages: [{ role: 'user', content: [{ text: 'u' }] }],
      inferenceConfig: { maxTokens: 2048 },
    });
  });

  it.each([
    ['ThrottlingException', new ThrottlingException({ message: 'Too many requests', $metadata: {} }), AiRetryableError],
    ['AccessDeniedException', new AccessDeniedException({ message: 'no access', $metadata: {} }), AiProviderError],
    ['ValidationException', new ValidationException({ message: 'bad', $metadata: {} }), AiProviderError],
  ])('%s → typed error', async (_name, error, type) => {
    bedrock.on(ConverseCommand).rejects(error);
    const promise = createBedrockProvider().generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] });
    await expect(promise).rejects.toBeInstanceOf(type);
    const caught = await promise.catch((e: unknown) => e);
    expect((caught as AiRetryableError).retryable).toBe(type === AiRetryableError);
  });

  it('a guardrail stop is a content-filtered error', async () => {
    bedrock.on(ConverseCommand).resolves({ ...reply(''), stopReason: 'guardrail_intervened' });
    await expect(createBedrockProvider().generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })).rejects.toBeInstanceOf(AiContentFilteredError);
  });
});

describe('bedrock JSON', () => {
  const schema = z.object({ titulo: z.string(), hashtags: z.array(z.string()) });

  it('parses fenced JSON and validates it; the system prompt carries the JSON Schema', async () => {
    bedrock.on(ConverseCommand).resolves(reply('Aquí tienes:\n```json\n{"titulo":"Pan","hashtags":["#pan"]}\n```'));
    const result = await createBedrockProvider().generateJson({ system: 'Genera un post.', messages: [{ role: 'user', content: 'pan' }] }, schema);
    expect(result).toEqual({ value: { titulo: 'Pan', hashtags: ['#pan'] }, offline: false, model: BEDROCK_DEFAULT_MODELS.text });
    const system = converseInput()?.system?.[0]?.text ?? '';
    expect(system).toContain('Responde únicamente con un valor JSON válido');
    expect(system).toContain('"required":["titulo","hashtags"]');
  });

  it('repairs once: the second call carries the bad answer and the problems', async () => {
    bedrock.on(ConverseCommand).resolvesOnce(reply('{"titulo": 3}')).resolvesOnce(reply('{"titulo":"Pan","hashtags":[]}'));
    const result = await createBedrockProvider().generateJson({ system: 's', messages: [{ role: 'user', content: 'pan' }] }, schema);
    expect(result.value).toEqual({ titulo: 'Pan', hashtags: [] });
    const messages = converseInput(1)?.messages ?? [];
    expect(messages).toHaveLength(3);
    expect(messages[1]).toEqual({ role: 'assistant', content: [{ text: '{"titulo": 3}' }] });
    expect(messages[2]?.content?.[0]?.text).toMatch(/^Tu respuesta anterior no es válida: titulo: .*hashtags: /);
  });

  it('a second invalid answer is an AiOutputError', async () => {
    bedrock.on(ConverseCommand).resolves(reply('no es JSON'));
    await expect(createBedrockProvider().generateJson({ system: 's', messages: [{ role: 'user', content: 'x' }] }, schema)).rejects.toBeInstanceOf(AiOutputError);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
  });
});

// The provider's `embed` and the embeddings-only module (what knowledge processing bundles) are one code path.
describe.each([
  ['provider', createBedrockProvider],
  ['embeddings-only module', createBedrockEmbedder],
] as const)('bedrock embeddings (InvokeModel per family) — %s', (_label, create) => {
  it('Titan Text Embeddings V2: one call per text with {inputText, dimensions, normalize}', async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: Uint8Array }) => {
      const body = JSON.parse(new TextDecoder().decode(input.body)) as { inputText: string };
      return { body: json({ embedding: [body.inputText.length, 0.5], inputTextTokenCount: 3 }), contentType: 'application/json' };
    });
    const result = await create({ models: { embedding: 'amazon.titan-embed-text-v2:0', embeddingDimensions: 512 } }).embed(['uno', 'cuatro'], 'document');
    expect(result).toEqual({ vectors: [[3, 0.5], [6, 0.5]], model: 'bedrock/amazon.titan-embed-text-v2:0/2', dimensions: 2 });
    const calls = bedrock.commandCalls(InvokeModelCommand);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.args[0].input).toMatchObject({ modelId: 'amazon.titan-embed-text-v2:0', contentType: 'application/json', accept: 'application/json' });
    expect(sentBody(0)).toEqual({ inputText: 'uno', dimensions: 512, normalize: true });
  });

  it.each([
    ['document', 'search_document', { embeddings: [[1], [2]] }],
    ['query', 'search_query', { embeddings: { float: [[1], [2]] } }],
  ] as const)('Cohere Embed: batched texts, input_type for %s; parses both response forms', async (purpose, inputType, response) => {
    bedrock.on(InvokeModelCommand).resolves({ body: json({ id: 'x', ...response, response_type: 'embeddings_floats' }), contentType: 'application/json' });
    const result = await create({ models: { embedding: 'eu.cohere.embed-v4:0' } }).embed(['a', 'b'], purpose);
    expect(result.vectors).toEqual([[1], [2]]);
    expect(sentBody()).toEqual({ texts: ['a', 'b'], input_type: inputType, truncate: 'END', embedding_types: ['float'] });
  });

  it('Nova Multimodal Embeddings: SINGLE_EMBEDDING with purpose per call', async () => {
    bedrock.on(InvokeModelCommand).resolves({ body: json({ embeddings: [{ embeddingType: 'TEXT', embedding: [0.1, 0.2] }] }), contentType: 'application/json' });
    await create({ models: { embedding: 'amazon.nova-2-multimodal-embeddings-v1:0', embeddingDimensions: 1024 } }).embed(['hola'], 'query');
    expect(sentBody()).toEqual({
      taskType: 'SINGLE_EMBEDDING',
      singleEmbeddingParams: { embeddingPurpose: 'TEXT_RETRIEVAL', embeddingDimension: 1024, text: { truncationMode: 'END', value: 'hola' } },
    });
  });

  it('an unknown embedding family is a typed unsupported-model error (no call made)', async () => {
    await expect(create({ models: { embedding: 'amazon.titan-embed-image-v1' } }).embed(['x'], 'document')).rejects.toBeInstanceOf(AiUnsupportedModelError);
    expect(bedrock.commandCalls(InvokeModelCommand)).toHaveLength(0);
  });

  it('throttling while embedding is retryable', async () => {
    bedrock.on(InvokeModelCommand).rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));
    await expect(create().embed(['x'], 'document')).rejects.toMatchObject({ code: 'RETRYABLE', retryable: true });
  });

  it('a malformed embedding response is a provider error', async () => {
    bedrock.on(InvokeModelCommand).resolves({ body: json({ embedding: 'nope' }), contentType: 'application/json' });
    await expect(create().embed(['x'], 'document')).rejects.toBeInstanceOf(AiProviderError);
  });
});

describe('bedrock images (InvokeModel per family)', () => {
  const png = encodePng(1, 1, new Uint8Array([1, 2, 3]));
  const ok = { body: json({ seeds: [1], finish_reasons: [null], images: [Buffer.from(png).toString('base64')] }), contentType: 'application/json' };

  it('Stable Image Core: text-to-image with aspect ratio and PNG output', async () => {
    bedrock.on(InvokeModelCommand).resolves(ok);
    const result = await createBedrockProvider({ models: { image: 'stability.stable-image-core-v1:1' } }).generateImage({
      prompt: 'pan recién hecho',
      width: 1536,
      height: 864,
      referenceImage: { bytes: png, mediaType: 'image/png' },
    });
    expect(bedrock.commandCalls(InvokeModelCommand)[0]?.args[0].input.modelId).toBe('stability.stable-image-core-v1:1');
    expect(sentBody()).toEqual({ prompt: 'pan recién hecho', mode: 'text-to-image', aspect_ratio: '16:9', output_format: 'png' });
    expect(result).toEqual({ bytes: new Uint8Array(png), mediaType: 'image/png', offline: false, model: 'stability.stable-image-core-v1:1' });
  });

  it('SD3.5 Large: image-to-image with the reference image', async () => {
    bedrock.on(InvokeModelCommand).resolves(ok);
    await createBedrockProvider({ models: { image: 'stability.sd3-5-large-v1:0' } }).generateImage({ prompt: 'estilo acuarela', referenceImage: { bytes: png, mediaType: 'image/png' } });
    expect(sentBody()).toEqual({ prompt: 'estilo acuarela', mode: 'image-to-image', image: Buffer.from(png).toString('base64'), strength: 0.7, output_format: 'png' });
  });

  it('a filtered image is a content-filtered error', async () => {
    bedrock.on(InvokeModelCommand).resolves({ body: json({ finish_reasons: ['Filter reason: prompt'] }), contentType: 'application/json' });
    await expect(createBedrockProvider().generateImage({ prompt: 'x' })).rejects.toBeInstanceOf(AiContentFilteredError);
  });

  it.each(['amazon.nova-canvas-v1:0', 'amazon.titan-image-generator-v2:0'])('end-of-life family %s is unsupported', async (model) => {
    await expect(createBedrockProvider({ models: { image: model } }).generateImage({ prompt: 'x' })).rejects.toBeInstanceOf(AiUnsupportedModelError);
  });

  it.each([
    [1024, 1024, '1:1'],
    [1920, 1080, '16:9'],
    [1080, 1350, '4:5'],
    [1080, 1920, '9:16'],
  ])('aspect ratio of %ix%i is %s', (w, h, ratio) => {
    expect(aspectRatioFor(w, h)).toBe(ratio);
  });
});
