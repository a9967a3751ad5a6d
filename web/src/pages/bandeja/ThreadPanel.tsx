/**
 * The open conversation of Bandeja (issue 14 item 2): who wrote and where (channel and kind, the
 * receiving page or account, the post commented on, the sandbox tag, the state, a link to the
 * lead), the messages oldest first, and the reply box. Each message is an `li` with
 * `data-message-id`, `data-author` and (brand messages) `data-state`: its author (Cliente / IA /
 * Tú) and time, the AI's offline and hand-off marks, and its delivery state ('No enviada: <reason>'
 * on failure). An AI suggestion shows its text editable with 'Aprobar y enviar' and 'Descartar'.
 * The reply box is closed, saying why, for widget conversations and for DMs past their reply window.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONVERSATION_STATE_LABELS, INBOX_AUTHOR_LABELS, INBOX_MSG, type ConversationSummary, type InboxMessage } from '@director-ia/shared';
import {
  approvalOf,
  channelText,
  deliveryText,
  INBOX_UI,
  messageTime,
  replyAvailability,
  useApproveSuggestion,
  useConversation,
  useDiscardSuggestion,
  useReplyConversation,
} from '../../features/inbox';
import { openPage } from '../../lib/navigation';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { PageIcon } from '../../ui/PageIcon';
import { EmptyState, ErrorState, LoadingState } from '../../ui/QueryStates';
import { Spinner } from '../../ui/Spinner';
import styles from './BandejaPage.module.css';

export function ThreadPanel({ id, now, onBack }: { id: string; now: number; onBack: () => void }) {
  const thread = useConversation(id);
  const back = (
    <Button size="small" className={styles.back} onClick={onBack}>
      ← {INBOX_UI.back}
    </Button>
  );
  if (thread.isPending) return <>{back}<LoadingState /></>;
  if (thread.isError && !thread.data) return <>{back}<ErrorState error={thread.error} onRetry={thread.refetch} /></>;
  const { conversation, messages } = thread.data;
  return (
    <section className={styles.thread} aria-label={INBOX_UI.threadLabel(conversation.customerName)} data-conversation-id={conversation.id}>
      {back}
      <ThreadHeader conversation={conversation} />
      <Messages conversationId={conversation.id} messages={messages} now={now} />
      <ReplyBox conversation={conversation} now={now} />
    </section>
  );
}

function ThreadHeader({ conversation }: { conversation: ConversationSummary }) {
  const { leadId } = conversation;
  return (
    <header className={styles.threadHeader}>
      <div className={styles.threadTitle}>
        <h2>{conversation.customerName}</h2>
        <span className={styles.stateLabel} data-tone={conversation.state}>
          {CONVERSATION_STATE_LABELS[conversation.state]}
        </span>
        {conversation.sandbox && <span className={styles.sandbox}>{INBOX_MSG.sandboxLabel}</span>}
        {leadId && (
          <Button size="small" className={styles.leadLink} onClick={() => openPage('leads')}>
            <Icon name="users" size={16} />
            {INBOX_UI.openLead}
          </Button>
        )}
      </div>
      <p className={styles.threadMeta}>
        {channelText(conversation)}
        {conversation.accountName && ` · ${INBOX_UI.onAccount(conversation.accountName)}`}
      </p>
      {conversation.postPreview && (
        <p className={styles.postPreview}>
          {INBOX_UI.commentOn} «{conversation.postPreview}»
        </p>
      )}
    </header>
  );
}

function Messages({ conversationId, messages, now }: { conversationId: string; messages: InboxMessage[]; now: number }) {
  const listRef = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    // Keep the newest message in view when one arrives (and when the thread opens).
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [last]);

  if (messages.length === 0) return <EmptyState icon={<Icon name="chat" size={28} />}>{INBOX_UI.noMessages}</EmptyState>;
  return (
    <ol ref={listRef} className={styles.messages} aria-label={INBOX_UI.messagesLabel}>
      {messages.map((message) => (
        <MessageItem key={message.id} conversationId={conversationId} message={message} now={now} />
      ))}
    </ol>
  );
}

function MessageItem({ conversationId, message, now }: { conversationId: string; message: InboxMessage; now: number }) {
  const delivery = deliveryText(message);
  return (
    <li className={styles.message} data-message-id={message.id} data-author={message.author} data-state={message.author === 'customer' ? undefined : message.state}>
      <span className={styles.messageMeta}>
        <span className={message.author === 'ai' ? styles.aiBadge : styles.author}>{INBOX_AUTHOR_LABELS[message.author]}</span>
        <time dateTime={message.createdAt}>{messageTime(message.createdAt, now)}</time>
        {message.handoff && <span className={styles.mark}>{INBOX_UI.handoffMarker}</span>}
        {message.offline && <span className={styles.mark}>{INBOX_MSG.offlineLabel}</span>}
      </span>
      {message.state === 'sugerida' ? <Suggestion conversationId={conversationId} message={message} /> : <p className={styles.messageText}>{message.text}</p>}
      {delivery && (
        <span className={styles.delivery} data-tone={message.state}>
          {delivery}
        </span>
      )}
    </li>
  );
}

function Suggestion({ conversationId, message }: { conversationId: string; message: InboxMessage }) {
  const [text, setText] = useState(message.text);
  const approve = useApproveSuggestion(conversationId);
  const discard = useDiscardSuggestion(conversationId);
  const busy = approve.isPending || discard.isPending;
  return (
    <div className={styles.suggestion}>
      <textarea className={styles.textarea} aria-label={INBOX_UI.suggestionLabel} value={text} rows={3} disabled={busy} onChange={(event) => setText(event.target.value)} />
      <div className={styles.suggestionActions}>
        <Button size="small" variant="primary" disabled={busy || !text.trim()} aria-busy={approve.isPending} onClick={() => approve.mutate(approvalOf(message.id, message.text, text))}>
          {approve.isPending ? <Spinner /> : <PageIcon name="send" size={16} />}
          {INBOX_UI.approve}
        </Button>
        <Button size="small" disabled={busy} aria-busy={discard.isPending} onClick={() => discard.mutate(message.id)}>
          {discard.isPending ? <Spinner /> : <Icon name="close" size={16} />}
          {INBOX_UI.discard}
        </Button>
      </div>
    </div>
  );
}

function ReplyBox({ conversation, now }: { conversation: ConversationSummary; now: number }) {
  const [text, setText] = useState('');
  const reply = useReplyConversation(conversation.id);
  const availability = replyAvailability(conversation, now);
  const noteId = `reply-note-${conversation.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!availability.open || !text.trim() || reply.isPending) return;
    reply.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <form className={styles.reply} onSubmit={submit}>
      {!availability.open && (
        <p id={noteId} className={styles.replyNote} data-testid="reply-closed">
          {availability.reason}
        </p>
      )}
      <div className={styles.replyRow}>
        <textarea
          className={styles.textarea}
          aria-label={INBOX_UI.replyLabel}
          placeholder={INBOX_UI.replyLabel}
          aria-describedby={availability.open ? undefined : noteId}
          value={text}
          rows={2}
          maxLength={availability.open ? availability.maxLength : undefined}
          disabled={!availability.open || reply.isPending}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={!availability.open || !text.trim() || reply.isPending} aria-busy={reply.isPending}>
          {reply.isPending ? <Spinner /> : <PageIcon name="send" size={16} />}
          {INBOX_UI.send}
        </Button>
      </div>
    </form>
  );
}
