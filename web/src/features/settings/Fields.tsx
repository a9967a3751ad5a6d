/**
 * Form parts of the settings screens (Constructor de IA, Integraciones, Creador de Blog):
 * labelled fields with length counters, option cards, a secret field that never shows the stored
 * secret (only "configurada" and its mask), the save bar with its busy state, and the loading and
 * error states of the settings read.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { MSG, type SecretStatus } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Icon, type IconName } from '../../ui/Icon';
import { Options } from '../../ui/Options';
import { Spinner } from '../../ui/Spinner';
import { ErrorState, LoadingState } from '../../ui/QueryStates';
import styles from './Fields.module.css';

export { styles as fieldStyles };

export function FormCard({ title, description, icon, children }: { title: string; description?: ReactNode; icon?: IconName; children: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <header className={styles.cardHeader}>
        {icon && (
          <span className={styles.cardIcon}>
            <Icon name={icon} size={20} />
          </span>
        )}
        <div>
          <h2 className={styles.cardTitle}>{title}</h2>
          {description && <p className={styles.cardText}>{description}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}

interface FieldBase {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  maxLength?: number;
  placeholder?: string;
  hint?: ReactNode;
}

function Label({ id, label, value, maxLength }: Pick<FieldBase, 'id' | 'label' | 'value' | 'maxLength'>) {
  return (
    <label htmlFor={id} className={styles.label}>
      <span>{label}</span>
      {maxLength !== undefined && value.length > maxLength * 0.8 && (
        <span className={styles.counter} aria-hidden="true">
          {value.length}/{maxLength}
        </span>
      )}
    </label>
  );
}

export function TextField({ id, label, value, onValue, maxLength, placeholder, hint, ...input }: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>) {
  return (
    <div className={styles.field}>
      <Label id={id} label={label} value={value} maxLength={maxLength} />
      <input id={id} className={styles.input} value={value} maxLength={maxLength} placeholder={placeholder} onChange={(e) => onValue(e.target.value)} {...input} />
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

/**
 * A colour as '#rrggbb' (issue 18: the brand's colours): a colour picker and the same value as
 * text, kept in step. The picker only shows a valid colour; the text field may hold a half-typed
 * one, which the save's schema refuses in Spanish.
 */
export function ColorField({ id, label, value, onValue, hint }: Omit<FieldBase, 'maxLength' | 'placeholder'>) {
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.secretRow}>
        <input type="color" className={styles.swatch} value={valid ? value.toLowerCase() : '#000000'} aria-label={`${label} (selector)`} onChange={(e) => onValue(e.target.value)} />
        <input id={id} className={styles.input} value={value} maxLength={7} placeholder="#rrggbb" spellCheck={false} autoComplete="off" aria-invalid={!valid || undefined} onChange={(e) => onValue(e.target.value.trim())} />
      </div>
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

export function TextAreaField({ id, label, value, onValue, maxLength, placeholder, hint, rows = 4 }: FieldBase & { rows?: number }) {
  return (
    <div className={styles.field}>
      <Label id={id} label={label} value={value} maxLength={maxLength} />
      <textarea id={id} className={styles.textarea} value={value} maxLength={maxLength} placeholder={placeholder} rows={rows} onChange={(e) => onValue(e.target.value)} />
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

export function SelectField<T extends string>({ id, label, value, options, onValue }: { id: string; label: string; value: T; options: readonly T[]; onValue: (value: T) => void }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(e) => onValue(e.target.value as T)}>
        <Options values={options} />
      </select>
    </div>
  );
}

/** One option card of a radio group. */
export function Choice({ name, value, checked, onSelect, title, text, children }: { name: string; value: string; checked: boolean; onSelect: () => void; title: string; text?: string; children?: ReactNode }) {
  return (
    <label className={styles.choice} data-checked={checked || undefined}>
      <input className={styles.choiceInput} type="radio" name={name} value={value} checked={checked} onChange={onSelect} />
      {children}
      <span className={styles.choiceTitle}>{title}</span>
      {text && <span className={styles.choiceText}>{text}</span>}
    </label>
  );
}

/** What the form will do with a secret on save. */
export type SecretEdit = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; value: string };

/** The payload value of a secret edit: omitted (keep), null (clear) or the new value. */
export function secretPayload(edit: SecretEdit): string | null | undefined {
  if (edit.kind === 'clear') return null;
  if (edit.kind === 'set' && edit.value.trim()) return edit.value;
  return undefined;
}

/**
 * A secret: the stored one is never shown, only "Configurada ••••1234". Typing replaces it on
 * save; "Borrar" removes it on save; leaving it empty keeps it.
 */
export function SecretField({ id, label, status, edit, onEdit, hint }: { id: string; label: string; status: SecretStatus; edit: SecretEdit; onEdit: (edit: SecretEdit) => void; hint?: ReactNode }) {
  const typed = edit.kind === 'set' ? edit.value : '';
  const clearing = edit.kind === 'clear';
  return (
    <div className={styles.field}>
      <div className={styles.label}>
        <label htmlFor={id}>{label}</label>
        {clearing ? (
          <span id={`${id}-status`} className={`${styles.badge} ${styles.clearing}`}>
            Se borrará al guardar
          </span>
        ) : status.configured ? (
          <span id={`${id}-status`} className={`${styles.badge} ${styles.configured}`} data-testid={`${id}-status`}>
            Configurada <span className={styles.mask}>{status.mask}</span>
          </span>
        ) : (
          <span id={`${id}-status`} className={`${styles.badge} ${styles.notConfigured}`} data-testid={`${id}-status`}>
            Sin configurar
          </span>
        )}
      </div>
      <div className={styles.secretRow}>
        <input
          id={id}
          aria-describedby={`${id}-status`}
          className={styles.input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          disabled={clearing}
          placeholder={status.configured ? 'Escribe una nueva para reemplazarla' : 'Pega aquí la clave'}
          onChange={(e) => onEdit(e.target.value ? { kind: 'set', value: e.target.value } : { kind: 'keep' })}
        />
        {status.configured &&
          (clearing ? (
            <Button size="small" onClick={() => onEdit({ kind: 'keep' })}>
              Deshacer
            </Button>
          ) : (
            <Button size="small" variant="danger" onClick={() => onEdit({ kind: 'clear' })} aria-label={`Borrar ${label}`}>
              Borrar
            </Button>
          ))}
      </div>
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/** The save button ('Procesando...' while busy) and when the settings were last saved. */
export function SaveBar({ busy, label, lastUpdated }: { busy: boolean; label: string; lastUpdated: string | null }) {
  return (
    <div className={styles.actions}>
      <span className={styles.updated}>{lastUpdated ? `Última actualización: ${dateFormat.format(new Date(lastUpdated))}` : 'Aún no has guardado estos ajustes.'}</span>
      <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
        {busy ? <Spinner /> : <Icon name="check" size={18} />}
        {busy ? MSG.processing : label}
      </Button>
    </div>
  );
}

/** Loading and error states of a settings read; renders `children(data)` once loaded. */
export function QueryBoundary<T>({ query, children }: { query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown }; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ErrorState error={query.error} onRetry={query.refetch} />;
  return <LoadingState />;
}
