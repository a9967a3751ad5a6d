/**
 * `generarCampana`'s domain (issue 15 item 2): a campaign brief → a proposal stored as 'propuesta'.
 * 1. The brief is checked server-side (./brief.ts: dates not before the brand's today, landing URL,
 *    canonical provinces).
 * 2. Inputs of the proposal: the brand settings (voice and topics to avoid, systemPromptFor), the
 *    brief, the benchmark table's ranges for its networks and objective (context only: the model
 *    returns integer WEIGHTS per network and week, never money nor KPI figures), each network's
 *    text rules (../plan/textRules.ts) with room for the tracked link approval appends, and the
 *    caller's gallery images (ids and descriptions) for the creatives to pick from.
 * 3. The brand's AI provider answers JSON checked by `CampaignAnswerSchema` (one repair round-trip in
 *    the provider layer), then `repairCampaign` keeps what is usable (./schema.ts); the offline
 *    provider (no model) gets `buildOfflineCampaign` instead (./offline.ts), marked `offline`.
 *    Nothing usable → GenerationFailedError CAMPAIGN_MSG.noValidProposal, nothing stored. AI errors
 *    keep the AI layer's Spanish message.
 * 4. Posts for networks that need media get gallery media as the plan's do (../plan/media.ts); a
 *    post whose TEXT its network would refuse once the link is appended (shared validatePost) is
 *    dropped (media problems stay: the owner attaches one, as in the plan).
 * 5. The split comes from `splitBudget` (exact), the KPI ranges from `expectedKpis(split,
 *    objective)`; the campaign is stored with revision 1 and returned with its (empty) results.
 * The proposal counts against the caller's daily `campaignProposals` quota (core/quotas/daily.ts;
 * issue 16 finding 2) after step 1 and before the model: over it, 429 and nothing runs; a failure gives it back.
 * `deps` lets tests replace the provider, the brand and the gallery.
 */
