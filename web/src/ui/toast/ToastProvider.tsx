/** Spec 3 "Notification (toast)": id, message, type; auto-dismiss after 4000 ms or on close. */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MSG, TOAST_DURATION_MS } from '@director-ia/shared';
import { Icon } from '../Icon';
import { ToastContext, type ToastApi, type ToastType } from './toastContext';
import styles from './Toast.module.css';

interface Toast {
  id: number;
  message: string;
  type: ToastType;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, type: ToastType = 'success') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type }]);
    };
    return { show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.stack} aria-label="Notificaciones">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    <div role="status" className={`${styles.toast} ${styles[toast.type]}`} data-type={toast.type}>
      <span className={styles.icon}>
        <Icon name={toast.type === 'success' ? 'check' : 'alert'} size={18} />
      </span>
      <p className={styles.message}>{toast.message}</p>
      <button type="button" className={styles.close} aria-label={`${MSG.close} notificación`} onClick={() => onDismiss(toast.id)}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
