/**
 * Pieces shared by the login and new-password forms: a labelled field (and its masked password
 * variant), the inline error
 * ('Error: ...', announced as an alert) and the submit button that reads 'Procesando...' while busy.
 */
import type { InputHTMLAttributes } from 'react';
import { MSG } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './LoginScreen.module.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
}

export function Field({ id, label, onValue, ...input }: FieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} required {...input} onChange={(event) => onValue(event.target.value)} />
    </div>
  );
}

/** A password `Field`: masked, with the '••••••••' placeholder every password field of these forms shows. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'placeholder'>) {
  return <Field type="password" placeholder="••••••••" {...props} />;
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.error} role="alert">
      {message}
    </p>
  );
}

export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button type="submit" variant="primary" block disabled={busy} aria-busy={busy}>
      {busy && <Spinner />}
      {busy ? MSG.processing : label}
    </Button>
  );
}
