/**
 * 'Desde un texto' (issue 18 item 2): the owner describes the video and picks a format; 'Proponer
 * guion' asks for a storyboard (proponerGuion; labelled when written offline) shown as editable
 * scenes — caption, length, transition, and an image prompt or a gallery image — with its total
 * against MAX_RENDER_SECONDS; a soundtrack (composed by default, from the gallery, or uploaded),
 * 'Voz en off', and 'Crear vídeo' (crearVideo, with the reviewed storyboard when there is one).
 */
import { useId, useState, type FormEvent } from 'react';
import { MEDIA_MSG, SCENE_TRANSITIONS, STORYBOARD_LIMITS, type Asset, type RenderJob, type Scene, type VideoFormat, type VideoRequest } from '@director-ia/shared';
import { addScene, removeScene, soundtrackDraftParts, storyboardLength, updateScene, useProposeStoryboard, type SoundtrackDraft } from '../../../features/media';
import { FormCard, TextAreaField, TextField, fieldStyles } from '../../../features/settings';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { COMPOSE_SOUNDTRACK, FormatField, GalleryAssetSelect, NumberField, SoundtrackField, SubmitRow } from './parts';
import { useVideoSubmit, type PendingUpload } from './useVideoSubmit';
import styles from './VideoTab.module.css';

const TRANSITION_LABELS: Record<Scene['transition'], string> = { corte: 'Corte', fundido: 'Fundido' };

