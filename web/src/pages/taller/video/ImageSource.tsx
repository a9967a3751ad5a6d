/**
 * 'Desde una imagen' (issue 18 item 2): a gallery image or an uploaded one (upload kind
 * 'videoImage'; its bytes must be a PNG, JPEG or WEBP), a caption, the clip's seconds
 * (IMAGE_CLIP_SECONDS), the format and a soundtrack → crearVideo {source: 'image'}.
 */
import { useId, useState, type FormEvent } from 'react';
import { CLIP_CAPTION_MAX, IMAGE_CLIP_SECONDS, MEDIA_MSG, type Asset, type RenderJob, type VideoFormat, type VideoRequest } from '@director-ia/shared';
import { soundtrackDraftParts, type SoundtrackDraft } from '../../../features/media';
import { FormCard, TextField } from '../../../features/settings';
import { COMPOSE_SOUNDTRACK, FileField, FormatField, GalleryAssetSelect, NumberField, SoundtrackField, SubmitRow } from './parts';
import { useVideoSubmit, type PendingUpload } from './useVideoSubmit';
import styles from './VideoTab.module.css';

export function ImageSource({ assets, onStarted }: { assets: readonly Asset[] | undefined; onStarted: (job: RenderJob) => void }) {
  const id = useId();
  const send = useVideoSubmit(onStarted);
  const [from, setFrom] = useState<'upload' | 'gallery'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [assetId, setAssetId] = useState('');
  const [caption, setCaption] = useState('');
  const [seconds, setSeconds] = useState<number>(IMAGE_CLIP_SECONDS.default);
  const [format, setFormat] = useState<VideoFormat>('vertical');
  const [soundtrack, setSoundtrack] = useState<SoundtrackDraft>(COMPOSE_SOUNDTRACK);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.busy) return;
    const image = from === 'gallery' ? (assetId ? { imageAssetId: assetId } : null) : file ? {} : null;
    if (!image) return send.setProblem(MEDIA_MSG.imageMissing);
    const music = soundtrackDraftParts(soundtrack);
    if (music.problem) return send.setProblem(music.problem);
    const request: VideoRequest = { source: 'image', ...image, caption, durationSeconds: seconds, format, ...music.fields };
    const uploads: PendingUpload[] = [...(from === 'upload' && file ? [{ kind: 'videoImage' as const, file, field: 'imageKey' as const }] : []), ...(music.upload ? [music.upload] : [])];
    void send.submit(request, uploads);
  };

  const option = (value: 'upload' | 'gallery', text: string) => (
    <label className={styles.check}>
      <input type="radio" name={`${id}-from`} value={value} checked={from === value} disabled={send.busy} onChange={() => setFrom(value)} />
      {text}
    </label>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Vídeo desde una imagen">
      <FormCard title="Desde una imagen" icon="sparkles" description="Una imagen cobra vida: movimiento suave, tu texto y música.">
        <fieldset className={styles.choices}>
          <legend>Imagen</legend>
          {option('upload', 'Subir una imagen')}
          {option('gallery', 'Elegir de la galería')}
        </fieldset>
        {from === 'upload' ? (
          <FileField label="Imagen para el vídeo" kind="videoImage" accept="image/*" file={file} onFile={setFile} progress={send.progressOf('imageKey')} disabled={send.busy} />
        ) : (
          <GalleryAssetSelect id={`${id}-asset`} label="Imagen de la galería" types={['image', 'avatar']} assets={assets} value={assetId} onValue={setAssetId} disabled={send.busy} />
        )}
        <TextField id={`${id}-caption`} label="Texto en pantalla" value={caption} onValue={setCaption} maxLength={CLIP_CAPTION_MAX} placeholder="Ej.: ¡Ya está aquí la nueva colección!" />
        <div className={styles.row}>
          <NumberField id={`${id}-seconds`} label="Duración (s)" value={seconds} onValue={setSeconds} min={IMAGE_CLIP_SECONDS.min} max={IMAGE_CLIP_SECONDS.max} hint={`Entre ${IMAGE_CLIP_SECONDS.min} y ${IMAGE_CLIP_SECONDS.max} segundos.`} />
          <FormatField id={`${id}-format`} value={format} onValue={setFormat} disabled={send.busy} />
        </div>
        <SoundtrackField name={`${id}-soundtrack`} value={soundtrack} onValue={setSoundtrack} assets={assets} progress={send.progressOf('soundtrackKey')} disabled={send.busy} />
        <SubmitRow problem={send.problem} busy={send.busy} />
      </FormCard>
    </form>
  );
}
