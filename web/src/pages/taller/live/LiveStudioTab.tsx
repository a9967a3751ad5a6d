/**
 * The live studio tab of the Taller IA page (spec 2 'Live studio', 4 'Live stream', 5, 8; issue 4
 * item 4). The owner picks several loop images and one background music file; 'Iniciar Directo'
 * needs at least one of each (else the spec's message, as a toast and inline) and then the preview
 * really plays the loop in the browser: the images in turn with a crossfade and the music on an
 * `<audio loop>` element. 'Detener Directo' stops both. Broadcasting to a platform is a labelled
 * simulation: nothing leaves the browser and no server is called.
 *
 * Files stay local as object URLs, created when picked and revoked when removed or when the tab
 * unmounts. TallerPage renders this tab (lazily, so it stays in its own chunk).
 *
 * Issue 18 item 3: 'Elegir de la galería' adds the gallery's images and composed videos to the loop
 * (a video plays, muted, in its turn and the loop moves on when it ends) and takes a gallery
 * soundtrack as the music. A gallery file is read once into the browser (a blob with its own object
 * URL, like a picked file), so the short-lived gallery URL expiring does not stop the live.
 */
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { ASSET_TYPE_LABELS, type Asset } from '@director-ia/shared';
import { useAssets } from '../../../features/assets';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { CountBadge } from '../../../ui/ListHeading';
import { Panel } from '../../../ui/PageHeader';
import { useToast } from '../../../ui/toast/toastContext';
import {
  acceptLoopImages,
  canStartLive,
  CROSSFADE_MS,
  FIRST_FRAME,
  formatElapsed,
  frameDurationMs,
  galleryLoopCandidates,
  galleryMusicCandidates,
  isAudioFile,
  LIVE_MSG,
  LOOP_INTERVAL_MS,
  MAX_LOOP_IMAGES,
  nextFrame,
  loopKindOf,
  type LoopFrame,
  type LoopKind,
} from './liveStudio';
import styles from './LiveStudioTab.module.css';
import { PageIcon } from '../../../ui/PageIcon';

/** A picked file or a gallery file read into the browser, and its object URL (revoked when it leaves the tab). */
interface LocalFile {
  id: string;
  name: string;
  size: number;
  url: string;
  /** What the loop shows it as (music is 'image'-less: unused there). */
  kind: LoopKind;
}

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

/** A panel of the studio with its heading (an h2 and, beside it, `aside`: a count or a state badge). */
function Card({ className, title, aside, children }: { className: string | undefined; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Panel className={className}>
      <div className={styles.cardHeading}>
        <h2>{title}</h2>
        {aside}
      </div>
      {children}
    </Panel>
  );
}

