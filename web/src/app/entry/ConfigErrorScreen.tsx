/** Shown when /config.json is missing or invalid: nothing else can work without it. */
import { MSG } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import styles from '../../ui/FullScreen.module.css';

export function ConfigErrorScreen({ detail }: { detail: string }) {
  return (
    <main className={styles.screen}>
      <section className={`${styles.card} ${styles.wide}`} role="alert">
        <span className={styles.icon} style={{ color: '#fca5a5' }}>
          <Icon name="alert" />
        </span>
        <h1 className={styles.title}>{MSG.configError}</h1>
        <p className={styles.text}>
          La aplicación necesita su archivo de configuración para conectarse con el servidor. Si acabas de
          desplegarla, espera unos segundos y vuelve a intentarlo.
        </p>
        <p className={styles.detail}>{detail}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {MSG.retry}
        </Button>
      </section>
    </main>
  );
}
