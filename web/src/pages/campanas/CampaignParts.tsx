/**
 * Read-only parts of a campaign shared by its view and its printable page (issue 15 items 2, 5
 * and 6): the brief's facts, the audiences per network, the expected KPI ranges per network with
 * their region when it is not Spain, the cited benchmark sources (publisher, title linked to the
 * source, publication date, period, note), the results figures and the funnel
 * Publicadas → Clics → Conversaciones → Leads.
 */
import {
  CAMPAIGN_OBJECTIVE_LABELS,
  CAMPAIGN_STATUS_LABELS,
  KPI_KIND_LABELS,
  LOCATION_KIND_LABELS,
  socialNetworkLabel,
  type Campaign,
  type CampaignResults,
  type NetworkAudience,
} from '@director-ia/shared';
import { citedSources } from '../../features/campaigns/csv';
import { countLabel, dateLabel, dateRangeLabel, kpiRangeLabel, moneyLabel } from '../../features/campaigns/format';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
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
  const figures: [string, string, string?][] = [
    [CAMPAIGN_UI.budgetFigure, moneyLabel(results.budgetCents)],
    [spendLabel(results), results.spendCents === null ? CAMPAIGN_UI.spendUnknown : moneyLabel(results.spendCents)],
    [CAMPAIGN_UI.clicks, countLabel(results.clicks), CAMPAIGN_UI.uniqueClicks(countLabel(results.uniqueClicks))],
    [CAMPAIGN_UI.conversations, countLabel(results.conversations)],
    [CAMPAIGN_UI.leads, countLabel(results.leads)],
    [CAMPAIGN_UI.costPerLead, moneyLabel(results.costPerLeadCents)],
  ];
  return (
    <dl className={styles.figures}>
      {figures.map(([term, value, note]) => (
        <div key={term} className={styles.figure}>
          <dt>{term}</dt>
          <dd>
            <span className={styles.figureValue}>{value}</span>
            {note && <span className={styles.figureNote}>{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
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
