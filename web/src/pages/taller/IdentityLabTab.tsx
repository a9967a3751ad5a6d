/**
 * The identity lab tab of the Taller IA page (spec 2, 4, 7, 8; issue 4 items 2 and 3): three cards
 * — 'Avatar por descripción' (prompt → avatar image), 'Avatar por vídeo' (the owner's video is
 * uploaded with progress, then the plain capability sentence), 'Clonador de voz' (optional voice
 * sample, a text, Lucía/Sergio → playable speech) — and a 'Vídeo' panel (prompt → asynchronous
 * job, polled until it is ready). What the brand's provider cannot do is said plainly BEFORE the
 * owner tries (obtenerCapacidades); nothing is faked. Each button is disabled while its own request
 * runs; errors read 'Error al generar {type}: {message}'. Results are assets: they appear in the
 * gallery.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { IDENTITY_VOICES, MAX_PROMPT_LENGTH, MAX_SPEECH_TEXT_LENGTH, MSG, UPLOAD_RULES } from '@director-ia/shared';
import { useCapabilities, type Capabilities } from '../../features/identity/useCapabilities';
import { identityErrorText, IdentityNotProduced, useGenerateIdentity } from '../../features/identity/useGenerateIdentity';
import { useStartVideo, useVideoStatus } from '../../features/identity/useVideo';
import { FormCard, TextAreaField } from '../../features/settings/Fields';
import { errorMessage } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import styles from './IdentityLabTab.module.css';

type Status = Capabilities[keyof Capabilities] | undefined;

/** The capability's sentence when it is unavailable (shown before trying). */
function Unavailable({ status, testId }: { status: Status; testId: string }) {
  if (!status || status.available) return null;
  return (
    <p className={styles.notice} role="note" data-testid={testId}>
      <Icon name="alert" size={16} />
      {status.message}
    </p>
  );
}

function ErrorLine({ text }: { text: string }) {
  return (
    <p className={styles.error} role="alert">
      {text}
    </p>
  );
}

function Busy({ busy, label, icon }: { busy: boolean; label: string; icon: 'sparkles' | 'video' | 'music' }) {
  return (
    <>
      {busy ? <Spinner /> : <Icon name={icon} size={18} />}
      {busy ? MSG.processing : label}
    </>
  );
}

function AvatarCard({ status }: { status: Status }) {
  const generate = useGenerateIdentity('avatar');
  const [prompt, setPrompt] = useState('');
  const busy = generate.isPending;
  const empty = prompt.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !empty) generate.mutate({ type: 'avatar', prompt: prompt.trim() });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Avatar por descripción">
      <FormCard title="Avatar por descripción" icon="sparkles" description="Describe cómo quieres que sea tu avatar. El estilo de tu marca se aplica solo.">
        <Unavailable status={status} testId="avatar-unavailable" />
        <TextAreaField id="identity-avatar-prompt" label="Descripción del avatar" value={prompt} onValue={setPrompt} maxLength={MAX_PROMPT_LENGTH} rows={3} placeholder="Ej.: Una panadera sonriente con delantal azul" />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={empty || busy} aria-busy={busy}>
            <Busy busy={busy} label="Generar Avatar" icon="sparkles" />
          </Button>
        </div>
        {generate.isError && <ErrorLine text={identityErrorText('avatar', errorMessage(generate.error))} />}
        {generate.isSuccess && generate.data.url && (
          <figure className={styles.figure}>
            <img src={generate.data.url} alt={`Avatar generado: ${generate.variables.type === 'avatar' ? generate.variables.prompt : ''}`} className={styles.image} data-asset-id={generate.data.assetId} />
            {generate.data.offline && <figcaption className={styles.offline}>Generado sin conexión: sin modelo de IA</figcaption>}
          </figure>
        )}
      </FormCard>
    </form>
  );
}

/**
 * A sample picker that uploads as `kind` with a progress bar. `upload()` resolves `{key}` (no key
 * when nothing was picked), or null when the upload failed — its 'Error al generar {type}: ...'
 * text is then in `failure`. `uploading` is derived from the progress.
 */
function useSampleUpload(kind: 'voiceSample' | 'identityVideo', type: 'video' | 'voice') {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (): Promise<{ key?: string } | null> => {
    setFailure(null);
    if (!file) return {};
    setProgress(0);
    try {
      return { key: await uploadFile(kind, file, setProgress) };
    } catch (error) {
      setFailure(identityErrorText(type, errorMessage(error)));
      return null;
    } finally {
      setProgress(null);
    }
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null);
  return { file, progress, uploading: progress !== null, failure, upload, pick };
}

function Progress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.progressTrack} role="progressbar" aria-label="Progreso de la subida" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className={styles.progressBar} style={{ width: `${percent}%` }} />
    </div>
  );
}

const MB = 1024 * 1024;

