/**
 * The `offline` provider: deterministic, no network, and honest — it never pretends to be a model.
 * Every text starts with OFFLINE_PREFIX and says it was produced without an AI model; results carry
 * `offline: true`.
 * - generateText: a request about a brand topic to avoid gets a polite refusal. With knowledge
 *   passages (`request.passages`, or a `knowledgeBlock` in the system prompt) it quotes the passage
 *   most similar to the last user message (offline embedding), or says the knowledge base has
 *   nothing on it. Otherwise it returns a template with the brand settings and the request, never
 *   invented facts.
 * - Tool use: a tool is called only when a word of its name (split on _ - and camelCase; stem or
 *   concept match) appears in the last user message; the best-scoring tool wins, ties by order. Its
 *   required string arguments receive the user's message; a tool with any other required argument
 *   is never called offline.
 * - generateJson: only for schemas that accept a plain string (gets the offline text); anything else
 *   throws AiOfflineUnsupportedError (generators ship their own offline builders).
 * - embed: `offline-hash-v1` (embed.ts), same vectors for documents and queries.
 * - generateImage: a real PNG from the prompt (offline/image.ts).
 * - Images in a user message (`ChatMessage.images`): it cannot see them and says so plainly,
 *   describing only their format and size (image-info.ts).
 */
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { AiOfflineUnsupportedError } from '../../errors';
import { cosineSimilarity } from '../../vectors';
import { offlineEmbed, offlineEmbedding } from './embed';
import { OFFLINE_IMAGE_MODEL, renderOfflineImage } from '../../offline/image';
import { describeImage } from '../../image-info';
import { matchedTopicToAvoid } from '../../offline/topics';
import { passagesFromSystem } from '../../prompt-text';
import { analyzeSpanish, stemSpanish, tokenize, isStopword } from '../../offline/spanish';
import type { AiProvider, BrandContext, EmbeddingResult, ImageRequest, ImageResult, TextRequest, TextResult, ToolSpec } from '../../types';

export const OFFLINE_PREFIX = '[Modo sin conexión]';
export const OFFLINE_TEXT_MODEL = 'offline-template-v1';
/** Below this cosine similarity a passage is not considered an answer. */
const MIN_PASSAGE_SIMILARITY = 0.12;
const QUOTE_MAX = 280;

function quote(text: string, max = QUOTE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function brandLabel(brand: BrandContext | undefined): string {
  const name = brand?.brandName?.trim();
  return name ? `«${quote(name, 80)}»` : 'tu marca';
}

function lastUserMessage(request: TextRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i -= 1) {
    const message = request.messages[i];
    if (message?.role === 'user') return message.content;
  }
  return '';
}

/** What the offline provider can say about the last user message's images: it cannot see them. */
export function offlineImageNote(request: TextRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  const images = last?.images ?? [];
  if (images.length === 0) return '';
  return `No puedo ver imágenes sin un modelo de IA: solo sé que me has enviado ${images.map(describeImage).join(' y ')}.`;
}

