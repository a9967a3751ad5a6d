/** A message the server answered replaces its stored version in the cached thread, or joins it at the end (issue 14 item 2). */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { threadKey } from '../../../../../../web/src/features/inbox/keys';
import { storeMessage, withMessage } from '../../../../../../web/src/features/inbox/threadCache';
import { conversation, message } from './fixtures';

describe('withMessage', () => {
  const thread = [message({ id: 'a' }), message({ id: 'b', author: 'ai', state: 'sugerida', text: 'Sí' })];

  it('replaces the message with its id', () => {
    expect(withMessage(thread, message({ id: 'b', author: 'ai', state: 'enviada', text: 'Sí' })).map((m) => [m.id, m.state])).toEqual([
      ['a', undefined],
      ['b', 'enviada'],
    ]);
  });

  it('appends a new one', () => {
    expect(withMessage(thread, message({ id: 'c', author: 'owner', state: 'enviada' })).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('storeMessage', () => {
  it('updates a cached thread and leaves an uncached one alone', () => {
    const client = new QueryClient();
    client.setQueryData(threadKey('conv-1'), { conversation: conversation(), messages: [message({ id: 'a' })] });
    storeMessage(client, 'conv-1', message({ id: 'r', author: 'owner', state: 'enviada' }));
    storeMessage(client, 'conv-2', message({ id: 'r' }));
    expect(client.getQueryData<{ messages: { id: string }[] }>(threadKey('conv-1'))?.messages.map((m) => m.id)).toEqual(['a', 'r']);
    expect(client.getQueryData(threadKey('conv-2'))).toBeUndefined();
  });
});
