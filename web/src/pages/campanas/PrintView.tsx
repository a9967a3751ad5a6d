/**
 * The printable page of a campaign (issue 15 item 6), in Spanish: brief, summary, the split table
 * with its totals, audiences, creatives, supporting posts, KPI ranges with their sources, and the
 * results. It opens over the dashboard as its own layer (a portal on <body>); 'Imprimir' calls
 * window.print(), and the print CSS shows only this layer, in black on white.
 */
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { AD_CALL_TO_ACTION_LABELS, formatEuros, postWhenLabel, socialNetworkLabel, type Campaign, type CampaignResults } from '@director-ia/shared';
import { instantLabel } from '../../features/campaigns/format';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { Button } from '../../ui/Button';
import { AudienceList, BriefFacts, Funnel, KpiTable, ResultFigures, SplitTable } from './CampaignParts';
import styles from './CampanasPage.module.css';

export function PrintView({ campaign, results, onClose }: { campaign: Campaign; results: CampaignResults; onClose: () => void }) {
  const root = useRef<HTMLDivElement>(null);

  // Focus the layer so keyboard and screen reader users land on it; 'Cerrar' closes it.
  useEffect(() => root.current?.focus(), []);

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
        <SplitTable campaign={campaign} split={campaign.proposal.split} renderCell={(_row, cell) => formatEuros(cell.cents)} />

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
