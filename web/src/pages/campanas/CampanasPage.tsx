/** Spec 2: 'Próximamente' placeholder (ads integration). */
import { MSG } from '@director-ia/shared';
import { Icon } from '../../ui/Icon';
import { PageHeader, Panel } from '../../ui/PageHeader';
import styles from './CampanasPage.module.css';

export default function CampanasPage() {
  return (
    <>
      <PageHeader title="Campañas" eyebrow="Publicidad" />
      <Panel className={styles.soon}>
        <span className={styles.icon}>
          <Icon name="rocket" size={30} />
        </span>
        <h2 className={styles.title}>{MSG.comingSoon}</h2>
        <p className={styles.text}>
          Estamos preparando la integración con las plataformas de anuncios: la IA te propondrá campañas optimizadas a
          partir de tu presupuesto y tus objetivos.
        </p>
      </Panel>
    </>
  );
}
