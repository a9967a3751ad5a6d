/**
 * The chat history cache (issue 6 item 3): answers merge into the cached history by id, in time
 * order, and a message whose transcription is pending turns on the transcription polling.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '@director-ia/shared';
import { chatKey, mergeChatMessages, mergeMessages, type ChatHistory } from '../../../../../../web/src/features/chat/useChatMessages';

const message = (id: string, text = id): ChatMessageView => ({ id, role: 'assistant', text, createdAt: '2026-06-10T10:00:00Z', offline: false });
const UID = '1f2e3d4c-aaaa-bbbb-cccc-000011112222';

describe('chat history cache', () => {
  it('adds new messages and replaces updated ones, in id (time) order', () => {
    const current = [message('a0000000000000000001'), message('a0000000000000000003', 'pendiente')];
    const merged = mergeMessages(current, [message('a0000000000000000003', 'hecho'), message('a0000000000000000002'), message('a0000000000000000004')]);
    expect(merged.map((m) => m.id)).toEqual(['a0000000000000000001', 'a0000000000000000002', 'a0000000000000000003', 'a0000000000000000004']);
    expect(merged[2]?.text).toBe('hecho');
  });
});

describe('mergeChatMessages', () => {
  it('starts the cached history of a uid from nothing and keeps it per uid', () => {
    const client = new QueryClient();
    mergeChatMessages(client, UID, [message('a0000000000000000002'), message('a0000000000000000001')]);
    expect(client.getQueryData<ChatHistory>(chatKey(UID))).toEqual({ messages: [message('a0000000000000000001'), message('a0000000000000000002')], transcribing: false });
    expect(client.getQueryData(chatKey('someone-else'))).toBeUndefined();
  });

  it('marks the history as transcribing when a voice note is pending, and keeps it so', () => {
    const client = new QueryClient();
    mergeChatMessages(client, UID, [{ ...message('a0000000000000000001'), transcription: 'pending' }]);
    expect(client.getQueryData<ChatHistory>(chatKey(UID))?.transcribing).toBe(true);
    mergeChatMessages(client, UID, [message('a0000000000000000002')]);
    expect(client.getQueryData<ChatHistory>(chatKey(UID))?.transcribing).toBe(true);
  });
});
