/**
 * The month's headline figures on Conóceme (issue 15 item 5, obtenerCifrasMes for the current
 * month): publicaciones, clics, conversaciones, leads, gasto, coste por lead and campañas activas,
 * as one compact row. While loading it keeps its place; a failed read says so quietly (the page's
 * welcome still reads on its own).
 */
import { currentMonth, monthLabel, type MonthFigures } from '@director-ia/shared';
import { CAMPAIGN_UI, countLabel, Figures, moneyLabel, useMonthFigures, type Figure } from '../../features/campaigns';
import styles from './ConocemePage.module.css';

const F = CAMPAIGN_UI.figures;

/** The figures in their order; dashes while they are read. */
export function figureItems(figures: MonthFigures | undefined): Figure[] {
  const value = (format: (figures: MonthFigures) => string) => (figures ? format(figures) : CAMPAIGN_UI.none);
  return [
    { label: F.published, value: value((f) => countLabel(f.published)) },
    { label: F.clicks, value: value((f) => countLabel(f.clicks)) },
    { label: F.conversations, value: value((f) => countLabel(f.conversations)) },
    { label: F.leads, value: value((f) => countLabel(f.leads)) },
    { label: F.spend, value: value((f) => moneyLabel(f.spendCents)) },
    { label: F.costPerLead, value: value((f) => moneyLabel(f.costPerLeadCents)) },
    { label: F.activeCampaigns, value: value((f) => countLabel(f.activeCampaigns)) },
  ];
}

export function MonthFiguresRow() {
  const month = currentMonth();
  const figures = useMonthFigures(month);
  const title = CAMPAIGN_UI.monthFigures(monthLabel(month));
  return (
    <section aria-labelledby="conoceme-figures">
      <h2 id="conoceme-figures" className={styles.sectionTitle}>
        {title}
      </h2>
      {figures.isError ? (
        <p className={styles.figuresNote}>{CAMPAIGN_UI.figuresError}</p>
      ) : (
        <Figures items={figureItems(figures.data)} busy={figures.isPending} testId="month-figures" />
      )}
    </section>
  );
}