import {
  benchmarkRange,
  CAMPAIGN_MSG,
  CAMPAIGN_OBJECTIVE_LABELS,
  campaignWeeks,
  DEFAULT_POST_TIMES,
  expectedKpis,
  formatEuros,
  KPI_METRICS,
  LINK_CODE_LENGTH,
  parseBudgetEuros,
  SOCIAL_NETWORK_LABELS,
  trackedLinkPath,
  validatePost,
  type CampaignBrief,
  type CampaignNetwork,
  type CampaignProposal,
  type CampaignResults,
  type CampaignWeek,
  type Campaign,
  type PostProblemCode,
} from '@director-ia/shared';
import type { AiProvider, BrandContext } from '../../platform/ai';
import { quotedField } from '../../platform/ai/prompt-text';
import { assets } from '../../platform/db/entities/asset';
import { GenerationFailedError, InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { systemPromptFor } from '../brand';
import { brandAiProvider } from '../generation/provider';
import { proposedMedia } from '../plan/media';
import { draftFor, mediaKindOf, postMediaOf } from '../plan/publishable';
import { networkTextRulesLine } from '../plan/textRules';
import { readBrandContext } from '../settings/aiSettings';
import { siteUrl } from '../social/site';
import { newObjectId } from '../uploads/keys';
import { withDailyQuota } from '../quotas/daily';
import { checkBrief } from './brief';
import { buildOfflineCampaign, OFFLINE_CAMPAIGN_MODEL, offlineAudienceDescription, offlineCreatives } from './offline';
import { campaignResults } from './results';
import { CampaignAnswerSchema, CampaignRejected, LINK_ROOM, MAX_CAMPAIGN_POSTS, repairCampaign, type CampaignAnswer, type RepairedCampaignPost } from './schema';
import { createCampaign } from './store';
import { campaignView } from './view';

/** Gallery images offered to the model at most (newest first). */
export const CAMPAIGN_GALLERY_MAX = 20;
/** Characters of a supporting post's text the model is asked for at most (before the link). */
export const CAMPAIGN_POST_ASK_MAX = 500;

/** An image of the gallery: its id and what it shows (the prompt it was made from). */
export interface GalleryImage {
  id: string;
  name: string;
}

export interface CampaignDeps {
  provider?: AiProvider;
  brand?: BrandContext;
  /** The caller's gallery images, newest first. */
  gallery?: GalleryImage[];
}

/** The caller's gallery images, newest first (Taller's images only: avatars and voices are identity material). One Query. */
export async function galleryImages(sub: string): Promise<GalleryImage[]> {
  const { data } = await assets().query.byUser({ uid: sub }).go({ pages: 'all', order: 'desc', attributes: ['id', 'type', 'mediaType', 'prompt'] });
  return data.filter((item) => item.type === 'image' && mediaKindOf(item.mediaType) === 'image').map((item) => ({ id: item.id, name: quotedField(item.prompt, 120) }));
}

/** The benchmark ranges of the brief's networks, one line each (context for the model; empty when the table has none). */
function benchmarkLines(brief: CampaignBrief): string[] {
  return brief.networks.flatMap((network) => {
    const parts = KPI_METRICS.flatMap((metric) => {
      const range = benchmarkRange(network, brief.objective, metric);
      if (!range) return [];
      const unit = metric === 'ctr' ? ' %' : ' €';
      return [`${metric.toUpperCase()} ${range.low}–${range.high}${unit} (${range.region})`];
    });
    return parts.length > 0 ? [`${SOCIAL_NETWORK_LABELS[network]}: ${parts.join(', ')}`] : [];
  });
}

/** What the model is told to do (the brand, topics to avoid and no-invention rules come from systemPromptFor). */
export function campaignInstructions(brief: CampaignBrief, weeks: readonly CampaignWeek[], notBefore: string, gallery: readonly GalleryImage[]): string {
  const first = notBefore > brief.startDate ? notBefore : brief.startDate;
  const networks = brief.networks.map((n) => `"${n}" (${SOCIAL_NETWORK_LABELS[n]})`).join(', ');
  const places = brief.audience.locations.map((l) => quotedField(l.name, 80)).join(', ');
  const benchmarks = benchmarkLines(brief);
  const lines = [
    `Prepara una campaña de publicidad en redes sociales con objetivo de ${CAMPAIGN_OBJECTIVE_LABELS[brief.objective].toLowerCase()} y un presupuesto total de ${formatEuros(Math.round(brief.budget * 100))}.`,
    `- Producto u oferta: «${quotedField(brief.offer, 500)}». Página de destino: ${brief.landingUrl}.`,
    `- Fechas: del ${brief.startDate} al ${brief.endDate} (${weeks.length} ${weeks.length === 1 ? 'semana' : 'semanas'}: ${weeks.map((w) => `semana ${w.week} del ${w.start} al ${w.end}`).join('; ')}).`,
    `- Público: de ${brief.audience.ageMin} a ${brief.audience.ageMax} años en ${places}${brief.audience.interests.length > 0 ? `, con intereses: ${brief.audience.interests.map((i) => quotedField(i, 60)).join(', ')}` : ''}.`,
    `- Redes: usa solo estos identificadores en "network" y "platform": ${networks}.`,
    '- "weights": un peso entero (0 a 100) por cada red y semana ("week" de 1 a ' + `${weeks.length}` + '), según dónde y cuándo rendirá más el presupuesto. No des importes ni cifras de resultados: el reparto en euros y los resultados esperados los calcula el sistema.',
    ...(benchmarks.length > 0 ? [`- Referencias del sector para orientar el reparto (no las repitas): ${benchmarks.join('; ')}.`] : []),
    '- "audiences": por cada red, "description" (una o dos frases sobre a quién dirigir los anuncios allí) e "interests" (hasta 10 intereses breves).',
    `- "creatives": entre 2 y 3 anuncios por red, con "headline" (máximo 40 caracteres), "primaryText" (máximo 300 caracteres), "callToAction" (uno de LEARN_MORE, SIGN_UP, SHOP_NOW, CONTACT_US, GET_OFFER, BOOK_NOW) y una imagen: ${gallery.length > 0 ? `"assetId" de una de estas imágenes de la galería (${gallery.map((g) => `"${g.id}": «${g.name}»`).join('; ')}) o, si ninguna encaja,` : ''} "imagePrompt" (descripción de la imagen a generar, máximo 300 caracteres).`,
    `- "posts": publicaciones orgánicas de apoyo entre ${first} y ${brief.endDate} ("scheduledDate" AAAA-MM-DD, "time" HH:mm hora local; orientación: ${brief.networks.map((n) => `${SOCIAL_NETWORK_LABELS[n]} ${DEFAULT_POST_TIMES[n]}`).join(', ')}), entre una y dos por red y semana, como máximo ${MAX_CAMPAIGN_POSTS}. Cada una con "title" breve (máximo 80 caracteres) y "content" de como máximo ${CAMPAIGN_POST_ASK_MAX} caracteres: al final se añadirá un enlace de unos ${LINK_ROOM} caracteres, así que no incluyas enlaces.`,
    `- Límites de cada red, que "content" (con el enlace) y "title" deben respetar: ${brief.networks.map(networkTextRulesLine).join('; ')}.`,
    '- "summary": el razonamiento de la propuesta en dos o tres frases.',
    'Si la información de la marca no basta para algún dato concreto, no lo inventes: propón contenido que no dependa de él.',
  ];
  return lines.join('\n');
}

async function askModel(provider: AiProvider, brief: CampaignBrief, weeks: readonly CampaignWeek[], notBefore: string, brand: BrandContext, gallery: readonly GalleryImage[]) {
  const answer = await provider.generateJson(
    {
      system: systemPromptFor(brand, campaignInstructions(brief, weeks, notBefore, gallery)),
      messages: [{ role: 'user', content: `Genera la propuesta de la campaña «${quotedField(brief.name, 80)}».` }],
      brand,
      maxTokens: 4096,
      temperature: 0.7,
    },
    CampaignAnswerSchema,
  );
  return { answer: answer.value as CampaignAnswer, offline: answer.offline, model: answer.model };
}

/** The problems of a post's text (not of its media: the owner attaches those, as in the plan). */
const TEXT_PROBLEMS: ReadonlySet<PostProblemCode> = new Set(['content_required', 'text_too_long', 'title_required', 'title_too_long', 'forbidden_characters', 'too_many_hashtags', 'too_many_mentions']);

/** Whether `post` (with `media`) keeps within its network's text rules once the tracked link is appended. */
async function textFits(sub: string, post: RepairedCampaignPost, media: readonly string[], sampleLink: string): Promise<boolean> {
  const draft = draftFor({ title: post.title, content: `${post.content}\n\n${sampleLink}` }, post.platform, await postMediaOf(sub, media));
  const problems = await validatePost(post.platform, draft);
  return !problems.some((problem) => TEXT_PROBLEMS.has(problem.code));
}

/** Generates and stores `sub`'s campaign for `input` (see the module header). */
export async function generateCampaign(sub: string, input: { brief: unknown }, now = new Date(), deps: CampaignDeps = {}): Promise<{ campaign: Campaign; results: CampaignResults }> {
  const { brief, today } = await checkBrief(sub, input.brief, now);
  const budget = parseBudgetEuros(brief.budget);
  if (!budget.ok) throw new InvalidInputError(budget.message);
  // One proposal of the caller's daily quota, taken before the model runs and given back if it fails (issue 16 finding 2).
  return withDailyQuota(sub, 'campaignProposals', () => proposeCampaign(sub, brief, today, budget.cents, now, deps), now);
}

/** Steps 2–5 of the module header for a checked brief. */
async function proposeCampaign(sub: string, brief: CampaignBrief, today: string, budgetCents: number, now: Date, deps: CampaignDeps): Promise<{ campaign: Campaign; results: CampaignResults }> {
  const weeks = campaignWeeks(brief.startDate, brief.endDate);
  const [brand, provider, gallery] = await Promise.all([
    deps.brand ? Promise.resolve(deps.brand) : readBrandContext(sub),
    deps.provider ? Promise.resolve(deps.provider) : brandAiProvider(sub),
    deps.gallery ? Promise.resolve(deps.gallery) : galleryImages(sub),
  ]);
  const offered = gallery.slice(0, CAMPAIGN_GALLERY_MAX);
  const { answer, offline, model } = provider.offline
    ? { answer: buildOfflineCampaign({ brief, weeks, notBefore: today, budgetCents, brand, galleryImages: offered.map((g) => g.id) }), offline: true, model: OFFLINE_CAMPAIGN_MODEL }
    : await askModel(provider, brief, weeks, today, brand, offered);

  let repaired;
  try {
    repaired = repairCampaign(answer, {
      brief,
      weeks,
      budgetCents,
      notBefore: today,
      galleryImages: new Set(gallery.map((g) => g.id)),
      brand,
      fill: brief.networks.flatMap((network: CampaignNetwork) => offlineCreatives(brief, brand, network)),
      audienceFallback: (network) => offlineAudienceDescription(brief, network),
    });
  } catch (error) {
    if (!(error instanceof CampaignRejected)) throw error;
    logger.warn('The AI campaign had nothing usable', { provider: provider.id, model, dropped: error.dropped });
    throw new GenerationFailedError(CAMPAIGN_MSG.noValidProposal);
  }

  const media = await proposedMedia(sub, repaired.posts);
  const sampleLink = `${siteUrl()}${trackedLinkPath('x'.repeat(LINK_CODE_LENGTH))}`;
  const fits = await Promise.all(repaired.posts.map((post, i) => textFits(sub, post, media[i] ?? [], sampleLink)));
  const posts = repaired.posts.flatMap((post, i) =>
    fits[i] ? [{ id: newObjectId(now.getTime()), ...post, status: 'propuesto' as const, versions: [], media: media[i] ?? [] }] : [],
  );
  if (posts.length === 0) throw new GenerationFailedError(CAMPAIGN_MSG.noValidProposal);

  const proposal: CampaignProposal = {
    summary: repaired.summary,
    split: repaired.split,
    audiences: repaired.audiences,
    creatives: repaired.creatives.map((creative) => ({ id: newObjectId(now.getTime()), ...creative })),
    posts,
    kpis: expectedKpis(repaired.split, brief.objective),
  };
  const at = now.toISOString();
  const item = {
    uid: sub,
    id: newObjectId(now.getTime()),
    name: brief.name,
    status: 'propuesta' as const,
    revision: 1,
    budgetCents,
    briefJson: JSON.stringify(brief),
    proposalJson: JSON.stringify(proposal),
    postIds: [],
    offline,
    model,
    createdAt: at,
    updatedAt: at,
  };
  await createCampaign(item);
  logger.info('Campaign proposed', { campaignId: item.id, provider: provider.id, model, offline, posts: posts.length, creatives: proposal.creatives.length, dropped: repaired.dropped });
  const stored = { item, brief, proposal };
  return { campaign: campaignView(stored), results: await campaignResults(sub, item) };
}
