/**
 * Telegram's connect modal (issue 12): the bot token BotFather gave (masked) and the channel
 * (@nombre or its numeric id), Cancelar and 'Iniciar Conexión' → conectarTelegram. What is wrong
 * — the input's own check or the server's refusal (SOCIAL_MSG.telegram*) — is shown in the dialog;
 * success toasts and closes.
 */
import { useId, useState, type FormEvent } from 'react';
import { MSG, SOCIAL_MSG } from '@director-ia/shared';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../settings';
import { SOCIAL_UI } from '../labels';
import { useConnectTelegram } from '../useConnectTelegram';
import styles from './social.module.css';

export function TelegramDialog({ sandbox, onClose }: { sandbox: boolean; onClose: () => void }) {
  const [botToken, setBotToken] = useState('');
  const [channel, setChannel] = useState('');
  const connect = useConnectTelegram();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ botToken, channel }, { onSuccess: onClose });
  };

  return (
    <Modal title={SOCIAL_UI.connect('telegram')} maxWidth={480} onClose={onClose}>
      <TelegramForm
        botToken={botToken}
        channel={channel}
        onBotToken={(value) => {
          setBotToken(value);
          connect.reset();
        }}
        onChannel={(value) => {
          setChannel(value);
          connect.reset();
        }}
        sandbox={sandbox}
        busy={connect.isPending}
        error={connect.isError ? errorMessage(connect.error) : null}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Modal>
  );
}

export interface TelegramFormProps {
  botToken: string;
  channel: string;
  onBotToken: (value: string) => void;
  onChannel: (value: string) => void;
  sandbox: boolean;
  busy: boolean;
  /** What went wrong, shown as an alert; null when nothing did. */
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

/** The dialog's form, stateless (its owner holds the values and the call). */
export function TelegramForm({ botToken, channel, onBotToken, onChannel, sandbox, busy, error, onSubmit, onCancel }: TelegramFormProps) {
  const id = useId();
  const state = { disabled: busy, 'aria-invalid': error ? true : undefined };
  return (
    <form className={styles.dialogForm} onSubmit={onSubmit} noValidate autoComplete="off" aria-label="Conectar un canal de Telegram">
      <p className={styles.dialogText}>
        Crea un bot con @BotFather, añádelo a tu canal como administrador con permiso para publicar y pega aquí su token.
        {sandbox && (
          <>
            {' '}
            <span className={`${styles.badge} ${styles.sandbox}`}>{SOCIAL_MSG.sandbox}</span>
          </>
        )}
      </p>
      <TextField
        id={`${id}-token`}
        label="Token del bot"
        type="password"
        spellCheck={false}
        autoComplete="off"
        value={botToken}
        onValue={onBotToken}
        maxLength={100}
        placeholder="123456789:AA..."
        {...state}
      />
      <TextField
        id={`${id}-channel`}
        label="Canal"
        value={channel}
        onValue={onChannel}
        maxLength={40}
        placeholder="@nombre_del_canal o su identificador"
        {...state}
        hint="El nombre público del canal con @, o su identificador numérico."
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button onClick={onCancel}>{SOCIAL_UI.cancel}</Button>
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {busy ? MSG.processing : SOCIAL_UI.startConnection}
        </Button>
      </div>
    </form>
  );
}
