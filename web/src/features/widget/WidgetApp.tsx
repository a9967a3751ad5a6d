/**
 * The public chat widget at /widget/{uid} (issue 6 item 1; spec sections 2 "Modals", 9: built for
 * the 350x500 iframe the Widgets snippet embeds, fixed bottom-right at 20px). Loaded as its own
 * lazy chunk by main.tsx; it imports no dashboard code and calls only public functions, always
 * without a bearer token.
 * States: a missing or malformed uid, or a brand that is unknown or not active → the polite
 * "Chat no disponible" page; loading → 'Cargando...'; another failure → its Spanish message and
 * 'Reintentar'; otherwise the chat (WidgetChat).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, WIDGET_MSG } from '@director-ia/shared';
import { errorMessage } from '../../lib/api';
import { isNotAvailable, useWidgetInfo } from './useWidgetInfo';
import { WidgetChat } from './WidgetChat';
import styles from './Widget.module.css';

export function WidgetApp({ uid }: { uid: string }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <WidgetSurface uid={uid} />
    </QueryClientProvider>
  );
}

function WidgetSurface({ uid }: { uid: string }) {
  const info = useWidgetInfo(uid);
  if (!uid || (info.isError && isNotAvailable(info.error))) return <NotAvailable />;
  if (info.isError) {
    return (
      <main className={styles.centered}>
        <p role="alert">{errorMessage(info.error)}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => void info.refetch()}>
          {MSG.retry}
        </button>
      </main>
    );
  }
  if (!info.data) {
    return (
      <main className={styles.centered}>
        <p role="status">{MSG.loading}</p>
      </main>
    );
  }
  return <WidgetChat uid={uid} info={info.data} />;
}

/** The polite page of a brand without a widget. */
function NotAvailable() {
  return (
    <main className={styles.centered}>
      <h1 className={styles.unavailableTitle}>{WIDGET_MSG.notAvailableTitle}</h1>
      <p>{WIDGET_MSG.notAvailable}</p>
    </main>
  );
}
