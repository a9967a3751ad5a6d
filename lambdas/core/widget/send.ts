/**
 * enviarMensajeWidget's domain (issue 6 item 1; contract shared/contract/callables/widget.ts):
 * IP 'send' limit → brand (brand.ts: an active owner or 404) → brand limit → the conversation
 * (404 if not this brand's, 429 when full) and its recent history → the answer (answer.ts; the
 * knowledge answer under the daily cap) → the turn stored (conversation.ts) →
 * `{conversationId, reply, offline, askForContact}`. A new conversation stores the attribution of
 * the body's `visit` (core/links/attribution.ts; issue 15 item 4). Limits are checked before anything is
 * stored; a refused request stores nothing but the counters. The brand is the body's uid; any
 * bearer token is ignored.
 */
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { offlineProvider, type AiProvider } from '../../platform/ai';
import { logger } from '../../platform/logger';
import { brandAiProvider } from '../generation/provider';
import { resolveAttribution } from '../links/attribution';
import { cannedAnswer, knowledgeAnswer } from './answer';
import { readWidgetBrand } from './brand';
import { assertRoomForTurn, readConversation, recentHistory, storeTurn } from './conversation';
import { enforceBrandLimit, enforceIpLimit, withDailyAnswer } from './limits';

/** The brand's provider; a configuration it cannot use (missing key...) answers offline, logged. */
async function providerFor(uid: string): Promise<AiProvider> {
  try {
    return await brandAiProvider(uid);
  } catch (error) {
    logger.warn('Widget provider unavailable: answering offline', { error: error as Error });
    return offlineProvider;
  }
}

/** enviarMensajeWidget (see the module header). */
export async function sendWidgetMessage(input: CallableInput<'enviarMensajeWidget'>, sourceIp: string | null, now = new Date()): Promise<CallableOutput<'enviarMensajeWidget'>> {
  const message = input.message.trim();
  await enforceIpLimit('send', sourceIp, now);
  const brand = await readWidgetBrand(input.uid);
  await enforceBrandLimit(brand.uid, now);
  const conversationId = input.conversationId ?? null;
  if (conversationId) assertRoomForTurn(await readConversation(brand.uid, conversationId));

  const provider = await providerFor(brand.uid);
  const base = { brandName: brand.name, brand: brand.context, message };
  const answer =
    cannedAnswer(base, provider.offline) ??
    (await withDailyAnswer(
      brand.uid,
      async () => knowledgeAnswer(brand.uid, provider, { ...base, history: conversationId ? await recentHistory(brand.uid, conversationId) : [] }),
      now,
    ));

  // Only a new conversation records where the visit came from (issue 15 item 4).
  const attribution = conversationId ? undefined : await resolveAttribution(brand.uid, input.visit);
  const storedId = await storeTurn({ uid: brand.uid, conversationId, visitorText: message, assistantText: answer.reply, ...(attribution ? { attribution } : {}) }, now);
  logger.info('Widget message answered', { conversationId: storedId, provider: provider.id, offline: answer.offline, askForContact: answer.askForContact });
  return { conversationId: storedId, ...answer };
}
