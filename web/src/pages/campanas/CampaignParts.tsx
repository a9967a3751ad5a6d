/**
 * Parts of a campaign shared by its view and its printable page (issue 15 items 2, 5 and 6): the
 * split table's frame (networks × weeks with row, column and grand totals; the cells are the
 * caller's: inputs in the view, euros on paper), the save and cancel of an inline edit, the brief's facts, the audiences per network, the expected KPI ranges per network with
 * their region when it is not Spain, the cited benchmark sources (publisher, title linked to the
 * source, publication date, period, note), the results figures and the funnel
 * Publicadas → Clics → Conversaciones → Leads.
 */
import type { ReactNode } from 'react';
import {
  CAMPAIGN_OBJECTIVE_LABELS,
  CAMPAIGN_STATUS_LABELS,
  KPI_KIND_LABELS,
  LOCATION_KIND_LABELS,
  socialNetworkLabel,
  type Campaign,
  type CampaignResults,
  formatEuros,
  type NetworkAudience,
  type SplitCell,
} from '@director-ia/shared';
import { citedSources } from '../../features/campaigns/csv';
import { countLabel, dateLabel, dateRangeLabel, kpiRangeLabel, moneyLabel } from '../../features/campaigns/format';
import { Figures } from '../../features/campaigns/Figures';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { splitGrid, type SplitRow } from '../../features/campaigns/splitTable';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './CampanasPage.module.css';

