/**
 * The embeddings-only entry (embeddings.ts, what knowledge processing and retrieval use): it
 * selects the provider from the environment exactly like `defaultAiProvider`, gives the same
 * vectors and sends the same requests as that provider's `embed`, and its production bundle
 * reaches no text, JSON or image code.
 */
import { BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiConfigError, defaultAiProvider } from '../../../../../lambdas/platform/ai';
import { defaultEmbedder, offlineEmbedder } from '../../../../../lambdas/platform/ai/embeddings';
import { lambdaBuildOptions } from '../../../../../infra/bundling/lambda-esbuild';
import { BAKERY, BIKE_SHOP } from './fixtures/retrieval-es';

const ENVS: Record<string, string | undefined>[] = [
  {},
  { AI_PROVIDER: '' },
  { AI_PROVIDER: ' offline ' },
  { AI_PROVIDER: 'bedrock' },
  { AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://localhost:8080/v1', OPENAI_MODEL: 'qwen', OPENAI_EMBEDDING_MODEL: 'bge-m3' },
  { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' },
];

describe('defaultEmbedder selects like defaultAiProvider', () => {
  it.each(ENVS)('env %j → the same provider id', (env) => {
    expect(defaultEmbedder(env).id).toBe(defaultAiProvider(env).id);
  });

  it.each([
    [{ AI_PROVIDER: 'gemini' }],
    [{ AI_PROVIDER: 'gemini', GEMINI_API_KEY: '  ' }],
    [{ AI_PROVIDER: 'openai-compatible' }],
    [{ AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://x/v1' }],
    [{ AI_PROVIDER: 'nope' }],
  ])('env %j → the same AiConfigError', (env) => {
    const expected = (() => {
      try {
        defaultAiProvider(env);
      } catch (error) {
        return error;
      }
      throw new Error('defaultAiProvider accepted the environment');
    })();
    expect(expected).toBeInstanceOf(AiConfigError);
    expect(() => defaultEmbedder(env)).toThrow(AiConfigError);
    expect(() => defaultEmbedder(env)).toThrow((expected as Error).message);
  });

  it('reads process.env by default (offline when AI_PROVIDER is unset)', () => {
    vi.stubEnv('AI_PROVIDER', undefined);
    try {
      expect(defaultEmbedder()).toBe(offlineEmbedder);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('offline: the same vectors as the offline provider', () => {
  const full = defaultAiProvider({});
  const alone = defaultEmbedder({});
  const texts = [...Object.values(BAKERY.passages), ...BAKERY.questions.map(([q]) => q), ...Object.values(BIKE_SHOP.passages), ...BIKE_SHOP.questions.map(([q]) => q)];

  it.each(['document', 'query'] as const)('for the retrieval fixtures (%s)', async (purpose) => {
    expect(full.offline).toBe(true);
    expect(await alone.embed(texts, purpose)).toEqual(await full.embed(texts, purpose));
  });

  it('for any texts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 120 }), { maxLength: 5 }), fc.constantFrom('document' as const, 'query' as const), async (batch, purpose) => {
        expect(await alone.embed(batch, purpose)).toEqual(await full.embed(batch, purpose));
      }),
    );
  });
});

describe('bedrock: the same InvokeModel requests and vectors as the Bedrock provider', () => {
  const bedrock = mockClient(BedrockRuntimeClient);
  beforeEach(() => bedrock.reset());
  afterEach(() => bedrock.reset());

  it('embeds through the module client with the environment models', async () => {
    bedrock.on(InvokeModelCommand).callsFake((input: { body: Uint8Array }) => {
      const body = new TextDecoder().decode(input.body);
      const length = body.length;
      // Every adapter's parser finds its shape in one of these fields.
      return {
        body: new TextEncoder().encode(JSON.stringify({ embedding: [length, 1], embeddings: [{ embedding: [length, 1] }] })) as never,
        contentType: 'application/json',
      };
    });
    const env = { AI_PROVIDER: 'bedrock' };
    const fromEntry = await defaultEmbedder(env).embed(['uno', 'cuatro'], 'document');
    const fromProvider = await defaultAiProvider(env).embed(['uno', 'cuatro'], 'document');
    expect(fromEntry).toEqual(fromProvider);
    const calls = bedrock.commandCalls(InvokeModelCommand).map((c) => ({ ...c.args[0].input, body: new TextDecoder().decode(c.args[0].input.body as Uint8Array) }));
    expect(calls).toHaveLength(4);
    expect(calls.slice(0, 2)).toEqual(calls.slice(2));
  });
});

describe.each([
  ['openai-compatible', { AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://embed.test/v1', OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'qwen', OPENAI_EMBEDDING_MODEL: 'bge-m3' }],
  ['gemini', { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'AIza-x' }],
])('%s: the same HTTP requests and vectors as the provider', (_id, env) => {
  const requests: { url: string; headers: unknown; body: unknown }[] = [];
  beforeEach(() => {
    requests.length = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { input?: string[]; requests?: unknown[] };
      requests.push({ url, headers: init.headers, body });
      const count = body.input?.length ?? body.requests?.length ?? 1;
      const payload = { data: Array.from({ length: count }, (_, index) => ({ index, embedding: [index, 0.5] })), embeddings: Array.from({ length: count }, (_, i) => ({ values: [i, 0.5] })), embedding: { values: [0, 0.5] } };
      return new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([[['una frase']], [['uno', 'dos', 'tres']]])('%j', async (texts) => {
    const fromEntry = await defaultEmbedder(env).embed(texts, 'query');
    const fromProvider = await defaultAiProvider(env).embed(texts, 'query');
    expect(fromEntry).toEqual(fromProvider);
    expect(fromEntry.vectors).toHaveLength(texts.length);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual(requests[1]);
  });
});

describe('the production bundle of the embeddings entry', () => {
  it('reaches only embedding code (no text, JSON or image modules, no JSON Schema conversion)', async () => {
    const result = await build({ ...lambdaBuildOptions('lambdas/platform/ai/embeddings.ts'), write: false, metafile: true, outdir: 'out', logLevel: 'silent' });
    const [output] = Object.values(result.metafile.outputs);
    // Modules esbuild parsed but tree-shook away are listed with (almost) no bytes of output.
    const bytes = (match: (file: string) => boolean) =>
      Object.entries(output?.inputs ?? {})
        .filter(([file]) => match(file))
        .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    const aiModules = Object.entries(output?.inputs ?? {})
      .filter(([file, input]) => file.startsWith('lambdas/platform/ai/') && input.bytesInOutput > 0)
      .map(([file]) => file.slice('lambdas/platform/ai/'.length))
      .sort();
    expect(aiModules).toEqual([
      'config.ts',
      'counted.ts',
      'embeddings.ts',
      'errors.ts',
      'lazy.ts',
      'offline/spanish.ts',
      'providers/bedrock/client.ts',
      'providers/bedrock/embed.ts',
      'providers/gemini/embed.ts',
      'providers/offline/embed.ts',
      'providers/openai-compatible/embed.ts',
      'providers/rest.ts',
    ]);
    expect(bytes((file) => /zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/.test(file))).toBeLessThan(100);
  });
});
