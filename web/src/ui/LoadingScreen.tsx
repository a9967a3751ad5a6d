import { MSG } from '@director-ia/shared';
import { Spinner } from './Spinner';
import styles from './FullScreen.module.css';

/** Spec 2 "Loading": 'Cargando...' and nothing else. */
export function LoadingScreen() {
  return (
    <main className={styles.screen}>
      <div className={styles.loading} role="status" aria-live="polite">
        <Spinner large />
        <span>{MSG.loading}</span>
      </div>
    </main>
  );
}
