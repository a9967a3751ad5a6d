/**
 * The campaign proposal the AI answers (issue 15 item 2) and how its answer is checked — never
 * trusted blindly, as the monthly plan's (../plan/schema.ts):
 * 1. structure: `CampaignAnswerSchema` (zod): a summary, integer WEIGHTS per (network, week) — never
 *    money nor KPI figures —, an audience description per network, creatives (headline, text, call to
 *    action, a gallery image id or an image prompt) and supporting posts. The provider layer
 *    validates the JSON against it and asks the model once to fix a malformed answer
 *    (lambdas/platform/ai/json.ts);
 * 2. meaning: `repairCampaign` keeps what can be used as proposed:
 *    - split: one cell per (network of the brief, week of the campaign), in the brief's network
 *      order and weeks ascending, with the answer's weight for it (a number or numeric text,
 *      rounded, negatives and garbage read as 0, capped at MAX_WEIGHT); missing cells weigh 0; all
 *      0 means equal weights. The budget is split by shared `splitBudget` (exact: the cells sum to
 *      the budget's cents);
 *    - audiences: one per network of the brief: the answer's description (or the template's), the
 *      brief's locations and ages, the answer's interests when valid (else the brief's);
 *    - creatives: per network of the brief, those with a headline and a text (capped to
 *      CREATIVE_LIMITS), a valid call to action (else the objective's), an `assetId` kept only when
 *      it is an image of the caller's gallery, else an `imagePrompt` (the answer's, or one made
 *      from the copy); duplicates and topics to avoid dropped; at most 3. A network left with fewer
 *      than 2 takes template creatives (`fill`) up to 2;
 *    - posts: as the plan repairs them (dates, times, platform aliases), kept only inside the
 *      campaign's dates and not before `notBefore` (the brand's today), on the brief's networks,
 *      without the network's forbidden characters, texts capped at CAMPAIGN_POST_CONTENT_MAX so the
 *      tracked link (≈ LINK_ROOM characters) always fits every campaign network's limit; sorted by
 *      date, at most MAX_CAMPAIGN_POSTS (approval writes them in one transaction).
 * 3. rejection: no usable creative or no usable post in the answer → `CampaignRejected` (the
 *    generator answers CAMPAIGN_MSG.noValidProposal and stores nothing).
 * Pure: no I/O.
 */
import * as z from 'zod/mini';
import {
  AD_CALLS_TO_ACTION,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  CREATIVE_LIMITS,
  defaultPostTime,
  splitBudget,
  type AdCallToAction,
  type CampaignBrief,
  type CampaignNetwork,
  type CampaignObjective,
  type CampaignWeek,
  type Creative,
  type NetworkAudience,
  type SplitCell,
} from '@director-ia/shared';
import { matchedTopicToAvoid } from '../brand';
import { oneLine } from '../../platform/ai/prompt-text';
import type { BrandContext } from '../../platform/ai/types';
import { capText, normalizeDate, normalizePlatform, normalizeTime, PlanAnswerPostSchema, tidy, titleKey as key } from '../plan/schema';
import { networkTextRules } from '../plan/textRules';

/** Characters the tracked link takes at the end of a post ("\n\n" + `<site>/r/<code>`), as the model is told. */
export const LINK_ROOM = 40;
/** Longest text of a supporting post before its link: fits every campaign network's limit with the link (Instagram and TikTok 2200, YouTube 5000 bytes). */
export const CAMPAIGN_POST_CONTENT_MAX = 1000;
/** Longest title of a supporting post. */
export const CAMPAIGN_POST_TITLE_MAX = 80;
/** Most supporting posts: approval writes two items per post plus the campaign in one transaction (≤ 100). */
export const MAX_CAMPAIGN_POSTS = 48;
/** Largest weight kept (a larger one is capped: weights are relative). */
export const MAX_WEIGHT = 1_000_000;
/** Longest audience description. */
export const AUDIENCE_DESCRIPTION_MAX = 300;

const Numeric = z.union([z.number(), z.string()]);

export const CampaignAnswerSchema = z.object({
  /** The reasoning in two or three sentences. */
  summary: z.string(),
  weights: z.array(z.object({ network: z.string(), week: Numeric, weight: Numeric })),
  audiences: z.array(z.object({ network: z.string(), description: z.string(), interests: z.optional(z.array(z.string())) })),
  creatives: z.array(
    z.object({
      network: z.string(),
      headline: z.string(),
      primaryText: z.string(),
      callToAction: z.optional(z.string()),
      assetId: z.optional(z.string()),
      imagePrompt: z.optional(z.string()),
    }),
  ),
  posts: z.array(PlanAnswerPostSchema),
});
export type CampaignAnswer = z.infer<typeof CampaignAnswerSchema>;
export type CampaignAnswerCreative = CampaignAnswer['creatives'][number];

