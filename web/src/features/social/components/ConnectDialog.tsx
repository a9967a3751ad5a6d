/**
 * The connect modal of an OAuth network (spec 2 'redes': Cancelar and 'Iniciar Conexión'). The
 * button calls `start` straight from its click, so the popup opens inside the user's gesture; the
 * dialog closes once the popup is on its way to the network, and otherwise says why inline:
 * SOCIAL_MSG.popupBlocked or SOCIAL_MSG.authUrlError (spec 8).
 */
import { useState } from 'react';
import { MSG, SOCIAL_MSG, SOCIAL_NETWORK_LABELS, type OAuthNetwork } from '@director-ia/shared';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { SOCIAL_UI } from '../labels';
import type { StartOutcome } from '../oauthPopup';
import styles from './social.module.css';

/** What the dialog says after a start: nothing once the popup is on its way, else why not (spec 8). */
export function startOutcomeError(outcome: StartOutcome): string | null {
  if (outcome === 'opened') return null;
  return outcome === 'blocked' ? SOCIAL_MSG.popupBlocked : SOCIAL_MSG.authUrlError;
}

export function ConnectDialog({ network, sandbox, start, onClose }: { network: OAuthNetwork; sandbox: boolean; start: (network: OAuthNetwork) => Promise<StartOutcome>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = SOCIAL_NETWORK_LABELS[network];

  const begin = () => {
    setError(null);
    setBusy(true);
    void start(network).then((outcome) => {
      setBusy(false);
      const message = startOutcomeError(outcome);
      if (message === null) onClose();
      else setError(message);
    });
  };

  return (
    <Modal title={SOCIAL_UI.connect(network)} maxWidth={480} onClose={onClose}>
      <div className={styles.dialogForm}>
        <p className={styles.dialogText}>
          Se abrirá una ventana de {label} para que autorices a Director IA a publicar en tu nombre. Tu contraseña y tus claves de acceso nunca pasan por este navegador.
        </p>
        {sandbox && (
          <p className={styles.dialogText}>
            <span className={`${styles.badge} ${styles.sandbox}`}>{SOCIAL_MSG.sandbox}</span> Esta instalación usa una red de pruebas: no se conectará ninguna cuenta real.
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={onClose}>{SOCIAL_UI.cancel}</Button>
          <Button variant="primary" onClick={begin} disabled={busy} aria-busy={busy}>
            {busy && <Spinner />}
            {busy ? MSG.processing : SOCIAL_UI.startConnection}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
