/**
 * The widget's chat (issue 6 item 1): brand-name header, the conversation (the brand's greeting
 * first; answers made without a model carry the offline label), a typing state while an answer is
 * on its way, the message box with its length counter (Enter sends, Shift+Enter is a new line),
 * server errors in Spanish (429 limits, 400, 404), and the contact form (ContactForm) when the
 * assistant asks for it, after a limit that suggests it, or on 'Dejar mis datos'. A stored lead
 * replaces the form with the confirmation. Messages are plain text (never HTML).
 * Issue 15 item 4: the visit the frame was opened on (./visit.ts) goes with every message and the
 * contact form.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { WIDGET_MSG } from '@director-ia/shared';
import { CallableClientError, errorMessage } from '../../lib/api';
import { ContactForm } from './ContactForm';
import type { WidgetInfo } from './useWidgetInfo';
import { useSendWidgetMessage } from './useSendWidgetMessage';
import { sessionStorageOrNull, widgetVisit } from './visit';
import styles from './Widget.module.css';

interface ChatLine {
  id: number;
  role: 'visitor' | 'assistant';
  text: string;
  offline?: boolean;
}

export function WidgetChat({ uid, info }: { uid: string; info: WidgetInfo }) {
  const [lines, setLines] = useState<ChatLine[]>([{ id: 0, role: 'assistant', text: info.greeting }]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [leadSaved, setLeadSaved] = useState(false);
  const [visit] = useState(() => widgetVisit(window.location.search, sessionStorageOrNull()));
  const nextId = useRef(1);
  const logRef = useRef<HTMLOListElement>(null);
  const send = useSendWidgetMessage();

  const add = (line: Omit<ChatLine, 'id'>) => setLines((current) => [...current, { ...line, id: nextId.current++ }]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines, send.isPending, contactOpen, leadSaved]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = draft.trim();
    if (!message || send.isPending) return;
    setError(null);
    add({ role: 'visitor', text: message });
    setDraft('');
    send.mutate(
      { uid, conversationId, message, ...(visit ? { visit } : {}) },
      {
        onSuccess: (reply) => {
          setConversationId(reply.conversationId);
          add({ role: 'assistant', text: reply.reply, offline: reply.offline });
          if (reply.askForContact && !leadSaved) setContactOpen(true);
        },
        onError: (failure) => {
          setError(errorMessage(failure));
          // Over a conversation or daily limit the message suggests leaving contact details.
          if (failure instanceof CallableClientError && failure.status === 'RESOURCE_EXHAUSTED' && !leadSaved) setContactOpen(true);
          if (failure instanceof CallableClientError && failure.status === 'NOT_FOUND') setConversationId(null);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <main className={styles.widget}>
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          {info.brandName.charAt(0).toUpperCase()}
        </span>
        <div className={styles.titles}>
          <h1 className={styles.brand}>{info.brandName}</h1>
          <p className={styles.subtitle}>Asistente virtual</p>
        </div>
        {!contactOpen && !leadSaved && (
          <button type="button" className={styles.headerButton} onClick={() => setContactOpen(true)}>
            {WIDGET_MSG.leaveContact}
          </button>
        )}
      </header>

      <ol ref={logRef} className={styles.log} role="log" aria-label="Conversación" aria-live="polite" aria-busy={send.isPending}>
        {lines.map((line) => (
          <li key={line.id} className={line.role === 'visitor' ? styles.visitor : styles.assistant} data-role={line.role}>
            <span className={styles.bubble}>{line.text}</span>
            {line.offline && <span className={styles.offline}>{WIDGET_MSG.offlineLabel}</span>}
          </li>
        ))}
        {send.isPending && (
          <li className={styles.assistant}>
            <span className={`${styles.bubble} ${styles.typing}`} role="status">
              {WIDGET_MSG.typing}
            </span>
          </li>
        )}
        {contactOpen && !leadSaved && (
          <li className={styles.formItem}>
            <ContactForm
              uid={uid}
              conversationId={conversationId}
              visit={visit}
              consentText={info.consentText}
              onSaved={() => {
                setLeadSaved(true);
                setContactOpen(false);
              }}
              onCancel={() => setContactOpen(false)}
            />
          </li>
        )}
        {leadSaved && (
          <li className={styles.assistant}>
            <span className={`${styles.bubble} ${styles.confirmation}`} role="status">
              {WIDGET_MSG.leadSaved(info.brandName)}
            </span>
          </li>
        )}
      </ol>

      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}

      <form className={styles.composer} onSubmit={submit}>
        <label htmlFor="widget-message" className={styles.visuallyHidden}>
          {WIDGET_MSG.inputLabel}
        </label>
        <textarea
          id="widget-message"
          className={styles.input}
          value={draft}
          maxLength={info.maxMessageLength}
          rows={2}
          placeholder={WIDGET_MSG.inputLabel}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="widget-counter"
        />
        <div className={styles.composerSide}>
          <span id="widget-counter" className={styles.counter} aria-label={`${draft.length} de ${info.maxMessageLength} caracteres`}>
            {draft.length}/{info.maxMessageLength}
          </span>
          <button type="submit" className={styles.sendButton} disabled={!draft.trim() || send.isPending}>
            {WIDGET_MSG.send}
          </button>
        </div>
      </form>
    </main>
  );
}
