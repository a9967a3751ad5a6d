/**
 * The heading bar of a list panel: a title, a count badge, then any actions (`children`). The
 * badge is also exported alone for headings laid out differently.
 */
import type { ReactNode } from 'react';
import styles from './ListHeading.module.css';

/** A small pill with a count (e.g. '3' or '2/10'). */
export function CountBadge({ children }: { children: ReactNode }) {
  return <span className={styles.count}>{children}</span>;
}

/** Title `title`; the badge shows `count` when it is a positive number. */
export function ListHeading({ title, count, children }: { title: string; count?: number; children?: ReactNode }) {
  return (
    <div className={styles.heading}>
      <h2>{title}</h2>
      {count !== undefined && count > 0 && <CountBadge>{count}</CountBadge>}
      {children}
    </div>
  );
}
