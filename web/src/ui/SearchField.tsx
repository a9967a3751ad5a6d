/**
 * The search box of a list page (Leads, Bandeja): a magnifier, a search input and a visually
 * hidden label naming it (`label`, the input's accessible name).
 */
import type { InputHTMLAttributes } from 'react';
import { PageIcon } from './PageIcon';
import styles from './SearchField.module.css';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
}

export function SearchField({ label, value, onValue, className, ...input }: SearchFieldProps) {
  return (
    <label className={className ? `${styles.field} ${className}` : styles.field}>
      <span className="visually-hidden">{label}</span>
      <PageIcon name="search" />
      <input type="search" value={value} onChange={(event) => onValue(event.target.value)} {...input} />
    </label>
  );
}
