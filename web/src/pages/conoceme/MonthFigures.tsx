/**
 * The month's headline figures on Conóceme (issue 15 item 5, obtenerCifrasMes for the current
 * month): publicaciones, clics, conversaciones, leads, gasto, coste por lead and campañas activas,
 * as one compact row. While loading it keeps its place; a failed read says so quietly (the page's
 * welcome still reads on its own).
 */
import { currentMonth, monthLabel, type MonthFigures as Figures } from '@director-ia/shared';
import { CAMPAIGN_UI, countLabel, moneyLabel, useMonthFigures } from '../../features/campaigns';
import styles from './ConocemePage.module.css';

const F = CAMPAIGN_UI.figures;

/** The figures in their order, as [label, value]. */
export function figureItems(figures: Figures): [string, string][] {
  return [
    [F.published, countLabel(figures.published)],
    [F.clicks, countLabel(figures.clicks)],
    [F.conversations, countLabel(figures.conversations)],
    [F.leads, countLabel(figures.leads)],
    [F.spend, moneyLabel(figures.spendCents)],
    [F.costPerLead, moneyLabel(figures.costPerLeadCents)],
    [F.activeCampaigns, countLabel(figures.activeCampaigns)],
  ];
}

export function MonthFigures() {
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
        <dl className={styles.figures} aria-busy={figures.isPending} data-testid="month-figures">
          {(figures.data ? figureItems(figures.data) : Object.values(F).map((label): [string, string] => [label, CAMPAIGN_UI.none])).map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
