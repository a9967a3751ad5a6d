/**
 * The KPI benchmark table (shared/campaigns/benchmarks.ts; issue 15 item 2: "CPM, CPC and CTR per
 * network and objective for Spain, each row with its source and date. No invented numbers."):
 * every row well-formed and cited, every campaign network covered for every metric and objective,
 * the Spain-first then objective-first choice, and the KPI ranges `expectedKpis` derives from it.
 */
import { describe, expect, it } from 'vitest';
import {
  BENCHMARK_REGIONS,
  BENCHMARKS,
  benchmarkById,
  benchmarkRange,
  benchmarkRows,
  CAMPAIGN_NETWORKS,
  CAMPAIGN_OBJECTIVES,
  campaignWeeks,
  expectedKpis,
  KPI_METRICS,
  pickBenchmarkRows,
  splitBudget,
  type BenchmarkRow,
  type KpiRange,
  type SplitCell,
} from '@director-ia/shared';

const PUBLISHED = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

function row(id: string): BenchmarkRow {
  const found = benchmarkById(id);
  if (!found) throw new Error(`no benchmark row ${id}`);
  return found;
}

describe('BENCHMARKS rows', () => {
  it.each(BENCHMARKS.map((benchmark) => [benchmark.id, benchmark] as const))('%s is well-formed and cited', (_id, benchmark) => {
    expect(CAMPAIGN_NETWORKS).toContain(benchmark.network);
    expect(KPI_METRICS).toContain(benchmark.metric);
    expect(BENCHMARK_REGIONS).toContain(benchmark.region);
    if (benchmark.objective !== undefined) expect(CAMPAIGN_OBJECTIVES).toContain(benchmark.objective);
    expect(Number.isFinite(benchmark.low) && Number.isFinite(benchmark.high)).toBe(true);
    expect(benchmark.low).toBeGreaterThan(0);
    expect(benchmark.low).toBeLessThanOrEqual(benchmark.high);
    if (benchmark.metric === 'ctr') expect(benchmark.high).toBeLessThan(100);
    const { source } = benchmark;
    expect(new URL(source.url).protocol).toBe('https:');
    expect(source.published).toMatch(PUBLISHED);
    for (const text of [source.title, source.publisher, source.period]) expect(text.trim()).not.toBe('');
    // The id names what the row is: network, objective (or "all"), metric and region.
    const regionCode = { España: 'es', Europa: 'eu', Global: 'global' }[benchmark.region];
    expect(benchmark.id.startsWith(`${benchmark.network}-${benchmark.objective ?? 'all'}-${benchmark.metric}-${regionCode}-`)).toBe(true);
  });

  it('has unique ids, each found by benchmarkById', () => {
    const ids = BENCHMARKS.map((benchmark) => benchmark.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(benchmarkById(id)?.id).toBe(id);
    expect(benchmarkById('tiktok-all-cpm-es-none')).toBeUndefined();
  });

  it('converts every dollar figure at the stated rate and says so', () => {
    const converted = BENCHMARKS.filter((benchmark) => benchmark.note?.includes('US$') && benchmark.metric !== 'ctr');
    expect(converted.length).toBeGreaterThan(0);
    for (const benchmark of converted) expect(benchmark.note).toContain('1,1750 US$/€');
    // Superads' Spain CPC: US$ 0.28 – 0.64 at 1.1750 US$/€.
    expect(row('facebook-all-cpc-es-superads')).toMatchObject({ low: Math.round((0.28 / 1.175) * 100) / 100, high: Math.round((0.64 / 1.175) * 100) / 100 });
  });
});

describe('coverage of the campaign networks', () => {
  const combos = CAMPAIGN_NETWORKS.flatMap((network) => CAMPAIGN_OBJECTIVES.flatMap((objective) => KPI_METRICS.map((metric) => [network, objective, metric] as const)));

  it.each(combos)('%s / %s / %s has a range built from existing rows', (network, objective, metric) => {
    const range = benchmarkRange(network, objective, metric);
    expect(range).toBeDefined();
    if (!range) return;
    const rows = range.rowIds.map(row);
    expect(rows.every((benchmark) => benchmark.network === network && benchmark.metric === metric && benchmark.region === range.region)).toBe(true);
    expect(range.low).toBe(Math.min(...rows.map((benchmark) => benchmark.low)));
    expect(range.high).toBe(Math.max(...rows.map((benchmark) => benchmark.high)));
  });

  it('keeps Facebook and Instagram (the Meta draft needs them)', () => {
    expect(CAMPAIGN_NETWORKS).toEqual(expect.arrayContaining(['facebook', 'instagram']));
  });
});

describe('benchmarkRows preference', () => {
  it('takes Spain over a wider region even when the wider row matches the objective', () => {
    // facebook CTR: Spain (all objectives) beats WordStream's objective rows and the worldwide series.
    expect(benchmarkRows('facebook', 'leads', 'ctr').map((benchmark) => benchmark.id)).toEqual(['facebook-all-ctr-es-superads']);
    expect(benchmarkRows('facebook', 'trafico', 'ctr').map((benchmark) => benchmark.id)).toEqual(['facebook-all-ctr-es-superads']);
    expect(benchmarkRange('facebook', 'leads', 'ctr')).toMatchObject({ region: 'España', low: 0.91, high: 2.43 });
  });

  it('takes Europe over Global, and says the region when Spain has no row', () => {
    expect(benchmarkRange('linkedin', 'notoriedad', 'cpm')).toMatchObject({ region: 'Europa', low: 32, high: 32, rowIds: ['linkedin-all-cpm-eu-zweidigital'] });
    expect(benchmarkRange('linkedin', 'leads', 'cpc')).toMatchObject({ region: 'Global', rowIds: ['linkedin-all-cpc-global-webwings'] });
  });

  it('within a region, takes the objective-specific row over the all-objectives one (table rows)', () => {
    const worldwide = BENCHMARKS.filter((benchmark) => benchmark.network === 'facebook' && benchmark.metric === 'ctr' && benchmark.region === 'Global');
    const ids = (objective: (typeof CAMPAIGN_OBJECTIVES)[number]) => pickBenchmarkRows(worldwide, 'facebook', objective, 'ctr').map((benchmark) => benchmark.id);
    expect(ids('leads')).toEqual(['facebook-leads-ctr-global-wordstream']);
    expect(ids('trafico')).toEqual(['facebook-trafico-ctr-global-wordstream']);
    // No objective row for notoriedad or ventas: the all-objectives worldwide series applies.
    expect(ids('notoriedad')).toEqual(['facebook-all-ctr-global-superads']);
    expect(ids('ventas')).toEqual(['facebook-all-ctr-global-superads']);
    // With Spain's row back in, region wins over objective.
    expect(pickBenchmarkRows([...worldwide, row('facebook-all-ctr-es-superads')], 'facebook', 'leads', 'ctr').map((benchmark) => benchmark.id)).toEqual(['facebook-all-ctr-es-superads']);
  });

  it('returns every row of the best level, and nothing for another network or metric', () => {
    const twin = { ...row('linkedin-all-ctr-global-webwings'), id: 'linkedin-all-ctr-global-other', low: 0.3, high: 0.5 };
    const picked = pickBenchmarkRows([row('linkedin-all-ctr-global-webwings'), twin], 'linkedin', 'ventas', 'ctr');
    expect(picked.map((benchmark) => benchmark.id)).toEqual(['linkedin-all-ctr-global-webwings', 'linkedin-all-ctr-global-other']);
    expect(pickBenchmarkRows([twin], 'facebook', 'ventas', 'ctr')).toEqual([]);
    expect(pickBenchmarkRows([twin], 'linkedin', 'ventas', 'cpc')).toEqual([]);
  });
});

describe('expectedKpis from the table', () => {
  /** 600 € on facebook + instagram over four 7-day weeks, equal weights: 300 € each. */
  const weeks = campaignWeeks('2026-03-02', '2026-03-29');
  const cells = weeks.flatMap((week) => (['facebook', 'instagram'] as const).map((network) => ({ network, week: week.week })));
  const split: SplitCell[] = splitBudget(60_000, cells).map((cell) => ({ network: cell.network, week: cell.week, cents: cell.cents }));
  const kpis = expectedKpis(split, 'leads');
  const kpi = (network: string, kind: KpiRange['kind']) => kpis.find((range) => range.network === network && range.kind === kind);

  it('splits 300 € to each network over 4 weeks', () => {
    expect(weeks).toHaveLength(4);
    expect(split.filter((cell) => cell.network === 'facebook').reduce((sum, cell) => sum + cell.cents, 0)).toBe(30_000);
  });

  it.each(['facebook', 'instagram'] as const)('%s: CPM, CPC and CTR are the table ranges, impressions and clicks follow from 300 €', (network) => {
    for (const metric of KPI_METRICS) {
      const range = benchmarkRange(network, 'leads', metric);
      expect(kpi(network, metric)).toMatchObject({ low: range?.low, high: range?.high, region: range?.region, benchmarkIds: range?.rowIds });
    }
    const cpm = row(`${network}-all-cpm-es-superads`);
    const cpc = row(`${network}-all-cpc-es-superads`);
    // 300 € at 2.56–7.62 € CPM and 0.24–0.54 € CPC.
    expect(kpi(network, 'impresiones')).toMatchObject({ low: Math.floor((300 / cpm.high) * 1000), high: Math.floor((300 / cpm.low) * 1000), unit: 'count', region: 'España' });
    expect(kpi(network, 'impresiones')).toMatchObject({ low: 39_370, high: 117_187 });
    expect(kpi(network, 'clics')).toMatchObject({ low: Math.floor(300 / cpc.high), high: Math.floor(300 / cpc.low), unit: 'count' });
    expect(kpi(network, 'clics')).toMatchObject({ low: 555, high: 1250 });
  });

  it('cites only rows that exist, and nothing for networks without budget', () => {
    expect(kpis).toHaveLength(10);
    for (const range of kpis) {
      expect(range.benchmarkIds.length).toBeGreaterThan(0);
      for (const id of range.benchmarkIds) expect(benchmarkById(id)?.network).toBe(range.network);
    }
    expect(kpis.some((range) => range.network === 'linkedin')).toBe(false);
  });
});
