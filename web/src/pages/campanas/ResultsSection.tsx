/**
 * Results and funnel of an approved campaign (issue 15 item 5): budget, spend (Meta's, labelled as
 * such, or the owner's figure with its input saved by guardarGastoCampana), clicks (unique too),
 * conversations, leads, cost per lead, and the funnel Publicadas → Clics → Conversaciones → Leads.
 */
import { useId, useState, type FormEvent } from 'react';
import { CAMPAIGN_MSG, parseAllocationEuros, type Campaign, type CampaignResults } from '@director-ia/shared';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { centsText } from '../../features/campaigns/splitTable';
import { useSaveSpend } from '../../features/campaigns/useSaveSpend';
import { fieldStyles } from '../../features/settings';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Funnel, ResultFigures } from './CampaignParts';
import styles from './CampanasPage.module.css';

export function ResultsSection({ campaign, results }: { campaign: Campaign; results: CampaignResults }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {CAMPAIGN_UI.results}
      </h2>
      <ResultFigures results={results} />
      {results.spendSource !== 'meta' && <SpendForm key={results.spendCents ?? 'none'} campaignId={campaign.id} spendCents={results.spendCents} />}
      <h3 className={styles.subTitle}>{CAMPAIGN_UI.funnel}</h3>
      <Funnel results={results} />
    </section>
  );
}

function SpendForm({ campaignId, spendCents }: { campaignId: string; spendCents: number | null }) {
  const id = useId();
  const save = useSaveSpend();
  const [text, setText] = useState(spendCents === null ? '' : centsText(spendCents));
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const spend = parseAllocationEuros(text);
    if (!spend.ok) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate({ id: campaignId, spend: spend.cents / 100 });
  };

  return (
    <form className={styles.inlineField} onSubmit={submit} noValidate>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-spend`} className={fieldStyles.label}>
          {CAMPAIGN_UI.spendInput}
        </label>
        <input
          id={`${id}-spend`}
          className={fieldStyles.input}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid || save.isError ? `${id}-spend-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
        />
      </div>
      <Button size="small" type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending && <Spinner />}
        {CAMPAIGN_UI.saveSpend}
      </Button>
      {(invalid || save.isError) && (
        <p id={`${id}-spend-error`} role="alert" className={styles.fieldError}>
          {invalid ? CAMPAIGN_MSG.spendInvalid : errorMessage(save.error)}
        </p>
      )}
    </form>
  );
}
