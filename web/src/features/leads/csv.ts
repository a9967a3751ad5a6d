/**
 * 'Exportar CSV' of the leads page (issue 6 item 2): the rows the owner is looking at, as a CSV
 * file Excel opens with its accents intact: UTF-8 with a byte-order mark, CRLF line endings,
 * columns Nombre, Contacto, Fuente (its channels' labels, issue 14), Origen (the post, article or
 * campaign and network that brought the person, issue 15 item 4; empty when unknown), Estado, Fecha
 * ('YYYY-MM-DD HH:mm' in the browser's time zone). papaparse `unparse` quotes what needs quoting, and cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or CR: a visitor typed them)
 * are prefixed with an apostrophe.
 */
import { downloadBlob } from '../../lib/download';
import Papa from 'papaparse';
import type { Lead } from '@director-ia/shared';
import { LEADS_UI } from './labels';
import { leadOriginText, leadSourcesText } from './sources';

export const CSV_COLUMNS = ['Nombre', 'Contacto', 'Fuente', LEADS_UI.origin, 'Estado', 'Fecha'] as const;
/**
 * Cells a spreadsheet would run as a formula. papaparse's own default (`/^[=+\-@\t\r].*$/`) misses
 * a value with a line break after the formula, so the first character alone decides.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Excel reads a CSV as UTF-8 only when it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

/** 'YYYY-MM-DD HH:mm' of `iso` in `timeZone` (default: the browser's); '' when not a date. */
export function csvDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

type CsvLead = Pick<Lead, 'name' | 'contact' | 'source' | 'channels' | 'attribution' | 'status' | 'createdAt'>;

/** One row per lead, in the columns' order. */
export function leadCsvRows(leads: readonly CsvLead[], timeZone?: string): string[][] {
  return leads.map((lead) => [lead.name, lead.contact, leadSourcesText(lead), leadOriginText(lead), lead.status, csvDate(lead.createdAt, timeZone)]);
}

/**
 * A CSV file's text for Excel: byte-order mark, `fields` as the header row, then `rows`, CRLF
 * lines, quoted where needed, formula-looking cells prefixed with an apostrophe. Shared by every
 * export of the dashboard (leads, campaigns).
 */
export function csvText(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + Papa.unparse({ fields: [...fields], data: rows.map((row) => [...row]) }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/** The whole file's text, byte-order mark included. */
export function leadsCsv(leads: readonly CsvLead[], timeZone?: string): string {
  return csvText(CSV_COLUMNS, leadCsvRows(leads, timeZone));
}

/** The file name of an export made on `now`: 'leads-YYYY-MM-DD.csv'. */
export function csvFileName(now = new Date()): string {
  return `leads-${csvDate(now.toISOString()).slice(0, 10)}.csv`;
}

/** Makes the browser download `text` as `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
