/**
 * One render job (issue 18) as the owner follows it: what it is about, its progress bar and stage
 * (RenderJob.progress, .stage) while it runs, the offline label when its score or storyboard was
 * written without an AI model, its notices (what the result lacks and why) as information, the
 * Spanish error when it failed, and once 'listo' a player (<video controls> or <audio controls>)
 * and, when given, a way to the gallery.
 */
import { MEDIA_MSG, RENDER_STAGE_LABELS, type RenderJob } from '@director-ia/shared';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Spinner } from '../../../ui/Spinner';
import { isRenderFinished, progressPercent } from '../rules';
import styles from './media.module.css';

export interface RenderJobViewProps {
  job: RenderJob;
  /** Shows 'Ver en la Galería' once the job is 'listo'. */
  onOpenGallery?: (() => void) | undefined;
  /** Leaves the player out (a list of many jobs shows players only for the ones asked for). */
  player?: boolean;
}

const KIND_LABELS = { music: 'Banda sonora', video: 'Vídeo' } as const;

/** The stage's Spanish label: the job's own text, or the label of a stage key. */
function stageLabel(stage: string): string {
  return (RENDER_STAGE_LABELS as Record<string, string>)[stage] ?? stage;
}

export function RenderJobView({ job, onOpenGallery, player = true }: RenderJobViewProps) {
  const percent = progressPercent(job);
  const running = !isRenderFinished(job);
  const label = `${KIND_LABELS[job.kind]}: ${job.title}`;
  return (
    <article className={styles.job} aria-label={label} data-job-id={job.jobId} data-status={job.status} data-kind={job.kind}>
      <div className={styles.head}>
        <p className={styles.title}>{job.title}</p>
        <span className={styles.kind}>{KIND_LABELS[job.kind]}</span>
      </div>
      {running && (
        <>
          <p className={styles.stage} role="status">
            <Spinner /> {stageLabel(job.stage)} · {percent}%
          </p>
          <div className={styles.track} role="progressbar" aria-label={`Progreso: ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${stageLabel(job.stage)}, ${percent}%`}>
            <div className={styles.bar} style={{ width: `${percent}%` }} />
          </div>
        </>
      )}
      {job.offline && <p className={styles.offline}>{job.kind === 'music' ? MEDIA_MSG.offlineScore : MEDIA_MSG.offlineStoryboard}</p>}
      {(job.notices ?? []).map((notice) => (
        <p key={notice} className={styles.note} role="note">
          <Icon name="alert" size={16} />
          {notice}
        </p>
      ))}
      {job.status === 'error' && (
        <p className={styles.error} role="alert">
          {job.error ?? MEDIA_MSG.renderFailed}
        </p>
      )}
      {job.status === 'listo' && (
        <>
          <p className={styles.stage}>{job.kind === 'music' ? MEDIA_MSG.soundtrackReady : MEDIA_MSG.videoReady}</p>
          {player && job.url && job.kind === 'video' && <video className={styles.player} src={job.url} controls preload="metadata" aria-label={`Vídeo creado: ${job.title}`} data-asset-id={job.assetId} />}
          {player && job.url && job.kind === 'music' && <audio className={styles.audio} src={job.url} controls preload="metadata" aria-label={`Banda sonora creada: ${job.title}`} data-asset-id={job.assetId} />}
          {onOpenGallery && (
            <div className={styles.actions}>
              <Button size="small" onClick={onOpenGallery}>
                Ver en la Galería
              </Button>
            </div>
          )}
        </>
      )}
    </article>
  );
}
