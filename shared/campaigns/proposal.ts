/**
 * A campaign as the owner sees it (issue 15 items 2, 3 and 5): its brief, the AI's proposal (the
 * budget split per network and week, audiences, creatives, supporting organic posts, expected KPI
 * ranges from the benchmark table), its Meta draft when pushed, and its results.
 *
 * Money is integer euro cents (./budget.ts); KPI figures are in their natural units (CPM and CPC
 * euros, CTR percent, impressions and clicks counts). The KPI ranges are never the model's: the
 * server computes them with `expectedKpis` from the split and ./benchmarks.ts, and recomputes them
 * whenever the split changes.
 */
import * as z from 'zod/mini';
import { PlannedPostSchema } from '../entities/scheduledPost';
import { CAMPAIGN_NETWORKS, CAMPAIGN_OBJECTIVES, CampaignAudienceSchema, CampaignBriefSchema, type CampaignNetwork, type CampaignObjective } from './brief';
import { BENCHMARK_REGIONS, benchmarkRange, type BenchmarkRegion } from './benchmarks';

/** A campaign's life: proposed (editable, nothing on the calendar) → approved (posts on the calendar). */
export const CAMPAIGN_STATUSES = ['propuesta', 'aprobada'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = { propuesta: 'Propuesta', aprobada: 'Aprobada' };

/** The calls to action an ad may carry (Marketing API `call_to_action.type`) and their Spanish labels as Meta shows them. */
export const AD_CALLS_TO_ACTION = ['LEARN_MORE', 'SIGN_UP', 'SHOP_NOW', 'CONTACT_US', 'GET_OFFER', 'BOOK_NOW'] as const;
export type AdCallToAction = (typeof AD_CALLS_TO_ACTION)[number];
export const AD_CALL_TO_ACTION_LABELS: Readonly<Record<AdCallToAction, string>> = {
  LEARN_MORE: 'Más información',
  SIGN_UP: 'Registrarte',
  SHOP_NOW: 'Comprar',
  CONTACT_US: 'Contactar',
  GET_OFFER: 'Obtener oferta',
  BOOK_NOW: 'Reservar',
};

export const CREATIVE_LIMITS = { minPerNetwork: 2, maxPerNetwork: 3, headline: 40, primaryText: 500, imagePrompt: 400 } as const;

/** One cell of the split: a network in one week, its cents. */
export const SplitCellSchema = z.object({ network: z.enum(CAMPAIGN_NETWORKS), week: z.number(), cents: z.number() });
export type SplitCell = z.infer<typeof SplitCellSchema>;

/** The audience the ads of one network target. */
export const NetworkAudienceSchema = z.object({
  network: z.enum(CAMPAIGN_NETWORKS),
  /** Why this audience, in the brand's words (the AI's, or the offline template's). */
  description: z.string(),
  ...CampaignAudienceSchema.def.shape,
});
export type NetworkAudience = z.infer<typeof NetworkAudienceSchema>;

/**
 * One ad creative: copy in the brand voice, and either an image of the gallery (`assetId`) or a
 * request to generate one (`imagePrompt`, for the Taller's image generator); the owner may fill in
 * `assetId` later. `link` is the creative's tracked link once it has one (Meta draft, item 3).
 */
export const CreativeSchema = z.object({
  id: z.string(),
  network: z.enum(CAMPAIGN_NETWORKS),
  headline: z.string(),
  primaryText: z.string(),
  callToAction: z.enum(AD_CALLS_TO_ACTION),
  assetId: z.optional(z.string()),
  imagePrompt: z.optional(z.string()),
  link: z.optional(z.object({ code: z.string(), url: z.string() })),
});
export type Creative = z.infer<typeof CreativeSchema>;

/** What a KPI measures: the table's three, and the two the split implies from them. */
export const KPI_KINDS = ['cpm', 'cpc', 'ctr', 'impresiones', 'clics'] as const;
export type KpiKind = (typeof KPI_KINDS)[number];
export const KPI_KIND_LABELS: Readonly<Record<KpiKind, string>> = { cpm: 'CPM', cpc: 'CPC', ctr: 'CTR', impresiones: 'Impresiones', clics: 'Clics' };
export const KPI_UNITS = ['eur', 'percent', 'count'] as const;

/** An expected KPI range of one network, with the benchmark rows it comes from (./benchmarks.ts ids). */
export const KpiRangeSchema = z.object({
  network: z.enum(CAMPAIGN_NETWORKS),
  kind: z.enum(KPI_KINDS),
  low: z.number(),
  high: z.number(),
  unit: z.enum(KPI_UNITS),
  region: z.enum(BENCHMARK_REGIONS),
  benchmarkIds: z.array(z.string()),
});
export type KpiRange = z.infer<typeof KpiRangeSchema>;

export const CampaignProposalSchema = z.object({
  /** The reasoning in two or three sentences (Spanish). */
  summary: z.string(),
  /** Every (network, week) cell exactly once, networks in the brief's order, weeks ascending; sums to the budget. */
  split: z.array(SplitCellSchema),
  audiences: z.array(NetworkAudienceSchema),
  creatives: z.array(CreativeSchema),
  /** The organic posts that support the campaign, as a plan proposes them (approval puts them on the calendar). */
  posts: z.array(PlannedPostSchema),
  kpis: z.array(KpiRangeSchema),
});
export type CampaignProposal = z.infer<typeof CampaignProposalSchema>;

/** The Meta Ads draft (item 3): what was created, PAUSED, in the owner's ad account. */
export const MetaDraftSchema = z.object({
  adAccountId: z.string(),
  campaignId: z.string(),
  adSetIds: z.array(z.string()),
  adIds: z.array(z.string()),
  /** Always 'PAUSED': nothing is launched without the owner doing it in Meta. */
  status: z.literal('PAUSED'),
  /** True once every ad set and ad exists (a push that failed half-way resumes from what was stored). */
  complete: z.boolean(),
  /** The sandbox's ids are labelled 'Red de pruebas' by the web. */
  sandbox: z.boolean(),
  createdAt: z.string(),
});
export type MetaDraft = z.infer<typeof MetaDraftSchema>;

export const SPEND_SOURCES = ['meta', 'owner'] as const;
export type SpendSource = (typeof SPEND_SOURCES)[number];

export const CampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  brief: CampaignBriefSchema,
  budgetCents: z.number(),
  weeks: z.array(z.object({ week: z.number(), start: z.string(), end: z.string() })),
  proposal: CampaignProposalSchema,
  /** True when the offline provider built the proposal (no AI model): labelled as such. */
  offline: z.boolean(),
  model: z.string(),
  /** The calendar posts approval created (scheduled posts' ids). */
  postIds: z.array(z.string()),
  approvedAt: z.optional(z.string()),
  meta: z.optional(MetaDraftSchema),
  /** What was spent: Meta's insights where pushed, else the owner's figure; absent until known. */
  spend: z.optional(z.object({ cents: z.number(), source: z.enum(SPEND_SOURCES), updatedAt: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** Results and funnel (item 5). Counts are totals since the campaign was created. */
export const CampaignResultsSchema = z.object({
  budgetCents: z.number(),
  spendCents: z.nullable(z.number()),
  spendSource: z.nullable(z.enum(SPEND_SOURCES)),
  /** Funnel: publications of the campaign's posts that went out, clicks on its tracked links, widget conversations and leads attributed to it. */
  published: z.number(),
  clicks: z.number(),
  uniqueClicks: z.number(),
  conversations: z.number(),
  leads: z.number(),
  /** spend ÷ leads, null without spend or leads. */
  costPerLeadCents: z.nullable(z.number()),
});
export type CampaignResults = z.infer<typeof CampaignResultsSchema>;

/** A campaign in the list: enough for the row, with its results. */
export const CampaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  objective: z.enum(CAMPAIGN_OBJECTIVES),
  startDate: z.string(),
  endDate: z.string(),
  networks: z.array(z.enum(CAMPAIGN_NETWORKS)),
  offline: z.boolean(),
  results: CampaignResultsSchema,
  createdAt: z.string(),
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;

/** The month's headline figures (item 5, the Conóceme page). */
export const MonthFiguresSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  published: z.number(),
  clicks: z.number(),
  conversations: z.number(),
  leads: z.number(),
  /** Spend of the campaigns running in the month as known (Meta's or the owner's figure), cents. */
  spendCents: z.number(),
  costPerLeadCents: z.nullable(z.number()),
  activeCampaigns: z.number(),
});
export type MonthFigures = z.infer<typeof MonthFiguresSchema>;

/** Each network's total cents in `split`, in CAMPAIGN_NETWORKS order, networks without cells omitted. */
export function networkTotals(split: readonly SplitCell[]): Map<CampaignNetwork, number> {
  const totals = new Map<CampaignNetwork, number>();
  for (const network of CAMPAIGN_NETWORKS) {
    const cells = split.filter((cell) => cell.network === network);
    if (cells.length > 0) totals.set(network, cells.reduce((sum, cell) => sum + cell.cents, 0));
  }
  return totals;
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The expected KPI ranges of a split (item 2): per network with budget, the table's CPM, CPC and
 * CTR ranges (./benchmarks.ts `benchmarkRange`, Spain first) and the impressions and clicks they
 * imply for that network's total (impressions = euros ÷ CPM × 1000, clicks = euros ÷ CPC; the low
 * end from the high price). A network the table lacks a metric for simply has no such KPI, and a
 * network whose cells are all 0 has none at all. Pure.
 */
export function expectedKpis(split: readonly SplitCell[], objective: CampaignObjective): KpiRange[] {
  const kpis: KpiRange[] = [];
  for (const [network, cents] of networkTotals(split)) {
    // A network left without budget expects nothing.
    if (cents === 0) continue;
    const euros = cents / 100;
    const cpm = benchmarkRange(network, objective, 'cpm');
    const cpc = benchmarkRange(network, objective, 'cpc');
    const ctr = benchmarkRange(network, objective, 'ctr');
    const cite = (range: { low: number; high: number; region: BenchmarkRegion; rowIds: string[] }, kind: KpiRange['kind'], unit: KpiRange['unit']): KpiRange => ({
      network,
      kind,
      low: range.low,
      high: range.high,
      unit,
      region: range.region,
      benchmarkIds: range.rowIds,
    });
    if (cpm) kpis.push(cite(cpm, 'cpm', 'eur'));
    if (cpc) kpis.push(cite(cpc, 'cpc', 'eur'));
    if (ctr) kpis.push(cite(ctr, 'ctr', 'percent'));
    if (cpm && cpm.low > 0 && cents > 0) kpis.push(cite({ ...cpm, low: Math.floor((euros / cpm.high) * 1000), high: Math.floor((euros / cpm.low) * 1000) }, 'impresiones', 'count'));
    if (cpc && cpc.low > 0 && cents > 0) kpis.push(cite({ ...cpc, low: Math.floor(euros / cpc.high), high: Math.floor(euros / cpc.low) }, 'clics', 'count'));
  }
  return kpis.map((kpi) => (kpi.unit === 'count' ? kpi : { ...kpi, low: roundTo(kpi.low, 2), high: roundTo(kpi.high, 2) }));
}
