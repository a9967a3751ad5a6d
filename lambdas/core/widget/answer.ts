/**
 * One widget answer (issue 6 item 1): what the brand's assistant replies to a visitor message.
 * 1. A message about one of the brand's topics to avoid gets a polite refusal, and a greeting,
 *    thanks or goodbye a friendly line; neither consults the knowledge or a model.
 * 2. Otherwise, under the brand's daily answer cap (limits.ts), the brand's knowledge passages
 *    most similar to the message are retrieved (only this brand's partition: retrieve.ts with its
 *    uid) and kept when their similarity reaches MIN_PASSAGE_SCORE;
 *    - with a model (the brand's provider from Integraciones, or the deployment's): the system
 *      prompt of prompt.ts with a fresh canary, the last messages of the conversation (every
 *      visitor or customer message inside a data block 'visitante', issue 16 item 3), the
 *      passages, no tools; the answer must match `{respuesta, pedirContacto}` (zod, generateJson);
 *      then the output guard (guard.ts): a leak (canary, instructions) becomes a safe refusal, an
 *      amount absent from the passages becomes "I don't have that figure" with the contact offer;
 *      a model failure falls back to the offline answer (logged);
 *    - offline (no model): honest and labelled — it quotes the most relevant passage, or says it
 *      does not know and offers to take a contact.
 * `askForContact` is the model's judgement OR `showsInterest(message)` OR "did not know".
 */
import * as z from 'zod/mini';
import { AiError, type AiProvider, type BrandContext, type ChatMessage } from '../../platform/ai';
import { dataBlock, matchedTopicToAvoid } from '../brand';
import { offlineEmbedding } from '../../platform/ai/providers/offline/embed';
import { cosineSimilarity } from '../../platform/ai/vectors';
import { logger } from '../../platform/logger';
import { retrievePassages, type Passage } from '../knowledge/retrieve';
import { checkReply, newCanary } from './guard';
import { isSmallTalk, normalizeForMatch, showsInterest } from './interest';
import { widgetSystemPrompt } from './prompt';

/** Passages below this similarity with the message are not knowledge about it. */
export const MIN_PASSAGE_SCORE = 0.12;
/** Passages retrieved per message. */
const PASSAGES_PER_ANSWER = 4;
/** Longest quoted passage (offline) and longest answer kept, characters. */
const QUOTE_MAX = 600;
const REPLY_MAX = 1500;

export interface WidgetAnswer {
  reply: string;
  offline: boolean;
  askForContact: boolean;
}

/** The assistant's fixed lines (Spanish; `brand` is the name the widget shows). */
export const WIDGET_REPLIES = {
  greeting: (brand: string) => `¡Hola! Soy el asistente virtual de ${brand}. Pregúntame lo que necesites y te responderé con la información de ${brand}.`,
  thanks: '¡De nada! ¿Te puedo ayudar en algo más?',
  goodbye: '¡Hasta pronto! Aquí estaré si necesitas algo más.',
  topicToAvoid: (topic: string) => `Lo siento, prefiero no hablar de «${topic}». ¿Te puedo ayudar con otra cosa?`,
  dontKnow: (brand: string) => `No tengo información sobre eso. Si quieres, déjame tu nombre y un email o teléfono y ${brand} te responderá personalmente.`,
  offlineQuote: (brand: string, passage: string) => `Ahora mismo respondo sin un modelo de IA, así que te muestro lo que dice la información de ${brand}: «${passage}»`,
  refusal: (brand: string) => `Lo siento, con eso no puedo ayudarte. Puedo contarte lo que sé de ${brand} o tomar tus datos para que te contacten.`,
  noFigure: (brand: string) => `No tengo ese dato concreto. Si quieres, déjame tu nombre y un email o teléfono y ${brand} te lo confirmará personalmente.`,
} as const;

/** What a model must answer (validated; never trusted blindly). */
export const ModelAnswerSchema = z.object({
  respuesta: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  pedirContacto: z.boolean(),
});

export interface AnswerInput {
  brandName: string;
  brand: BrandContext;
  message: string;
  /** Earlier messages of the conversation, oldest first (models only). */
  history: ChatMessage[];
}

