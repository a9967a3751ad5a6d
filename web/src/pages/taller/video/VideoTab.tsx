/**
 * The Taller's 'Vídeo' tab (issue 18 item 2): a 1080p MP4 composed from a text, an image or an
 * audio, on every deployment (the twin included: the render job runs the same code). One source
 * form at a time; the job just started is followed with its progress (estadoRender every ~2 s)
 * until its player shows; 'En curso y recientes' (listarRenders) keeps running and recent jobs
 * across reloads. TallerPage renders it lazily.
 */
import { useState } from 'react';
import type { RenderJob, VideoSource } from '@director-ia/shared';
import { useAssets } from '../../../features/assets';
import { RenderJobList, RenderJobView, useRenderJob } from '../../../features/media';
import { Panel } from '../../../ui/PageHeader';
import { AudioSource } from './AudioSource';
import { ImageSource } from './ImageSource';
import { TextSource } from './TextSource';
import styles from './VideoTab.module.css';

const SOURCES: readonly { key: VideoSource; label: string }[] = [
  { key: 'text', label: 'Desde un texto' },
  { key: 'image', label: 'Desde una imagen' },
  { key: 'audio', label: 'Desde un audio' },
];

/** The job just started, followed until it is finished. */
function StartedJob({ started, onOpenGallery }: { started: RenderJob; onOpenGallery: () => void }) {
  const job = useRenderJob(started.jobId, started).data ?? started;
  return (
    <section aria-label="Vídeo en curso">
      <RenderJobView job={job} onOpenGallery={onOpenGallery} />
    </section>
  );
}

export function VideoTab({ onOpenGallery }: { onOpenGallery: () => void }) {
  const assets = useAssets().data;
  const [source, setSource] = useState<VideoSource>('text');
  const [started, setStarted] = useState<RenderJob | null>(null);
  return (
    <div className={styles.layout}>
      <fieldset className={styles.sources}>
        <legend className="visually-hidden">Origen del vídeo</legend>
        {SOURCES.map((option) => (
          <label key={option.key} className={styles.sourceOption} data-checked={source === option.key || undefined}>
            <input type="radio" name="video-source" value={option.key} checked={source === option.key} onChange={() => setSource(option.key)} className="visually-hidden" />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div hidden={source !== 'text'}>
        <TextSource assets={assets} onStarted={setStarted} />
      </div>
      <div hidden={source !== 'image'}>
        <ImageSource assets={assets} onStarted={setStarted} />
      </div>
      <div hidden={source !== 'audio'}>
        <AudioSource onStarted={setStarted} />
      </div>
      {started && <StartedJob key={started.jobId} started={started} onOpenGallery={onOpenGallery} />}
      <Panel>
        <RenderJobList exclude={started?.jobId} onOpenGallery={onOpenGallery} />
      </Panel>
    </div>
  );
}

export default VideoTab;
