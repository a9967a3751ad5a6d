/**
 * Top bar with the page labels of spec 2; 'Admin' only for admins; aria-current on the active one.
 * A page may carry a count badge (issue 14: Bandeja's unread messages): shown beside the label,
 * kept out of the button's name (which stays the label) and given as its description instead.
 */
import { PAGES, type PageKey } from '@director-ia/shared';
import { Icon } from '../../ui/Icon';
import styles from './Shell.module.css';

/** The description of a page's badge, e.g. '3 mensajes sin leer'. */
const BADGE_DESCRIPTIONS: Partial<Record<PageKey, (count: number) => string>> = {
  bandeja: (count) => `${count} ${count === 1 ? 'mensaje sin leer' : 'mensajes sin leer'}`,
};

interface TopBarProps {
  current: PageKey;
  isAdmin: boolean;
  onSelect: (key: PageKey) => void;
  /** Count badges by page; a page without one, or with 0, shows none. */
  badges?: Partial<Record<PageKey, number>>;
}

export function TopBar({ current, isAdmin, onSelect, badges = {} }: TopBarProps) {
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
          {pages.map((page) => {
            const count = badges[page.key] ?? 0;
            const describe = BADGE_DESCRIPTIONS[page.key];
            const badgeId = `nav-badge-${page.key}`;
            return (
              <li key={page.key}>
                <button
                  type="button"
                  className={styles.navItem}
                  aria-current={page.key === current ? 'page' : undefined}
                  aria-describedby={count > 0 ? badgeId : undefined}
                  onClick={() => onSelect(page.key)}
                >
                  {page.key === 'admin' && <Icon name="shield" size={15} />}
                  {page.label}
                  {count > 0 && (
                    <span className={styles.navBadge} aria-hidden="true" data-testid={badgeId}>
                      {count > 99 ? '99+' : count}
                    </span>
                  )}
                </button>
                {count > 0 && (
                  <span id={badgeId} className="visually-hidden">
                    {describe ? describe(count) : String(count)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
