/**
 * The brand's topics to avoid (spec 3 "AI settings"), read as Spanish text: `topicsToAvoidList`
 * splits the setting into topics, and `matchedTopicToAvoid`/`violatesTopicsToAvoid` tell whether a
 * text is about one of them (normalised, stem-aware, with the concept map: a topic "precios" also
 * matches "¿cuánto cuesta?"). It lives with the offline engine because the offline provider
 * refuses such requests itself; core reaches it through core/brand, with the rest of the brand
 * policy.
 */
import { quotedField } from '../prompt-text';
import type { BrandContext } from '../types';
import { analyzeSpanish, isStopword, stemSpanish, tokenize } from './spanish';

const FIELD_MAX = 600;

/** The topics to avoid as a list ("política, religión; fútbol" → three topics). */
export function topicsToAvoidList(brand: BrandContext | undefined): string[] {
  return (brand?.topicsToAvoid ?? '')
    .split(/[,;\n/|·•]+|\s+y\s+|\s+o\s+/i)
    .map((t) => quotedField(t, FIELD_MAX).replace(/^[-*.\s]+|[.\s]+$/g, ''))
    .filter((t) => t.length > 0);
}

/** The first topic to avoid that `text` is about, or null. See the module header for the matching rule. */
export function matchedTopicToAvoid(text: string, brand: BrandContext | undefined): string | null {
  const topics = topicsToAvoidList(brand);
  if (topics.length === 0) return null;
  const analysis = analyzeSpanish(text);
  const textStems = new Set(analysis.stems);
  for (const topic of topics) {
    const contentTokens = tokenize(topic).filter((t) => !isStopword(t) && t.length > 1);
    if (contentTokens.length === 0) continue;
    const topicStems = contentTokens.map(stemSpanish);
    if (topicStems.every((s) => textStems.has(s))) return topic;
    // A one-word topic that names a concept of the map also matches that concept's vocabulary.
    if (contentTokens.length === 1) {
      const topicConcepts = [...analyzeSpanish(topic).concepts.entries()].filter(([, w]) => w >= 1).map(([c]) => c);
      if (topicConcepts.some((c) => (analysis.concepts.get(c) ?? 0) >= 1)) return topic;
    }
  }
  return null;
}

/** True when `text` is about one of the brand's topics to avoid. */
export function violatesTopicsToAvoid(text: string, brand: BrandContext | undefined): boolean {
  return matchedTopicToAvoid(text, brand) !== null;
}
