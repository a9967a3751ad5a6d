/**
 * The AI of the mobile chat deciding one turn (issue 6 item 3): the brand's marketing director,
 * with the brand settings (Constructor IA), the knowledge passages closest to the request
 * (retrieval) and the tools of tools.ts.
 * 1. A request about one of the brand's topics to avoid is declined without calling any model.
 * 2. The brand's provider (Integraciones; 'default' = the deployment's) answers:
 *    - a model: one call with the conversation (the photo attached where the provider takes images),
 *      the passages and the registered tools; its first tool call is parsed with the tool's schema
 *      (an invalid one is reported, never run); otherwise its text is the answer;
 *    - offline: the honest keyword intent detection (intent.ts) picks the same tools; with no
 *      tool, the offline provider's answer (quoting a passage, or its template; it says it cannot
 *      see a photo and only describes its format and size). Offline decisions are labelled.
 * The decision is returned, not run: turn.ts runs direct tools and stores proposals.
 */
import { CHAT_MSG, CHAT_TOOL_LABELS, utcDateIso, type ChatToolName } from '@director-ia/shared';
import type { AiProvider, BrandContext, ChatImage } from '../../platform/ai';
import { OFFLINE_PREFIX } from '../../platform/ai/providers/offline/text';
import { matchedTopicToAvoid, systemPromptFor } from '../brand';
import { logger } from '../../platform/logger';
import { brandAiProvider } from '../generation/provider';
import { retrievePassages } from '../knowledge/retrieve';
import { readBrandContext } from '../settings/aiSettings';
import { spanishDay } from './dates';
import { conversationFor, type ChatMessageItem } from './history';
import { detectIntent } from './intent';
import { parseToolCall, toolSpecs, type ValidToolCall } from './tools';

/** Knowledge passages given to the director. */
const PASSAGES = 4;

export interface TurnRequest {
  /** What the owner said (text and transcript), possibly empty with a photo. */
  text: string;
  image?: ChatImage;
  /** Earlier messages, oldest first (the current one excluded). */
  history: ChatMessageItem[];
}

export type TurnDecision =
  | { kind: 'reply'; text: string; offline: boolean; model: string }
  | { kind: 'tool'; call: ValidToolCall; preface: string; offline: boolean; model: string };

export function directorInstructions(now: Date): string {
  const today = utcDateIso(now);
  return [
    'Hablas con el propietario de la marca por el chat de su móvil: eres su director de marketing.',
    'Responde en español, breve y práctico (como mucho unas 150 palabras), en texto plano, sin Markdown.',
    `Hoy es el ${spanishDay(today)} (${today}).`,
    'Cuando te pida generar una imagen, proponer una publicación para una fecha, ver sus leads nuevos, redactar un artículo del blog o resumir el plan de un mes, usa la herramienta correspondiente en lugar de describirla. Usa como mucho una herramienta por respuesta.',
    'Si envía una foto, coméntala como director de marketing: qué transmite y cómo aprovecharla en redes.',
    'Las herramientas actúan siempre sobre la cuenta del propietario: nunca pidas ni uses identificadores de usuario ni de otras marcas.',
  ].join('\n');
}

async function passagesFor(sub: string, text: string): Promise<string[]> {
  if (!text.trim()) return [];
  try {
    return (await retrievePassages(sub, text, PASSAGES)).map((passage) => passage.text);
  } catch (error) {
    // The answer can do without the knowledge base; the failure is logged, not shown.
    logger.warn('Chat knowledge retrieval failed', { error: error as Error });
    return [];
  }
}

async function offlineTurn(provider: AiProvider, sub: string, brand: BrandContext, request: TurnRequest, tools: readonly ChatToolName[], now: Date): Promise<TurnDecision> {
  const intent = detectIntent(request.text, now, brand.brandName);
  if (intent && tools.includes(intent.call.tool)) {
    const preface = [`${OFFLINE_PREFIX} ${CHAT_MSG.offlineToolChosen(CHAT_TOOL_LABELS[intent.call.tool].toLowerCase())}`, ...intent.notes].join(' ');
    return { kind: 'tool', call: intent.call, preface, offline: true, model: 'offline-intent-v1' };
  }
  const passages = await passagesFor(sub, request.text);
  const answer = await provider.generateText({
    system: systemPromptFor(brand, ''),
    brand,
    passages,
    messages: conversationFor(request.history, { text: request.text, ...(request.image ? { image: request.image } : {}) }),
  });
  return { kind: 'reply', text: answer.text, offline: true, model: answer.model };
}

async function modelTurn(provider: AiProvider, sub: string, brand: BrandContext, request: TurnRequest, tools: readonly ChatToolName[], now: Date): Promise<TurnDecision> {
  const passages = await passagesFor(sub, request.text);
  const text = request.text.trim() || (request.image ? CHAT_MSG.photoWithoutText : '');
  const answer = await provider.generateText({
    system: systemPromptFor(brand, directorInstructions(now)),
    brand,
    passages,
    messages: conversationFor(request.history, { text, ...(request.image ? { image: request.image } : {}) }),
    ...(tools.length > 0 ? { tools: toolSpecs(tools) } : {}),
    maxTokens: 1024,
  });
  const first = answer.toolCalls[0];
  if (first) {
    const call = parseToolCall(first, tools);
    if (call) return { kind: 'tool', call, preface: answer.text, offline: answer.offline, model: answer.model };
    logger.warn('The model asked for an invalid tool call', { tool: first.name });
    return { kind: 'reply', text: [answer.text, CHAT_MSG.toolInputInvalid].filter(Boolean).join('\n'), offline: answer.offline, model: answer.model };
  }
  return { kind: 'reply', text: answer.text || CHAT_MSG.aiFailed('la IA no devolvió texto.'), offline: answer.offline, model: answer.model };
}

/** Decides the answer to one owner message of `sub` (see the module header). */
export async function decideTurn(sub: string, request: TurnRequest, tools: readonly ChatToolName[], now = new Date()): Promise<TurnDecision> {
  const brand = await readBrandContext(sub);
  const topic = matchedTopicToAvoid(request.text, brand);
  if (topic) return { kind: 'reply', text: CHAT_MSG.topicToAvoid(topic), offline: false, model: 'rules' };
  const provider = await brandAiProvider(sub);
  return provider.offline ? offlineTurn(provider, sub, brand, request, tools, now) : modelTurn(provider, sub, brand, request, tools, now);
}
