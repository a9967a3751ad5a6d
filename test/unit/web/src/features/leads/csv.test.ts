/**
 * 'Exportar CSV' of the leads page: one row per lead with its channels' labels, its origin (issue 15
 * item 4: the post, article or campaign and network, or the visit's UTM) and a local date,
 * UTF-8 with a byte-order mark for Excel, quoting where needed, and no formula a spreadsheet
 * would run from what a visitor typed.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvDate, csvFileName, leadCsvRows, leadsCsv, UTF8_BOM } from '../../../../../../web/src/features/leads/csv';
import type { Lead } from '@director-ia/shared';

const base = { source: 'widget', status: 'Nuevo', createdAt: '2026-05-05T10:30:00.000Z' } as const;
type CsvLead = Pick<Lead, 'name' | 'contact' | 'source' | 'channels' | 'attribution' | 'status' | 'createdAt'>;

describe('leadCsvRows', () => {
  it.each<[string, CsvLead, string[]]>([
    ['a widget lead (Madrid time)', { ...base, name: 'José Pérez', contact: 'jose@correo.es' }, ['José Pérez', 'jose@correo.es', 'Widget web', '', 'Nuevo', '2026-05-05 12:30']],
    ['a mobile chat lead', { ...base, source: 'chat', status: 'Interesado', name: 'Ñandú S.L.', contact: '+34 600 123 456' }, ['Ñandú S.L.', '+34 600 123 456', 'Chat móvil', '', 'Interesado', '2026-05-05 12:30']],
    ['a contacted lead after midnight', { ...base, status: 'Contactado', createdAt: '2026-12-31T23:15:00.000Z', name: 'Ana', contact: 'a@b.es' }, ['Ana', 'a@b.es', 'Widget web', '', 'Contactado', '2027-01-01 00:15']],
    ['an Instagram lead (issue 14)', { ...base, source: 'instagram', name: 'Lucía', contact: '@lucia' }, ['Lucía', '@lucia', 'Instagram', '', 'Nuevo', '2026-05-05 12:30']],
    ['a lead reached on two channels (issue 14)', { ...base, source: 'telegram', channels: ['telegram', 'widget'], name: 'Lucía', contact: 'l@b.es' }, ['Lucía', 'l@b.es', 'Telegram, Widget web', '', 'Nuevo', '2026-05-05 12:30']],
    [
      'a widget lead brought by a campaign post (issue 15)',
      { ...base, name: 'Marta', contact: 'm@b.es', attribution: { ref: 'Ab3dEf9h', kind: 'post', sourceId: 'p1', sourceTitle: 'Oferta de otoño', network: 'instagram', campaignId: 'c1', campaignName: 'Otoño' } },
      ['Marta', 'm@b.es', 'Widget web', 'Publicación «Oferta de otoño» · Campaña «Otoño» · Instagram', 'Nuevo', '2026-05-05 12:30'],
    ],
    ['a widget lead from an article link', { ...base, name: 'Pablo', contact: 'p@b.es', attribution: { ref: 'Zz3dEf9h', kind: 'article', sourceId: 'a1', sourceTitle: 'El tueste' } }, ['Pablo', 'p@b.es', 'Widget web', 'Artículo «El tueste»', 'Nuevo', '2026-05-05 12:30']],
    ['a widget lead with UTM only', { ...base, name: 'Eva', contact: 'e@b.es', attribution: { utm: { source: 'newsletter', medium: 'email' } } }, ['Eva', 'e@b.es', 'Widget web', 'UTM: newsletter / email', 'Nuevo', '2026-05-05 12:30']],
    ['a lead with a broken date', { ...base, createdAt: 'ayer', name: 'Ana', contact: 'a@b.es' }, ['Ana', 'a@b.es', 'Widget web', '', 'Nuevo', '']],
  ])('%s', (_label, lead, row) => {
    expect(leadCsvRows([lead], 'Europe/Madrid')).toEqual([row]);
  });
});

describe('leadsCsv', () => {
  const leads: CsvLead[] = [
    { ...base, name: 'María "la jefa", Ibáñez', contact: 'maria@correo.es' },
    { ...base, name: '=HYPERLINK("http://malo.example","clic")', contact: '@SUM(1+1)' },
    { ...base, name: 'Línea\nnueva', contact: '+34 600 000 000' },
    { ...base, name: '=1+1\nsegunda línea', contact: '-2+3' },
  ];
  const text = leadsCsv(leads, 'Europe/Madrid');

  it('starts with the UTF-8 byte-order mark, then the Spanish header row, CRLF lines', () => {
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(text.slice(1).split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(CSV_COLUMNS).toEqual(['Nombre', 'Contacto', 'Fuente', 'Origen', 'Estado', 'Fecha']);
  });

  it('reads back to the same cells, accents, quotes, commas and line breaks intact', () => {
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(5);
    expect(parsed[1]).toEqual(['María "la jefa", Ibáñez', 'maria@correo.es', 'Widget web', '', 'Nuevo', '2026-05-05 12:30']);
    expect(parsed[3]?.[0]).toBe('Línea\nnueva');
  });

  it('prefixes cells a spreadsheet would run as formulas', () => {
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[2]?.[0]).toBe(`'=HYPERLINK("http://malo.example","clic")`);
    expect(parsed[2]?.[1]).toBe(`'@SUM(1+1)`);
    expect(parsed[3]?.[1]).toBe(`'+34 600 000 000`);
    expect(parsed[4]?.slice(0, 2)).toEqual([`'=1+1\nsegunda línea`, `'-2+3`]);
  });

  it('has only the header for no rows', () => {
    expect(leadsCsv([]).trimEnd()).toBe(UTF8_BOM + CSV_COLUMNS.join(','));
  });
});

describe('csv dates and file name', () => {
  it('writes YYYY-MM-DD HH:mm (24 h)', () => {
    expect(csvDate('2026-01-02T03:04:00Z', 'UTC')).toBe('2026-01-02 03:04');
    expect(csvDate('2026-07-02T15:04:00Z', 'UTC')).toBe('2026-07-02 15:04');
  });

  it('names the file after the day', () => {
    expect(csvFileName(new Date(2026, 4, 5, 12))).toBe('leads-2026-05-05.csv');
  });
});