function VideoAvatarCard({ status }: { status: Status }) {
  const generate = useGenerateIdentity('video');
  const sample = useSampleUpload('identityVideo', 'video');
  const busy = generate.isPending || sample.uploading;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !sample.file) return;
    const uploaded = await sample.upload();
    if (uploaded?.key) generate.mutate({ type: 'video', sampleKey: uploaded.key });
  };
  const unsupported = generate.error instanceof IdentityNotProduced ? generate.error.result.unsupported : undefined;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Avatar por vídeo">
      <FormCard title="Avatar por vídeo" icon="video" description={`Sube un vídeo corto en el que aparezcas (MP4, WEBM o MOV, máximo ${UPLOAD_RULES.identityVideo.maxBytes / MB} MB).`}>
        <Unavailable status={status} testId="video-avatar-unavailable" />
        <label className={styles.field}>
          <span className={styles.label}>Tu vídeo</span>
          <input type="file" accept="video/*" disabled={busy} onChange={sample.pick} />
        </label>
        <Progress progress={sample.progress} />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={!sample.file || busy} aria-busy={busy}>
            <Busy busy={busy} label="Crear Avatar desde Vídeo" icon="video" />
          </Button>
        </div>
        {sample.failure && <ErrorLine text={sample.failure} />}
        {generate.isError && <ErrorLine text={identityErrorText('video', errorMessage(generate.error))} />}
        {unsupported && <p className={styles.kept}>Tu vídeo se ha guardado para cuando haya un proveedor que lo admita.</p>}
      </FormCard>
    </form>
  );
}

function VoiceCard({ speech, clone }: { speech: Status; clone: Status }) {
  const generate = useGenerateIdentity('voice');
  const sample = useSampleUpload('voiceSample', 'voice');
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<'Lucia' | 'Sergio'>('Lucia');
  const busy = generate.isPending || sample.uploading;
  const empty = text.trim() === '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || empty) return;
    const uploaded = await sample.upload();
    if (uploaded) generate.mutate({ type: 'voice', text: text.trim(), voice, ...(uploaded.key ? { sampleKey: uploaded.key } : {}) });
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Clonador de voz">
      <FormCard title="Clonador de voz" icon="music" description="Escribe un texto y elige una voz en español. Puedes subir una muestra de tu voz para cuando haya un proveedor que pueda clonarla.">
        <Unavailable status={speech} testId="speech-unavailable" />
        {clone && !clone.available && speech?.available && <p className={styles.kept}>{clone.message}</p>}
        <label className={styles.field}>
          <span className={styles.label}>Muestra de tu voz (opcional)</span>
          <input type="file" accept="audio/*" disabled={busy} onChange={sample.pick} />
        </label>
        <Progress progress={sample.progress} />
        <TextAreaField id="identity-voice-text" label="Texto a locutar" value={text} onValue={setText} maxLength={MAX_SPEECH_TEXT_LENGTH} rows={3} placeholder="Ej.: ¡Hola! Bienvenidos a nuestra panadería." />
        <div className={styles.field}>
          <label htmlFor="identity-voice" className={styles.label}>
            Voz
          </label>
          <select id="identity-voice" className={styles.select} value={voice} disabled={busy} onChange={(e) => setVoice(e.target.value as 'Lucia' | 'Sergio')}>
            {IDENTITY_VOICES.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={empty || busy} aria-busy={busy}>
            <Busy busy={busy} label="Generar Voz" icon="music" />
          </Button>
        </div>
        {sample.failure && <ErrorLine text={sample.failure} />}
        {generate.isError && <ErrorLine text={identityErrorText('voice', errorMessage(generate.error))} />}
        {generate.isSuccess && generate.data.url && (
          <div className={styles.figure}>
            <audio controls src={generate.data.url} data-asset-id={generate.data.assetId} aria-label="Voz generada" />
            {generate.data.offline && <span className={styles.offline}>Generada sin conexión: sin modelo de IA</span>}
          </div>
        )}
      </FormCard>
    </form>
  );
}

function VideoPanel({ status }: { status: Status }) {
  const start = useStartVideo();
  const [prompt, setPrompt] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const state = useVideoStatus(jobId);
  const busy = start.isPending;
  const empty = prompt.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || empty) return;
    start.mutate({ prompt: prompt.trim() }, { onSuccess: (job) => setJobId(job.jobId) });
  };
  const job = state.data;
  return (
    <form onSubmit={submit} noValidate aria-label="Vídeo">
      <FormCard title="Vídeo" icon="video" description="Describe el vídeo que quieres (hasta 1080p). La generación tarda unos minutos: puedes seguir trabajando mientras tanto.">
        <Unavailable status={status} testId="video-unavailable" />
        <TextAreaField id="identity-video-prompt" label="Descripción del vídeo" value={prompt} onValue={setPrompt} maxLength={MAX_PROMPT_LENGTH} rows={3} placeholder="Ej.: Un paseo por una panadería al amanecer" />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={empty || busy || (job !== undefined && job.status !== 'listo' && job.status !== 'error')} aria-busy={busy}>
            <Busy busy={busy} label="Generar Vídeo" icon="video" />
          </Button>
        </div>
        {start.isError && <ErrorLine text={identityErrorText('video', errorMessage(start.error))} />}
        {jobId && (
          <div className={styles.figure} aria-live="polite">
            {job?.status === 'listo' && job.url ? (
              <video controls src={job.url} className={styles.image} aria-label="Vídeo generado" />
            ) : job?.status === 'error' ? (
              <ErrorLine text={identityErrorText('video', job.error ?? MSG.internal)} />
            ) : (
              <span role="status">
                <Spinner /> {job?.status === 'generando' ? 'Generando vídeo…' : 'En cola…'}
              </span>
            )}
          </div>
        )}
      </FormCard>
    </form>
  );
}

export function IdentityLabTab() {
  const capabilities = useCapabilities();
  const caps = capabilities.data;
  return (
    <div className={styles.grid}>
      <AvatarCard status={caps?.avatarFromDescription} />
      <VideoAvatarCard status={caps?.avatarFromVideo} />
      <VoiceCard speech={caps?.speech} clone={caps?.voiceClone} />
      <VideoPanel status={caps?.video} />
    </div>
  );
}

export default IdentityLabTab;
