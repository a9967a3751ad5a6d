/** Top bar with the page labels of spec 2; 'Admin' only for admins; aria-current on the active one. */
import { PAGES, type PageKey } from '@director-ia/shared';
import { Icon } from '../../ui/Icon';
import styles from './Shell.module.css';

export function TopBar({ current, isAdmin, onSelect }: { current: PageKey; isAdmin: boolean; onSelect: (key: PageKey) => void }) {
  const pages = PAGES.filter((page) => !('adminOnly' in page && page.adminOnly) || isAdmin);
  return (
    <header className={styles.topBar}>
      <div className={styles.brand}>
        <span className={styles.brandLogo} aria-hidden="true">
          <Icon name="sparkles" size={18} />
        </span>
        <span className={styles.brandName}>Director IA</span>
      </div>
      <nav className={styles.nav} aria-label="Secciones">
        <ul>
          {pages.map((page) => (
            <li key={page.key}>
              <button
                type="button"
                className={styles.navItem}
                aria-current={page.key === current ? 'page' : undefined}
                onClick={() => onSelect(page.key)}
              >
                {page.key === 'admin' && <Icon name="shield" size={15} />}
                {page.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
