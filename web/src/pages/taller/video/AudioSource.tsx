/**
 * 'Desde un audio' (issue 18 item 2): an uploaded audio (upload kind 'videoAudio', e.g. a voice
 * note), an optional title and the format → crearVideo {source: 'audio'}: an audiogram with its
 * waveform (captions from the transcript where Transcribe is available; the job's notice says so
 * where it is not).
 */
import { useId, useState, type FormEvent } from 'react';
import { CLIP_CAPTION_MAX, type RenderJob, type VideoFormat } from '@director-ia/shared';
import { FormCard, TextField } from '../../../features/settings';
import { FileField, FormatField, SubmitRow } from './parts';
import { useVideoSubmit } from './useVideoSubmit';

const AUDIO_MISSING = 'Elige un archivo de audio para el vídeo.';

export function AudioSource({ onStarted }: { onStarted: (job: RenderJob) => void }) {
  const id = useId();
  const send = useVideoSubmit(onStarted);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [format, setFormat] = useState<VideoFormat>('vertical');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.busy) return;
    if (!file) return send.setProblem(AUDIO_MISSING);
    void send.submit({ source: 'audio', audioKey: '', format, ...(title.trim() ? { title } : {}) }, [{ kind: 'videoAudio', file, field: 'audioKey' }]);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Vídeo desde un audio">
      <FormCard title="Desde un audio" icon="music" description="Sube un audio (por ejemplo, una nota de voz) y conviértelo en un vídeo con su onda de sonido.">
        <FileField label="Audio para el vídeo" kind="videoAudio" accept="audio/*" file={file} onFile={setFile} progress={send.progressOf('audioKey')} disabled={send.busy} />
        <TextField id={`${id}-title`} label="Título (opcional)" value={title} onValue={setTitle} maxLength={CLIP_CAPTION_MAX} />
        <FormatField id={`${id}-format`} value={format} onValue={setFormat} disabled={send.busy} />
        <SubmitRow problem={send.problem} busy={send.busy} />
      </FormCard>
    </form>
  );
}
