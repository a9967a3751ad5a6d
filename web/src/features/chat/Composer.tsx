/**
 * The chat's composer (phone first): a text box, a photo taken with the camera or picked from the
 * device (previewed, removable; refused before sending when the upload rules say no), and a voice
 * note recorded in the browser (sent when the recording stops, with anything typed). Enter sends
 * on devices with a keyboard; on touch screens it is a new line and the send button sends.
 */
import { useEffect, useId, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MAX_TEXT_LENGTH, CHAT_MSG } from '@director-ia/shared';
import { uploadProblem } from '../../lib/upload';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toastContext';
import { PageIcon } from '../../ui/PageIcon';
import styles from './Chat.module.css';
import type { OutgoingMessage } from './useSendChatMessage';
import { useVoiceRecorder } from './useVoiceRecorder';

export interface ComposerProps {
  /** Sends; resolves true when the message went out (the composer then clears). */
  onSend: (message: OutgoingMessage) => Promise<boolean>;
  busy: boolean;
  /** No network: nothing can be sent. */
  disabled: boolean;
}

const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/*';
const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface PhotoInputProps {
  /** The button's tooltip and the input's accessible name. */
  label: string;
  icon: 'camera' | 'image';
  /** 'environment' opens the rear camera on phones; omitted, the device's picker. */
  capture?: 'environment';
  locked: boolean;
  onPick: (file: File | undefined) => void;
}

/** An icon button that picks a photo: a label around a hidden file input, reset after each pick so the same file can be picked again. */
function PhotoInput({ label, icon, capture, locked, onPick }: PhotoInputProps) {
  return (
    <label className={`${styles.iconButton} ${locked ? styles.iconDisabled : ''}`} title={label}>
      <input
        className={styles.visuallyHidden}
        type="file"
        accept={PHOTO_TYPES}
        capture={capture}
        aria-label={label}
        disabled={locked}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <PageIcon name={icon} />
    </label>
  );
}

export function Composer({ onSend, busy, disabled }: ComposerProps) {
  const ids = useId();
  const toast = useToast();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const submit = async (voice?: File) => {
    if (busy || disabled) return;
    if (!text.trim() && !photo && !voice) return;
    const sent = await onSend({ text, photo, voice: voice ?? null });
    if (sent) {
      setText('');
      setPhoto(null);
    }
  };
  const recorder = useVoiceRecorder((file) => void submit(file), (message) => toast.error(message));

  const pickPhoto = (file: File | undefined) => {
    if (!file) return;
    // HEIC and big camera photos are re-encoded before upload (photo.ts); anything else must pass the rules.
    const problem = file.type.startsWith('image/') ? null : uploadProblem('chatImage', file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setPhoto(file);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !coarsePointer()) {
      event.preventDefault();
      void submit();
    }
  };

  const canSend = !busy && !disabled && (text.trim().length > 0 || photo !== null);
  const locked = busy || disabled;

  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label={CHAT_MSG.composerLabel}>
      {photo && preview && (
        <div className={styles.preview}>
          <img src={preview} alt={CHAT_MSG.photoPreviewAlt} />
          <button type="button" className={styles.iconButton} onClick={() => setPhoto(null)} aria-label={CHAT_MSG.removePhoto} disabled={busy}>
            <PageIcon name="trash" size={18} />
          </button>
        </div>
      )}
      {recorder.recording ? (
        <div className={styles.recording} role="status">
          <span className={styles.recordingDot} aria-hidden="true" />
          <span className={styles.recordingText}>
            {CHAT_MSG.recording} {clock(recorder.seconds)}
          </span>
          <button type="button" className={styles.iconButton} onClick={recorder.cancel} aria-label={CHAT_MSG.cancelRecording}>
            <PageIcon name="trash" />
          </button>
          <button type="button" className={`${styles.iconButton} ${styles.sendButton}`} onClick={recorder.stop} aria-label={CHAT_MSG.stopRecording}>
            <PageIcon name="stop" />
          </button>
        </div>
      ) : (
        <div className={styles.row}>
          <PhotoInput label={CHAT_MSG.takePhoto} icon="camera" capture="environment" locked={locked} onPick={pickPhoto} />
          <PhotoInput label={CHAT_MSG.attachPhoto} icon="image" locked={locked} onPick={pickPhoto} />
          <label htmlFor={`${ids}-text`} className={styles.visuallyHidden}>
            {CHAT_MSG.messageLabel}
          </label>
          <textarea
            id={`${ids}-text`}
            className={styles.input}
            rows={1}
            value={text}
            maxLength={CHAT_MAX_TEXT_LENGTH}
            placeholder={CHAT_MSG.placeholder}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={disabled}
            enterKeyHint="send"
          />
          {canSend || busy ? (
            <button type="submit" className={`${styles.iconButton} ${styles.sendButton}`} disabled={!canSend} aria-label={busy ? CHAT_MSG.sendingLabel : CHAT_MSG.send}>
              {busy ? <Spinner /> : <PageIcon name="send" />}
            </button>
          ) : (
            <button type="button" className={`${styles.iconButton} ${styles.sendButton}`} onClick={() => void recorder.start()} disabled={locked} aria-label={CHAT_MSG.recordVoice}>
              <PageIcon name="mic" />
            </button>
          )}
        </div>
      )}
    </form>
  );
}
