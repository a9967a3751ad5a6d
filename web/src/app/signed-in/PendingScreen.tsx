/**
 * Spec 2 "Pending screen": title, review notice and a logout button. Below them (issue 17 item 2)
 * the same account deletion an active owner has under Mis datos: someone who signed up and no
 * longer wants to wait can erase their sign-up (eliminarCuenta is `signedIn`).
 */
import { useState } from 'react';
import { MSG } from '@director-ia/shared';
import { DeleteAccountDialog } from '../../features/dataRights';
import { useSignOut } from '../../lib/useSignOut';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import styles from '../../ui/FullScreen.module.css';

export function PendingScreen({ email }: { email: string | null }) {
  const { signOut: logout, busy } = useSignOut();
  const [deleting, setDeleting] = useState(false);

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
        <p className={styles.text} style={{ fontSize: '0.85rem', margin: '1.5rem 0 0' }}>
          ¿Ya no quieres usar Director IA?{' '}
          <Button size="small" variant="danger" onClick={() => setDeleting(true)}>
            Eliminar mi cuenta
          </Button>
        </p>
        {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
      </section>
    </main>
  );
}
