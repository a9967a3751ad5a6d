/**
 * Reading an open thread (issue 14 item 2): the cached lists show the conversation read at once,
 * and a list where it is already read is not written again — a write restarts the list's refetch
 * interval, so rewriting it on every 5 s thread re-read kept the list from ever re-reading itself
 * (new conversations never appeared while one was open).
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../../../../../web/src/lib/api';
import type { ConversationList } from '../../../../../../web/src/features/inbox/view';
import { conversation, message } from './fixtures';

const callFunction = vi.fn();
vi.mock('../../../../../../web/src/lib/api', async (original) => ({ ...(await original<typeof ApiModule>()), callFunction }));
vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { fetchThread } = await import('../../../../../../web/src/features/inbox/useConversation');
const { conversationListKey } = await import('../../../../../../web/src/features/inbox/keys');

function clientWith(list: ConversationList): QueryClient {
  const client = new QueryClient();
  client.setQueryData(conversationListKey({}), list);
  return client;
}

describe('fetchThread', () => {
  it('marks the conversation read in the cached list, and the total unread drops by its count', async () => {
    const unread = conversation({ id: 'c1', unread: 2 });
    const client = clientWith({ conversations: [unread, conversation({ id: 'c2', unread: 1 })], unread: 3 });
    callFunction.mockResolvedValueOnce({ conversation: { ...unread, unread: 0 }, messages: [message()] });
    const thread = await fetchThread(client, 'c1');
    expect(thread.messages).toHaveLength(1);
    const list = client.getQueryData<ConversationList>(conversationListKey({}));
    expect(list?.conversations.map((c) => [c.id, c.unread])).toEqual([
      ['c1', 0],
      ['c2', 1],
    ]);
    expect(list?.unread).toBe(1);
  });

  it('leaves a list where the conversation is already read untouched (its refetch interval keeps running)', async () => {
    const read = conversation({ id: 'c1', unread: 0 });
    const client = clientWith({ conversations: [read], unread: 0 });
    const before = client.getQueryState(conversationListKey({}))?.dataUpdatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    callFunction.mockResolvedValueOnce({ conversation: { ...read, lastMessage: 'Otro mensaje' }, messages: [message()] });
    await fetchThread(client, 'c1');
    expect(client.getQueryState(conversationListKey({}))?.dataUpdatedAt).toBe(before);
  });
});
