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
 *
 * Sources (details in each row): Superads' Facebook Ads benchmarks for Spain and worldwide
 * (monthly medians, Meta Ads accounts); WordStream/LocaliQ 2025 Facebook figures by objective as
 * quoted by adplay.ai; ZweiDigital (Frankfurt) and webwings (Vienna) for LinkedIn. Dollar figures
 * use the ECB reference rate of 31 December 2025, 1 € = 1.1750 US$ (EFE, 31 Dec 2025). TikTok and
 * YouTube are not campaign networks: no published CPC/CTR/CPM figure for them was found whose
 * source could be cited (./brief.ts CAMPAIGN_NETWORKS).
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
  /**
   * When the source was published, 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' (as precise as the source
   * says; an undated page updated monthly gives the last month of the window read, see `note`).
   */
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

/** 1 € in US$: ECB reference rate of 31 December 2025, as reported by EFE that day. */
const USD_NOTE = 'Convertido de US$ a € a 1,1750 US$/€ (tipo de referencia del BCE del 31-12-2025, publicado por EFE: https://www.swissinfo.ch/spa/el-euro-termina-a-la-baja-2025-y-se-queda-en-1%2C1732-d%C3%B3lares/90711816).';
const SUPERADS_NOTE = 'Rango = mediana mensual más baja y más alta de la ventana; la página no tiene fecha y se actualiza cada mes ("published" es el último mes de la ventana leída).';
/** Superads reports Meta Ads accounts as "Facebook Ads" without a per-placement split. */
const META_PLACEMENTS_NOTE = 'Superads publica las cifras de las cuentas de Meta Ads como "Facebook Ads", sin separar Facebook e Instagram; se usan para Instagram como ubicación de Meta Ads porque ninguna fuente citable da cifras propias de Instagram.';

const superadsSpain = (metric: 'cpm' | 'cpc' | 'ctr'): BenchmarkSource => {
  const slug = { cpm: 'cpm-cost-per-mille', cpc: 'cpc-cost-per-click', ctr: 'ctr-click-through-rate' }[metric];
  return {
    title: `Facebook Ads ${KPI_METRIC_LABELS[metric]} Benchmarks in Spain`,
    publisher: 'Superads',
    url: `https://www.superads.ai/facebook-ads-costs/${slug}/spain`,
    published: '2025-12',
    period: metric === 'cpc' ? 'diciembre 2024 – diciembre 2025' : 'noviembre 2024 – noviembre 2025',
  };
};
const WORDSTREAM_VIA_ADPLAY: BenchmarkSource = {
  title: 'What Is a Good CTR for Facebook Ads? (2026)',
  publisher: 'adplay.ai (cifras de WordStream by LocaliQ, 2025)',
  url: 'https://adplay.ai/blog/good-ctr-facebook-ads',
  published: '2026-06',
  period: '2025',
};
const WEBWINGS: BenchmarkSource = {
  title: 'LinkedIn Ads Benchmarks für 2024',
  publisher: 'webwings',
  url: 'https://webwings.at/ratgeber/linkedin-ads-benchmarks',
  published: '2024',
  period: 'campañas gestionadas por webwings en los 3 años anteriores, más datos de b2linked.com y theb2bhouse.com',
};

