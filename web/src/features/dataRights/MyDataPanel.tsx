/**
 * "Mis datos" (issue 17 item 2), the owner's data rights under Integraciones:
 * - 'Exportar mis datos': starts the export job, shows its progress, then a download link while
 *   the zip lasts (24 h; each status read hands a fresh short-lived link);
 * - 'Conservación de conversaciones': the retention choice (RETENTION_CHOICES; "Sin borrado
 *   automático" by default), enforced daily-ish by the server's scheduled job;
 * - 'Eliminar mi cuenta': an irreversible deletion that asks the owner to type their e-mail; once
 *   requested the owner is signed out with a Spanish confirmation.
 */
import { useState, type FormEvent } from 'react';
import { EXPORT_TTL_HOURS, RETENTION_CHOICES, retentionLabel, type DataExport } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { FormCard, fieldStyles } from '../settings';
import styles from './MyDataPanel.module.css';
import { useDeleteAccount } from './useDeleteAccount';
import { useMyData } from './useMyData';
import { useSaveRetention } from './useSaveRetention';
import { useStartExport } from './useStartExport';

const formatDateTime = (iso: string) => new Date(iso).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short' });

function ExportStatus({ exportacion }: { exportacion: DataExport }) {
  if (exportacion.status === 'preparando') {
    return (
      <div className={styles.status} role="status" data-testid="export-status">
        <Spinner /> {exportacion.message ?? 'Preparando…'} ({exportacion.progress} %)
        <progress className={styles.progress} max={100} value={exportacion.progress} aria-label="Progreso de la exportación" />
      </div>
    );
  }
  if (exportacion.status === 'lista' && exportacion.url) {
    return (
      <p className={styles.status} data-testid="export-status">
        <a className={styles.download} href={exportacion.url} download={`mis-datos-${exportacion.id}.zip`}>
          Descargar mis datos (.zip{exportacion.bytes ? `, ${Math.max(1, Math.round(exportacion.bytes / 1024))} KB` : ''})
        </a>{' '}
        Disponible hasta el {formatDateTime(exportacion.expiresAt ?? exportacion.startedAt)}.
      </p>
    );
  }
  return (
    <p className={styles.error} role="alert" data-testid="export-status">
      {exportacion.message ?? 'No se pudo preparar la exportación.'}
    </p>
  );
}

/** The irreversible-deletion dialog: the user types their e-mail, then eliminarCuenta (also on the pending screen). */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(typed.trim());
  };
  return (
    <Modal title="Eliminar mi cuenta" maxWidth={480} onClose={onClose}>
      <form onSubmit={onSubmit} className={styles.dialog}>
        <p>
          <strong>Esta acción es irreversible.</strong> Se borrarán tu cuenta, tus ajustes, publicaciones, artículos, documentos, imágenes,
          leads y conversaciones, y se desconectarán tus redes sociales. Si quieres conservar algo, exporta antes tus datos.
        </p>
        <label className={fieldStyles.label} htmlFor="confirm-delete-email">
          Escribe tu email para confirmar
        </label>
        <input id="confirm-delete-email" className={fieldStyles.input} type="email" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="danger" disabled={!typed.trim() || remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? <Spinner /> : null}
            Eliminar mi cuenta definitivamente
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function MyDataPanel() {
  const data = useMyData();
  const start = useStartExport();
  const retention = useSaveRetention();
  const [deleting, setDeleting] = useState(false);
  const exportacion = data.data?.exportacion ?? null;
  const running = exportacion?.status === 'preparando';

  return (
    <div className={fieldStyles.form} aria-label="Mis datos">
      <FormCard title="Exportar mis datos" icon="shield" description={`Un archivo .zip con todos tus datos (ajustes, publicaciones, artículos, leads, conversaciones…) y tus archivos. Se puede descargar durante ${EXPORT_TTL_HOURS} horas.`}>
        {exportacion && <ExportStatus exportacion={exportacion} />}
        <div className={styles.actions}>
          <Button variant="primary" disabled={running || start.isPending} aria-busy={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? <Spinner /> : null}
            Exportar mis datos
          </Button>
        </div>
      </FormCard>

      <FormCard title="Conservación de conversaciones" icon="hourglass" description="Las conversaciones del chat de tu web y de la Bandeja se borran automáticamente pasado este tiempo desde su último mensaje. Los leads se conservan.">
        <label className={fieldStyles.label} htmlFor="retention-days">
          Conservar conversaciones
        </label>
        <select
          id="retention-days"
          className={fieldStyles.select}
          value={data.data?.retentionDays ?? 0}
          disabled={!data.data || retention.isPending}
          onChange={(event) => retention.mutate(Number(event.target.value))}
        >
          {RETENTION_CHOICES.map((days) => (
            <option key={days} value={days}>
              {retentionLabel(days)}
            </option>
          ))}
        </select>
      </FormCard>

      <FormCard title="Eliminar mi cuenta" icon="alert" description="Borra tu cuenta y todos tus datos para siempre. No se puede deshacer.">
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Eliminar mi cuenta
          </Button>
        </div>
        {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
      </FormCard>
    </div>
  );
}
