/**
 * 'Crear borrador en Meta' (issue 15 item 3), for an approved campaign that uses Facebook or
 * Instagram: the owner's ad accounts (listarCuentasPublicitarias) — without a Facebook connection,
 * or without the ads permission, the reason and a link to Redes Sociales — then the chosen account
 * and crearBorradorMeta. Once made, the draft's state ('Borrador en Meta, en pausa', its ids,
 * 'Red de pruebas' in the sandbox); a half-made draft can be completed. The section always says
 * that nothing is launched until the owner does it in Meta.
 */
import { useId, useState } from 'react';
import { CAMPAIGN_MSG, META_AD_NETWORKS, type Campaign, type CampaignNetwork, type MetaDraft } from '@director-ia/shared';
import { instantLabel } from '../../features/campaigns/format';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { useAdAccounts } from '../../features/campaigns/useAdAccounts';
import { useCreateMetaDraft } from '../../features/campaigns/useCreateMetaDraft';
import { fieldStyles } from '../../features/settings';
import { errorMessage } from '../../lib/api';
import { openPage } from '../../lib/navigation';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './CampanasPage.module.css';

/** Whether the campaign can have a Meta draft: approved, and using Facebook or Instagram. */
export const usesMeta = (campaign: Campaign) => campaign.status === 'aprobada' && campaign.brief.networks.some((network) => (META_AD_NETWORKS as readonly CampaignNetwork[]).includes(network));

export function MetaDraftSection({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const draft = campaign.meta;
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {CAMPAIGN_UI.meta}
      </h2>
      <p className={styles.notice}>
        <Icon name="shield" size={18} />
        {CAMPAIGN_UI.metaIntro}
      </p>
      {draft && <DraftState draft={draft} />}
      {!draft?.complete && <DraftCreator campaign={campaign} resumeAccount={draft?.adAccountId} />}
    </section>
  );
}

function DraftState({ draft }: { draft: MetaDraft }) {
  return (
    <div className={styles.metaState} data-testid="meta-draft">
      <p className={styles.metaTitle}>
        <span className={styles.statusBadge} data-status="paused">
          {CAMPAIGN_UI.metaState}
        </span>
        {draft.sandbox && <span className={styles.sandboxBadge}>{CAMPAIGN_UI.sandbox}</span>}
        <span className={styles.muted}>{instantLabel(draft.createdAt)}</span>
      </p>
      {!draft.complete && <p className={styles.fieldError}>{CAMPAIGN_UI.metaIncomplete}</p>}
      <dl className={styles.miniFacts}>
        <div>
          <dt>{CAMPAIGN_UI.metaAccount}</dt>
          <dd className={styles.code}>{draft.adAccountId}</dd>
        </div>
        <div>
          <dt>{CAMPAIGN_UI.metaCampaignId}</dt>
          <dd className={styles.code}>{draft.campaignId}</dd>
        </div>
        <div>
          <dt>{CAMPAIGN_UI.metaAdSetIds}</dt>
          <dd className={styles.code}>{draft.adSetIds.join(', ') || CAMPAIGN_UI.none}</dd>
        </div>
        <div>
          <dt>{CAMPAIGN_UI.metaAdIds}</dt>
          <dd className={styles.code}>{draft.adIds.join(', ') || CAMPAIGN_UI.none}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{CAMPAIGN_UI.metaNothingLaunched}</p>
    </div>
  );
}

function ToNetworks({ message }: { message: string }) {
  return (
    <div className={styles.stack}>
      <p role="alert" className={styles.fieldError}>
        {message}
      </p>
      <div>
        <Button size="small" onClick={() => openPage('redes')}>
          {CAMPAIGN_UI.goToNetworks}
        </Button>
      </div>
    </div>
  );
}

function DraftCreator({ campaign, resumeAccount }: { campaign: Campaign; resumeAccount: string | undefined }) {
  const id = useId();
  const accounts = useAdAccounts(true);
  const create = useCreateMetaDraft();
  const [chosen, setChosen] = useState(resumeAccount ?? '');

  if (accounts.isPending) return <LoadingState />;
  if (accounts.isError) return <ErrorState error={accounts.error} onRetry={accounts.refetch} />;
  const { connected, adsPermission, accounts: list } = accounts.data;
  if (!connected) return <ToNetworks message={CAMPAIGN_MSG.metaNotConnected} />;
  if (!adsPermission) return <ToNetworks message={CAMPAIGN_MSG.metaNoAdsPermission} />;
  if (list.length === 0 && !resumeAccount) return <p className={styles.muted}>{CAMPAIGN_UI.noAdAccounts}</p>;

  const account = chosen || list[0]?.id || '';
  return (
    <div className={styles.stack}>
      <div className={styles.inlineField}>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-account`} className={fieldStyles.label}>
            {CAMPAIGN_UI.adAccount}
          </label>
          <select id={`${id}-account`} className={fieldStyles.select} value={account} disabled={Boolean(resumeAccount) || create.isPending} onChange={(event) => setChosen(event.target.value)}>
            {resumeAccount && !list.some((candidate) => candidate.id === resumeAccount) && <option value={resumeAccount}>{resumeAccount}</option>}
            {list.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {`${candidate.name} (${candidate.id}, ${candidate.currency})`}
              </option>
            ))}
          </select>
        </div>
        <Button variant="primary" disabled={!account || create.isPending} aria-busy={create.isPending} onClick={() => create.mutate({ id: campaign.id, adAccountId: account })}>
          {create.isPending ? <Spinner /> : <Icon name="megaphone" size={18} />}
          {resumeAccount ? CAMPAIGN_UI.resumeMetaDraft : CAMPAIGN_UI.createMetaDraft}
        </Button>
      </div>
      {accounts.data.sandbox && <span className={styles.sandboxBadge}>{CAMPAIGN_UI.sandbox}</span>}
      {create.isError && (
        <p role="alert" className={styles.fieldError}>
          {errorMessage(create.error)}
        </p>
      )}
    </div>
  );
}
