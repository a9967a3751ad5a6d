/**
 * The identity lab tab of the Taller IA page (spec 2, 4, 7, 8; issue 4 items 2 and 3): three cards
 * — 'Avatar por descripción' (prompt → avatar image), 'Avatar por vídeo' (the owner's video is
 * uploaded with progress, then the plain capability sentence), 'Clonador de voz' (optional voice
 * sample, a text, Lucía/Sergio → playable speech), 'Bandas sonoras' (SoundtrackCard, issue 18) — and
 * a 'Vídeo' panel (prompt → asynchronous Bedrock job, polled until it is ready; where no video model
 * is configured it points to the 'Vídeo' tab, whose composed videos work everywhere). What the brand's provider cannot do is said plainly BEFORE the
 * owner tries (obtenerCapacidades); nothing is faked. Each button is disabled while its own request
 * runs; errors read 'Error al generar {type}: {message}'. Results are assets: they appear in the
 * gallery.
 */
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
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
import { SoundtrackCard } from './SoundtrackCard';
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

interface PromptCardProps {
  /** The card's title, also the form's accessible name. */
  title: string;
  icon: 'sparkles' | 'video';
  description: string;
  status: Status;
  /** data-testid of the unavailable sentence. */
  unavailableTestId: string;
  /** The description field: its id, label and example placeholder. */
  field: { id: string; label: string; placeholder: string };
  submitLabel: string;
  busy: boolean;
  /** Keeps the button disabled for a reason of the card's own (e.g. a job still running). */
  blocked?: boolean;
  /** Called with the trimmed description, never empty and never while busy. */
  onGenerate: (prompt: string) => void;
  /** The result (error line, image, job state). */
  children: ReactNode;
}

/**
 * A card that turns a typed description (up to MAX_PROMPT_LENGTH characters) into an asset: the
 * capability's unavailable sentence, the description field and the 'Generar …' button, disabled
 * while the description is blank or the request runs.
 */
function PromptCard({ title, icon, description, status, unavailableTestId, field, submitLabel, busy, blocked = false, onGenerate, children }: PromptCardProps) {
  const [prompt, setPrompt] = useState('');
  const empty = prompt.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !empty) onGenerate(prompt.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <FormCard title={title} icon={icon} description={description}>
        <Unavailable status={status} testId={unavailableTestId} />
        <TextAreaField id={field.id} label={field.label} value={prompt} onValue={setPrompt} maxLength={MAX_PROMPT_LENGTH} rows={3} placeholder={field.placeholder} />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={empty || busy || blocked} aria-busy={busy}>
            <Busy busy={busy} label={submitLabel} icon={icon} />
          </Button>
        </div>
        {children}
      </FormCard>
    </form>
  );
}

function AvatarCard({ status }: { status: Status }) {
  const generate = useGenerateIdentity('avatar');
  return (
    <PromptCard
      title="Avatar por descripción"
      icon="sparkles"
      description="Describe cómo quieres que sea tu avatar. El estilo de tu marca se aplica solo."
      status={status}
      unavailableTestId="avatar-unavailable"
      field={{ id: 'identity-avatar-prompt', label: 'Descripción del avatar', placeholder: 'Ej.: Una panadera sonriente con delantal azul' }}
      submitLabel="Generar Avatar"
      busy={generate.isPending}
      onGenerate={(prompt) => generate.mutate({ type: 'avatar', prompt })}
    >
      {generate.isError && <ErrorLine text={identityErrorText('avatar', errorMessage(generate.error))} />}
      {generate.isSuccess && generate.data.url && (
        <figure className={styles.figure}>
          <img src={generate.data.url} alt={`Avatar generado: ${generate.variables.type === 'avatar' ? generate.variables.prompt : ''}`} className={styles.image} data-asset-id={generate.data.assetId} />
          {generate.data.offline && <figcaption className={styles.offline}>Generado sin conexión: sin modelo de IA</figcaption>}
        </figure>
      )}
    </PromptCard>
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

/** Where Bedrock cannot make video: the 'Vídeo' tab composes one from a text, an image or an audio on every deployment. */
function ComposedVideoPointer({ onOpenVideoTab }: { onOpenVideoTab?: (() => void) | undefined }) {
  return (
    <p className={styles.kept} data-testid="video-tab-pointer">
      Puedes crear vídeos a partir de un texto, una imagen o un audio en la pestaña «Vídeo», que funciona siempre.{' '}
      {onOpenVideoTab && (
        <Button size="small" onClick={onOpenVideoTab}>
          Ir a la pestaña Vídeo
        </Button>
      )}
    </p>
  );
}

function VideoPanel({ status, onOpenVideoTab }: { status: Status; onOpenVideoTab?: (() => void) | undefined }) {
  const start = useStartVideo();
  const [jobId, setJobId] = useState<string | null>(null);
  const state = useVideoStatus(jobId);
  const job = state.data;
  return (
    <PromptCard
      title="Vídeo"
      icon="video"
      description="Describe el vídeo que quieres (hasta 1080p). La generación tarda unos minutos: puedes seguir trabajando mientras tanto."
      status={status}
      unavailableTestId="video-unavailable"
      field={{ id: 'identity-video-prompt', label: 'Descripción del vídeo', placeholder: 'Ej.: Un paseo por una panadería al amanecer' }}
      submitLabel="Generar Vídeo"
      busy={start.isPending}
      blocked={job !== undefined && job.status !== 'listo' && job.status !== 'error'}
      onGenerate={(prompt) => start.mutate({ prompt }, { onSuccess: (started) => setJobId(started.jobId) })}
    >
      {status && !status.available && <ComposedVideoPointer onOpenVideoTab={onOpenVideoTab} />}
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
    </PromptCard>
  );
}

/** `onOpenVideoTab`, `onOpenGallery`: switch the Taller to its 'Vídeo' or 'Galería' tab. */
export function IdentityLabTab({ onOpenVideoTab, onOpenGallery }: { onOpenVideoTab?: () => void; onOpenGallery?: () => void }) {
  const capabilities = useCapabilities();
  const caps = capabilities.data;
  return (
    <div className={styles.grid}>
      <AvatarCard status={caps?.avatarFromDescription} />
      <VideoAvatarCard status={caps?.avatarFromVideo} />
      <VoiceCard speech={caps?.speech} clone={caps?.voiceClone} />
      <SoundtrackCard onOpenGallery={onOpenGallery} />
      <VideoPanel status={caps?.video} onOpenVideoTab={onOpenVideoTab} />
    </div>
  );
}

export default IdentityLabTab;
