/**
 * Opening Bandeja on a conversation from another page (issue 14 item 4): the shell is asked for the
 * page, and Bandeja reads the requested conversation (the same on a second read, as StrictMode
 * does) until it forgets it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_PAGE_EVENT } from '../../../../../../web/src/lib/navigation';
import { forgetRequestedConversation, openConversation, requestedConversation } from '../../../../../../web/src/features/inbox/navigation';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('openConversation', () => {
  let opened: unknown[];
  beforeEach(() => {
    opened = [];
    const target = new EventTarget();
    target.addEventListener(OPEN_PAGE_EVENT, (event) => opened.push((event as CustomEvent).detail));
    vi.stubGlobal('window', target);
  });
  afterEach(() => {
    forgetRequestedConversation();
    vi.unstubAllGlobals();
  });

  it('asks the shell for Bandeja and leaves the conversation for it, until forgotten', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(requestedConversation()).toBeNull();
    openConversation('conv-9');
    expect(opened).toEqual(['bandeja']);
    expect(requestedConversation()).toBe('conv-9');
    expect(requestedConversation()).toBe('conv-9');
    forgetRequestedConversation();
    expect(requestedConversation()).toBeNull();
  });

  it('works without session storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    openConversation('conv-7');
    expect(requestedConversation()).toBe('conv-7');
    forgetRequestedConversation();
    expect(requestedConversation()).toBeNull();
  });
});
