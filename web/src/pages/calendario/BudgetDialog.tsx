/**
 * The budget question of 'Generar Plan Mensual' (spec 4 "Monthly plan", 5; issue 5 item 2): the
 * month's budget in euros (decimal comma or point). An invalid budget — not a number > 0 — shows
 * the spec's 'Por favor, introduce un presupuesto válido.' and sends nothing.
 */
import { useId, useState, type FormEvent } from 'react';
import { monthLabel, parseBudget, PLAN_MSG } from '@director-ia/shared';
import { fieldStyles } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import styles from './CalendarioPage.module.css';

export function BudgetDialog({ month, onSubmit, onClose }: { month: string; onSubmit: (budget: number) => void; onClose: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const budget = parseBudget(text);
    if (budget === null) {
      setInvalid(true);
      return;
    }
    onSubmit(budget);
  };

  return (
    <Modal title={PLAN_MSG.generatePlan} maxWidth={440} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <p className={styles.dialogText}>
          La IA preparará una propuesta de publicaciones para <strong>{monthLabel(month)}</strong> con tu marca, tu base de conocimiento y tus redes. Podrás revisarla antes de
          aprobarla.
        </p>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-budget`} className={fieldStyles.label}>
            {PLAN_MSG.budgetLabel}
          </label>
          <input
            id={`${id}-budget`}
            className={fieldStyles.input}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Por ejemplo, 300"
            value={text}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setInvalid(false);
            }}
          />
          {invalid && (
            <p id={`${id}-error`} role="alert" className={styles.fieldError}>
              {PLAN_MSG.budgetInvalid}
            </p>
          )}
        </div>
        <div className={styles.dialogActions}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="primary">
            <Icon name="sparkles" size={18} />
            Generar plan
          </Button>
        </div>
      </form>
    </Modal>
  );
}
