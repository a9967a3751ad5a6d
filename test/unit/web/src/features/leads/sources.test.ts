/** A lead's 'Fuente' (issue 14 item 4): every channel the person used, first one first; the linked Bandeja conversation to open. */
import { describe, expect, it } from 'vitest';
import { leadConversation, leadSourcesText } from '../../../../../../web/src/features/leads/sources';

describe('leadSourcesText', () => {
  it('is the source alone for leads without channels', () => {
    expect(leadSourcesText({ source: 'widget' })).toBe('Widget web');
    expect(leadSourcesText({ source: 'telegram', channels: [] })).toBe('Telegram');
  });

  it('lists every channel in order, once', () => {
    expect(leadSourcesText({ source: 'instagram', channels: ['instagram', 'widget'] })).toBe('Instagram, Widget web');
    expect(leadSourcesText({ source: 'facebook', channels: ['facebook', 'telegram', 'facebook'] })).toBe('Facebook, Telegram');
  });
});

describe('leadConversation', () => {
  it('is the newest linked conversation, or null', () => {
    expect(leadConversation({})).toBeNull();
    expect(leadConversation({ conversationIds: [] })).toBeNull();
    expect(leadConversation({ conversationIds: ['a', 'b'] })).toBe('b');
  });
});
