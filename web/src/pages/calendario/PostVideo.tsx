/**
 * 'Crear vídeo' for a scheduled post on TikTok, YouTube or Instagram (issue 18 item 4): crearVideo
 * from the post's title and content, vertical for TikTok and Instagram, horizontal for YouTube,
 * with the post's id, so the server attaches the video to the post when it is ready. The job's
 * progress shows as in the Taller; a job still running for this post (listarRenders) shows after
 * a reload. When it is ready, `onReady` gets the new asset so the dialog's media list has it too
 * (a save from the dialog would otherwise drop it).
 */
import { useEffect, useRef, useState } from 'react';
import { VIDEO_FORMAT_LABELS, type RenderJob } from '@director-ia/shared';
import { isRenderFinished, postVideoRequest, RenderJobView, useCreateVideo, useRenderJob, useRenders, videoRequestProblem } from '../../features/media';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './CalendarioPage.module.css';

function FollowedJob({ started, onReady }: { started: RenderJob; onReady: (assetId: string) => void }) {
  const job = useRenderJob(started.jobId, started).data ?? started;
  const told = useRef(false);
  useEffect(() => {
    if (job.status === 'listo' && job.assetId && !told.current) {
      told.current = true;
      onReady(job.assetId);
    }
  }, [job.status, job.assetId, onReady]);
  return <RenderJobView job={job} />;
}

export function PostVideo({ post, onReady }: { post: { id: string; title: string; content: string; platform: string }; onReady: (assetId: string) => void }) {
  const create = useCreateVideo();
  const renders = useRenders();
  const [started, setStarted] = useState<RenderJob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const request = postVideoRequest(post, post.platform);
  if (!request) return null;
  const running = renders.data?.find((job) => job.postId === post.id && !isRenderFinished(job));
  const followed = started ?? running ?? null;

  const start = () => {
    const refused = videoRequestProblem(request);
    setProblem(refused);
    if (refused) return;
    create.mutate(request, { onSuccess: setStarted, onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <section className={styles.fieldset} aria-label="Vídeo de la publicación">
      <h3 className={styles.legendTitle}>Vídeo</h3>
      <p className={styles.dialogText}>Crea un vídeo con el título y el texto de esta publicación ({VIDEO_FORMAT_LABELS[request.format]}). Se añadirá a sus medios cuando esté listo.</p>
      <div>
        <Button onClick={start} disabled={create.isPending || (followed !== null && !isRenderFinished(followed))} aria-busy={create.isPending}>
          {create.isPending && <Spinner />}
          Crear vídeo
        </Button>
      </div>
      {problem && (
        <p role="alert" className={styles.fieldError}>
          {problem}
        </p>
      )}
      {followed && <FollowedJob key={followed.jobId} started={followed} onReady={onReady} />}
    </section>
  );
}