/** The table. Every row's figures are the source's; see the module header. */
export const BENCHMARKS: readonly BenchmarkRow[] = [
  // facebook — Superads, monthly medians of Meta Ads accounts targeting Spain, all industries (US$ → €).
  { id: 'facebook-all-cpm-es-superads', network: 'facebook', metric: 'cpm', region: 'España', low: 2.56, high: 7.62, source: superadsSpain('cpm'), note: `US$ 3,01 (dic. 2024) – 8,95 (nov. 2025); media US$ 6,36. ${SUPERADS_NOTE} ${USD_NOTE}` },
  { id: 'facebook-all-cpc-es-superads', network: 'facebook', metric: 'cpc', region: 'España', low: 0.24, high: 0.54, source: superadsSpain('cpc'), note: `US$ 0,28 (mar. 2025) – 0,64 (abr. 2025); media US$ 0,37. ${SUPERADS_NOTE} ${USD_NOTE}` },
  { id: 'facebook-all-ctr-es-superads', network: 'facebook', metric: 'ctr', region: 'España', low: 0.91, high: 2.43, source: superadsSpain('ctr'), note: `0,91 % (abr. 2025) – 2,43 % (may. 2025); media 1,63 %. ${SUPERADS_NOTE}` },
  // facebook — the same Superads page's worldwide series (all countries, all industries).
  { id: 'facebook-all-ctr-global-superads', network: 'facebook', metric: 'ctr', region: 'Global', low: 1.66, high: 2.04, source: superadsSpain('ctr'), note: `Serie mundial de la misma página: 1,66 % (feb. 2025) – 2,04 % (oct. 2025). ${SUPERADS_NOTE}` },
  // facebook — WordStream by LocaliQ 2025 averages by campaign objective (US advertisers), as quoted by adplay.ai.
  { id: 'facebook-trafico-ctr-global-wordstream', network: 'facebook', objective: 'trafico', metric: 'ctr', region: 'Global', low: 1.71, high: 1.71, source: WORDSTREAM_VIA_ADPLAY, note: 'Media de las campañas de tráfico en 2025 según WordStream (anunciantes de EE. UU.).' },
  { id: 'facebook-leads-ctr-global-wordstream', network: 'facebook', objective: 'leads', metric: 'ctr', region: 'Global', low: 2.59, high: 2.59, source: WORDSTREAM_VIA_ADPLAY, note: 'Media de las campañas de clientes potenciales en 2025 según WordStream (anunciantes de EE. UU.).' },

  // instagram — the Superads Spain figures above, as Meta Ads placements (see the note).
  { id: 'instagram-all-cpm-es-superads', network: 'instagram', metric: 'cpm', region: 'España', low: 2.56, high: 7.62, source: superadsSpain('cpm'), note: `${META_PLACEMENTS_NOTE} US$ 3,01 – 8,95. ${SUPERADS_NOTE} ${USD_NOTE}` },
  { id: 'instagram-all-cpc-es-superads', network: 'instagram', metric: 'cpc', region: 'España', low: 0.24, high: 0.54, source: superadsSpain('cpc'), note: `${META_PLACEMENTS_NOTE} US$ 0,28 – 0,64. ${SUPERADS_NOTE} ${USD_NOTE}` },
  { id: 'instagram-all-ctr-es-superads', network: 'instagram', metric: 'ctr', region: 'España', low: 0.91, high: 2.43, source: superadsSpain('ctr'), note: `${META_PLACEMENTS_NOTE} ${SUPERADS_NOTE}` },

  // linkedin — ZweiDigital (Frankfurt social ads agency), average over all its clients' accounts, in euros.
  {
    id: 'linkedin-all-cpm-eu-zweidigital',
    network: 'linkedin',
    metric: 'cpm',
    region: 'Europa',
    low: 32,
    high: 32,
    source: { title: 'LinkedIn CPM, CPC, CTR Benchmarks April 2024', publisher: 'ZweiDigital', url: 'https://www.zweidigital.de/linkedin-cpm-cpc-ctr-benchmarks/', published: '2024-04', period: '2022' },
    note: '"Durchschnittlicher CPM von ca. 32 € im Jahr 2022" en todas las cuentas de sus clientes (agencia alemana).',
  },
  // linkedin — webwings (Vienna agency), averages from its campaigns plus b2linked.com and theb2bhouse.com, in euros.
  { id: 'linkedin-all-cpc-global-webwings', network: 'linkedin', metric: 'cpc', region: 'Global', low: 6, high: 6, source: WEBWINGS, note: 'Rendimiento medio; mezcla campañas propias (Austria) y fuentes mundiales, por eso región Global.' },
  { id: 'linkedin-all-ctr-global-webwings', network: 'linkedin', metric: 'ctr', region: 'Global', low: 0.45, high: 0.45, source: WEBWINGS, note: 'CTR medio de los anuncios de imagen; mezcla campañas propias (Austria) y fuentes mundiales, por eso región Global.' },
];

/** Specificity of a row for (network, objective): Spain beats wider regions, then a matching objective beats "all". */
function rank(row: BenchmarkRow, objective: CampaignObjective): number {
  const region = BENCHMARK_REGIONS.indexOf(row.region);
  return region * 2 + (row.objective === objective ? 0 : 1);
}

/**
 * The rows among `rows` for `network`, `objective` and `metric` at the most specific level
 * available (see `rank`); several rows at that level are all returned. Empty when none applies.
 * `benchmarkRows` applies it to the table.
 */
export function pickBenchmarkRows(rows: readonly BenchmarkRow[], network: CampaignNetwork, objective: CampaignObjective, metric: KpiMetric): BenchmarkRow[] {
  const candidates = rows.filter((row) => row.network === network && row.metric === metric && (row.objective === undefined || row.objective === objective));
  if (candidates.length === 0) return [];
  const best = Math.min(...candidates.map((row) => rank(row, objective)));
  return candidates.filter((row) => rank(row, objective) === best);
}

/**
 * The table's rows for `network`, `objective` and `metric` at the most specific level available
 * (see `rank`); several rows at that level are all returned (their ranges are merged by
 * `benchmarkRange`). Empty when the table has none.
 */
export const benchmarkRows = (network: CampaignNetwork, objective: CampaignObjective, metric: KpiMetric): BenchmarkRow[] => pickBenchmarkRows(BENCHMARKS, network, objective, metric);

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
