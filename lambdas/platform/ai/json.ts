/**
 * JSON output for the remote providers: asks for JSON matching the zod schema (its JSON Schema is
 * put in the system prompt, and handed to the provider for native structured output where it has
 * one), extracts the JSON from the answer (code fences and surrounding prose tolerated), validates
 * it with zod, and on failure makes exactly one repair round-trip quoting the problems. A second
 * failure is an AiOutputError.
 */
import { safeParse, toJSONSchema } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { AiOutputError } from './errors';
import type { AiProviderId, TextRequest, TextResult } from './types';

/** Sends one text request; `jsonSchema` lets a provider enable its native JSON mode. */
export type CompleteFn = (request: TextRequest, jsonSchema: Record<string, unknown> | undefined) => Promise<TextResult>;

/** The JSON Schema of a zod schema, or undefined when it has no JSON Schema form. */
export function jsonSchemaOf(schema: $ZodType): Record<string, unknown> | undefined {
  try {
    const json = toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return undefined;
  }
}

/** Parses the JSON value in a model's answer: bare, inside ``` fences, or inside prose. */
export function extractJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const candidates: string[] = [];
  const trimmed = text.trim();
  candidates.push(trimmed);
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const firstObject = trimmed.search(/[{[]/);
  if (firstObject >= 0) {
    const closer = trimmed[firstObject] === '{' ? '}' : ']';
    const last = trimmed.lastIndexOf(closer);
    if (last > firstObject) candidates.push(trimmed.slice(firstObject, last + 1));
  }
  let error = 'no JSON found';
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
  }
  return { ok: false, error };
}

function validate<S extends $ZodType>(schema: S, text: string): { ok: true; value: output<S> } | { ok: false; problems: string } {
  const parsed = extractJson(text);
  if (!parsed.ok) return { ok: false, problems: `no es JSON válido (${parsed.error})` };
  const result = safeParse(schema, parsed.value);
  if (result.success) return { ok: true, value: result.data as output<S> };
  const problems = result.error.issues
    .slice(0, 10)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(raíz)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problems };
}

export function jsonInstruction(jsonSchema: Record<string, unknown> | undefined): string {
  return [
    'Responde únicamente con un valor JSON válido, sin texto antes ni después y sin bloques de código.',
    jsonSchema ? `El JSON debe cumplir este JSON Schema:\n${JSON.stringify(jsonSchema)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** generateJson for any provider whose single text call is `complete` (see the module header). */
export async function generateJsonWithRepair<S extends $ZodType>(
  provider: AiProviderId,
  request: TextRequest,
  schema: S,
  complete: CompleteFn,
): Promise<{ value: output<S>; offline: boolean; model: string }> {
  const jsonSchema = jsonSchemaOf(schema);
  const first: TextRequest = { ...request, tools: undefined, system: `${request.system}\n\n${jsonInstruction(jsonSchema)}` };
  const answer = await complete(first, jsonSchema);
  const checked = validate(schema, answer.text);
  if (checked.ok) return { value: checked.value, offline: false, model: answer.model };
  const repair: TextRequest = {
    ...first,
    messages: [
      ...first.messages,
      { role: 'assistant', content: answer.text || '(respuesta vacía)' },
      { role: 'user', content: `Tu respuesta anterior no es válida: ${checked.problems}. Devuelve solo el JSON corregido, sin texto adicional.` },
    ],
  };
  const second = await complete(repair, jsonSchema);
  const rechecked = validate(schema, second.text);
  if (rechecked.ok) return { value: rechecked.value, offline: false, model: second.model };
  throw new AiOutputError(provider, second.text, rechecked.problems);
}
