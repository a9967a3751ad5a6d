/**
 * The KPI benchmark table (issue 15 item 2: "The KPI ranges come from a benchmark table kept in
 * `shared/`: CPM, CPC and CTR per network and objective for Spain, each row with its source and
 * date. No invented numbers."). Both the AI proposal and the offline one take their expected KPI
 * ranges from here (`expectedKpis`); the model is never asked for figures.
 *
 * Each row is one published figure or range, copied from its source with the source's title,
 * publisher, URL, publication date and the period it measures. When a source gives one figure
 * rather than a range, `low` and `high` are equal. When no source gives a figure for Spain, the row
 * says the region it does cover (`region`), and the proposal shows that region next to the range:
 * a European or global figure is never presented as Spain's. A row without `objective` applies to
 * every objective (the source does not split by objective).
 *
 * Units: `cpm` and `cpc` in euros (a source in dollars is converted at the rate and date stated in
 * the row's `note`), `ctr` in percent (1.5 means 1.5 %).
 */
import type { CampaignNetwork, CampaignObjective } from './brief';

export const KPI_METRICS = ['cpm', 'cpc', 'ctr'] as const;
export type KpiMetric = (typeof KPI_METRICS)[number];
export const KPI_METRIC_LABELS: Readonly<Record<KpiMetric, string>> = { cpm: 'CPM', cpc: 'CPC', ctr: 'CTR' };

/** Where a figure applies: Spain first; wider regions only where no source covers Spain. */
export const BENCHMARK_REGIONS = ['España', 'Europa', 'Global'] as const;
export type BenchmarkRegion = (typeof BENCHMARK_REGIONS)[number];

export interface BenchmarkSource {
  /** The report's or article's title, as published. */
  title: string;
  publisher: string;
  url: string;
  /** When the source was published, 'YYYY-MM' or 'YYYY-MM-DD'. */
  published: string;
  /** The period the figures measure, as the source says ('2024', 'T1 2025', 'octubre 2024 – septiembre 2025'). */
  period: string;
}

export interface BenchmarkRow {
  /** Stable id ('facebook-leads-cpc-es'), cited by proposals. */
  id: string;
  network: CampaignNetwork;
  /** Absent: the source does not split by objective, the row applies to all. */
  objective?: CampaignObjective;
  metric: KpiMetric;
  region: BenchmarkRegion;
  low: number;
  high: number;
  source: BenchmarkSource;
  /** How the figure was read (currency conversion, which table, which industry), when it needs saying. */
  note?: string;
}

/** The table. Every row's figures are the source's; see the module header. */
export const BENCHMARKS: readonly BenchmarkRow[] = [];

/** Specificity of a row for (network, objective): Spain beats wider regions, then a matching objective beats "all". */
function rank(row: BenchmarkRow, objective: CampaignObjective): number {
  const region = BENCHMARK_REGIONS.indexOf(row.region);
  return region * 2 + (row.objective === objective ? 0 : 1);
}

/**
 * The rows for `network`, `objective` and `metric` at the most specific level available (see
 * `rank`); several rows at that level are all returned (their ranges are merged by
 * `benchmarkRange`). Empty when the table has none.
 */
export function benchmarkRows(network: CampaignNetwork, objective: CampaignObjective, metric: KpiMetric): BenchmarkRow[] {
  const candidates = BENCHMARKS.filter((row) => row.network === network && row.metric === metric && (row.objective === undefined || row.objective === objective));
  if (candidates.length === 0) return [];
  const best = Math.min(...candidates.map((row) => rank(row, objective)));
  return candidates.filter((row) => rank(row, objective) === best);
}

/** A range and the rows it comes from: low is the lowest `low`, high the highest `high`. */
export interface BenchmarkRange {
  low: number;
  high: number;
  region: BenchmarkRegion;
  rowIds: string[];
}

/** The range for (network, objective, metric), or undefined when the table has no row for it. */
export function benchmarkRange(network: CampaignNetwork, objective: CampaignObjective, metric: KpiMetric): BenchmarkRange | undefined {
  const rows = benchmarkRows(network, objective, metric);
  const first = rows[0];
  if (!first) return undefined;
  return { low: Math.min(...rows.map((row) => row.low)), high: Math.max(...rows.map((row) => row.high)), region: first.region, rowIds: rows.map((row) => row.id) };
}

/** The row with id `id`, or undefined. */
export const benchmarkById = (id: string): BenchmarkRow | undefined => BENCHMARKS.find((row) => row.id === id);
