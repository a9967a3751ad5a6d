/**
 * 'Exportar CSV' of a campaign (issue 15 item 6): one flat file with a section column — the brief,
 * one row per network and week with its dates and euros, the creatives, the posts, the KPI ranges,
 * the cited sources and the results — written like the leads export (BOM, CRLF, no formulas).
 */
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import type * as Shared from '@director-ia/shared';
import type { BenchmarkRow } from '@director-ia/shared';
import { campaign, results } from './fixtures';

// The benchmark table is BENCH's to fill: the export is tested against rows of its own.
const ROWS: Record<string, BenchmarkRow> = {
  'fb-cpc-es': {
    id: 'fb-cpc-es',
    network: 'facebook',
    metric: 'cpc',
    region: 'España',
    low: 0.3,
    high: 0.55,
    source: { title: 'Informe de publicidad 2025', publisher: 'Editorial', url: 'https://fuente.example/informe', published: '2025-03', period: '2024' },
    note: 'Convertido de dólares.',
  },
};
vi.mock('@director-ia/shared', async (original) => ({ ...(await original<typeof Shared>()), benchmarkById: (id: string) => ROWS[id] }));

const { campaignCsv, campaignCsvFileName, campaignCsvRows, citedSources, csvEuros } = await import('../../../../../../web/src/features/campaigns/csv');
const { CAMPAIGN_CSV } = await import('../../../../../../web/src/features/campaigns/labels');

const rows = campaignCsvRows(campaign(), results());
const section = (name: string) => rows.filter((row) => row[0] === name);

describe('campaignCsvRows', () => {
  it('starts with the brief: dates, budget, name, offer and the rest as detail', () => {
    expect(rows[0]?.slice(0, 8)).toEqual(['Campaña', '', '', '2030-10-01', '2030-10-10', '600,00', 'Rebajas de otoño', 'Clases de yoga: primera semana gratis.']);
    expect(rows[0]?.[8]).toContain('Objetivo: Leads');
    expect(rows[0]?.[8]).toContain('Estado: Aprobada');
    expect(rows[0]?.[8]).toContain('Provincia: Málaga · 25–65 o más años · yoga, pilates');
    expect(rows[0]?.[8]).toContain('https://tienda.example/oferta');
  });

  it('writes one split row per network and week with its dates and euros, summing to the budget', () => {
    const split = section('Reparto');
    expect(split.map((row) => row.slice(1, 6))).toEqual([
      ['Facebook', '1', '2030-10-01', '2030-10-07', '200,00'],
      ['Facebook', '2', '2030-10-08', '2030-10-10', '100,50'],
      ['Instagram', '1', '2030-10-01', '2030-10-07', '150,00'],
      ['Instagram', '2', '2030-10-08', '2030-10-10', '149,50'],
    ]);
    expect(split.reduce((sum, row) => sum + Number(row[5]?.replace(',', '.')), 0)).toBeCloseTo(600, 6);
  });

  it('writes the creatives, the posts and the KPI ranges', () => {
    expect(section('Anuncio').map((row) => [row[1], row[6], row[8]])).toEqual([
      ['Facebook', 'Yoga en Málaga', 'Llamada a la acción: Registrarte · Imagen a generar: Clase de yoga al amanecer'],
      ['Instagram', '=Oferta', 'Llamada a la acción: Registrarte · Imagen de la galería: img-1 · https://app.example/r/Ab3dEf9h'],
    ]);
    expect(section('Publicación')).toEqual([['Publicación', 'Instagram', '', '2030-10-02', '2030-10-02', '', 'Empieza el otoño en calma', 'Ven a probar una clase.', 'Hora: 19:00']]);
    expect(section('KPI').map((row) => [row[6], row[7], row[8]])).toEqual([
      ['CPC', '0,30\u00a0€ – 0,55\u00a0€', 'España · fb-cpc-es'],
      ['CTR', '0,9\u00a0% – 1,5\u00a0%', 'Europa · fb-ctr-eu · fb-cpc-es'],
      ['Impresiones', '40.000 – 75.000', 'España · fb-cpm-es'],
    ]);
  });

  it('cites each known benchmark row once, with its source', () => {
    expect(citedSources(campaign().proposal.kpis).map((row) => row.id)).toEqual(['fb-cpc-es']);
    expect(section('Fuente')).toEqual([
      ['Fuente', 'Facebook', '', '', '', '', 'Informe de publicidad 2025', 'https://fuente.example/informe', 'fb-cpc-es · Editorial · publicado 2025-03 · periodo: 2024 · Convertido de dólares.'],
    ]);
  });

  it('ends with the results, money in euros and the spend labelled by who gave it', () => {
    expect(section('Resultados').map((row) => [row[6], row[5], row[7], row[8]])).toEqual([
      ['Presupuesto', '600,00', '', ''],
      ['Gasto', '123,45', '', 'Gasto (indicado por ti)'],
      ['Publicadas', '', '3', ''],
      ['Clics', '', '120', ''],
      ['Clics únicos', '', '90', ''],
      ['Conversaciones', '', '8', ''],
      ['Leads', '', '4', ''],
      ['Coste por lead', '30,86', '', ''],
    ]);
    const unknown = campaignCsvRows(campaign(), results({ spendCents: null, spendSource: null, costPerLeadCents: null })).filter((row) => row[0] === 'Resultados');
    expect(unknown[1]?.[5]).toBe('');
    expect(unknown[1]?.[8]).toBe('Sin indicar');
  });
});

describe('campaignCsv', () => {
  const text = campaignCsv(campaign(), results());

  it('is an Excel-ready file with the Spanish header that reads back to the rows', () => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')[0]).toBe(CAMPAIGN_CSV.columns.join(','));
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(rows.length + 1);
    expect(parsed[1]).toEqual(rows[0]);
  });

  it('does not let a spreadsheet run a formula from a headline', () => {
    expect(text).toContain(',"\'=Oferta",');
  });

  it('names the file after the campaign and the day', () => {
    expect(campaignCsvFileName('Rebajas de Otoño', new Date('2030-10-05T10:00:00Z'))).toMatch(/^campana-rebajas-de-otoño-2030-10-0[45]\.csv$/);
    expect(campaignCsvFileName('¡Oferta! ', new Date('2030-10-05T10:00:00Z'))).toMatch(/^campana-oferta-2030-10-0[45]\.csv$/);
    expect(csvEuros(5)).toBe('0,05');
  });
});