/** The call to action a creative gets when the answer's is not one of AD_CALLS_TO_ACTION. */
export const DEFAULT_CALL_TO_ACTION: Readonly<Record<CampaignObjective, AdCallToAction>> = { notoriedad: 'LEARN_MORE', trafico: 'LEARN_MORE', leads: 'SIGN_UP', ventas: 'SHOP_NOW' };

export interface CampaignRepairContext {
  brief: CampaignBrief;
  weeks: readonly CampaignWeek[];
  /** The budget, integer cents. */
  budgetCents: number;
  /** Earliest post date ('YYYY-MM-DD', the brand's today). */
  notBefore: string;
  /** Ids of the caller's gallery images (a creative's assetId must be one). */
  galleryImages: ReadonlySet<string>;
  brand?: BrandContext;
  /** Template creatives that fill a network left with fewer than CREATIVE_LIMITS.minPerNetwork. */
  fill?: readonly CampaignAnswerCreative[];
  /** Template audience descriptions per network, for a network the answer has none for. */
  audienceFallback?: (network: CampaignNetwork) => string;
}

export interface RepairedCampaignPost {
  title: string;
  content: string;
  scheduledDate: string;
  time: string;
  platform: CampaignNetwork;
}

export interface RepairedCampaign {
  summary: string;
  split: SplitCell[];
  audiences: NetworkAudience[];
  creatives: Omit<Creative, 'id'>[];
  posts: RepairedCampaignPost[];
  /** What was left out (for logs). */
  dropped: { creatives: number; posts: number };
}

/** The answer had no usable creative or post. */
export class CampaignRejected extends Error {
  constructor(readonly dropped: RepairedCampaign['dropped']) {
    super(CAMPAIGN_MSG.noValidProposal);
    this.name = 'CampaignRejected';
  }
}

/** A campaign network from a model's spelling, when the brief has it. */
function campaignNetwork(value: string, brief: CampaignBrief): CampaignNetwork | null {
  const network = normalizePlatform(value);
  return network && (brief.networks as readonly string[]).includes(network) ? (network as CampaignNetwork) : null;
}

/** A weight from a model's spelling: a finite number ≥ 0, rounded, at most MAX_WEIGHT; else 0. */
export function normalizeWeight(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value.trim().replace(',', '.').replace(/%$/, ''));
  if (!Number.isFinite(number) || number <= 0) return 0;
  return Math.min(Math.round(number), MAX_WEIGHT);
}

/** The split of `ctx`'s budget by the answer's weights (see the module header). */
export function repairSplit(weights: CampaignAnswer['weights'], ctx: Pick<CampaignRepairContext, 'brief' | 'weeks' | 'budgetCents'>): SplitCell[] {
  const cells = ctx.brief.networks.flatMap((network) => ctx.weeks.map(({ week }) => ({ network, week })));
  const given = new Map<string, number>();
  for (const entry of weights) {
    const network = campaignNetwork(entry.network, ctx.brief);
    const week = Number(entry.week);
    const cellKey = `${network}#${week}`;
    if (network && Number.isInteger(week) && !given.has(cellKey)) given.set(cellKey, normalizeWeight(entry.weight));
  }
  const answered = cells.map((cell) => given.get(`${cell.network}#${cell.week}`) ?? 0);
  return splitBudget(ctx.budgetCents, cells, answered.some((weight) => weight > 0) ? answered : undefined);
}

function repairAudiences(answer: CampaignAnswer['audiences'], ctx: CampaignRepairContext): NetworkAudience[] {
  return ctx.brief.networks.map((network) => {
    const given = answer.find((audience) => campaignNetwork(audience.network, ctx.brief) === network);
    const description = capText(oneLine(given?.description ?? ''), AUDIENCE_DESCRIPTION_MAX);
    const interests = (given?.interests ?? []).map((interest) => oneLine(interest)).filter((interest) => interest.length > 0 && interest.length <= CAMPAIGN_LIMITS.interestLength && !matchedTopicToAvoid(interest, ctx.brand));
    return {
      network,
      description: description && !matchedTopicToAvoid(description, ctx.brand) ? description : (ctx.audienceFallback?.(network) ?? ''),
      locations: ctx.brief.audience.locations,
      ageMin: ctx.brief.audience.ageMin,
      ageMax: ctx.brief.audience.ageMax,
      interests: interests.length > 0 ? [...new Set(interests)].slice(0, CAMPAIGN_LIMITS.maxInterests) : ctx.brief.audience.interests,
    };
  });
}

