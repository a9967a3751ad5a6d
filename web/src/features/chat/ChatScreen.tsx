/**
 * The chat itself (phone first): a header with the brand of the product and 'Cerrar Sesión', the
 * history (loaded on open, newest at the bottom, kept scrolled to the end), progress while the AI
 * works (sending, or running a confirmed action), errors in Spanish, a banner when the device is
 * offline, and the composer.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CHAT_MSG, MSG } from '@director-ia/shared';
import { useSignOut } from '../../lib/useSignOut';
import { Icon } from '../../ui/Icon';
import { ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './Chat.module.css';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { useChatMessages } from './useChatMessages';
import { useConfirmChatAction } from './useConfirmChatAction';
import { useSendChatMessage, type OutgoingMessage } from './useSendChatMessage';

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Whether the browser believes it is online. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** What an outgoing message shows while it is being sent. */
function outgoingSummary(message: OutgoingMessage): string {
  return [message.text.trim(), message.photo ? `📷 ${CHAT_MSG.photoAlt}` : '', message.voice ? `🎤 ${CHAT_MSG.voiceNote}` : ''].filter(Boolean).join('\n');
}

export function ChatScreen({ uid }: { uid: string }) {
  const history = useChatMessages(uid);
  const send = useSendChatMessage(uid);
  const decide = useConfirmChatAction(uid);
  const online = useOnline();
  const { signOut, busy: signingOut } = useSignOut();
  const end = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);

  const messages = history.data?.messages ?? [];
  const working = send.isPending || decide.isPending;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, working]);

  /** A picture grew the conversation: follow it when the owner was at the bottom. */
  const onMediaLoad = (height: number) => {
    const pane = main.current;
    if (pane && pane.scrollHeight - pane.scrollTop - pane.clientHeight <= height + 160) end.current?.scrollIntoView({ block: 'end' });
  };

  const onSend = async (message: OutgoingMessage) => {
    try {
      await send.mutateAsync(message);
      return true;
    } catch {
      return false; // The toast already said why.
    }
  };

  return (
    <div className={styles.app}>
      <header className={styles.header}>
        <span className={styles.logo} aria-hidden="true">
          <Icon name="sparkles" size={20} />
        </span>
        <div className={styles.heading}>
          <h1 className={styles.title}>{CHAT_MSG.title}</h1>
          <p className={styles.subtitle}>{CHAT_MSG.subtitle}</p>
        </div>
        <button type="button" className={styles.iconButton} onClick={() => void signOut()} disabled={signingOut} aria-label={MSG.signOut} title={MSG.signOut}>
          <Icon name="logout" size={20} />
        </button>
      </header>

      {!online && (
        <p className={styles.offlineBanner} role="status">
          {CHAT_MSG.networkOffline}
        </p>
      )}

      <main className={styles.main} ref={main}>
        {history.isPending ? (
          <LoadingState />
        ) : history.isError && !history.data ? (
          <ErrorState error={history.error} onRetry={() => history.refetch()} />
        ) : (
          <ol className={styles.log} role="log" aria-label={CHAT_MSG.historyLabel} aria-live="polite">
            {messages.length === 0 && !working && <li className={styles.empty}>{CHAT_MSG.empty}</li>}
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                deciding={decide.isPending}
                onDecide={(actionId, confirm) => decide.mutate({ actionId, confirm })}
                onMediaLoad={onMediaLoad}
              />
            ))}
            {send.isPending && send.variables && (
              <li className={`${styles.message} ${styles.owner} ${styles.sending}`} aria-label={CHAT_MSG.youLabel}>
                <span className={styles.author}>{CHAT_MSG.youLabel}</span>
                <p className={styles.text}>{outgoingSummary(send.variables)}</p>
              </li>
            )}
            {working && (
              <li className={`${styles.message} ${styles.assistant} ${styles.thinking}`} role="status">
                <Spinner /> {CHAT_MSG.thinking}
              </li>
            )}
          </ol>
        )}
        <div ref={end} />
      </main>

      <Composer onSend={onSend} busy={send.isPending} disabled={!online} />
    </div>
  );
}
