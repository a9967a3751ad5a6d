/**
 * 'Bandas sonoras' (issue 18 item 1), a card of the identity lab: mood (free text, with
 * SOUNDTRACK_MOODS as suggestions), tempo (bpm), duration (s) and style (SOUNDTRACK_STYLES as
 * suggestions) → crearBandaSonora, checked with the contract's schema before sending. The job is
 * followed (progress, stage) until its player shows; the MP3 and its MIDI are then in the gallery.
 * The brand goes in on the server's side.
 */
import { useId, useState, type FormEvent } from 'react';
import { SOUNDTRACK_LIMITS, SOUNDTRACK_MOODS, SOUNDTRACK_STYLES, type RenderJob } from '@director-ia/shared';
import { RenderJobView, soundtrackRequestProblem, useCreateSoundtrack, useRenderJob } from '../../features/media';
import { FormCard, TextField } from '../../features/settings';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { NumberField } from './video/parts';
import styles from './IdentityLabTab.module.css';

function StartedSoundtrack({ started, onOpenGallery }: { started: RenderJob; onOpenGallery?: (() => void) | undefined }) {
  const job = useRenderJob(started.jobId, started).data ?? started;
  return <RenderJobView job={job} onOpenGallery={onOpenGallery} />;
}

export function SoundtrackCard({ onOpenGallery }: { onOpenGallery?: (() => void) | undefined }) {
  const id = useId();
  const create = useCreateSoundtrack();
  const [mood, setMood] = useState('');
  const [tempo, setTempo] = useState(100);
  const [seconds, setSeconds] = useState(30);
  const [style, setStyle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<RenderJob | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const request = { mood, tempo, durationSeconds: seconds, style };
    const refused = soundtrackRequestProblem(request);
    setProblem(refused);
    if (refused) return;
    create.mutate(request, { onSuccess: setStarted, onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Bandas sonoras">
      <FormCard title="Bandas sonoras" icon="music" description="Música original para tu marca: la IA escribe la partitura y se interpreta con instrumentos reales (MP3 y MIDI).">
        <TextField id={`${id}-mood`} label="Estado de ánimo" value={mood} onValue={setMood} maxLength={SOUNDTRACK_LIMITS.textMax} list={`${id}-moods`} placeholder="Ej.: alegre" />
        <datalist id={`${id}-moods`}>
          {SOUNDTRACK_MOODS.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
        <NumberField id={`${id}-tempo`} label="Tempo (bpm)" value={tempo} onValue={setTempo} min={SOUNDTRACK_LIMITS.minTempo} max={SOUNDTRACK_LIMITS.maxTempo} />
        <NumberField id={`${id}-seconds`} label="Duración (s)" value={seconds} onValue={setSeconds} min={SOUNDTRACK_LIMITS.minSeconds} max={SOUNDTRACK_LIMITS.maxSeconds} />
        <TextField id={`${id}-style`} label="Estilo" value={style} onValue={setStyle} maxLength={SOUNDTRACK_LIMITS.textMax} list={`${id}-styles`} placeholder="Ej.: acústico" />
        <datalist id={`${id}-styles`}>
          {SOUNDTRACK_STYLES.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending && <Spinner />}
            Componer banda sonora
          </Button>
        </div>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        {started && <StartedSoundtrack key={started.jobId} started={started} onOpenGallery={onOpenGallery} />}
      </FormCard>
    </form>
  );
}