function quote(text: string, max = QUOTE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The answer that needs neither knowledge nor a model, or null (step 1 of the module header). */
export function cannedAnswer(input: Pick<AnswerInput, 'brandName' | 'brand' | 'message'>, offline: boolean): WidgetAnswer | null {
  const topic = matchedTopicToAvoid(input.message, input.brand);
  if (topic) return { reply: WIDGET_REPLIES.topicToAvoid(quote(topic, 80)), offline, askForContact: false };
  if (!isSmallTalk(input.message)) return null;
  const text = normalizeForMatch(input.message);
  const reply = /gracias/.test(text) ? WIDGET_REPLIES.thanks : /adios|hasta|chao/.test(text) ? WIDGET_REPLIES.goodbye : WIDGET_REPLIES.greeting(input.brandName);
  return { reply, offline, askForContact: false };
}

/** The passage an offline answer quotes: the best retrieved one that is also lexically close to the message. */
export function passageToQuote(message: string, passages: readonly Passage[]): Passage | undefined {
  const query = offlineEmbedding(message);
  return passages.find((p) => p.score >= MIN_PASSAGE_SCORE && cosineSimilarity(query, offlineEmbedding(p.text)) >= MIN_PASSAGE_SCORE);
}

/** The honest answer without a model (see the module header). */
export function offlineAnswer(input: Pick<AnswerInput, 'brandName' | 'message'>, passages: readonly Passage[]): WidgetAnswer {
  const passage = passageToQuote(input.message, passages);
  if (!passage) return { reply: WIDGET_REPLIES.dontKnow(input.brandName), offline: true, askForContact: true };
  return { reply: WIDGET_REPLIES.offlineQuote(input.brandName, quote(passage.text)), offline: true, askForContact: showsInterest(input.message) };
}

/** A model's answer, guarded (see the module header). */
export async function modelAnswer(provider: AiProvider, input: AnswerInput, passages: readonly Passage[]): Promise<WidgetAnswer> {
  const canary = newCanary();
  const relevant = passages.filter((p) => p.score >= MIN_PASSAGE_SCORE).map((p) => p.text);
  const system = widgetSystemPrompt({ brandName: input.brandName, brand: input.brand, canary, hasKnowledge: relevant.length > 0 });
  const messages = [...input.history, { role: 'user' as const, content: input.message }].map((m) => (m.role === 'user' ? { ...m, content: dataBlock('visitante', m.content) } : m));
  const { value, offline, model } = await provider.generateJson(
    { system, messages, passages: relevant, maxTokens: 600, temperature: 0.2 },
    ModelAnswerSchema,
  );
  const reply = value.respuesta.length > REPLY_MAX ? `${value.respuesta.slice(0, REPLY_MAX - 1)}…` : value.respuesta;
  const askForContact = value.pedirContacto || showsInterest(input.message);
  const verdict = checkReply(reply, { canary, sources: relevant });
  if (verdict.ok) return { reply, offline, askForContact };
  logger.warn('Widget answer replaced by the output guard', { reason: verdict.reason, provider: provider.id, model });
  if (verdict.reason === 'amount') return { reply: WIDGET_REPLIES.noFigure(input.brandName), offline, askForContact: true };
  return { reply: WIDGET_REPLIES.refusal(input.brandName), offline, askForContact: false };
}

/**
 * The knowledge-grounded answer of `provider` (or offline when it is the offline provider, or
 * when the model fails with an AI error). `uid` selects the brand's knowledge; when the
 * embeddings fail, the answer goes on without knowledge (logged).
 */
export async function knowledgeAnswer(uid: string, provider: AiProvider, input: AnswerInput): Promise<WidgetAnswer> {
  let passages: Passage[] = [];
  try {
    passages = await retrievePassages(uid, input.message, PASSAGES_PER_ANSWER);
  } catch (error) {
    // Embeddings unavailable: answer without knowledge (the model and the offline answer then say they do not know).
    if (!(error instanceof AiError)) throw error;
    logger.warn('Widget retrieval failed: answering without knowledge', { code: error.code, detail: error.detail });
  }
  if (provider.offline) return offlineAnswer(input, passages);
  try {
    return await modelAnswer(provider, input, passages);
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    logger.warn('Widget model failed: answered offline', { provider: provider.id, code: error.code, detail: error.detail });
    return offlineAnswer(input, passages);
  }
}
