/**
 * 'Exportar CSV' of a campaign (issue 15 item 6): the whole campaign in one flat file with a
 * section column, written with the leads export's helper (UTF-8 with a byte-order mark for Excel,
 * CRLF, quoting, no formulas). Columns: Sección, Red, Semana, Desde, Hasta, Euros, Título, Texto,
 * Detalle. Sections, in order: Campaña (the brief), Reparto (one row per network and week with its
 * dates and euros), Anuncio (per creative), Publicación (per supporting post), KPI (per range),
 * Fuente (per cited benchmark row), Resultados (per figure). Euros are written '150,00' (decimal
 * comma, no thousands separator), as a Spanish spreadsheet reads numbers.
 */
import {
  AD_CALL_TO_ACTION_LABELS,
  benchmarkById,
  CAMPAIGN_OBJECTIVE_LABELS,
  CAMPAIGN_STATUS_LABELS,
  canonicalSlug,
  KPI_KIND_LABELS,
  LOCATION_KIND_LABELS,
  socialNetworkLabel,
  type Campaign,
  type CampaignResults,
  type KpiRange,
} from '@director-ia/shared';
import { csvDate, csvText } from '../leads';
import { CAMPAIGN_CSV, CAMPAIGN_UI } from './labels';
import { kpiRangeLabel } from './format';

const S = CAMPAIGN_CSV.sections;

/** Cents as '150,00'. */
export function csvEuros(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

type Row = [section: string, network: string, week: string, from: string, to: string, euros: string, title: string, text: string, detail: string];

const row = (section: string, fields: Partial<{ network: string; week: string; from: string; to: string; euros: string; title: string; text: string; detail: string }>): Row => [
  section,
  fields.network ?? '',
  fields.week ?? '',
  fields.from ?? '',
  fields.to ?? '',
  fields.euros ?? '',
  fields.title ?? '',
  fields.text ?? '',
  fields.detail ?? '',
];

/** The benchmark rows the KPIs cite, each once, in order of first citation. */
export function citedSources(kpis: readonly Pick<KpiRange, 'benchmarkIds'>[]) {
  return [...new Set(kpis.flatMap((kpi) => kpi.benchmarkIds))].flatMap((id) => benchmarkById(id) ?? []);
}

/** 'Provincia: Madrid · Ciudad: Getafe · 25–45 años · yoga, pilates'. */
export function audienceText(audience: Campaign['brief']['audience']): string {
  const places = audience.locations.map((location) => `${LOCATION_KIND_LABELS[location.kind]}: ${location.name}`);
  return [...places, CAMPAIGN_UI.ages(audience.ageMin, audience.ageMax), audience.interests.join(', ')].filter(Boolean).join(' · ');
}

/** Every row of the file, in the sections' order. */
export function campaignCsvRows(campaign: Campaign, results: CampaignResults): Row[] {
  const { brief, proposal } = campaign;
  const weeks = new Map(campaign.weeks.map((week) => [week.week, week]));
  const rows: Row[] = [
    row(S.brief, {
      from: brief.startDate,
      to: brief.endDate,
      euros: csvEuros(campaign.budgetCents),
      title: campaign.name,
      text: brief.offer,
      detail: [
        `${CAMPAIGN_UI.objective}: ${CAMPAIGN_OBJECTIVE_LABELS[brief.objective]}`,
        `${CAMPAIGN_UI.statusLabel}: ${CAMPAIGN_STATUS_LABELS[campaign.status]}`,
        `${CAMPAIGN_UI.networks}: ${brief.networks.map(socialNetworkLabel).join(', ')}`,
        `${CAMPAIGN_UI.audience}: ${audienceText(brief.audience)}`,
        `${CAMPAIGN_UI.landingUrl}: ${brief.landingUrl}`,
      ].join(' · '),
    }),
  ];
  for (const cell of proposal.split) {
    const week = weeks.get(cell.week);
    rows.push(row(S.split, { network: socialNetworkLabel(cell.network), week: String(cell.week), from: week?.start ?? '', to: week?.end ?? '', euros: csvEuros(cell.cents) }));
  }
  for (const creative of proposal.creatives) {
    const image = creative.assetId ? `${CAMPAIGN_UI.galleryImage}: ${creative.assetId}` : creative.imagePrompt ? `${CAMPAIGN_UI.imageRequest}: ${creative.imagePrompt}` : CAMPAIGN_UI.noImage;
    const detail = [`${CAMPAIGN_UI.callToAction}: ${AD_CALL_TO_ACTION_LABELS[creative.callToAction]}`, image, creative.link?.url ?? ''].filter(Boolean).join(' · ');
    rows.push(row(S.creative, { network: socialNetworkLabel(creative.network), title: creative.headline, text: creative.primaryText, detail }));
  }
  for (const post of proposal.posts) {
    rows.push(row(S.post, { network: socialNetworkLabel(post.platform), from: post.scheduledDate, to: post.scheduledDate, title: post.title, text: post.content, detail: `${CAMPAIGN_UI.postTime}: ${post.time}` }));
  }
  for (const kpi of proposal.kpis) {
    rows.push(row(S.kpi, { network: socialNetworkLabel(kpi.network), title: KPI_KIND_LABELS[kpi.kind], text: kpiRangeLabel(kpi), detail: [kpi.region, ...kpi.benchmarkIds].join(' · ') }));
  }
  for (const source of citedSources(proposal.kpis)) {
    const detail = [source.id, source.source.publisher, CAMPAIGN_UI.published(source.source.published), CAMPAIGN_UI.period(source.source.period), source.note ?? ''].filter(Boolean).join(' · ');
    rows.push(row(S.source, { network: socialNetworkLabel(source.network), title: source.source.title, text: source.source.url, detail }));
  }
  const money = (title: string, cents: number | null, detail = '') => row(S.results, { title, euros: cents === null ? '' : csvEuros(cents), detail });
  const count = (title: string, value: number) => row(S.results, { title, text: String(value) });
  const spendDetail = results.spendSource === 'meta' ? CAMPAIGN_UI.spendMeta : results.spendSource === 'owner' ? CAMPAIGN_UI.spendOwner : CAMPAIGN_UI.spendUnknown;
  rows.push(
    money(CAMPAIGN_UI.budgetFigure, results.budgetCents),
    money(CAMPAIGN_UI.spend, results.spendCents, spendDetail),
    count(CAMPAIGN_UI.funnelSteps[0], results.published),
    count(CAMPAIGN_UI.clicks, results.clicks),
    count(CAMPAIGN_UI.uniqueClicksLabel, results.uniqueClicks),
    count(CAMPAIGN_UI.conversations, results.conversations),
    count(CAMPAIGN_UI.leads, results.leads),
    money(CAMPAIGN_UI.costPerLead, results.costPerLeadCents),
  );
  return rows;
}

/** The whole file's text. */
export function campaignCsv(campaign: Campaign, results: CampaignResults): string {
  return csvText(CAMPAIGN_CSV.columns, campaignCsvRows(campaign, results));
}

/** 'campana-rebajas-de-otoño-2026-05-05.csv': the name's slug (shared/slug.ts) and the export's local date. */
export function campaignCsvFileName(name: string, now = new Date()): string {
  return CAMPAIGN_CSV.fileName(canonicalSlug(name), csvDate(now.toISOString()).slice(0, 10));
}
