/**
 * The monthly plan the AI answers (issue 5 item 2: `{title, budget, posts[]}`) and how its answer
 * is checked — never trusted blindly:
 * 1. structure: `PlanAnswerSchema` (zod) — a title, an optional budget, a list of posts with
 *    title, content, scheduledDate and platform as strings and an optional time (issue 13 item 1:
 *    optional so a model that leaves it out costs no repair round-trip). The provider layer
 *    validates the JSON against it and asks the model once to fix a malformed answer
 *    (lambdas/platform/ai/json.ts);
 * 2. meaning: `repairPlan` keeps only what can be published as proposed — it trims and caps texts
 *    (a missing title is taken from the content), reads dates as calendar dates ('2025-03-05',
 *    also with a time after it, or with one-digit month/day), keeps posts dated inside the month
 *    (and not before `notBefore`), maps platform aliases ('Twitter' → 'x', 'IG' → 'instagram')
 *    and keeps only the networks offered, reads the time as 'HH:mm' ('9:05', '19.30', '21:00:00'
 *    too) and gives a post without a valid one its network's default time (shared/time.ts
 *    DEFAULT_POST_TIMES) — never dropped for it —, drops posts about the brand's topics to avoid and
 *    duplicates (same date, network and title), sorts them by date and keeps at most
 *    MAX_PLAN_POSTS. The budget is always the owner's, whatever the answer says;
 * 3. rejection: when no post survives, `PlanRejected` (the generator answers 500 with
 *    PLAN_MSG.planNoValidPosts and stores nothing).
 * Pure: no I/O, so it is unit- and property-tested.
 */
import * as z from 'zod/mini';
import { MAX_PLAN_POSTS, PLAN_MSG, PLAN_TITLE_MAX, POST_LIMITS, defaultPostTime, formatIsoDate, isDateInMonth, monthLabel, parseIsoDate, isSocialNetwork, SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { matchedTopicToAvoid } from '../brand';
import type { BrandContext } from '../../platform/ai/types';

export const PlanAnswerPostSchema = z.object({
  title: z.string(),
  content: z.string(),
  /** 'YYYY-MM-DD'. */
  scheduledDate: z.string(),
  /** 'HH:mm' (24 h), local to the brand; the network's default time when missing or invalid. */
  time: z.optional(z.string()),
  /** A network id. */
  platform: z.string(),
});

export const PlanAnswerSchema = z.object({
  title: z.string(),
  budget: z.optional(z.union([z.number(), z.string()])),
  posts: z.array(PlanAnswerPostSchema),
});
export type PlanAnswer = z.infer<typeof PlanAnswerSchema>;
export type PlanAnswerPost = z.infer<typeof PlanAnswerPostSchema>;

export interface RepairContext {
  /** 'YYYY-MM'. */
  month: string;
  /** Earliest acceptable date 'YYYY-MM-DD' (posts before it are dropped); none = the 1st. */
  notBefore?: string;
  /** The networks the plan may use. */
  networks: readonly SocialNetwork[];
  /** The owner's budget, euros. */
  budget: number;
  /** For the topics to avoid. */
  brand?: BrandContext;
}

export interface RepairedPost {
  title: string;
  content: string;
  scheduledDate: string;
  /** 'HH:mm'. */
  time: string;
  platform: SocialNetwork;
}

export interface RepairedPlan {
  title: string;
  budget: number;
  posts: RepairedPost[];
  /** Posts of the answer that were left out, and why (for logs). */
  dropped: { index: number; reason: DropReason }[];
}

export type DropReason = 'empty' | 'date' | 'outsideMonth' | 'platform' | 'topicToAvoid' | 'duplicate' | 'overLimit';

/** The answer had no usable post. */
export class PlanRejected extends Error {
  readonly dropped: RepairedPlan['dropped'];
  constructor(dropped: RepairedPlan['dropped']) {
    super(PLAN_MSG.planNoValidPosts);
    this.name = 'PlanRejected';
    this.dropped = dropped;
  }
}

const PLATFORM_ALIASES: Readonly<Record<string, SocialNetwork>> = {
  twitter: 'x',
  xtwitter: 'x',
  twitterx: 'x',
  ig: 'instagram',
  insta: 'instagram',
  fb: 'facebook',
  yt: 'youtube',
};

/** A network id from a model's spelling ('Instagram', 'X (Twitter)', 'LinkedIn'), or null. */
export function normalizePlatform(value: string): SocialNetwork | null {
  const flat = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (isSocialNetwork(flat)) return flat;
  return PLATFORM_ALIASES[flat] ?? null;
}

/** A calendar date from a model's spelling ('2025-03-05', '2025-3-5', '2025-03-05T10:00:00Z'), or null. */
export function normalizeDate(value: string): string | null {
  const match = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(value);
  if (!match) return null;
  const parsed = parseIsoDate(formatIsoDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }));
  return parsed ? formatIsoDate(parsed) : null;
}

