/** The widget's visit (issue 15 item 4): read from the frame's URL, kept for the session, read back. */
import { describe, expect, it } from 'vitest';
import { VISIT_STORAGE_KEY, widgetVisit, type VisitStorage } from '../../../../../../web/src/features/widget/visit';

function memoryStorage(initial: Record<string, string> = {}): VisitStorage & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (key) => items[key] ?? null, setItem: (key, value) => void (items[key] = value) };
}

const throwing: VisitStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
};

describe('widgetVisit', () => {
  it("reads the frame URL's ref and UTM and keeps them", () => {
    const storage = memoryStorage();
    expect(widgetVisit('?utm_source=instagram&ref=Ab3dEf9h&otro=1', storage)).toEqual({ ref: 'Ab3dEf9h', utmSource: 'instagram' });
    expect(storage.items[VISIT_STORAGE_KEY]).toBe('ref=Ab3dEf9h&utm_source=instagram');
  });

  it('without any in the URL, answers the one kept earlier in the session (navigation inside the host site)', () => {
    const storage = memoryStorage();
    widgetVisit('?utm_campaign=oto%C3%B1o&utm_content=post-1', storage);
    expect(widgetVisit('', storage)).toEqual({ utmCampaign: 'otoño', utmContent: 'post-1' });
  });

  it('a new visit in the URL replaces the kept one', () => {
    const storage = memoryStorage({ [VISIT_STORAGE_KEY]: 'ref=Ab3dEf9h' });
    expect(widgetVisit('?utm_source=facebook', storage)).toEqual({ utmSource: 'facebook' });
    expect(widgetVisit('', storage)).toEqual({ utmSource: 'facebook' });
  });

  it('never sends what the server would refuse, whatever was kept', () => {
    expect(widgetVisit('', memoryStorage({ [VISIT_STORAGE_KEY]: 'ref=<malo>&utm_medium=social' }))).toEqual({ utmMedium: 'social' });
    expect(widgetVisit('', memoryStorage({ [VISIT_STORAGE_KEY]: '%%%' }))).toBeUndefined();
  });

  it('works without storage (blocked third-party storage) and with nothing at all', () => {
    expect(widgetVisit('?ref=Ab3dEf9h', throwing)).toEqual({ ref: 'Ab3dEf9h' });
    expect(widgetVisit('', throwing)).toBeUndefined();
    expect(widgetVisit('', null)).toBeUndefined();
    expect(widgetVisit('', memoryStorage())).toBeUndefined();
  });
});
