/**
 * 'Widgets' (spec 2 "Modals"): the iframe snippet that embeds the brand's chat in the owner's
 * website (`{origin}/widget/{uid}`, 350x500, fixed bottom-right at 20px) and a copy button:
 * '¡Código copiado al portapapeles!' or 'Error al copiar el código.'.
 */
import { MSG, SETTINGS_MSG, WIDGET_FRAME } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useToast } from '../../ui/toast/toastContext';
import { useSessionUid } from '../../lib/authContext';
import { widgetSnippet } from './links';
import styles from './Tools.module.css';

export default function WidgetTool() {
  const uid = useSessionUid();
  const toast = useToast();
  if (!uid) return <p role="alert">{MSG.notAuthenticated}</p>;
  const snippet = widgetSnippet(window.location.origin, uid);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(snippet);
      toast.success(SETTINGS_MSG.codeCopied);
    } catch (error) {
      console.error('[widget] copy failed', error);
      toast.error(SETTINGS_MSG.copyFailed);
    }
  };

  return (
    <div className={styles.tool}>
      <p className={styles.lead}>
        Pega este código antes de <code>&lt;/body&gt;</code> en tu web: el chat de tu IA aparecerá abajo a la derecha ({WIDGET_FRAME.width}×{WIDGET_FRAME.height} px) y atenderá a tus visitantes.
      </p>
      <label htmlFor="widget-snippet" className={styles.snippetLabel}>
        Código para insertar
      </label>
      <textarea id="widget-snippet" className={styles.snippet} readOnly value={snippet} rows={8} onFocus={(event) => event.currentTarget.select()} />
      <div className={styles.row}>
        <Button variant="primary" onClick={() => void copy()}>
          <Icon name="check" size={18} />
          Copiar código
        </Button>
      </div>
    </div>
  );
}
