/**
 * The campaign proposal without an AI model (issue 15 item 2: "The offline provider builds a
 * deterministic proposal from the same table, labelled offline"): built only from the brief and the
 * brand's name, the same for the same brief and day, never invented facts. It goes through the same
 * `repairCampaign` as a model's answer (./schema.ts); the generator marks it `offline: true`.
 * - Weights: equal for every (network, week): the budget is split evenly (to the cent, exactly).
 * - Audiences: the brief's locations, ages and interests, described in one sentence.
 * - Creatives: two per network from templates with the offer and the brand name; each gets one of
 *   the gallery's images, newest first and distinct where the gallery has enough, else an image
 *   prompt made from the offer.
 * - Posts: one per network per week, on the week's first day not before today, at the network's
 *   default time (shared/time.ts DEFAULT_POST_TIMES), from templates with the offer and the brand.
 * The KPI ranges are never built here: the generator computes them from the split (`expectedKpis`).
 */
import { CAMPAIGN_OBJECTIVE_LABELS, defaultPostTime, formatEuros, SOCIAL_NETWORK_LABELS, type CampaignBrief, type CampaignNetwork, type CampaignWeek } from '@director-ia/shared';
import { oneLine } from '../../platform/ai/prompt-text';
import type { BrandContext } from '../../platform/ai/types';
import { DEFAULT_CALL_TO_ACTION, type CampaignAnswer, type CampaignAnswerCreative } from './schema';

export const OFFLINE_CAMPAIGN_MODEL = 'offline-campaign-v1';
/** Creatives per network of the offline proposal. */
const OFFLINE_CREATIVES = 2;

export interface OfflineCampaignInput {
  brief: CampaignBrief;
  weeks: readonly CampaignWeek[];
  /** The brand's today: no post before it. */
  notBefore: string;
  budgetCents: number;
  brand: BrandContext;
  /** The caller's gallery image ids, newest first. */
  galleryImages: readonly string[];
}

const brandName = (brand: BrandContext) => oneLine(brand.brandName, 60) || 'nuestra marca';
const offerLine = (brief: CampaignBrief, max: number) => oneLine(brief.offer, max).replace(/[.…]$/, '');

/** Who the campaign speaks to, in one sentence (the audience's description). */
export function offlineAudienceDescription(brief: CampaignBrief, network: CampaignNetwork): string {
  const places = brief.audience.locations.map((location) => location.name).join(', ');
  const ages = brief.audience.ageMax >= 65 ? `de ${brief.audience.ageMin} años o más` : `de ${brief.audience.ageMin} a ${brief.audience.ageMax} años`;
  const interests = brief.audience.interests.length > 0 ? ` interesadas en ${brief.audience.interests.join(', ')}` : '';
  return `Personas ${ages} en ${places}${interests}, en ${SOCIAL_NETWORK_LABELS[network]}.`;
}

/** The template creatives of `network` (copy only: images are given by `buildOfflineCampaign`). */
export function offlineCreatives(brief: CampaignBrief, brand: BrandContext, network: CampaignNetwork): CampaignAnswerCreative[] {
  const name = brandName(brand);
  const offer = offerLine(brief, 300);
  const headlines = [`${name}: ${offerLine(brief, 30)}`, brief.objective === 'notoriedad' ? `Conoce ${name}` : brief.objective === 'ventas' ? 'Aprovecha la oferta' : 'Te lo contamos'];
  const texts = [`${offer}. Descúbrelo con ${name}.`, `${offer}. ${brief.objective === 'leads' ? 'Déjanos tus datos y te contamos todo.' : 'Entra y descubre más.'}`];
  return headlines.slice(0, OFFLINE_CREATIVES).map((headline, i) => ({
    network,
    headline,
    primaryText: texts[i] ?? texts[0] ?? offer,
    callToAction: DEFAULT_CALL_TO_ACTION[brief.objective],
    imagePrompt: `${offer} — ${name}`,
  }));
}

const POST_TEMPLATES: ((name: string, offer: string, week: number) => { title: string; content: string })[] = [
  (name, offer) => ({ title: `Novedad en ${name}`, content: `${offer}. Te lo contamos todo en el enlace.` }),
  (name, offer) => ({ title: `¿Ya lo conoces?`, content: `En ${name} seguimos con ${offer.charAt(0).toLowerCase()}${offer.slice(1)}. Más información en el enlace.` }),
  (name, offer) => ({ title: `Últimos días`, content: `${offer}. No te quedes sin ello: ${name} te espera en el enlace.` }),
];

/** The offline proposal in the answer's shape (see the module header). */
export function buildOfflineCampaign(input: OfflineCampaignInput): CampaignAnswer {
  const { brief, weeks, brand } = input;
  const name = brandName(brand);
  const offer = offerLine(brief, 400);
  const weights = brief.networks.flatMap((network) => weeks.map(({ week }) => ({ network, week, weight: 1 })));
  const audiences = brief.networks.map((network) => ({ network, description: offlineAudienceDescription(brief, network) }));
  const images = input.galleryImages;
  const creatives = brief.networks
    .flatMap((network) => offlineCreatives(brief, brand, network))
    .map((creative, i) => (images.length > 0 ? { ...creative, assetId: images[i % images.length] as string } : creative));
  const posts = weeks.flatMap(({ week, start, end }) => {
    const day = start < input.notBefore ? input.notBefore : start;
    if (day > end) return [];
    const template = POST_TEMPLATES[(week - 1) % POST_TEMPLATES.length] as (typeof POST_TEMPLATES)[number];
    const text = template(name, offer, week);
    return brief.networks.map((platform) => ({ ...text, scheduledDate: day, time: defaultPostTime(platform), platform }));
  });
  const summary = `Propuesta sin IA: ${formatEuros(input.budgetCents)} repartidos por igual entre ${brief.networks.map((n) => SOCIAL_NETWORK_LABELS[n]).join(', ')} durante ${weeks.length} ${weeks.length === 1 ? 'semana' : 'semanas'}, con objetivo de ${CAMPAIGN_OBJECTIVE_LABELS[brief.objective].toLowerCase()}. Los rangos de resultados salen de la tabla de referencia.`;
  return { summary, weights, audiences, creatives, posts };
}
