/**
 * One message of the chat: who said it, the owner's photo or voice note (with its transcription
 * state), the text, a generated image, the offline label of answers made without an AI model,
 * and for a proposed action its 'Confirmar'/'Cancelar' buttons (or its outcome once resolved).
 */
import { CHAT_MSG, type ChatMessageView } from '@director-ia/shared';
import { Button } from '../../ui/Button';
import styles from './Chat.module.css';

const timeFormat = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' });

export interface MessageItemProps {
  message: ChatMessageView;
  /** Resolves the message's pending action. */
  onDecide: (actionId: string, confirm: boolean) => void;
  /** An action is being resolved: its buttons are disabled. */
  deciding: boolean;
  /** A picture finished loading (the conversation may need to scroll); its height in pixels. */
  onMediaLoad?: (height: number) => void;
}

export function MessageItem({ message, onDecide, deciding, onMediaLoad }: MessageItemProps) {
  const mine = message.role === 'owner';
  const author = mine ? CHAT_MSG.youLabel : CHAT_MSG.assistantLabel;
  const classes = [styles.message, mine ? styles.owner : styles.assistant, message.error && styles.failed].filter(Boolean).join(' ');
  return (
    <li className={classes} aria-label={author}>
      <span className={styles.author}>{author}</span>
      {message.imageUrl && (
        <a href={message.imageUrl} target="_blank" rel="noreferrer" className={styles.imageLink}>
          <img
            className={styles.image}
            src={message.imageUrl}
            alt={mine ? CHAT_MSG.photoAlt : CHAT_MSG.generatedAlt}
            onLoad={(event) => onMediaLoad?.(event.currentTarget.clientHeight)}
          />
        </a>
      )}
      {message.audioUrl && <audio className={styles.audio} controls preload="none" src={message.audioUrl} aria-label={CHAT_MSG.voiceNote} />}
      {message.transcription === 'pending' && <p className={styles.meta}>{CHAT_MSG.transcribing}</p>}
      {message.transcript && (
        <p className={styles.transcript}>
          <span className={styles.meta}>{CHAT_MSG.transcriptLabel}: </span>«{message.transcript}»
        </p>
      )}
      {message.text && <p className={styles.text}>{message.text}</p>}
      {message.offline && <span className={styles.offline}>{CHAT_MSG.offlineLabel}</span>}
      {message.action?.status === 'pending' ? (
        <div className={styles.actions} role="group" aria-label={CHAT_MSG.actionStatusLabels.pending}>
          <Button variant="primary" size="small" disabled={deciding} onClick={() => onDecide(message.id, true)}>
            {CHAT_MSG.confirm}
          </Button>
          <Button size="small" disabled={deciding} onClick={() => onDecide(message.id, false)}>
            {CHAT_MSG.cancel}
          </Button>
        </div>
      ) : (
        message.action && <span className={styles.meta}>{CHAT_MSG.actionStatusLabels[message.action.status]}</span>
      )}
      <time className={styles.time} dateTime={message.createdAt}>
        {timeFormat.format(new Date(message.createdAt))}
      </time>
    </li>
  );
}
