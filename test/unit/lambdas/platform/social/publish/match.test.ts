/**
 * Recognising our post among recent posts (lambdas/platform/social/publish/match.ts): texts
 * compared as the networks give them back, times read in their formats, and posts older than the
 * publication ignored.
 */
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, comparableText, findOurs, timeOf } from '../../../../../../lambdas/platform/social/publish/match';
import { NOW } from './fake';

describe('comparableText', () => {
  it.each([
    ['  Hola\n\nmundo  ', 'Hola mundo'],
    ['Oferta &amp; más &lt;3 &gt; &quot;ya&quot; &#39;hoy&#39;', 'Oferta & más <3 > "ya" \'hoy\''],
    ['Mira https://marca.example/a?b=1 ahora https://t.co/xyz', 'Mira ahora'],
    ['Cafe\u0301', 'Café'],
  ])('%j → %j', (text, expected) => {
    expect(comparableText(text)).toBe(expected);
  });
});

describe('timeOf', () => {
  it('reads ISO 8601, Meta\'s +0000 offsets and zone-less UTC times; undefined otherwise', () => {
    expect(timeOf('2027-01-15T08:00:00Z')).toBe(Date.UTC(2027, 0, 15, 8));
    expect(timeOf('2027-01-15T08:00:00+0000')).toBe(Date.UTC(2027, 0, 15, 8));
    expect(timeOf('2027-01-15T10:00:00+02:00')).toBe(Date.UTC(2027, 0, 15, 8));
    expect(timeOf('2027-01-15T08:00:00')).toBe(Date.UTC(2027, 0, 15, 8));
    expect(timeOf('ayer')).toBeUndefined();
    expect(timeOf(null)).toBeUndefined();
  });
});

describe('findOurs', () => {
  const at = (ms: number) => new Date(ms).toISOString();

  it('finds the first post with our text published since the publication (less the clock skew)', () => {
    const posts = [
      { id: 'old', text: 'Hola', time: at(NOW - CLOCK_SKEW_MS - 1) },
      { id: 'other', text: 'Adiós', time: at(NOW + 1) },
      { id: 'ours', text: 'Hola ', time: at(NOW - CLOCK_SKEW_MS) },
      { id: 'later', text: 'Hola', time: at(NOW + 5) },
    ];
    expect(findOurs('Hola', posts, NOW)).toMatchObject({ id: 'ours' });
    expect(findOurs('Hola', posts.slice(0, 2), NOW)).toBeUndefined();
  });

  it('takes a post without a time by its text alone, and cannot search for a post without text', () => {
    expect(findOurs('Hola', [{ id: 'a', text: 'Hola' }], NOW)).toMatchObject({ id: 'a' });
    expect(findOurs('https://marca.example', [{ id: 'a', text: 'https://t.co/x' }], NOW)).toBe('unknowable');
    expect(findOurs('', [], NOW)).toBe('unknowable');
  });
});