function nameWords(name: string): string[] {
  return tokenize(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ')).filter((t) => !isStopword(t) && t.length > 2);
}

/** Required string arguments ← the message; null when the schema needs anything else. */
function offlineToolInput(tool: ToolSpec, message: string): Record<string, unknown> | null {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const input: Record<string, unknown> = {};
  for (const key of required) {
    if (schema.properties?.[key]?.type !== 'string') return null;
    input[key] = message;
  }
  return input;
}

function matchTool(tools: ToolSpec[] | undefined, message: string): { name: string; input: unknown } | null {
  if (!tools?.length || !message.trim()) return null;
  const analysis = analyzeSpanish(message);
  const stems = new Set(analysis.stems);
  let best: { tool: ToolSpec; score: number } | null = null;
  for (const tool of tools) {
    const words = nameWords(tool.name);
    const stemHits = words.filter((w) => stems.has(stemSpanish(w))).length;
    const conceptHits = [...analyzeSpanish(words.join(' ')).concepts.keys()].filter((c) => (analysis.concepts.get(c) ?? 0) >= 1).length;
    const score = stemHits + conceptHits;
    if (score > 0 && (!best || score > best.score) && offlineToolInput(tool, message)) best = { tool, score };
  }
  if (!best) return null;
  return { name: best.tool.name, input: offlineToolInput(best.tool, message) };
}

function templateAnswer(request: TextRequest, message: string): string {
  const brand = request.brand;
  const details = [
    brand?.brandName?.trim() ? `Marca: ${quote(brand.brandName, 80)}` : '',
    brand?.brandPersonality?.trim() ? `Estilo: ${quote(brand.brandPersonality, 120)}` : '',
    brand?.targetAudience?.trim() ? `Público: ${quote(brand.targetAudience, 120)}` : '',
  ].filter(Boolean);
  return [
    `${OFFLINE_PREFIX} Este texto se ha preparado sin un modelo de IA, así que no redacta contenido nuevo.`,
    details.length > 0 ? details.join(' · ') : '',
    message.trim() ? `Tu petición: «${quote(message)}»` : '',
    'Para obtener un texto escrito por IA, configura un proveedor de IA en Integraciones.',
  ]
    .filter(Boolean)
    .join('\n');
}

export function offlineText(request: TextRequest): TextResult {
  const message = lastUserMessage(request);
  const imageNote = offlineImageNote(request);
  const result = (text: string, toolCalls: TextResult['toolCalls'] = []): TextResult => ({
    text: imageNote ? `${text}\n${imageNote}` : text,
    toolCalls,
    offline: true,
    model: OFFLINE_TEXT_MODEL,
  });
  const topic = matchedTopicToAvoid(message, request.brand);
  if (topic) {
    return result(`${OFFLINE_PREFIX} Lo siento, ${brandLabel(request.brand)} prefiere no tratar el tema «${quote(topic, 80)}». ¿Te ayudo con otra cosa?`);
  }
  const toolCall = matchTool(request.tools, message);
  if (toolCall) {
    return result(`${OFFLINE_PREFIX} Sin un modelo de IA, se ha elegido la acción «${toolCall.name}» por coincidencia de palabras.`, [toolCall]);
  }
  const passages = request.passages?.length ? request.passages : passagesFromSystem(request.system);
  if (passages.length > 0 && message.trim()) {
    const query = offlineEmbedding(message);
    let best = { index: -1, score: 0 };
    passages.forEach((passage, index) => {
      const score = cosineSimilarity(query, offlineEmbedding(passage));
      if (score > best.score) best = { index, score };
    });
    const passage = passages[best.index];
    if (passage !== undefined && best.score >= MIN_PASSAGE_SIMILARITY) {
      return result(`${OFFLINE_PREFIX} Respuesta sin modelo de IA: esto es lo que dice la información de ${brandLabel(request.brand)}:\n«${quote(passage, 600)}»`);
    }
    return result(
      `${OFFLINE_PREFIX} No he encontrado información sobre eso en la base de conocimiento de ${brandLabel(request.brand)}, y sin un modelo de IA no puedo responder con otros datos.`,
    );
  }
  return result(templateAnswer(request, message));
}

export const offlineProvider: AiProvider = {
  id: 'offline',
  offline: true,

  async generateText(request: TextRequest): Promise<TextResult> {
    return offlineText(request);
  },

  async generateJson<S extends $ZodType>(request: TextRequest, schema: S): Promise<{ value: output<S>; offline: boolean; model: string }> {
    const text = offlineText({ ...request, tools: undefined }).text;
    const asString = safeParse(schema, text);
    if (asString.success) return { value: asString.data as output<S>, offline: true, model: OFFLINE_TEXT_MODEL };
    throw new AiOfflineUnsupportedError('offline provider cannot fill a structured schema');
  },

  async generateImage(request: ImageRequest): Promise<ImageResult> {
    const bytes = renderOfflineImage({ prompt: request.prompt, width: request.width, height: request.height, referenceImage: request.referenceImage });
    return { bytes, mediaType: 'image/png', offline: true, model: OFFLINE_IMAGE_MODEL };
  },

  async embed(texts: string[]): Promise<EmbeddingResult> {
    return offlineEmbed(texts);
  },
};
