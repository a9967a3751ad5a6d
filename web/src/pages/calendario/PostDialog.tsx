/**
 * One scheduled post, opened from the calendar (spec 2 'calendario'; issue 5 item 1): its status,
 * when it goes out ('12 de mayo · 19:00'), and a form to edit the title, content, date, time
 * ('Hora', 24 h, in the brand's time zone: issue 13 item 1) and network ('Guardar cambios'), or
 * delete it after confirming. The form checks the same limits as the server before sending.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  guardarPublicacion,
  isSocialNetwork,
  MSG,
  POST_LIMITS,
  postWhenLabel,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  TIME_MSG,
  timeZoneLabel,
  type ScheduledPost,
  type SocialNetwork,
} from '@director-ia/shared';
import { useDeletePost } from '../../features/plan/useDeletePost';
import { useSavePost } from '../../features/plan/useSavePost';
import { fieldStyles, TextAreaField, TextField } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { statusLabel, statusTone } from './MonthGrid';
import styles from './CalendarioPage.module.css';

/** `timeZone`: the brand's zone (its times are wall-clock times there), once the settings are read. */
export function PostDialog({ post, timeZone, onClose }: { post: ScheduledPost; timeZone?: string | undefined; onClose: () => void }) {
  const id = useId();
  const save = useSavePost();
  const remove = useDeletePost();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [date, setDate] = useState(post.scheduledDate);
  const [time, setTime] = useState(post.time);
  const [platform, setPlatform] = useState<SocialNetwork | ''>(isSocialNetwork(post.platform) ? post.platform : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = save.isPending || remove.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = guardarPublicacion.input.safeParse({ id: post.id, title, content, scheduledDate: date, time, platform });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? MSG.invalidData);
      return;
    }
    setProblem(null);
    save.mutate(checked.data, { onSuccess: onClose });
  };

  return (
    <>
      <Modal title="Publicación programada" maxWidth={600} onClose={onClose}>
        <form className={styles.dialogForm} onSubmit={submit} noValidate aria-label="Editar publicación">
          <p className={styles.postMeta}>
            <span className={styles.statusBadge} data-status={statusTone(post.status)}>
              {statusLabel(post.status)}
            </span>
            <span>{postWhenLabel(post.scheduledDate, post.time)}</span>
          </p>
          <TextField id={`${id}-title`} label="Título" value={title} onValue={setTitle} maxLength={POST_LIMITS.title} />
          <TextAreaField id={`${id}-content`} label="Contenido" value={content} onValue={setContent} maxLength={POST_LIMITS.content} rows={7} />
          <div className={styles.twoFields}>
            <TextField id={`${id}-date`} label="Fecha" type="date" value={date} onValue={setDate} required />
            <TextField id={`${id}-time`} label={TIME_MSG.timeLabel} type="time" step={60} value={time} onValue={setTime} required hint={timeZone ? timeZoneLabel(timeZone) : undefined} />
            <div className={fieldStyles.field}>
              <label htmlFor={`${id}-platform`} className={fieldStyles.label}>
                Red social
              </label>
              <select id={`${id}-platform`} className={fieldStyles.select} value={platform} onChange={(e) => setPlatform(e.target.value as SocialNetwork)}>
                {platform === '' && (
                  <option value="" disabled>
                    {post.platform ? `${post.platform} (no válida)` : 'Elige una red'}
                  </option>
                )}
                {SOCIAL_NETWORKS.map((network) => (
                  <option key={network} value={network}>
                    {SOCIAL_NETWORK_LABELS[network]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {problem && (
            <p role="alert" className={styles.fieldError}>
              {problem}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="danger" className={styles.deleteButton} disabled={busy} onClick={() => setConfirming(true)}>
              {remove.isPending && <Spinner />}
              Eliminar
            </Button>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="submit" variant="primary" disabled={busy} aria-busy={save.isPending}>
              {save.isPending && <Spinner />}
              {save.isPending ? MSG.processing : 'Guardar cambios'}
            </Button>
          </div>
        </form>
      </Modal>
      {confirming && (
        <ConfirmDialog title="Eliminar publicación" onConfirm={() => remove.mutate(post.id, { onSuccess: onClose })} onCancel={() => setConfirming(false)}>
          ¿Eliminar la publicación <strong>«{post.title}»</strong>? No se puede deshacer.
        </ConfirmDialog>
      )}
    </>
  );
}