/** A time 'HH:mm' from a model's spelling ('19:00', '9:05', '19.30', '21:00:00'), or null. */
export function normalizeTime(value: string | undefined): string | null {
  const match = /^\s*(\d{1,2})[:.](\d{2})(?::\d{2})?\s*$/.exec(value ?? '');
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** `text` cut to `max` characters (code points), at a word boundary when one is close, with '…'. */
export function capText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Content keeps its line breaks (at most one blank line) but not trailing spaces. */
export const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** A title from the content's first sentence, when the model gave none. */
function titleFromContent(content: string): string {
  const first = oneLine(content).split(/(?<=[.!?])\s/)[0] ?? '';
  return capText(first, Math.min(POST_LIMITS.title, 80));
}

/** A title compared without accents, case or punctuation (duplicates). */
export const titleKey = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Checks and repairs the AI's plan for `ctx` (see the module header); throws PlanRejected. */
export function repairPlan(answer: PlanAnswer, ctx: RepairContext): RepairedPlan {
  const allowed = new Set<SocialNetwork>(ctx.networks);
  const order = (network: SocialNetwork) => {
    const at = ctx.networks.indexOf(network);
    return at >= 0 ? at : SOCIAL_NETWORKS.indexOf(network) + ctx.networks.length;
  };
  const dropped: RepairedPlan['dropped'] = [];
  const seen = new Set<string>();
  const kept: (RepairedPost & { index: number })[] = [];

  answer.posts.forEach((post, index) => {
    const content = capText(tidy(post.content), POST_LIMITS.content);
    const title = capText(oneLine(post.title), POST_LIMITS.title) || titleFromContent(content);
    if (!title || !content) return dropped.push({ index, reason: 'empty' });
    const scheduledDate = normalizeDate(post.scheduledDate);
    if (!scheduledDate) return dropped.push({ index, reason: 'date' });
    if (!isDateInMonth(scheduledDate, ctx.month) || (ctx.notBefore !== undefined && scheduledDate < ctx.notBefore)) {
      return dropped.push({ index, reason: 'outsideMonth' });
    }
    const platform = normalizePlatform(post.platform);
    if (!platform || !allowed.has(platform)) return dropped.push({ index, reason: 'platform' });
    if (matchedTopicToAvoid(`${title}\n${content}`, ctx.brand)) return dropped.push({ index, reason: 'topicToAvoid' });
    const key = `${scheduledDate}|${platform}|${titleKey(title)}`;
    if (seen.has(key)) return dropped.push({ index, reason: 'duplicate' });
    seen.add(key);
    const time = normalizeTime(post.time) ?? defaultPostTime(platform);
    kept.push({ index, title, content, scheduledDate, time, platform });
  });

  kept.sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate) || order(a.platform) - order(b.platform) || a.index - b.index);
  for (const extra of kept.slice(MAX_PLAN_POSTS)) dropped.push({ index: extra.index, reason: 'overLimit' });
  const posts = kept.slice(0, MAX_PLAN_POSTS).map(({ title, content, scheduledDate, time, platform }) => ({ title, content, scheduledDate, time, platform }));
  if (posts.length === 0) throw new PlanRejected(dropped);

  const title = capText(oneLine(answer.title), PLAN_TITLE_MAX) || `Plan de contenidos de ${monthLabel(ctx.month)}`;
  const avoidedTitle = matchedTopicToAvoid(title, ctx.brand) !== null;
  return { title: avoidedTitle ? `Plan de contenidos de ${monthLabel(ctx.month)}` : title, budget: ctx.budget, posts, dropped: dropped.sort((a, b) => a.index - b.index) };
}
