/**
 * The budget split of a campaign (issue 15 item 2), editable before and after approval: the total
 * budget while it is a proposal (euros, 'Cambiar presupuesto': the server re-splits in proportion;
 * once approved the server keeps the budget its posts and Meta draft were made for, so the field
 * is not offered), and the table networks
 * × weeks with row, column and grand totals (the grand total is the budget). Typing a figure (Enter
 * or leaving the cell) re-balances the other unlocked cells with shared `rebalance`; each cell has
 * its lock; a refused figure says why under the table. 'Guardar reparto' sends the whole split.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { CAMPAIGN_MSG, parseBudgetEuros, type Campaign, type SplitCell } from '@director-ia/shared';
import { CAMPAIGN_UI } from '../../features/campaigns/labels';
import { centsText, editSplit, sameSplit, splitPayload } from '../../features/campaigns/splitTable';
import { useEditCampaign } from '../../features/campaigns/useEditCampaign';
import { fieldStyles } from '../../features/settings';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { SplitTable } from './CampaignParts';
import styles from './CampanasPage.module.css';

/** One figure of the split: commits what was typed on Enter or on leaving the cell. */
function CellInput({ label, cents, disabled, onCommit }: { label: string; cents: number; disabled: boolean; onCommit: (text: string) => void }) {
  const [text, setText] = useState(() => centsText(cents));
  const commit = () => {
    if (text.trim() !== centsText(cents)) onCommit(text);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };
  return <input className={styles.cellInput} aria-label={label} inputMode="decimal" autoComplete="off" value={text} disabled={disabled} onChange={(event) => setText(event.target.value)} onBlur={commit} onKeyDown={onKey} />;
}

export function SplitEditor({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const edit = useEditCampaign();
  const stored = campaign.proposal.split;
  const [draft, setDraft] = useState<SplitCell[]>(stored);
  const [locked, setLocked] = useState<ReadonlySet<number>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  // Bumped by every accepted edit: each cell then shows its figure again (a refused text stays until then).
  const [revision, setRevision] = useState(0);
  const [budgetText, setBudgetText] = useState(() => centsText(campaign.budgetCents));
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const totalCents = draft.reduce((sum, cell) => sum + cell.cents, 0);
  const changed = !sameSplit(draft, stored);
  const busy = edit.isPending;

  const commit = (index: number, text: string) => {
    const result = editSplit(draft, index, text, locked);
    if (result.ok) {
      setDraft(result.split);
      setRevision((current) => current + 1);
      setRefusal(null);
    } else setRefusal(result.message);
  };

  const toggleLock = (index: number) =>
    setLocked((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  const changeBudget = () => {
    const budget = parseBudgetEuros(budgetText);
    if (!budget.ok) {
      setBudgetError(budget.message);
      return;
    }
    setBudgetError(null);
    edit.mutate({ id: campaign.id, budget: budget.cents / 100 });
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {CAMPAIGN_UI.split}
      </h2>
      <p className={styles.muted}>{CAMPAIGN_UI.splitIntro}</p>

      {campaign.status === 'propuesta' && (
        <div className={styles.inlineField}>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-budget`} className={fieldStyles.label}>
              {CAMPAIGN_UI.totalBudget}
            </label>
            <input
              id={`${id}-budget`}
              className={fieldStyles.input}
              inputMode="decimal"
              autoComplete="off"
              value={budgetText}
              aria-invalid={budgetError ? true : undefined}
              aria-describedby={budgetError ? `${id}-budget-error` : undefined}
              onChange={(event) => setBudgetText(event.target.value)}
            />
          </div>
          <Button size="small" disabled={busy || changed} onClick={changeBudget}>
            {CAMPAIGN_UI.changeBudget}
          </Button>
        </div>
      )}
      {budgetError && (
        <p id={`${id}-budget-error`} className={styles.fieldError}>
          {budgetError}
        </p>
      )}

      <div className={styles.tableWrap}>
        <SplitTable
          campaign={campaign}
          split={draft}
          renderCell={(row, cell) => (
            <div className={styles.cell}>
              <CellInput key={`${revision}-${cell.index}-${cell.cents}`} label={CAMPAIGN_UI.cellLabel(row.network, cell.week)} cents={cell.cents} disabled={busy} onCommit={(text) => commit(cell.index, text)} />
              <label className={styles.lock}>
                <input type="checkbox" checked={locked.has(cell.index)} disabled={busy} onChange={() => toggleLock(cell.index)} aria-label={CAMPAIGN_UI.lockCell(row.network, cell.week)} />
                <span aria-hidden="true">{CAMPAIGN_UI.lock}</span>
              </label>
            </div>
          )}
        />
      </div>
      {totalCents !== campaign.budgetCents && <p className={styles.fieldError}>{CAMPAIGN_MSG.splitTotal(campaign.budgetCents)}</p>}
      {refusal && (
        <p role="alert" className={styles.fieldError}>
          {refusal}
        </p>
      )}
      {edit.isError && (
        <p role="alert" className={styles.fieldError}>
          {errorMessage(edit.error)}
        </p>
      )}
      {changed && (
        <div className={styles.actions}>
          <span className={styles.muted}>{CAMPAIGN_UI.splitUnsaved}</span>
          <Button
            disabled={busy}
            onClick={() => {
              setDraft(stored);
              setRevision((current) => current + 1);
              setRefusal(null);
            }}
          >
            {CAMPAIGN_UI.discardSplit}
          </Button>
          <Button variant="primary" disabled={busy} aria-busy={busy} onClick={() => edit.mutate({ id: campaign.id, split: splitPayload(draft) })}>
            {busy && <Spinner />}
            {CAMPAIGN_UI.saveSplit}
          </Button>
        </div>
      )}
    </section>
  );
}
