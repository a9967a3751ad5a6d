/** The list's server filter (issue 14 item 1): only the fields set, the search trimmed, so equal filters share one cached read. */
import { describe, expect, it } from 'vitest';
import { conversationListKey, serverFilter } from '../../../../../../web/src/features/inbox/keys';

describe('serverFilter', () => {
  it('keeps only what is set, with the search trimmed', () => {
    expect(serverFilter({})).toEqual({});
    expect(serverFilter({ search: '   ' })).toEqual({});
    expect(serverFilter({ channel: 'telegram', state: 'humano', search: '  pan ' })).toEqual({ channel: 'telegram', state: 'humano', search: 'pan' });
  });

  it('gives the top bar and the unfiltered page the same key', () => {
    expect(conversationListKey(serverFilter({ search: '' }))).toEqual(conversationListKey({}));
  });
});