interface SourcePickerProps {
  /** The file input's accessible name. */
  label: string;
  accept: string;
  multiple?: boolean;
  icon: ReactNode;
  title: string;
  hint: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The name a gallery asset goes by in the live: its type and prompt. */
const assetName = (asset: Asset) => `${ASSET_TYPE_LABELS[asset.type]}: ${asset.prompt}`;

/**
 * 'Elegir de la galería': a button that opens the gallery's `candidates` (or `empty` when there
 * are none), each with an 'Añadir'/'Usar' button; `onPick` reads the chosen one in.
 */
function GalleryPicker({ label, action, candidates, loading, empty, busyId, onPick }: { label: string; action: string; candidates: Asset[]; loading: boolean; empty: string; busyId: string | null; onPick: (asset: Asset) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.gallery}>
      <Button size="small" aria-expanded={open} aria-label={label} onClick={() => setOpen((value) => !value)}>
        <PageIcon name="image" size={16} />
        Elegir de la galería
      </Button>
      {open &&
        (loading ? (
          <p className={styles.galleryEmpty}>Cargando la galería…</p>
        ) : candidates.length === 0 ? (
          <p className={styles.galleryEmpty}>{empty}</p>
        ) : (
          <ul className={styles.galleryList} aria-label={label}>
            {candidates.map((asset) => (
              <li key={asset.id} className={styles.galleryItem}>
                <span title={asset.prompt}>{assetName(asset)}</span>
                <Button size="small" disabled={busyId !== null} aria-busy={busyId === asset.id} aria-label={`${action} ${assetName(asset)}`} onClick={() => onPick(asset)}>
                  {action}
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** A wide button that picks the live's source files: a label around a hidden file input. */
function SourcePicker({ label, accept, multiple, icon, title, hint, onChange }: SourcePickerProps) {
  return (
    <label className={styles.picker}>
      <input type="file" accept={accept} multiple={multiple} className="visually-hidden" aria-label={label} onChange={onChange} />
      {icon}
      <span>
        <strong>{title}</strong>
        <small>{hint}</small>
      </span>
    </label>
  );
}

export function LiveStudioTab({ intervalMs = LOOP_INTERVAL_MS }: { intervalMs?: number }) {
  const toast = useToast();
  const gallery = useAssets();
  const [loadingAsset, setLoadingAsset] = useState<string | null>(null);
  const [images, setImages] = useState<LocalFile[]>([]);
  const [music, setMusic] = useState<LocalFile | null>(null);
  const [running, setRunning] = useState(false);
  const [frame, setFrame] = useState<LoopFrame>(FIRST_FRAME);
  const [elapsed, setElapsed] = useState(0);
  const [missingFiles, setMissingFiles] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);
  /** Every object URL this tab created and has not revoked yet. */
  const liveUrls = useRef(new Set<string>());
  const nextId = useRef(1);

  const track = (blob: Blob, name: string, kind: LoopKind = 'image'): LocalFile => {
    const url = URL.createObjectURL(blob);
    liveUrls.current.add(url);
    return { id: `f${nextId.current++}`, name, size: blob.size, url, kind };
  };
  const trackFile = (file: File) => track(file, file.name);

  /** Reads a gallery asset into the browser; null (and a toast) when it cannot be read. */
  const readAsset = async (asset: Asset): Promise<Blob | null> => {
    setLoadingAsset(asset.id);
    try {
      const response = await fetch(asset.url);
      if (!response.ok) throw new Error(String(response.status));
      return await response.blob();
    } catch {
      toast.error(LIVE_MSG.galleryFailed(asset.prompt));
      return null;
    } finally {
      setLoadingAsset(null);
    }
  };
  const release = (item: LocalFile) => {
    URL.revokeObjectURL(item.url);
    liveUrls.current.delete(item.url);
  };

  // Revoke whatever is left when the tab goes away (the audio element pauses as it leaves the DOM).
  useEffect(() => {
    const urls = liveUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  // The loop: an image stays `intervalMs`, a video until it ends (its onEnded moves on).
  const imageCount = images.length;
  const onScreen = images.length > 0 ? images[frame.index % images.length] : undefined;
  const onScreenKind = onScreen?.kind;
  const advance = () => setFrame((current) => nextFrame(current, imageCount));
  useEffect(() => {
    if (!running || !onScreenKind) return undefined;
    const wait = frameDurationMs(onScreenKind, intervalMs);
    if (wait === null) return undefined;
    const timer = setTimeout(() => setFrame((current) => nextFrame(current, imageCount)), wait);
    return () => clearTimeout(timer);
  }, [running, frame, imageCount, intervalMs, onScreenKind]);
  // The on-air clock.
  useEffect(() => {
    if (!running) return undefined;
    const clock = setInterval(() => setElapsed((seconds) => seconds + 1), 1000);
    return () => clearInterval(clock);
  }, [running]);

  const stop = (notify: boolean) => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.currentTime = 0;
    }
    setRunning(false);
    setFrame(FIRST_FRAME);
    setElapsed(0);
    if (notify) toast.success(LIVE_MSG.stopped);
  };

  const start = () => {
    if (!canStartLive(images.length, music !== null)) {
      setMissingFiles(true);
      toast.error(LIVE_MSG.needFiles);
      return;
    }
    setMissingFiles(false);
    setFrame(FIRST_FRAME);
    setElapsed(0);
    setRunning(true);
    const audio = audioRef.current;
    if (audio) {
      audio.currentTime = 0;
      // Called inside the click: the browser's autoplay policy allows it.
      audio.play().catch(() => {
        stop(false);
        toast.error(LIVE_MSG.musicFailed);
      });
    }
    toast.success(LIVE_MSG.started);
  };

  const addImages = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, problems } = acceptLoopImages(picked, images.length);
    for (const problem of problems) toast.error(problem);
    if (accepted.length > 0) {
      const added = accepted.map(trackFile);
      setImages((list) => [...list, ...added]);
    }
  };

  const addFromGallery = async (asset: Asset) => {
    const kind = loopKindOf(asset.mediaType);
    if (!kind) return;
    if (images.length >= MAX_LOOP_IMAGES) {
      toast.error(LIVE_MSG.tooManyImages(MAX_LOOP_IMAGES));
      return;
    }
    const blob = await readAsset(asset);
    if (blob) setImages((list) => [...list, track(blob, assetName(asset), kind)]);
  };

  const musicFromGallery = async (asset: Asset) => {
    const blob = await readAsset(asset);
    if (!blob) return;
    if (running) stop(true);
    if (music) release(music);
    setMusic(track(blob, assetName(asset)));
  };

  const removeImage = (item: LocalFile) => {
    release(item);
    const remaining = images.filter((image) => image.id !== item.id);
    setImages(remaining);
    if (running && remaining.length === 0) stop(true);
    else setFrame((current) => ({ index: remaining.length ? current.index % remaining.length : 0, previous: null }));
  };

  const chooseMusic = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAudioFile(file)) {
      toast.error(LIVE_MSG.notAudio(file.name));
      return;
    }
    if (running) stop(true);
    if (music) release(music);
    setMusic(trackFile(file));
  };

  const removeMusic = () => {
    if (!music) return;
    if (running) stop(true);
    release(music);
    setMusic(null);
  };

  const ready = canStartLive(images.length, music !== null);
  const current = onScreen;
  const previous = frame.previous !== null && frame.previous < images.length && frame.previous !== frame.index ? images[frame.previous] : undefined;

  return (
    <div className={styles.layout}>
      <div className={styles.sources}>
        <Card
          className={styles.card}
          title="Imágenes del bucle"
          aside={
            <CountBadge>
              {images.length}/{MAX_LOOP_IMAGES}
            </CountBadge>
          }
        >
          <SourcePicker label="Imágenes del bucle" accept="image/*" multiple icon={<PageIcon name="image" size={22} />} title="Añadir imágenes" hint="Se muestran por turnos en el directo" onChange={addImages} />
          <GalleryPicker
            label="Elegir de la galería para el bucle"
            action="Añadir"
            candidates={galleryLoopCandidates(gallery.data)}
            loading={gallery.isPending}
            empty={LIVE_MSG.noGalleryLoop}
            busyId={loadingAsset}
            onPick={(asset) => void addFromGallery(asset)}
          />
          {images.length > 0 && (
            <ul className={styles.thumbs} aria-label="Imágenes del bucle elegidas">
              {images.map((item, position) => (
                <li key={item.id} className={running && current?.id === item.id ? `${styles.thumb} ${styles.onAir}` : styles.thumb}>
                  {item.kind === 'video' ? <video src={item.url} muted preload="metadata" aria-label={`Vídeo ${position + 1}: ${item.name}`} /> : <img src={item.url} alt={`Imagen ${position + 1}: ${item.name}`} />}
                  <button type="button" className={styles.remove} aria-label={`Quitar ${item.name}`} title="Quitar" onClick={() => removeImage(item)}>
                    <Icon name="close" size={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className={styles.card} title="Música de fondo">
          {music ? (
            <div className={styles.track}>
              <span className={styles.trackIcon}>
                <Icon name="music" size={20} />
              </span>
              <span className={styles.trackName}>
                <strong>{music.name}</strong>
                <small>{sizeLabel(music.size)}</small>
              </span>
              <Button size="small" variant="danger" aria-label={`Quitar ${music.name}`} onClick={removeMusic}>
                Quitar
              </Button>
            </div>
          ) : null}
          <SourcePicker
            label="Música de fondo"
            accept="audio/*"
            icon={<Icon name="music" size={22} />}
            title={music ? 'Cambiar música' : 'Elegir música'}
            hint="Un archivo de audio que suena en bucle"
            onChange={chooseMusic}
          />
          <GalleryPicker
            label="Elegir música de la galería"
            action="Usar"
            candidates={galleryMusicCandidates(gallery.data)}
            loading={gallery.isPending}
            empty={LIVE_MSG.noGalleryMusic}
            busyId={loadingAsset}
            onPick={(asset) => void musicFromGallery(asset)}
          />
        </Card>
      </div>

      <Card
        className={styles.previewCard}
        title="Vista previa"
        aside={
          running ? (
            <span className={styles.liveBadge} aria-live="polite">
              <span className={styles.dot} aria-hidden="true" />
              En directo · {formatElapsed(elapsed)}
            </span>
          ) : (
            <span className={styles.offBadge}>Detenido</span>
          )
        }
      >
        <div className={styles.stage} data-running={running}>
          {running && current ? (
            <>
              {previous?.kind === 'image' && <img className={styles.layer} src={previous.url} alt="" aria-hidden="true" />}
              {current.kind === 'video' ? (
                <video
                  key={`${current.id}-${frame.previous ?? 'first'}`}
                  className={`${styles.layer} ${styles.fadeIn}`}
                  style={{ animationDuration: `${CROSSFADE_MS}ms` }}
                  src={current.url}
                  autoPlay
                  muted
                  playsInline
                  loop={images.length === 1}
                  onEnded={advance}
                  onError={advance}
                  aria-label={`En pantalla: ${current.name}`}
                  data-live-frame=""
                />
              ) : (
                <img
                  key={current.id}
                  className={`${styles.layer} ${styles.fadeIn}`}
                  style={{ animationDuration: `${CROSSFADE_MS}ms` }}
                  src={current.url}
                  alt={`En pantalla: ${current.name}`}
                  data-live-frame=""
                />
              )}
              <span className={styles.caption}>
                {current.kind === 'video' ? 'Vídeo' : 'Imagen'} {(frame.index % images.length) + 1} de {images.length}
              </span>
            </>
          ) : (
            <p className={styles.idle}>
              <Icon name="video" size={30} />
              <span>{ready ? 'Pulsa «Iniciar Directo» para reproducir el bucle aquí.' : 'Elige al menos una imagen (o un vídeo de la galería) y una música para preparar el directo.'}</span>
            </p>
          )}
        </div>
        {music && <audio ref={audioRef} src={music.url} loop preload="auto" controls={running} hidden={!running} className={styles.audio} aria-label={`Música del directo: ${music.name}`} data-live-audio="" />}

        {missingFiles && !ready && (
          <p className={styles.problem} role="alert">
            <Icon name="alert" size={18} />
            {LIVE_MSG.needFiles}
          </p>
        )}

        <div className={styles.actions}>
          <Button variant="primary" onClick={start} disabled={running}>
            <PageIcon name="play" size={16} />
            Iniciar Directo
          </Button>
          <Button variant="danger" onClick={() => stop(true)} disabled={!running}>
            <PageIcon name="stop" size={16} />
            Detener Directo
          </Button>
        </div>
        <p className={styles.simulation} role="note">
          <Icon name="alert" size={16} />
          {LIVE_MSG.simulation}
        </p>
      </Card>
    </div>
  );
}

export default LiveStudioTab;
