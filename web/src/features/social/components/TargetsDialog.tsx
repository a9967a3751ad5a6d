/**
 * "Where will the AI publish?" (issue 12 item 1): one checkbox per target of the connection (pages,
 * Instagram accounts, channels, boards). Right after connecting every target starts checked;
 * opened from the card it shows the current choice. Guardar → elegirDestinos →
 * SOCIAL_MSG.targetsSaved, and the dialog closes.
 */
import { useState, type FormEvent } from 'react';
import { MSG, type SocialConnection } from '@director-ia/shared';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { SOCIAL_UI, TARGET_KIND_LABELS } from '../labels';
import { useChooseTargets } from '../useChooseTargets';
import { Avatar } from './NetworkCard';
import styles from './social.module.css';

/** The targets checked when the dialog opens: all of them after connecting, else the saved choice. */
export function initialTargetIds(connection: SocialConnection, justConnected: boolean): Set<string> {
  return new Set(connection.targets.filter((target) => justConnected || target.selected).map((target) => target.id));
}

export function TargetsDialog({ connection, justConnected, onClose }: { connection: SocialConnection; justConnected: boolean; onClose: () => void }) {
  const [chosen, setChosen] = useState(() => initialTargetIds(connection, justConnected));
  const save = useChooseTargets();
  const { network, targets } = connection;

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const targetIds = targets.filter((target) => chosen.has(target.id)).map((target) => target.id);
    save.mutate({ platform: network, targetIds }, { onSuccess: onClose });
  };

  return (
    <Modal title={SOCIAL_UI.targetsTitle(network)} maxWidth={500} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={submit}>
        <fieldset className={styles.choices}>
          <legend className={styles.dialogText}>Elige dónde puede publicar la IA. Podrás cambiarlo cuando quieras.</legend>
          {targets.map((target) => (
            <label key={target.id} className={styles.choice}>
              {/* Named by the target alone, its kind as the description: "Página de pruebas", not "Página de pruebas Página". */}
              <input
                type="checkbox"
                checked={chosen.has(target.id)}
                onChange={(event) => toggle(target.id, event.target.checked)}
                disabled={save.isPending}
                aria-labelledby={`destino-${target.id}`}
                aria-describedby={`destino-${target.id}-tipo`}
              />
              <Avatar name={target.name} pictureUrl={target.pictureUrl} small />
              <span className={styles.choiceText}>
                <span id={`destino-${target.id}`}>{target.name}</span>
                <span id={`destino-${target.id}-tipo`} className={styles.kind}>
                  {TARGET_KIND_LABELS[target.kind]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button onClick={onClose}>{SOCIAL_UI.cancel}</Button>
          <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <Spinner />}
            {save.isPending ? MSG.processing : SOCIAL_UI.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