/** The brief as facts: objective, status, dates, networks, budget, offer, landing. */
export function BriefFacts({ campaign }: { campaign: Campaign }) {
  const { brief } = campaign;
  const facts: [string, string][] = [
    [CAMPAIGN_UI.objective, CAMPAIGN_OBJECTIVE_LABELS[brief.objective]],
    [CAMPAIGN_UI.statusLabel, CAMPAIGN_STATUS_LABELS[campaign.status]],
    [`${CAMPAIGN_UI.startDate} – ${CAMPAIGN_UI.endDate}`, dateRangeLabel(brief.startDate, brief.endDate)],
    [CAMPAIGN_UI.networks, brief.networks.map(socialNetworkLabel).join(', ')],
    [CAMPAIGN_UI.budgetFigure, moneyLabel(campaign.budgetCents)],
    [CAMPAIGN_UI.offer, brief.offer],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div>
        <dt>{CAMPAIGN_UI.landingUrl}</dt>
        <dd>
          <a href={brief.landingUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
            {brief.landingUrl}
          </a>
        </dd>
      </div>
    </dl>
  );
}

/** 'Provincia: Madrid · Ciudad: Getafe'. */
const placesText = (audience: Pick<NetworkAudience, 'locations'>) => audience.locations.map((location) => `${LOCATION_KIND_LABELS[location.kind]}: ${location.name}`).join(' · ');

export function AudienceList({ audiences }: { audiences: readonly NetworkAudience[] }) {
  return (
    <ul className={styles.cards}>
      {audiences.map((audience) => (
        <li key={audience.network} className={styles.card}>
          <h3 className={styles.cardTitle}>{socialNetworkLabel(audience.network)}</h3>
          <p className={styles.cardText}>{audience.description}</p>
          <dl className={styles.miniFacts}>
            <div>
              <dt>{CAMPAIGN_UI.locations}</dt>
              <dd>{placesText(audience)}</dd>
            </div>
            <div>
              <dt>{CAMPAIGN_UI.age}</dt>
              <dd>{CAMPAIGN_UI.ages(audience.ageMin, audience.ageMax)}</dd>
            </div>
            {audience.interests.length > 0 && (
              <div>
                <dt>{CAMPAIGN_UI.interests}</dt>
                <dd>{audience.interests.join(', ')}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The expected KPI ranges per network, and the sources they come from. */
export function KpiTable({ campaign }: { campaign: Campaign }) {
  const { kpis } = campaign.proposal;
  const sources = citedSources(kpis);
  return (
    <>
      {kpis.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.dataTable} aria-label={CAMPAIGN_UI.kpis}>
            <thead>
              <tr>
                {CAMPAIGN_UI.kpiColumns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kpis.map((kpi) => (
                <tr key={`${kpi.network}-${kpi.kind}`}>
                  <th scope="row">{socialNetworkLabel(kpi.network)}</th>
                  <td>{KPI_KIND_LABELS[kpi.kind]}</td>
                  <td className={styles.number}>{kpiRangeLabel(kpi)}</td>
                  <td>{kpi.region === 'España' ? CAMPAIGN_UI.none : kpi.region}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className={styles.subTitle}>{CAMPAIGN_UI.sources}</h3>
      {sources.length === 0 ? (
        <p className={styles.muted}>{CAMPAIGN_UI.noSources}</p>
      ) : (
        <ol className={styles.sources} aria-label={CAMPAIGN_UI.sources}>
          {sources.map((row) => (
            <li key={row.id} data-benchmark-id={row.id}>
              <span>{row.source.publisher}: </span>
              <a href={row.source.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {row.source.title}
              </a>
              <span className={styles.muted}>
                {' '}
                ({CAMPAIGN_UI.published(dateLabel(row.source.published))}; {CAMPAIGN_UI.period(row.source.period)})
              </span>
              {row.note && <span className={styles.sourceNote}>{row.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** The spend's label: Meta's, the owner's, or plain when unknown. */
export const spendLabel = (results: Pick<CampaignResults, 'spendSource'>) =>
  results.spendSource === 'meta' ? CAMPAIGN_UI.spendMeta : results.spendSource === 'owner' ? CAMPAIGN_UI.spendOwner : CAMPAIGN_UI.spend;

/** The results as figures: budget, spend, clicks (and unique), conversations, leads, cost per lead. */
export function ResultFigures({ results }: { results: CampaignResults }) {
  return (
    <Figures
      testId="campaign-results"
      items={[
        { label: CAMPAIGN_UI.budgetFigure, value: moneyLabel(results.budgetCents) },
        { label: spendLabel(results), value: results.spendCents === null ? CAMPAIGN_UI.spendUnknown : moneyLabel(results.spendCents) },
        { label: CAMPAIGN_UI.clicks, value: countLabel(results.clicks), note: CAMPAIGN_UI.uniqueClicks(countLabel(results.uniqueClicks)) },
        { label: CAMPAIGN_UI.conversations, value: countLabel(results.conversations) },
        { label: CAMPAIGN_UI.leads, value: countLabel(results.leads) },
        { label: CAMPAIGN_UI.costPerLead, value: moneyLabel(results.costPerLeadCents) },
      ]}
    />
  );
}

/** The funnel's steps with their counts, each bar as wide as its share of the largest. */
export function Funnel({ results }: { results: CampaignResults }) {
  const counts = [results.published, results.clicks, results.conversations, results.leads];
  const top = Math.max(1, ...counts);
  return (
    <ol className={styles.funnel} aria-label={CAMPAIGN_UI.funnel}>
      {CAMPAIGN_UI.funnelSteps.map((step, index) => {
        const count = counts[index] ?? 0;
        return (
          <li key={step} className={styles.funnelStep}>
            <span className={styles.funnelLabel}>{step}</span>
            <span className={styles.funnelBar} style={{ width: `${Math.max(2, (count / top) * 100)}%` }} aria-hidden="true" />
            <span className={styles.funnelCount}>{countLabel(count)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The split as a table networks × weeks with its totals; `renderCell` draws each (network, week) the split has. */
export function SplitTable({ campaign, split, renderCell }: { campaign: Campaign; split: readonly SplitCell[]; renderCell: (row: SplitRow, cell: SplitRow['cells'][number] & { index: number }) => ReactNode }) {
  const grid = splitGrid(split, campaign.weeks);
  return (
    <table className={styles.splitTable} aria-label={CAMPAIGN_UI.splitTable}>
      <thead>
        <tr>
          <th scope="col">{CAMPAIGN_UI.network}</th>
          {campaign.weeks.map((week) => (
            <th key={week.week} scope="col">
              <span>{CAMPAIGN_UI.week(week.week)}</span>
              <span className={styles.weekDates}>{dateRangeLabel(week.start, week.end)}</span>
            </th>
          ))}
          <th scope="col">{CAMPAIGN_UI.total}</th>
        </tr>
      </thead>
      <tbody>
        {grid.rows.map((row) => (
          <tr key={row.network}>
            <th scope="row">{socialNetworkLabel(row.network)}</th>
            {row.cells.map((cell) => (
              <td key={cell.week} className={styles.number}>
                {cell.index === undefined ? CAMPAIGN_UI.none : renderCell(row, { ...cell, index: cell.index })}
              </td>
            ))}
            <td className={styles.number}>{formatEuros(row.totalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{CAMPAIGN_UI.total}</th>
          {grid.weekTotals.map((cents, position) => (
            <td key={position} className={styles.number}>
              {formatEuros(cents)}
            </td>
          ))}
          <td className={styles.number} data-testid="split-grand-total">
            <strong>{formatEuros(grid.totalCents)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** An inline edit's problem (the contract's Spanish message), 'Cancelar' and 'Guardar' (a submit button). */
export function EditActions({ problem, busy, onCancel }: { problem: string | null; busy: boolean; onCancel: () => void }) {
  return (
    <>
      {problem && (
        <p role="alert" className={styles.fieldError}>
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button size="small" onClick={onCancel} disabled={busy}>
          {CAMPAIGN_UI.cancel}
        </Button>
        <Button size="small" type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {CAMPAIGN_UI.save}
        </Button>
      </div>
    </>
  );
}
