/**
 * A destructive action's confirmation in the generic modal: the question, 'Cancelar' and the
 * danger button (default 'Eliminar'). Confirming closes it before the action runs.
 */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel = 'Eliminar', onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal title={title} maxWidth={440} onClose={onCancel}>
      <p className={styles.text}>{children}</p>
      <div className={styles.actions}>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button
          variant="danger"
          onClick={() => {
            onCancel();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
