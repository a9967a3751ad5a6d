/**
 * The text rules of each network as the AI is told them (issue 13 items 1–2: "a declarative table
 * in shared/ … read by the AI planner"), from shared/publishing NETWORK_LIMITS: the strictest text
 * limit among the network's post kinds (Telegram's 1024-character caption rather than its 4096
 * message, so a text fits whatever media the post gets), its title limit when a kind has one,
 * its hashtag limit and the characters it refuses. Read by the monthly planner (./generate.ts) and
 * the adapter (./adapt.ts).
 */
import { NETWORK_LIMITS, SOCIAL_NETWORK_LABELS, type SocialNetwork, type TextCount, type TextLimit } from '@director-ia/shared';

export interface NetworkTextRules {
  /** Most characters (or bytes, for `utf8Bytes`) of the text, as `count` measures them. */
  textMax: number;
  count: TextCount;
  /** Most characters of the title, when the network sends one (YouTube, Pinterest, TikTok photos). */
  titleMax?: number;
  maxHashtags?: number;
  /** Characters the network refuses in the text or the title (YouTube: < and >). */
  forbidden: string[];
}

const strictest = (limits: readonly TextLimit[]) => limits.reduce((best, limit) => (limit.max < best.max ? limit : best));

/** The text rules of `network` (see the module header). */
export function networkTextRules(network: SocialNetwork): NetworkTextRules {
  const { kinds } = NETWORK_LIMITS[network];
  const texts = kinds.map((kind) => kind.text);
  const titles = kinds.flatMap((kind) => (kind.title ? [kind.title] : []));
  const text = strictest(texts);
  const hashtags = texts.flatMap((limit) => (limit.maxHashtags === undefined ? [] : [limit.maxHashtags]));
  const forbidden = [...new Set([...texts, ...titles].flatMap((limit) => limit.forbidden ?? []))];
  return {
    textMax: text.max,
    count: text.count,
    ...(titles.length > 0 ? { titleMax: strictest(titles).max } : {}),
    ...(hashtags.length > 0 ? { maxHashtags: Math.min(...hashtags) } : {}),
    forbidden,
  };
}

const COUNT_NOTES: Readonly<Record<TextCount, string>> = {
  weighted: ' (cada enlace cuenta 23 y cada emoji 2)',
  codePoints: '',
  utf16: ' (cada emoji cuenta 2)',
  utf8Bytes: ' bytes (las letras con tilde y los emojis ocupan más de uno)',
};

/** The rules of `network` in one Spanish phrase for a prompt, e.g. "X: texto de hasta 280 caracteres (…)". */
export function networkTextRulesLine(network: SocialNetwork): string {
  const rules = networkTextRules(network);
  const unit = rules.count === 'utf8Bytes' ? '' : ' caracteres';
  const parts = [`texto de hasta ${rules.textMax}${unit}${COUNT_NOTES[rules.count]}`];
  if (rules.titleMax !== undefined) parts.push(`título de hasta ${rules.titleMax} caracteres`);
  if (rules.maxHashtags !== undefined) parts.push(`como máximo ${rules.maxHashtags} hashtags`);
  if (rules.forbidden.length > 0) parts.push(`sin los caracteres ${rules.forbidden.join(' ')}`);
  return `${SOCIAL_NETWORK_LABELS[network]}: ${parts.join(', ')}`;
}
