/**
 * `generarPlanMensual`'s domain (spec 2 'calendario', 3 "Proposed plan", 4 "Monthly plan", 5, 9;
 * issue 5 item 2): a proposed plan of posts for one month, kept server-side until the owner
 * approves or rejects it.
 * 1. The budget must be a number > 0 (≤ MAX_BUDGET_EUR; rounded to cents), else 400 with the
 *    spec's 'Por favor, introduce un presupuesto válido.'; a month that is already over is 400.
 *    The plan is asked from today (UTC) on; the answer check accepts posts from yesterday (UTC) on,
 *    so no browser's "today" is refused.
 * 2. Inputs of the plan: the brand settings (topics to avoid included), knowledge passages
 *    retrieved for the brand (lambdas/core/knowledge/retrieve.ts; a failed retrieval only loses
 *    the passages), the month, the budget and the owner's networks (./networks.ts).
 *    Each post gets a local time 'HH:mm' (issue 13 item 1): the model is asked for the time that
 *    suits each network, with the defaults of shared/time.ts as guidance; the repair gives any post
 *    without a valid one its network's default. The model is also told each network's text rules
 *    (shared/publishing NETWORK_LIMITS through ./textRules.ts: X's 280 weighted characters, …), so
 *    its posts pass the validation that approval runs (issue 13 item 2).
 * 3. The brand's AI provider answers JSON checked by `PlanAnswerSchema` (one repair round-trip in
 *    the provider layer), then `repairPlan` keeps what is publishable; when nothing is, 500 with
 *    PLAN_MSG.planNoValidPosts and nothing is stored. AI errors keep the AI layer's Spanish
 *    message. The offline provider (no model) gets `buildOfflinePlan` instead, marked `offline`.
 * 4. The proposal is stored (PlanProposal, new ids for each post) and the month's older pending
 *    proposals are removed: only the latest proposal of a month can be approved, and it is the one
 *    `listarPublicaciones` returns with the month (./proposals.ts `pendingProposal`).
 * The plan counts against the caller's daily `monthlyPlans` quota (core/quotas/daily.ts; issue 16
 * finding 2) after step 1 and before the model: over it, 429 and nothing runs; a failure gives it back.
 * `deps` lets tests replace the provider, the brand, the networks or the retrieval.
 */
