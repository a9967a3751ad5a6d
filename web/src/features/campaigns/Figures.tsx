/**
 * A row of headline figures (issue 15 item 5): a label, a value and an optional note each, as a
 * description list. Shared by a campaign's results (Campañas) and the month's figures (Conóceme).
 */
import styles from './Figures.module.css';

export interface Figure {
  label: string;
  value: string;
  note?: string | undefined;
}

export function Figures({ items, busy = false, testId }: { items: readonly Figure[]; busy?: boolean; testId?: string }) {
  return (
    <dl className={styles.figures} aria-busy={busy || undefined} data-testid={testId}>
      {items.map((item) => (
        <div key={item.label} className={styles.figure}>
          <dt>{item.label}</dt>
          <dd>
            <span className={styles.value}>{item.value}</span>
            {item.note && <span className={styles.note}>{item.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
