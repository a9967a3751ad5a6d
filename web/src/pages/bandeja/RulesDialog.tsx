/**
 * 'Reglas de respuesta' (issue 14 item 3): the owner's inbox rules in a dialog. Per network the
 * AI's mode ('Modo de Instagram'…), the business hours (toggle 'Horario de atención', the weekdays
 * lunes…domingo, 'Desde' and 'Hasta', with a preview of how they read), the hand-off message and
 * the topics a person always attends (one per line). 'Guardar reglas' checks them as the server
 * does and shows each problem under its field; a server refusal is placed the same way when its
 * message names a field, else above the buttons.
 */
import { useState, type FormEvent } from 'react';
import { INBOX_MODE_LABELS, INBOX_MODES, MAX_HANDOFF_LENGTH, WEEKDAY_LABELS, type InboxMode, type InboxRules } from '@director-ia/shared';
import {
  fieldOfMessage,
  formToRules,
  hoursPreview,
  INBOX_UI,
  RULE_NETWORKS,
  rulesProblems,
  rulesToForm,
  toggleDay,
  useInboxRules,
  useSaveInboxRules,
  type RulesField,
  type RulesForm,
} from '../../features/inbox';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './BandejaPage.module.css';

export function RulesDialog({ onClose }: { onClose: () => void }) {
  const rules = useInboxRules();
  return (
    <Modal title={INBOX_UI.rules} maxWidth={680} onClose={onClose}>
      <p className={styles.rulesIntro}>{INBOX_UI.rulesIntro}</p>
      {rules.isPending ? <LoadingState /> : rules.isError ? <ErrorState error={rules.error} onRetry={rules.refetch} /> : <RulesFormView rules={rules.data} onClose={onClose} />}
    </Modal>
  );
}

type Problems = Partial<Record<RulesField | 'form', string>>;

function RulesFormView({ rules, onClose }: { rules: InboxRules; onClose: () => void }) {
  const [form, setForm] = useState<RulesForm>(() => rulesToForm(rules));
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveInboxRules();
  const update = (change: Partial<RulesForm>) => setForm((old) => ({ ...old, ...change }));
  const preview = hoursPreview(form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = formToRules(form);
    const found = rulesProblems(next);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(next, {
      onSuccess: onClose,
      onError: (error) => {
        const message = errorMessage(error);
        setProblems({ [fieldOfMessage(message) ?? 'form']: message });
      },
    });
  };

  return (
    <form className={styles.rulesForm} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset} aria-describedby={problems.modes ? 'rules-modes-error' : undefined}>
        <legend>{INBOX_UI.modesTitle}</legend>
        <div className={styles.modes}>
          {RULE_NETWORKS.map((network) => (
            <label key={network} className={styles.field}>
              <span>{INBOX_UI.modeLabel(network)}</span>
              <select className={styles.select} value={form.modes[network]} onChange={(event) => update({ modes: { ...form.modes, [network]: event.target.value as InboxMode } })}>
                {INBOX_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {INBOX_MODE_LABELS[mode]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <Problem id="rules-modes-error" text={problems.modes} />
      </fieldset>

      <div className={styles.fieldset}>
        <label className={styles.switch}>
          <input type="checkbox" checked={form.hoursEnabled} aria-describedby="rules-hours-preview" onChange={(event) => update({ hoursEnabled: event.target.checked })} />
          {INBOX_UI.hoursToggle}
        </label>
        <div className={styles.days} role="group" aria-label={INBOX_UI.hoursDays}>
          {WEEKDAY_LABELS.map((label, index) => (
            <label key={label} className={styles.day}>
              <input type="checkbox" checked={form.days.includes(index + 1)} disabled={!form.hoursEnabled} onChange={() => update({ days: toggleDay(form.days, index + 1) })} />
              {label}
            </label>
          ))}
        </div>
        <div className={styles.times}>
          <label className={styles.field}>
            <span>{INBOX_UI.hoursFrom}</span>
            <input className={styles.input} type="time" value={form.from} disabled={!form.hoursEnabled} onChange={(event) => update({ from: event.target.value })} />
          </label>
          <label className={styles.field}>
            <span>{INBOX_UI.hoursTo}</span>
            <input className={styles.input} type="time" value={form.to} disabled={!form.hoursEnabled} onChange={(event) => update({ to: event.target.value })} />
          </label>
        </div>
        <p id="rules-hours-preview" className={styles.hint} data-testid="hours-preview">
          {form.hoursEnabled ? (preview.valid ? INBOX_UI.hoursPreview(preview.text) : preview.text) : INBOX_UI.noHours}
        </p>
        <Problem id="rules-hours-error" text={problems.hours} />
      </div>

      <TextAreaField
        id="rules-handoff"
        label={INBOX_UI.handoff}
        hint={INBOX_UI.handoffHint}
        problem={problems.handoff}
        rows={3}
        maxLength={MAX_HANDOFF_LENGTH}
        value={form.handoffMessage}
        onValue={(handoffMessage) => update({ handoffMessage })}
      />
      <TextAreaField id="rules-topics" label={INBOX_UI.topics} hint={INBOX_UI.topicsHint} problem={problems.topics} rows={4} value={form.topicsText} onValue={(topicsText) => update({ topicsText })} />

      <Problem id="rules-form-error" text={problems.form} />
      <div className={styles.rulesActions}>
        <Button onClick={onClose}>{INBOX_UI.cancel}</Button>
        <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner />}
          {INBOX_UI.saveRules}
        </Button>
      </div>
    </form>
  );
}

interface TextAreaFieldProps {
  id: string;
  label: string;
  hint: string;
  problem: string | undefined;
  rows: number;
  maxLength?: number;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled textarea described by its hint and, when there is one, its problem. */
function TextAreaField({ id, label, hint, problem, rows, maxLength, value, onValue }: TextAreaFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => onValue(event.target.value)}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <Problem id={`${id}-error`} text={problem} />
    </div>
  );
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className={styles.problem} role="alert">
      {text}
    </p>
  );
}