import { PLAN_MSG, validBudget, type PlanProposal, type SocialNetwork, addDays, DEFAULT_POST_TIMES, isMonth, monthLabel, monthRange, utcDateIso, formatBudget, POST_LIMITS, SOCIAL_NETWORK_LABELS } from '@director-ia/shared';
import type { AiProvider, BrandContext } from '../../platform/ai';
import { systemPromptFor } from '../brand';
import { planProposals, type PlanProposalItem } from '../../platform/db/entities/scheduledPost';
import { GenerationFailedError, InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { brandAiProvider } from '../generation/provider';
import { retrievePassages } from '../knowledge/retrieve';
import { readBrandContext } from '../settings/aiSettings';
import { newObjectId } from '../uploads/keys';
import { buildOfflinePlan, OFFLINE_PLAN_MODEL } from './offline';
import { proposedMedia } from './media';
import { withDailyQuota } from '../quotas/daily';
import { planNetworks } from './networks';
import { networkTextRulesLine } from './textRules';
import { proposalView } from './proposals';
import { PlanAnswerSchema, PlanRejected, repairPlan, type PlanAnswer } from './schema';
import type { CallableInput } from '@director-ia/shared';

/** Passages retrieved for a plan. */
export const PLAN_PASSAGES = 4;
/**
 * What the model is asked for at most: posts and characters of content. The whole answer must
 * come back within the HTTP API's 30 s (one repair round-trip included), so it is kept short;
 * `repairPlan` still accepts up to MAX_PLAN_POSTS posts and POST_LIMITS.content characters.
 */
export const PLAN_ASK_MAX_POSTS = 12;
export const PLAN_CONTENT_ASK_MAX = 600;

export interface PlanDeps {
  provider?: AiProvider;
  brand?: BrandContext;
  networks?: SocialNetwork[];
  retrieve?: (sub: string, query: string) => Promise<string[]>;
}

/** What the model is told to do (the brand, topics to avoid and no-invention rules come from systemPromptFor). */
export function planInstructions(month: string, budget: number, networks: readonly SocialNetwork[], notBefore?: string): string {
  const { first, last } = monthRange(month);
  const from = notBefore && notBefore > first ? notBefore : first;
  const min = 4;
  // Bounded so the answer fits the API's 30 s (see PLAN_ASK_MAX_POSTS).
  const max = Math.min(Math.max(8, networks.length * 3), PLAN_ASK_MAX_POSTS);
  return [
    `Prepara el plan de contenidos para redes sociales de ${monthLabel(month)}.`,
    `- Fechas: entre ${from} y ${last}, en formato AAAA-MM-DD ("scheduledDate").`,
    `- Redes: usa solo estos identificadores en "platform": ${networks.map((n) => `"${n}" (${SOCIAL_NETWORK_LABELS[n]})`).join(', ')}. Reparte las publicaciones entre ellas según lo que mejor funcione en cada una.`,
    `- Hora: "time" en formato HH:mm de 24 horas, hora local de la marca, la que mejor funcione en esa red para su público (orientación: ${networks.map((n) => `${SOCIAL_NETWORK_LABELS[n]} ${DEFAULT_POST_TIMES[n]}`).join(', ')}).`,
    `- Presupuesto del mes: ${formatBudget(budget)}. Tenlo en cuenta para decidir cuántas publicaciones proponer y cuáles merecen promoción pagada, sin inventar precios ni ofertas.`,
    `- Entre ${min} y ${max} publicaciones repartidas por el mes, sin repetir temas.`,
    `- Cada publicación: "title" breve (máximo ${Math.min(POST_LIMITS.title, 80)} caracteres) y "content" listo para publicar en esa red (máximo ${PLAN_CONTENT_ASK_MAX} caracteres), en español.`,
    `- Límites de cada red, que "content" (y "title" donde la red lo publica) debe respetar: ${networks.map(networkTextRulesLine).join('; ')}.`,
    '- "title" del plan: un nombre breve que resuma la estrategia del mes. "budget": el presupuesto indicado, en euros.',
    'Si la información de la marca no basta para algún dato concreto, no lo inventes: propón contenido que no dependa de él.',
  ].join('\n');
}

/** Knowledge passages for the brand's plan; a failure only costs the passages. */
async function defaultRetrieve(sub: string, query: string): Promise<string[]> {
  try {
    return (await retrievePassages(sub, query, PLAN_PASSAGES)).map((p) => p.text);
  } catch (error) {
    logger.warn('Knowledge retrieval for the plan failed: planning without passages', { error: error as Error });
    return [];
  }
}

function retrievalQuery(brand: BrandContext, month: string): string {
  return [brand.brandName, brand.keywords, brand.targetAudience, `ideas de contenido para redes sociales en ${monthLabel(month)}`].filter(Boolean).join('. ');
}

async function askModel(provider: AiProvider, request: { month: string; budget: number; networks: SocialNetwork[]; notBefore?: string; brand: BrandContext; passages: string[] }) {
  const answer = await provider.generateJson(
    {
      system: systemPromptFor(request.brand, planInstructions(request.month, request.budget, request.networks, request.notBefore)),
      messages: [{ role: 'user', content: `Genera el plan de contenidos de ${monthLabel(request.month)} con un presupuesto de ${formatBudget(request.budget)}.` }],
      brand: request.brand,
      passages: request.passages,
      maxTokens: 4096,
      temperature: 0.7,
    },
    PlanAnswerSchema,
  );
  return { answer: answer.value as PlanAnswer, offline: answer.offline, model: answer.model };
}

/** Removes `sub`'s pending proposals of `month` other than `keepId` (best effort). */
async function pruneOlderProposals(sub: string, month: string, keepId: string): Promise<void> {
  try {
    const { data } = await planProposals().query.byUser({ uid: sub }).go({ pages: 'all', attributes: ['uid', 'id', 'month'] });
    const older = data.filter((p) => p.month === month && p.id !== keepId);
    for (const plan of older) await planProposals().delete({ uid: sub, id: plan.id }).go();
    if (older.length > 0) logger.info('Older plan proposals replaced', { month, count: older.length });
  } catch (error) {
    logger.warn('Older plan proposals not removed', { month, error: error as Error });
  }
}

/** Generates and stores a proposed plan for `sub` (see the module header). */
export async function generateMonthlyPlan(sub: string, request: CallableInput<'generarPlanMensual'>, now = new Date(), deps: PlanDeps = {}): Promise<PlanProposal> {
  const budget = validBudget(request.budget);
  if (budget === null) throw new InvalidInputError(PLAN_MSG.budgetInvalid);
  if (!isMonth(request.month)) throw new InvalidInputError(PLAN_MSG.monthInvalid);
  const { month } = request;
  const { first, last } = monthRange(month);
  const yesterday = addDays(utcDateIso(now), -1);
  if (last < yesterday) throw new InvalidInputError(PLAN_MSG.planPastMonth);
  // Repair tolerates yesterday (a browser west of UTC may still be there); the plan itself starts today.
  const notBefore = yesterday > first ? yesterday : undefined;
  const today = utcDateIso(now);
  const startsOn = today > first ? today : undefined;
  // One plan of the caller's daily quota, taken before the model runs and given back if it fails (issue 16 finding 2).
  return withDailyQuota(sub, 'monthlyPlans', () => proposePlan(sub, { month, budget, notBefore, startsOn }, now, deps), now);
}

/** Steps 2–4 of the module header for a checked request. */
async function proposePlan(sub: string, request: { month: string; budget: number; notBefore?: string; startsOn?: string }, now: Date, deps: PlanDeps): Promise<PlanProposal> {
  const { month, budget, notBefore, startsOn } = request;
  const brand = deps.brand ?? (await readBrandContext(sub));
  const provider = deps.provider ?? (await brandAiProvider(sub));
  const [networks, passages] = await Promise.all([
    deps.networks ? Promise.resolve(deps.networks) : planNetworks(sub),
    (deps.retrieve ?? defaultRetrieve)(sub, retrievalQuery(brand, month)),
  ]);
  const context = { month, budget, networks, brand, passages, ...(notBefore ? { notBefore } : {}) };
  const ask = { ...context, ...(startsOn ? { notBefore: startsOn } : {}) };

  const { answer, offline, model } = provider.offline
    ? { answer: buildOfflinePlan(ask), offline: true, model: OFFLINE_PLAN_MODEL }
    : await askModel(provider, ask);

  let plan;
  try {
    plan = repairPlan(answer, context);
  } catch (error) {
    if (!(error instanceof PlanRejected)) throw error;
    logger.warn('The AI plan had no usable post', { provider: provider.id, model, month, posts: answer.posts.length, dropped: error.dropped });
    throw new GenerationFailedError(PLAN_MSG.planNoValidPosts);
  }

  const media = await proposedMedia(sub, plan.posts);
  const item: PlanProposalItem = {
    uid: sub,
    id: newObjectId(now.getTime()),
    month,
    title: plan.title,
    budget,
    posts: plan.posts.map((post, i) => ({ id: newObjectId(now.getTime()), ...post, ...(media[i]?.length ? { media: media[i] } : {}) })),
    offline,
    model,
    createdAt: now.toISOString(),
  };
  await planProposals().create(item).go();
  await pruneOlderProposals(sub, month, item.id);
  logger.info('Monthly plan proposed', { planId: item.id, month, provider: provider.id, model, offline, posts: item.posts.length, dropped: plan.dropped.length, passages: passages.length });
  return proposalView(item);
}
