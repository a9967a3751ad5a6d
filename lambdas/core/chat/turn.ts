/**
 * Answering one owner message of the mobile chat (issue 6 item 3): the director decides
 * (director.ts), then
 * - a plain answer is stored as the assistant's message;
 * - a tool that spends or publishes (generar_imagen, crear_publicacion, redactar_articulo) is NOT run: its validated
 *   input is stored with the assistant's question as a pending action ('Confirmar'/'Cancelar',
 *   resolved by confirm.ts);
 * - a direct tool (listar_leads, resumir_plan) runs at once with `sub` — the
 *   verified caller the handler passed — and its result is the answer;
 * - a failure (AI, provider configuration, a tool's refusal) becomes an answer that says so in
 *   Spanish (`error: true`), so the history shows what happened; unexpected ones are logged and
 *   shown with the generic message.
 * Returns the stored assistant messages, oldest first.
 */
import { CHAT_MSG, CHAT_TOOL_NAMES, type ChatToolName } from '@director-ia/shared';
import type { ChatImage } from '../../platform/ai/types';
import { logger } from '../../platform/logger';
import { decideTurn } from './director';
import { failureText } from './failure';
import { isDirectTool, runDirectTool } from './directTools';
import { ownerText, saveChatMessage, type ChatMessageItem } from './history';
import { needsConfirmation, proposalText } from './tools';

/** The tools the AI is offered (every tool's implementation is in place). */
export const REGISTERED_TOOLS: readonly ChatToolName[] = CHAT_TOOL_NAMES;

const joined = (...parts: string[]) => parts.filter((part) => part.trim()).join('\n\n');

/** Answers `owner` (see the module header). */
export async function answerOwnerMessage(sub: string, owner: ChatMessageItem, history: ChatMessageItem[], image: ChatImage | undefined, now = new Date()): Promise<ChatMessageItem[]> {
  let decision;
  try {
    decision = await decideTurn(sub, { text: ownerText(owner), ...(image ? { image } : {}), history }, REGISTERED_TOOLS, now);
  } catch (error) {
    return [await saveChatMessage(sub, { role: 'assistant', text: CHAT_MSG.aiFailed(failureText(error)), offline: false, error: true }, now)];
  }
  const base = { role: 'assistant' as const, offline: decision.offline, model: decision.model };
  if (decision.kind === 'reply') return [await saveChatMessage(sub, { ...base, text: decision.text }, now)];

  const { call, preface } = decision;
  if (needsConfirmation(call.tool) && (call.tool === 'generar_imagen' || call.tool === 'crear_publicacion' || call.tool === 'redactar_articulo')) {
    const proposal = { ...base, text: joined(preface, proposalText(call)), tool: call.tool, actionInput: JSON.stringify(call.input), actionStatus: 'pending' as const };
    logger.info('Chat action proposed', { tool: call.tool });
    return [await saveChatMessage(sub, proposal, now)];
  }
  if (!isDirectTool(call)) return [await saveChatMessage(sub, { ...base, text: CHAT_MSG.toolInputInvalid, error: true }, now)];
  try {
    const outcome = await runDirectTool(sub, call, now);
    logger.info('Chat tool ran', { tool: call.tool });
    return [await saveChatMessage(sub, { ...base, offline: decision.offline || Boolean(outcome.offline), text: joined(preface, outcome.text), tool: call.tool }, now)];
  } catch (error) {
    return [await saveChatMessage(sub, { ...base, text: joined(preface, CHAT_MSG.actionFailed(failureText(error))), tool: call.tool, error: true }, now)];
  }
}
