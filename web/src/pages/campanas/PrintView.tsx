/**
 * The printable page of a campaign (issue 15 item 6), in Spanish: brief, summary, the split table
 * with its totals, audiences, creatives, supporting posts, KPI ranges with their sources, and the
 * results. It opens over the dashboard as its own layer (a portal on <body>); 'Imprimir' calls
 * window.print(), and the print CSS shows only this layer, in black on white.
 */
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { AD_CALL_TO_ACTION_LABELS, formatEuros, postWhenLabel, socialNetworkLabel, type Campaign, type CampaignResults } from '@director-ia/shared';
import { dateRangeLabel, instantLabel } from '../../features/campaigns/format';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { splitGrid } from '../../features/campaigns/splitTable';
import { Button } from '../../ui/Button';
import { AudienceList, BriefFacts, Funnel, KpiTable, ResultFigures } from './CampaignParts';
import styles from './CampanasPage.module.css';

export function PrintView({ campaign, results, onClose }: { campaign: Campaign; results: CampaignResults; onClose: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const grid = splitGrid(campaign.proposal.split, campaign.weeks);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return createPortal(
    <div ref={root} className={styles.printRoot} role="dialog" aria-modal="true" aria-label={CAMPAIGN_UI.printView} tabIndex={-1}>
      <div className={styles.printToolbar}>
        <Button onClick={onClose}>{CAMPAIGN_UI.closePrint}</Button>
        <Button variant="primary" onClick={() => window.print()}>
          {CAMPAIGN_UI.print}
        </Button>
      </div>
      <article className={styles.printPage}>
        <header>
          <h1>{campaign.name}</h1>
          <p>{CAMPAIGN_UI.printedOn(instantLabel(new Date().toISOString()))}</p>
          {campaign.offline && <p>{CAMPAIGN_UI.offline}</p>}
        </header>

        <h2>{CAMPAIGN_UI.brief}</h2>
        <BriefFacts campaign={campaign} />

        <h2>{CAMPAIGN_UI.summary}</h2>
        <p>{campaign.proposal.summary}</p>

        <h2>{CAMPAIGN_UI.split}</h2>
        <table aria-label={CAMPAIGN_UI.splitTable}>
          <thead>
            <tr>
              <th scope="col">{CAMPAIGN_UI.network}</th>
              {campaign.weeks.map((week) => (
                <th key={week.week} scope="col">
                  {CAMPAIGN_UI.week(week.week)}
                  <br />
                  <small>{dateRangeLabel(week.start, week.end)}</small>
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
                  <td key={cell.week}>{cell.index === undefined ? CAMPAIGN_UI.none : formatEuros(cell.cents)}</td>
                ))}
                <td>{formatEuros(row.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{CAMPAIGN_UI.total}</th>
              {grid.weekTotals.map((cents, position) => (
                <td key={position}>{formatEuros(cents)}</td>
              ))}
              <td>
                <strong>{formatEuros(grid.totalCents)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>

        <h2>{CAMPAIGN_UI.audiences}</h2>
        <AudienceList audiences={campaign.proposal.audiences} />

        <h2>{CAMPAIGN_UI.creatives}</h2>
        <ul className={styles.cards}>
          {campaign.proposal.creatives.map((creative) => (
            <li key={creative.id} className={styles.card}>
              <h3 className={styles.cardTitle}>
                {socialNetworkLabel(creative.network)} · {creative.headline}
              </h3>
              <p className={styles.cardText}>{creative.primaryText}</p>
              <p>
                {CAMPAIGN_UI.callToAction}: {AD_CALL_TO_ACTION_LABELS[creative.callToAction]}
              </p>
              {!creative.assetId && creative.imagePrompt && (
                <p>
                  {CAMPAIGN_UI.imageRequest}: {creative.imagePrompt}
                </p>
              )}
            </li>
          ))}
        </ul>

        <h2>{CAMPAIGN_UI.posts}</h2>
        <ul className={styles.cards}>
          {campaign.proposal.posts.map((post) => (
            <li key={post.id} className={styles.card}>
              <p>
                {postWhenLabel(post.scheduledDate, post.time)} · {socialNetworkLabel(post.platform)}
              </p>
              <h3 className={styles.cardTitle}>{post.title}</h3>
              <p className={styles.cardText}>{post.content}</p>
            </li>
          ))}
        </ul>

        <h2>{CAMPAIGN_UI.kpis}</h2>
        <p>{CAMPAIGN_UI.kpiIntro}</p>
        <KpiTable campaign={campaign} />

        {campaign.status === 'aprobada' && (
          <>
            <h2>{CAMPAIGN_UI.results}</h2>
            <ResultFigures results={results} />
            <Funnel results={results} />
          </>
        )}
      </article>
    </div>,
    document.body,
  );
}
