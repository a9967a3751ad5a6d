/** Spec 2 side panel: tools, theme picker, optional partner and sign-out. */
import { MSG, type Profile, type ThemeId } from '@director-ia/shared';
import { useSignOut } from '../../lib/useSignOut';
import { getConfig } from '../../lib/config';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { ThemePicker } from './ThemePicker';
import { TOOLS, type ToolId } from './ToolModal';
import styles from './Shell.module.css';

interface SidePanelProps {
  profile: Profile;
  theme: ThemeId;
  onThemeChange: (theme: ThemeId) => void;
  onOpenTool: (tool: ToolId) => void;
}

export function SidePanel({ profile, theme, onThemeChange, onOpenTool }: SidePanelProps) {
  const { partnerName } = getConfig();
  const { signOut: logout, busy: leaving } = useSignOut();

  return (
    <aside className={styles.side} aria-label="Panel lateral">
      <div className={styles.account}>
        <span className={styles.avatar} aria-hidden="true">
          {profile.email.charAt(0).toUpperCase()}
        </span>
        <div className={styles.accountText}>
          <span className={styles.accountEmail} title={profile.email}>
            {profile.email}
          </span>
          <span className={styles.accountRole}>{profile.isAdmin ? 'Administrador' : 'Cuenta activa'}</span>
        </div>
      </div>

      <section aria-labelledby="side-tools">
        <h2 id="side-tools" className={styles.sectionTitle}>
          Herramientas
        </h2>
        <div className={styles.tools}>
          {(Object.keys(TOOLS) as ToolId[]).map((id) => (
            <button key={id} type="button" className={styles.tool} onClick={() => onOpenTool(id)}>
              <span className={styles.toolIcon}>
                <Icon name={TOOLS[id].icon} size={18} />
              </span>
              {TOOLS[id].title}
            </button>
          ))}
        </div>
      </section>

      <ThemePicker value={theme} onChange={onThemeChange} />

      {partnerName && (
        <section className={styles.partner}>
          <span className={styles.partnerLabel}>{MSG.partnerPrefix}</span>
          <span className={styles.partnerName}>{partnerName}</span>
        </section>
      )}

      <Button className={styles.logout} onClick={logout} disabled={leaving} block>
        <Icon name="logout" size={18} />
        {MSG.signOut}
      </Button>
    </aside>
  );
}
