/**
 * The three non-data states of a server read, the same on every page: loading ('Cargando...'),
 * error ('Error: ' + message, with a retry button) and empty (an icon and a message).
 */
import type { ReactNode } from 'react';
import { MSG } from '@director-ia/shared';
import { errorMessage } from '../lib/api';
import { Button } from './Button';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import styles from './QueryStates.module.css';

export function LoadingState() {
  return (
    <div className={styles.state} role="status">
      <Spinner large />
      <span>{MSG.loading}</span>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  return (
    <div className={styles.state} role="alert">
      <Icon name="alert" size={28} />
      <p>
        {MSG.errorPrefix}
        {errorMessage(error)}
      </p>
      <Button size="small" onClick={() => void onRetry()}>
        {MSG.retry}
      </Button>
    </div>
  );
}

/** `icon` is any glyph element, so pages can use their own icon sets. */
export function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.state}>
      {icon}
      <p>{children}</p>
    </div>
  );
}

/** What `QueryList` reads of a TanStack list query. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
  refetch: () => unknown;
}

/**
 * A list read in its state: loading, error (also over stale data, with a retry), `empty` when the
 * list has no items, else `children(items)`.
 */
export function QueryList<T>({ query, empty, children }: { query: ListQuery<T>; empty: ReactNode; children: (items: T[]) => ReactNode }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={query.refetch} />;
  if (!query.data || query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