/** One creative of the answer repaired for `network`, or null when unusable. */
function repairCreative(creative: CampaignAnswerCreative, network: CampaignNetwork, ctx: CampaignRepairContext): Omit<Creative, 'id'> | null {
  const headline = capText(oneLine(creative.headline), CREATIVE_LIMITS.headline);
  const primaryText = capText(tidy(creative.primaryText), CREATIVE_LIMITS.primaryText);
  if (!headline || !primaryText || matchedTopicToAvoid(`${headline}\n${primaryText}`, ctx.brand)) return null;
  const cta = (creative.callToAction ?? '').trim().toUpperCase().replace(/[\s-]+/g, '_');
  const callToAction = (AD_CALLS_TO_ACTION as readonly string[]).includes(cta) ? (cta as AdCallToAction) : DEFAULT_CALL_TO_ACTION[ctx.brief.objective];
  const assetId = creative.assetId?.trim();
  if (assetId && ctx.galleryImages.has(assetId)) return { network, headline, primaryText, callToAction, assetId };
  const prompt = capText(oneLine(creative.imagePrompt ?? ''), CREATIVE_LIMITS.imagePrompt);
  return { network, headline, primaryText, callToAction, imagePrompt: prompt || capText(`${headline}. ${oneLine(primaryText)}`, CREATIVE_LIMITS.imagePrompt) };
}

function repairCreatives(answer: CampaignAnswer['creatives'], ctx: CampaignRepairContext): { creatives: Omit<Creative, 'id'>[]; fromAnswer: number } {
  const creatives: Omit<Creative, 'id'>[] = [];
  let fromAnswer = 0;
  for (const network of ctx.brief.networks) {
    const kept: Omit<Creative, 'id'>[] = [];
    const seen = new Set<string>();
    const take = (candidates: readonly CampaignAnswerCreative[], limit: number, mine: (c: CampaignAnswerCreative) => boolean) => {
      for (const candidate of candidates) {
        if (kept.length >= limit) break;
        if (!mine(candidate)) continue;
        const repaired = repairCreative(candidate, network, ctx);
        if (!repaired || seen.has(key(repaired.headline))) continue;
        seen.add(key(repaired.headline));
        kept.push(repaired);
      }
    };
    take(answer, CREATIVE_LIMITS.maxPerNetwork, (c) => campaignNetwork(c.network, ctx.brief) === network);
    fromAnswer += kept.length;
    if (kept.length < CREATIVE_LIMITS.minPerNetwork) take(ctx.fill ?? [], CREATIVE_LIMITS.minPerNetwork, (c) => c.network === network);
    creatives.push(...kept);
  }
  return { creatives, fromAnswer };
}

/** `text` without the characters `network` refuses (YouTube: < and >). */
function withoutForbidden(text: string, network: CampaignNetwork): string {
  const { forbidden } = networkTextRules(network);
  return forbidden.length === 0 ? text : [...text].filter((char) => !forbidden.includes(char)).join('');
}

function repairPosts(answer: CampaignAnswer['posts'], ctx: CampaignRepairContext): RepairedCampaignPost[] {
  const first = ctx.notBefore > ctx.brief.startDate ? ctx.notBefore : ctx.brief.startDate;
  const order = (network: CampaignNetwork) => ctx.brief.networks.indexOf(network);
  const seen = new Set<string>();
  const kept: (RepairedCampaignPost & { index: number })[] = [];
  answer.forEach((post, index) => {
    const platform = campaignNetwork(post.platform, ctx.brief);
    const scheduledDate = normalizeDate(post.scheduledDate);
    if (!platform || !scheduledDate || scheduledDate < first || scheduledDate > ctx.brief.endDate) return;
    const content = capText(withoutForbidden(tidy(post.content), platform), CAMPAIGN_POST_CONTENT_MAX);
    const title = capText(withoutForbidden(oneLine(post.title), platform), CAMPAIGN_POST_TITLE_MAX) || capText(oneLine(content), CAMPAIGN_POST_TITLE_MAX);
    if (!title || !content || matchedTopicToAvoid(`${title}\n${content}`, ctx.brand)) return;
    const postKey = `${scheduledDate}|${platform}|${key(title)}`;
    if (seen.has(postKey)) return;
    seen.add(postKey);
    kept.push({ index, title, content, scheduledDate, time: normalizeTime(post.time) ?? defaultPostTime(platform), platform });
  });
  kept.sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate) || order(a.platform) - order(b.platform) || a.index - b.index);
  return kept.slice(0, MAX_CAMPAIGN_POSTS).map(({ index: _index, ...post }) => post);
}

/** Checks and repairs the AI's campaign for `ctx` (see the module header); throws CampaignRejected. */
export function repairCampaign(answer: CampaignAnswer, ctx: CampaignRepairContext): RepairedCampaign {
  const { creatives, fromAnswer } = repairCreatives(answer.creatives, ctx);
  const posts = repairPosts(answer.posts, ctx);
  const dropped = { creatives: answer.creatives.length - fromAnswer, posts: answer.posts.length - posts.length };
  if (fromAnswer === 0 || posts.length === 0) throw new CampaignRejected(dropped);
  const summary = capText(tidy(answer.summary), 1000);
  return {
    summary: matchedTopicToAvoid(summary, ctx.brand) ? '' : summary,
    split: repairSplit(answer.weights, ctx),
    audiences: repairAudiences(answer.audiences, ctx),
    creatives,
    posts,
    dropped,
  };
}
