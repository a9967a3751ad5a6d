/**
 * A data table (DataTable.module.css): scrolls sideways on narrow screens, one header row of
 * `columns`, `children` as the body rows, and `overlays` (dialogs about a row) after the table.
 */
import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

export function DataTable({ label, columns, children, overlays }: { label?: string; columns: readonly ReactNode[]; children: ReactNode; overlays?: ReactNode }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {overlays}
    </div>
  );
}
