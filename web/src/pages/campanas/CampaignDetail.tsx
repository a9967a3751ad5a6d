/**
 * One campaign (issue 15 items 2, 3, 5, 6): its header (name, status, offline mark, the brief's
 * facts, the AI's summary), the results and funnel once approved, the Meta draft for an approved
 * campaign on Facebook or Instagram, the editable split, the audiences, creatives and supporting
 * posts, the KPI ranges with their sources; 'Aprobar campaña' (the server's refusal shown; on
 * success a link to the calendar), 'Eliminar campaña' after confirming, 'Exportar CSV' and the
 * printable view.
 */
import { useState } from 'react';
import { CAMPAIGN_STATUS_LABELS, type Campaign, type CampaignResults } from '@director-ia/shared';
import { campaignCsv, campaignCsvFileName } from '../../features/campaigns/csv';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { useApproveCampaign } from '../../features/campaigns/useApproveCampaign';
import { useCampaign } from '../../features/campaigns/useCampaign';
import { useDeleteCampaign } from '../../features/campaigns/useDeleteCampaign';
import { downloadCsv } from '../../features/leads';
import { errorMessage } from '../../lib/api';
import { openPage } from '../../lib/navigation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { Panel } from '../../ui/PageHeader';
import { PageIcon } from '../../ui/PageIcon';
import { ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { AudienceList, BriefFacts, KpiTable } from './CampaignParts';
import { CreativesSection } from './CreativesSection';
import { MetaDraftSection, usesMeta } from './MetaDraftSection';
import { PostsSection } from './PostsSection';
import { PrintView } from './PrintView';
import { ResultsSection } from './ResultsSection';
import { SplitEditor } from './SplitEditor';
import styles from './CampanasPage.module.css';

export function CampaignDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useCampaign(id);
  return (
    <>
      <div className={styles.toolbar}>
        <Button size="small" onClick={onBack}>
          {CAMPAIGN_UI.back}
        </Button>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={query.refetch} />
      ) : (
        <CampaignBody campaign={query.data.campaign} results={query.data.results} onBack={onBack} />
      )}
    </>
  );
}

/** The key that resets the split editor when the stored split or budget changes. */
const splitKey = (campaign: Campaign) => `${campaign.budgetCents}:${campaign.proposal.split.map((cell) => cell.cents).join(',')}`;

function CampaignBody({ campaign, results, onBack }: { campaign: Campaign; results: CampaignResults; onBack: () => void }) {
  const approve = useApproveCampaign();
  const remove = useDeleteCampaign();
  const toast = useToast();
  const [approvedPosts, setApprovedPosts] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [printing, setPrinting] = useState(false);
  const proposed = campaign.status === 'propuesta';

  const exportCsv = () => {
    downloadCsv(campaignCsvFileName(campaign.name), campaignCsv(campaign, results));
    toast.success(CAMPAIGN_UI.csvExported);
  };

  return (
    <>
      <Panel className={styles.panel}>
        <section aria-label={campaign.name} className={styles.stack}>
          <header className={styles.detailHead}>
            <div>
              <h2 className={styles.detailTitle}>{campaign.name}</h2>
              <p className={styles.badges}>
                <span className={styles.statusBadge} data-status={campaign.status}>
                  {CAMPAIGN_STATUS_LABELS[campaign.status]}
                </span>
                {campaign.offline && <span className={styles.offlineBadge}>{CAMPAIGN_UI.offline}</span>}
              </p>
            </div>
            <div className={styles.actions}>
              <Button size="small" onClick={exportCsv}>
                <PageIcon name="download" size={16} />
                {CAMPAIGN_UI.exportCsv}
              </Button>
              <Button size="small" onClick={() => setPrinting(true)}>
                <PageIcon name="file" size={16} />
                {CAMPAIGN_UI.printView}
              </Button>
            </div>
          </header>
          <BriefFacts campaign={campaign} />
          <div>
            <h3 className={styles.subTitle}>{CAMPAIGN_UI.summary}</h3>
            <p className={styles.summary}>{campaign.proposal.summary}</p>
          </div>
          {approvedPosts !== null && (
            <div role="status" className={styles.notice}>
              <Icon name="check" size={18} />
              <span>{CAMPAIGN_UI.approved(approvedPosts)}</span>
              <Button size="small" onClick={() => openPage('calendario')}>
                {CAMPAIGN_UI.openCalendar}
              </Button>
            </div>
          )}
        </section>
      </Panel>

      {!proposed && (
        <Panel className={styles.panel}>
          <ResultsSection campaign={campaign} results={results} />
        </Panel>
      )}
      {usesMeta(campaign) && (
        <Panel className={styles.panel}>
          <MetaDraftSection campaign={campaign} />
        </Panel>
      )}
      <Panel className={styles.panel}>
        <SplitEditor key={splitKey(campaign)} campaign={campaign} />
      </Panel>
      <Panel className={styles.panel}>
        <section className={styles.section} aria-label={CAMPAIGN_UI.audiences}>
          <h2 className={styles.sectionTitle}>{CAMPAIGN_UI.audiences}</h2>
          <AudienceList audiences={campaign.proposal.audiences} />
        </section>
      </Panel>
      <Panel className={styles.panel}>
        <CreativesSection campaign={campaign} />
      </Panel>
      <Panel className={styles.panel}>
        <PostsSection campaign={campaign} />
      </Panel>
      <Panel className={styles.panel}>
        <section className={styles.section} aria-label={CAMPAIGN_UI.kpis}>
          <h2 className={styles.sectionTitle}>{CAMPAIGN_UI.kpis}</h2>
          <p className={styles.muted}>{CAMPAIGN_UI.kpiIntro}</p>
          <KpiTable campaign={campaign} />
        </section>
      </Panel>

      <Panel className={styles.panel}>
        {approve.isError && (
          <p role="alert" className={styles.fieldError}>
            {errorMessage(approve.error)}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="danger" disabled={remove.isPending || approve.isPending} aria-busy={remove.isPending} onClick={() => setConfirming(true)}>
            {remove.isPending ? <Spinner /> : <PageIcon name="trash" size={18} />}
            {CAMPAIGN_UI.delete}
          </Button>
          {proposed && (
            <Button variant="primary" disabled={approve.isPending || remove.isPending} aria-busy={approve.isPending} onClick={() => approve.mutate(campaign.id, { onSuccess: ({ posts }) => setApprovedPosts(posts.length) })}>
              {approve.isPending ? <Spinner /> : <Icon name="check" size={18} />}
              {CAMPAIGN_UI.approve}
            </Button>
          )}
        </div>
      </Panel>

      {confirming && (
        <ConfirmDialog title={CAMPAIGN_UI.deleteTitle} confirmLabel={CAMPAIGN_UI.delete} onConfirm={() => remove.mutate(campaign.id, { onSuccess: onBack })} onCancel={() => setConfirming(false)}>
          {CAMPAIGN_UI.deleteQuestion(campaign.name)}
        </ConfirmDialog>
      )}
      {printing && <PrintView campaign={campaign} results={results} onClose={() => setPrinting(false)} />}
    </>
  );
}
