/**
 * 'En curso y recientes' (issue 18): the owner's newest render jobs from listarRenders, so a reload
 * still shows what is running; each with its progress, or its result once ready. The list re-reads
 * itself while a job runs.
 */
import type { RenderKind } from '@director-ia/shared';
import { ListHeading } from '../../../ui/ListHeading';
import { QueryList } from '../../../ui/QueryStates';
import { useRenders } from '../useRenders';
import { RenderJobView } from './RenderJobView';
import styles from './media.module.css';

/** `kind`: only soundtracks or only videos; `exclude`: a job shown elsewhere on the page (the one just started). */
export function RenderJobList({ kind, exclude, onOpenGallery }: { kind?: RenderKind; exclude?: string | undefined; onOpenGallery?: () => void }) {
  const renders = useRenders();
  const jobs = renders.data?.filter((job) => (!kind || job.kind === kind) && job.jobId !== exclude);
  return (
    <section aria-label="En curso y recientes">
      <ListHeading title="En curso y recientes" count={jobs?.length} />
      <QueryList query={renders} empty={<p className={styles.empty}>Aún no has creado vídeos ni bandas sonoras.</p>}>
        {() =>
          jobs && jobs.length > 0 ? (
            <ul className={styles.list} aria-label="Trabajos de render">
              {jobs.map((job) => (
                <li key={job.jobId}>
                  <RenderJobView job={job} onOpenGallery={onOpenGallery} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>Aún no has creado vídeos ni bandas sonoras.</p>
          )
        }
      </QueryList>
    </section>
  );
}
