/** The active user's dashboard (lazy chunk): top bar (with Bandeja's unread badge, issue 14), side panel, current page and tool modal. */
import { Suspense, useEffect, useState } from 'react';
import type { Profile } from '@director-ia/shared';
import { useInboxUnread } from '../../features/inbox/useConversations';
import { useSaveTheme } from '../../features/theme/useSaveTheme';
import type { AuthUser } from '../../lib/auth';
import { Spinner } from '../../ui/Spinner';
import { PAGE_COMPONENTS } from './pageRegistry';
import { SidePanel } from './SidePanel';
import { ToolModal, type ToolId } from './ToolModal';
import { TopBar } from './TopBar';
import { usePageKey } from './usePageKey';
import styles from './Shell.module.css';

export default function DashboardShell({ user, profile }: { user: AuthUser; profile: Profile }) {
  const [page, selectPage] = usePageKey(profile.isAdmin);
  const [tool, setTool] = useState<ToolId | null>(null);
  const { theme, setTheme } = useSaveTheme(user.uid, profile.theme);
  const unread = useInboxUnread();

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);

  const Page = PAGE_COMPONENTS[page];

  return (
    <div className={styles.shell}>
      <TopBar current={page} isAdmin={profile.isAdmin} onSelect={selectPage} badges={{ bandeja: unread }} />
      <div className={styles.body}>
        <SidePanel profile={profile} theme={theme} onThemeChange={setTheme} onOpenTool={setTool} />
        <main className={styles.content} id="contenido">
          <Suspense
            fallback={
              <div className={styles.pageLoading} role="status">
                <Spinner large />
                <span className="visually-hidden">Cargando...</span>
              </div>
            }
          >
            <Page />
          </Suspense>
        </main>
      </div>
      {tool && <ToolModal tool={tool} onClose={() => setTool(null)} />}
    </div>
  );
}
