/** Spec 2 "Pending screen": title, review notice and a logout button. */
import { MSG } from '@director-ia/shared';
import { useSignOut } from '../../lib/useSignOut';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import styles from '../../ui/FullScreen.module.css';

export function PendingScreen({ email }: { email: string | null }) {
  const { signOut: logout, busy } = useSignOut();

  return (
    <main className={styles.screen}>
      <section className={styles.card}>
        <span className={styles.icon} style={{ color: '#fcd34d' }}>
          <Icon name="hourglass" />
        </span>
        <h1 className={styles.title}>{MSG.pendingTitle}</h1>
        <p className={styles.text}>{MSG.pendingText}</p>
        {email && (
          <p className={styles.text} style={{ fontSize: '0.9rem', marginTop: '-1rem' }}>
            Cuenta: <strong>{email}</strong>
          </p>
        )}
        <Button onClick={logout} disabled={busy}>
          <Icon name="logout" size={18} />
          {MSG.signOut}
        </Button>
      </section>
    </main>
  );
}
