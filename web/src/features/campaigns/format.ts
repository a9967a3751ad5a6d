/**
 * How Campañas writes dates, KPI figures and counts (issue 15): dates like the leads page
 * ('5 may 2026'), money with shared `formatEuros`, CTR in percent, counts with Spanish grouping.
 */
import { formatEuros, isIsoDate, type KpiRange } from '@director-ia/shared';

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
const countFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** A calendar date 'YYYY-MM-DD' as '5 may 2026'; the text itself when it is not one. */
export function dateLabel(iso: string): string {
  return isIsoDate(iso) ? dateFormat.format(new Date(`${iso}T00:00:00Z`)) : iso;
}

/** '5 may 2026 – 30 jun 2026'. */
export const dateRangeLabel = (start: string, end: string): string => `${dateLabel(start)} – ${dateLabel(end)}`;

/** An instant (ISO 8601) in the browser's zone: '5 may 2026, 12:00'. */
export function instantLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instantFormat.format(date);
}

/** A count: '1.234' (Spanish grouping). */
export const countLabel = (count: number): string => countFormat.format(count);

/** Money in cents, or '—' when unknown. */
export const moneyLabel = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '—' : formatEuros(cents));

/** One KPI figure in its unit: '4,50 €', '1,2 %', '12.000'. */
export function kpiValue(value: number, unit: KpiRange['unit']): string {
  if (unit === 'eur') return formatEuros(Math.round(value * 100));
  if (unit === 'percent') return `${percentFormat.format(value)}\u00a0%`;
  return countLabel(value);
}

/** A KPI range: '4,50 € – 7 €' (one figure when low equals high). */
export function kpiRangeLabel(kpi: Pick<KpiRange, 'low' | 'high' | 'unit'>): string {
  return kpi.low === kpi.high ? kpiValue(kpi.low, kpi.unit) : `${kpiValue(kpi.low, kpi.unit)} – ${kpiValue(kpi.high, kpi.unit)}`;
}
