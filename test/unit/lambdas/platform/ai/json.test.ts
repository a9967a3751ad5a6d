/**
 * JSON output helpers shared by the remote providers: extraction from model answers and the
 * validate → repair once → AiOutputError flow.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AiOutputError } from '../../../../../lambdas/platform/ai/errors';
import { extractJson, generateJsonWithRepair, jsonSchemaOf } from '../../../../../lambdas/platform/ai/json';
import type { TextRequest, TextResult } from '../../../../../lambdas/platform/ai/types';

describe('extractJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['  [1, 2] ', [1, 2]],
    ['```json\n{"a":"b"}\n```', { a: 'b' }],
    ['Claro, aquí está: {"a": {"b": [1]}} ¡Espero que te guste!', { a: { b: [1] } }],
    ['"solo texto"', 'solo texto'],
  ])('%j → %j', (text, value) => {
    expect(extractJson(text)).toEqual({ ok: true, value });
  });

  it.each(['', 'no hay json', '{"a": }'])('%j is not JSON', (text) => {
    expect(extractJson(text).ok).toBe(false);
  });
});

describe('generateJsonWithRepair', () => {
  const schema = z.object({ n: z.number() });
  const request: TextRequest = { system: 'S', messages: [{ role: 'user', content: 'U' }], tools: [{ name: 't', description: 'd', inputSchema: {} }] };

  function scripted(...answers: string[]) {
    const seen: TextRequest[] = [];
    const complete = async (r: TextRequest): Promise<TextResult> => {
      seen.push(r);
      return { text: answers[seen.length - 1] ?? '', toolCalls: [], offline: false, model: 'm' };
    };
    return { seen, complete };
  }

  it('valid at once: one call, no tools, schema in the system prompt', async () => {
    const { seen, complete } = scripted('{"n": 2}');
    await expect(generateJsonWithRepair('gemini', request, schema, complete)).resolves.toEqual({ value: { n: 2 }, offline: false, model: 'm' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.tools).toBeUndefined();
    expect(seen[0]?.system).toContain(JSON.stringify(jsonSchemaOf(schema)));
  });

  it('invalid twice: AiOutputError with the raw output', async () => {
    const { seen, complete } = scripted('{"n": "x"}', 'nada');
    const error = await generateJsonWithRepair('gemini', request, schema, complete).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiOutputError);
    expect((error as AiOutputError).rawOutput).toBe('nada');
    expect(seen).toHaveLength(2);
    expect(seen[1]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});
