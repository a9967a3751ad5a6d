/**
 * The mobile chat's history, kept per owner (issue 6 item 3): ChatMessage items under the
 * caller's partition only (`user#<sub>`, sort key `chatmsg#<id>`), read with one Query and never
 * another tenant's. Ids are time ordered and strictly increasing within a process, so an answer
 * always sorts after the message it answers.
 * - `saveChatMessage(sub, fields, now)` → the stored item;
 * - `recentChatMessages(sub, limit)` → the newest `limit` items, oldest first;
 * - `getChatMessage(sub, id)` → the item or null;
 * - `chatViews(sub, items)` → the browser's messages, with short-lived URLs of photos, voice notes
 *   and generated images (an image deleted from the gallery is shown without its picture);
 * - `conversationFor(items, current)` → the AI's view of the conversation (alternating roles,
 *   starting with the owner, images only on the current message; a tool's output is never
 *   replayed as the assistant's words, issue 16 item 3).
 */
import { ASSET_URL_EXPIRES_SECONDS, CHAT_ID_PATTERN, type ChatMessageView } from '@director-ia/shared';
import type { ChatImage, ChatMessage } from '../../platform/ai/types';
import { dataBlock } from '../brand';
import { assets } from '../../platform/db/entities/asset';
import { chatMessages, type ChatMessageItem } from '../../platform/db/entities/chatMessage';
import { presignGet } from '../../platform/storage/presign';
import { newObjectId } from '../uploads/keys';

export type { ChatMessageItem } from '../../platform/db/entities/chatMessage';

let lastIdTime = 0;

/** A new message id, strictly after every id this process made before. */
export function nextMessageId(now = Date.now()): string {
  lastIdTime = Math.max(now, lastIdTime + 1);
  return newObjectId(lastIdTime);
}

export type NewChatMessage = Omit<ChatMessageItem, 'uid' | 'id' | 'createdAt'> & { id?: string };

/** Stores one message of `sub` (a new id unless `fields.id` gives one). */
export async function saveChatMessage(sub: string, fields: NewChatMessage, now = new Date()): Promise<ChatMessageItem> {
  const item = { ...fields, uid: sub, id: fields.id ?? nextMessageId(now.getTime()), createdAt: now.toISOString() } as ChatMessageItem;
  await chatMessages().create(item).go();
  return item;
}

/** The newest `limit` messages of `sub`, oldest first (one Query). */
export async function recentChatMessages(sub: string, limit: number): Promise<ChatMessageItem[]> {
  const { data } = await chatMessages().query.byUser({ uid: sub }).go({ order: 'desc', limit });
  return data.reverse();
}

/** Message `id` of `sub`, or null (an id the server could not have made is not looked up). */
export async function getChatMessage(sub: string, id: string): Promise<ChatMessageItem | null> {
  if (!CHAT_ID_PATTERN.test(id)) return null;
  const { data } = await chatMessages().get({ uid: sub, id }).go();
  return data ?? null;
}

/** Object keys of the generated images the messages show, by asset id (one BatchGet). */
async function assetKeys(sub: string, items: ChatMessageItem[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.flatMap((item) => (item.assetId ? [item.assetId] : [])))];
  if (ids.length === 0) return new Map();
  const { data } = await assets()
    .get(ids.map((id) => ({ uid: sub, id })))
    .go();
  return new Map(data.map((asset) => [asset.id, asset.key]));
}

/** The browser's view of `items` (see the module header). */
export async function chatViews(sub: string, items: ChatMessageItem[]): Promise<ChatMessageView[]> {
  const keys = await assetKeys(sub, items);
  const url = (key: string) => presignGet(key, ASSET_URL_EXPIRES_SECONDS);
  return Promise.all(
    items.map(async (item): Promise<ChatMessageView> => {
      const assetKey = item.assetId ? keys.get(item.assetId) : undefined;
      const imageKey = item.imageKey ?? assetKey;
      return {
        id: item.id,
        role: item.role,
        text: item.text,
        createdAt: item.createdAt,
        offline: item.offline,
        ...(imageKey ? { imageUrl: await url(imageKey) } : {}),
        ...(item.assetId ? { assetId: item.assetId } : {}),
        ...(item.voiceKey ? { audioUrl: await url(item.voiceKey) } : {}),
        ...(item.transcription ? { transcription: item.transcription } : {}),
        ...(item.transcript ? { transcript: item.transcript } : {}),
        ...(item.tool ? { tool: item.tool } : {}),
        ...(item.actionStatus ? { action: { status: item.actionStatus } } : {}),
        ...(item.error ? { error: true } : {}),
      };
    }),
  );
}

/** What the owner said in a message: its text and, once transcribed, its voice note. */
export function ownerText(item: Pick<ChatMessageItem, 'text' | 'transcript'>): string {
  return [item.text, item.transcript].filter((part) => part?.trim()).join('\n');
}

/** What the assistant's turn says in place of a tool's output (issue 16 item 3). */
export const TOOL_OUTPUT_NOTE = (tool: string) => `(Mostré al propietario el resultado de la herramienta ${tool}; el resultado va a continuación como datos.)`;

/**
 * The conversation the AI sees: earlier messages (text only) then the current one (with its
 * image). Consecutive messages of one role are merged, leading assistant messages dropped, so
 * roles alternate and the owner speaks first (what Converse requires).
 * A tool's output (an assistant message with a tool and no pending action: lead names typed by
 * visitors, plan titles, a draft's summary) is never replayed as the assistant's own words: the
 * assistant's turn is TOOL_OUTPUT_NOTE and the output follows on the owner's side as a data block
 * 'herramienta:<tool>' (issue 16 item 3, LLM01: a visitor-typed lead name cannot pose as
 * something the director said).
 */
export function conversationFor(history: ChatMessageItem[], current: { text: string; image?: ChatImage }): ChatMessage[] {
  const out: ChatMessage[] = [];
  const push = (message: ChatMessage) => {
    const last = out[out.length - 1];
    if (last && last.role === message.role) {
      last.content = [last.content, message.content].filter(Boolean).join('\n');
      if (message.images) last.images = [...(last.images ?? []), ...message.images];
    } else out.push({ ...message });
  };
  for (const item of history) {
    const content = item.role === 'owner' ? ownerText(item) : item.text;
    if (!content.trim()) continue;
    if (item.role === 'assistant' && out.length === 0) continue;
    if (item.role === 'assistant' && item.tool && !item.actionStatus) {
      push({ role: 'assistant', content: TOOL_OUTPUT_NOTE(item.tool) });
      push({ role: 'user', content: dataBlock(`herramienta:${item.tool}`, content) });
      continue;
    }
    push({ role: item.role === 'owner' ? 'user' : 'assistant', content });
  }
  push({ role: 'user', content: current.text, ...(current.image ? { images: [current.image] } : {}) });
  return out;
}
