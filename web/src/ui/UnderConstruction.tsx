/** Honest placeholder of a page or tool that a later issue builds: no sample data. */
import { MSG } from '@director-ia/shared';
import { Icon } from './Icon';
import styles from './PageHeader.module.css';

export function UnderConstruction({ title = MSG.underConstruction, description }: { title?: string; description?: string }) {
  return (
    <div className={`${styles.panel} ${styles.construction}`}>
      <span className={styles.constructionIcon}>
        <Icon name="tools" size={24} />
      </span>
      <div>
        <p className={styles.constructionTitle}>{title}</p>
        {description && <p className={styles.constructionText}>{description}</p>}
      </div>
    </div>
  );
}