function SceneEditor({ scene, index, assets, canRemove, onChange, onRemove }: { scene: Scene; index: number; assets: readonly Asset[] | undefined; canRemove: boolean; onChange: (patch: Partial<Scene>) => void; onRemove: () => void }) {
  const id = useId();
  const usesGallery = scene.assetId !== undefined;
  return (
    <li className={styles.scene} aria-label={`Escena ${index + 1}`}>
      <div className={styles.sceneHead}>
        <span>Escena {index + 1}</span>
        <Button size="small" variant="danger" disabled={!canRemove} onClick={onRemove} aria-label={`Quitar escena ${index + 1}`}>
          Quitar
        </Button>
      </div>
      <TextField id={`${id}-caption`} label="Texto en pantalla" value={scene.caption} onValue={(caption) => onChange({ caption })} maxLength={STORYBOARD_LIMITS.captionMax} />
      <div className={styles.row}>
        <NumberField id={`${id}-seconds`} label="Duración (s)" value={scene.durationSeconds} onValue={(durationSeconds) => onChange({ durationSeconds })} min={STORYBOARD_LIMITS.minSceneSeconds} max={STORYBOARD_LIMITS.maxSceneSeconds} />
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-transition`} className={fieldStyles.label}>
            Transición
          </label>
          <select id={`${id}-transition`} className={fieldStyles.select} value={scene.transition} onChange={(e) => onChange({ transition: e.target.value as Scene['transition'] })}>
            {SCENE_TRANSITIONS.map((transition) => (
              <option key={transition} value={transition}>
                {TRANSITION_LABELS[transition]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={usesGallery} onChange={(e) => onChange(e.target.checked ? { assetId: '' } : { assetId: undefined, imagePrompt: scene.imagePrompt ?? '' })} />
        Usar una imagen de la galería
      </label>
      {usesGallery ? (
        <GalleryAssetSelect id={`${id}-asset`} label="Imagen de la galería" types={['image', 'avatar']} assets={assets} value={scene.assetId ?? ''} onValue={(assetId) => onChange({ assetId })} />
      ) : (
        <TextAreaField id={`${id}-prompt`} label="Imagen a crear (descripción)" value={scene.imagePrompt ?? ''} onValue={(imagePrompt) => onChange({ imagePrompt })} maxLength={STORYBOARD_LIMITS.imagePromptMax} rows={2} />
      )}
    </li>
  );
}

/** A scene as sent: an empty prompt or an unpicked gallery image left out. */
function sceneToSend(scene: Scene): Scene {
  const { imagePrompt, assetId, ...rest } = scene;
  return { ...rest, ...(assetId ? { assetId } : {}), ...(!assetId && imagePrompt?.trim() ? { imagePrompt } : {}) };
}

export function TextSource({ assets, onStarted }: { assets: readonly Asset[] | undefined; onStarted: (job: RenderJob) => void }) {
  const id = useId();
  const propose = useProposeStoryboard();
  const send = useVideoSubmit(onStarted);
  const [brief, setBrief] = useState('');
  const [format, setFormat] = useState<VideoFormat>('horizontal');
  const [storyboard, setStoryboard] = useState<{ title: string; scenes: Scene[]; offline: boolean } | null>(null);
  const [soundtrack, setSoundtrack] = useState<SoundtrackDraft>(COMPOSE_SOUNDTRACK);
  const [voiceOver, setVoiceOver] = useState(false);
  const busy = send.busy || propose.isPending;
  const length = storyboard ? storyboardLength(storyboard.scenes) : null;

  const proposeStoryboard = () => {
    send.setProblem(null);
    propose.mutate(
      { brief, format },
      {
        onSuccess: (proposal) => setStoryboard({ title: proposal.storyboard.title, scenes: proposal.storyboard.scenes, offline: proposal.offline }),
        onError: (error) => send.setProblem(errorMessage(error)),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const music = soundtrackDraftParts(soundtrack);
    if (music.problem) return send.setProblem(music.problem);
    const request: VideoRequest = {
      source: 'text',
      brief,
      format,
      ...(storyboard ? { storyboard: { title: storyboard.title, scenes: storyboard.scenes.map(sceneToSend) } } : {}),
      ...music.fields,
      ...(voiceOver ? { voiceOver: true } : {}),
    };
    const uploads: PendingUpload[] = music.upload ? [music.upload] : [];
    void send.submit(request, uploads);
  };

  const setScenes = (scenes: Scene[]) => setStoryboard((current) => (current ? { ...current, scenes } : current));

  return (
    <form onSubmit={submit} noValidate aria-label="Vídeo desde un texto">
      <FormCard title="Desde un texto" icon="pen" description="Describe el vídeo: la IA propone un guion de escenas que puedes cambiar antes de crearlo.">
        <TextAreaField id={`${id}-brief`} label="¿De qué trata el vídeo?" value={brief} onValue={setBrief} maxLength={STORYBOARD_LIMITS.briefMax} rows={3} placeholder="Ej.: Presenta nuestro nuevo pan de masa madre, recién salido del horno." />
        <FormatField id={`${id}-format`} value={format} onValue={setFormat} disabled={busy} />
        <div className={styles.actions}>
          <Button onClick={proposeStoryboard} disabled={busy} aria-busy={propose.isPending}>
            {propose.isPending && <Spinner />}
            Proponer guion
          </Button>
        </div>
        {storyboard && length && (
          <section aria-label="Guion" className={styles.layout}>
            {storyboard.offline && <p className={styles.info}>{MEDIA_MSG.offlineStoryboard}</p>}
            <TextField id={`${id}-title`} label="Título del guion" value={storyboard.title} onValue={(title) => setStoryboard({ ...storyboard, title })} maxLength={STORYBOARD_LIMITS.titleMax} />
            <ol className={styles.scenes} aria-label="Escenas">
              {storyboard.scenes.map((scene, index) => (
                <SceneEditor
                  key={index}
                  scene={scene}
                  index={index}
                  assets={assets}
                  canRemove={storyboard.scenes.length > STORYBOARD_LIMITS.minScenes}
                  onChange={(patch) => setScenes(updateScene(storyboard.scenes, index, patch))}
                  onRemove={() => setScenes(removeScene(storyboard.scenes, index))}
                />
              ))}
            </ol>
            <p className={styles.total} data-over={length.over || undefined} data-testid="storyboard-total">
              Duración total: {length.seconds} s de {length.max} s como máximo
            </p>
            <div className={styles.actions}>
              <Button size="small" disabled={storyboard.scenes.length >= STORYBOARD_LIMITS.maxScenes} onClick={() => setScenes(addScene(storyboard.scenes))}>
                Añadir escena
              </Button>
              <Button size="small" onClick={() => setStoryboard(null)}>
                Descartar guion
              </Button>
            </div>
          </section>
        )}
        <SoundtrackField name={`${id}-soundtrack`} value={soundtrack} onValue={setSoundtrack} assets={assets} progress={send.progressOf('soundtrackKey')} disabled={busy} />
        <label className={styles.check}>
          <input type="checkbox" checked={voiceOver} disabled={busy} onChange={(e) => setVoiceOver(e.target.checked)} />
          Voz en off (lee los textos en pantalla)
        </label>
        <SubmitRow problem={send.problem} busy={send.busy} disabled={busy} />
      </FormCard>
    </form>
  );
}
