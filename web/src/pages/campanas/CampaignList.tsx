/**
 * The campaigns list (issue 15 items 1 and 5): name, objective, dates, networks, status, budget,
 * clicks, leads and cost per lead of each campaign, an offline mark on proposals made without an
 * AI model, 'Nueva campaña', and an empty state inviting to create the first one.
 */
import { CAMPAIGN_OBJECTIVE_LABELS, CAMPAIGN_STATUS_LABELS, socialNetworkLabel, type CampaignSummary } from '@director-ia/shared';
import { countLabel, dateRangeLabel, moneyLabel } from '../../features/campaigns/format';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { useCampaigns } from '../../features/campaigns/useCampaigns';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { Panel } from '../../ui/PageHeader';
import { EmptyState, QueryList } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './CampanasPage.module.css';

export function CampaignList({ onNew, onOpen }: { onNew: () => void; onOpen: (id: string) => void }) {
  const campaigns = useCampaigns();
  return (
    <Panel className={styles.panel}>
      <div className={styles.toolbar}>
        <Button variant="primary" onClick={onNew}>
          <Icon name="sparkles" size={18} />
          {CAMPAIGN_UI.newCampaign}
        </Button>
        <Button size="small" onClick={() => void campaigns.refetch()} disabled={campaigns.isFetching} aria-label={CAMPAIGN_UI.refresh}>
          {campaigns.isFetching ? <Spinner /> : <Icon name="refresh" size={16} />}
        </Button>
      </div>
      <QueryList
        query={campaigns}
        empty={
          <EmptyState icon={<Icon name="megaphone" size={28} />}>
            {CAMPAIGN_UI.empty}
            <span className={styles.emptyAction}>
              <Button variant="primary" onClick={onNew}>
                {CAMPAIGN_UI.createFirst}
              </Button>
            </span>
          </EmptyState>
        }
      >
        {(items) => <CampaignTable campaigns={items} onOpen={onOpen} />}
      </QueryList>
    </Panel>
  );
}

function CampaignTable({ campaigns, onOpen }: { campaigns: CampaignSummary[]; onOpen: (id: string) => void }) {
  return (
    <DataTable label={CAMPAIGN_UI.listLabel} columns={CAMPAIGN_UI.columns}>
      {campaigns.map((campaign) => (
        <tr key={campaign.id} data-campaign-id={campaign.id}>
          <td className={styles.nameCell}>
            <span>{campaign.name}</span>
            {campaign.offline && <span className={styles.offlineBadge}>{CAMPAIGN_UI.offline}</span>}
          </td>
          <td>{CAMPAIGN_OBJECTIVE_LABELS[campaign.objective]}</td>
          <td className={styles.nowrap}>{dateRangeLabel(campaign.startDate, campaign.endDate)}</td>
          <td>{campaign.networks.map(socialNetworkLabel).join(', ')}</td>
          <td>
            <span className={styles.statusBadge} data-status={campaign.status}>
              {CAMPAIGN_STATUS_LABELS[campaign.status]}
            </span>
          </td>
          <td className={styles.number}>{moneyLabel(campaign.results.budgetCents)}</td>
          <td className={styles.number}>{countLabel(campaign.results.clicks)}</td>
          <td className={styles.number}>{countLabel(campaign.results.leads)}</td>
          <td className={styles.number}>{moneyLabel(campaign.results.costPerLeadCents)}</td>
          <td>
            <Button size="small" onClick={() => onOpen(campaign.id)} aria-label={CAMPAIGN_UI.openCampaign(campaign.name)}>
              {CAMPAIGN_UI.open}
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
