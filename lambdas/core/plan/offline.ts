/**
 * The monthly plan without an AI model (issue 5 item 2; spec 9 sample plan): deterministic, built
 * only from what the owner gave — brand settings and knowledge passages — never invented facts.
 * - Days: the spec's sample days 5, 12 and 20, plus the 26th (one post a week). Days before
 *   `notBefore` (the current month, already under way) are left out; when fewer than three remain,
 *   three days are spread over what is left of the month.
 * - Networks: in the order given (instagram, facebook, youtube first), cycling, so the default set
 *   gives exactly the spec's sample: 5 instagram, 12 facebook, 20 youtube (then 26 instagram).
 * - Texts: four Spanish templates (presentation, knowledge, community, month wrap-up) filled with
 *   the brand name, personality, audience and keywords, and a quoted knowledge passage; keywords
 *   and passages about a topic to avoid are never used. Video networks get video-style titles.
 * - Times: each network's default time (shared/time.ts DEFAULT_POST_TIMES: Instagram 19:00,
 *   Facebook 13:00, YouTube 18:00…), local to the brand (issue 13 item 1).
 * The result goes through the same `repairPlan` as a model's answer; the generator marks it
 * `offline: true` and the panel says so.
 */
import { dateInMonth, defaultPostTime, monthLabel, parseIsoDate, parseMonth, daysInMonth, formatBudget, type SocialNetwork } from '@director-ia/shared';
import { matchedTopicToAvoid, topicsToAvoidList } from '../brand';
import { oneLine } from '../../platform/ai/prompt-text';
import type { BrandContext } from '../../platform/ai/types';
import type { PlanAnswer, PlanAnswerPost } from './schema';

export const OFFLINE_PLAN_MODEL = 'offline-plan-v1';
/** The spec's sample days (spec 9) and one more for a weekly rhythm. */
export const OFFLINE_PLAN_DAYS = [5, 12, 20, 26] as const;
const MIN_POSTS = 3;

export interface OfflinePlanInput {
  month: string;
  notBefore?: string;
  networks: readonly SocialNetwork[];
  budget: number;
  brand: BrandContext;
  passages: string[];
}

/** Longest brand field quoted in an offline post, in characters. */
const FIELD_MAX = 160;

/** The days of the month the offline plan posts on (see the module header). */
export function offlinePlanDays(month: string, notBefore?: string): number[] {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`Not a month: ${month}`);
  const last = daysInMonth(parsed.year, parsed.month);
  const limit = notBefore ? parseIsoDate(notBefore) : null;
  const first = limit && limit.year === parsed.year && limit.month === parsed.month ? limit.day : 1;
  const days = OFFLINE_PLAN_DAYS.filter((day) => day >= first && day <= last);
  if (days.length >= MIN_POSTS || first > last) return days;
  const span = last - first;
  if (span < MIN_POSTS - 1) return Array.from({ length: span + 1 }, (_, i) => first + i);
  return Array.from({ length: MIN_POSTS }, (_, i) => first + Math.round((span * i) / (MIN_POSTS - 1)));
}

/** The brand's keywords, without those about a topic to avoid. */
function usableKeywords(brand: BrandContext): string[] {
  const words = (brand.keywords ?? '')
    .split(/[,;\n]+/)
    .map((k) => oneLine(k, 40))
    .filter((k) => k && !matchedTopicToAvoid(k, brand));
  return [...new Set(words)];
}

/** Keywords as hashtags ('pan artesano' → '#PanArtesano'), at most four. */
function hashtags(keywords: string[]): string[] {
  const tag = (keyword: string) =>
    keyword
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('');
  return [...new Set(keywords.map(tag).filter(Boolean))].slice(0, 4).map((t) => `#${t}`);
}

function usablePassages(passages: string[], brand: BrandContext): string[] {
  if (topicsToAvoidList(brand).length === 0) return passages;
  return passages.filter((p) => !matchedTopicToAvoid(p, brand));
}

const VIDEO_NETWORKS: ReadonlySet<SocialNetwork> = new Set(['youtube', 'tiktok']);

/** A plan in the answer's shape (see the module header). */
export function buildOfflinePlan(input: OfflinePlanInput): PlanAnswer {
  const { brand } = input;
  const name = oneLine(brand.brandName, 80) || 'nuestra marca';
  const personality = oneLine(brand.brandPersonality, FIELD_MAX);
  const audience = oneLine(brand.targetAudience, FIELD_MAX);
  const keywords = usableKeywords(brand);
  const tags = hashtags(keywords);
  const passages = usablePassages(input.passages, brand);
  const label = monthLabel(input.month);
  const monthName = (label.split(' ')[0] ?? '').toLowerCase();
  const tagLine = tags.length > 0 ? `\n\n${tags.join(' ')}` : '';
  const firstKeyword = keywords[0];

  const templates: ((i: number) => Pick<PlanAnswerPost, 'title' | 'content'>)[] = [
    () => ({
      title: `Conoce ${name}`,
      content: [`Esto es ${name}.`, personality && `${personality.replace(/[.…]$/, '')}.`, audience && `Pensado para ${audience.replace(/[.…]$/, '')}.`].filter(Boolean).join(' ') + tagLine,
    }),
    (i) => {
      const passage = passages[i % Math.max(1, passages.length)];
      return passage
        ? { title: `Lo que debes saber de ${name}`, content: `Te lo contamos con nuestras propias palabras:\n«${oneLine(passage, 400)}»${tagLine}` }
        : { title: `Preguntas sobre ${name}`, content: `¿Qué te gustaría saber de ${name}${firstKeyword ? ` y de ${firstKeyword}` : ''}? Déjanos tus preguntas en los comentarios y las responderemos este mes.${tagLine}` };
    },
    () => ({
      title: `Tu opinión cuenta`,
      content: `¿Qué te gustaría ver de ${name} en ${monthName}? Cuéntanoslo en los comentarios: te leemos.${tagLine}`,
    }),
    () => ({
      title: `Resumen de ${label}`,
      content: `Cerramos ${monthName} con ${name}. Gracias por acompañarnos este mes${audience ? `: seguimos pensando en ${audience.replace(/[.…]$/, '')}` : ''}.${tagLine}`,
    }),
  ];

  const days = offlinePlanDays(input.month, input.notBefore);
  const networks = input.networks.length > 0 ? input.networks : (['instagram'] as const);
  const posts: PlanAnswerPost[] = days.map((day, i) => {
    const platform = networks[i % networks.length] as SocialNetwork;
    const text = (templates[i % templates.length] as (typeof templates)[number])(i);
    return {
      title: VIDEO_NETWORKS.has(platform) ? `Vídeo: ${text.title}` : text.title,
      content: text.content,
      scheduledDate: dateInMonth(input.month, day),
      time: defaultPostTime(platform),
      platform,
    };
  });
  return { title: `Plan de contenidos de ${label} · ${formatBudget(input.budget)}`, budget: input.budget, posts };
}
