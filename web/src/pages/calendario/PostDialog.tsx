/**
 * One scheduled post, opened from the calendar (spec 2 'calendario'; issue 5 item 1, issue 13
 * items 1–4): its status, when it goes out ('12 de mayo · 19:00'), and a form to edit the title,
 * content, date, time ('Hora', 24 h, in the brand's time zone) and network ('Guardar cambios'), or
 * delete it after confirming; where it goes (the connected networks' destinations), its gallery
 * media in order, its text per network with each network's preview and the exact Spanish reasons
 * it cannot go out ("Adaptar con IA" rewrites it) — saving is blocked, with the reasons, while a
 * target network has a problem —, and its publications with their states and actions. The form
 * checks the same limits as the server before sending. A post for TikTok, YouTube or Instagram can
 * get a video made for it ('Crear vídeo', PostVideo; issue 18 item 4).
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import {
  guardarPublicacion,
  isSocialNetwork,
  MAX_POST_MEDIA,
  MSG,
  POST_LIMITS,
  postWhenLabel,
  PUBLICATION_MSG,
  TIME_MSG,
  timeZoneLabel,
  validatePost,
  type Asset,
  type PostDraft,
  type PostTarget,
  type Publication,
  type ScheduledPost,
  type SocialConnection,
  type SocialNetwork,
} from '@director-ia/shared';
import { useAssets } from '../../features/assets';
import { useDeletePost } from '../../features/plan/useDeletePost';
import { useSavePost } from '../../features/plan/useSavePost';
import { foundMedia, missingMedia, previewMediaOf, PUBLISHING_UI, useDraftProblems, usePublishNow, useResolvePublication } from '../../features/publishing';
import { TextAreaField, TextField } from '../../features/settings/Fields';
import { useSocialNetworks } from '../../features/social';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { MediaPicker } from './MediaPicker';
import { NetworkSelect } from './NetworkSelect';
import { PostVideo } from './PostVideo';
import { statusLabel, statusTone } from './MonthGrid';
import { draftText, NetworkVersions, versionList, versionMap, type VersionMap } from './NetworkVersions';
import { PublicationList, type PublicationAction } from './PublicationList';
import { TargetPicker } from './TargetPicker';
import { isConnected } from './ProposedPost';
import styles from './CalendarioPage.module.css';

/** The networks of `targets`, each once, in order. */
export const targetNetworks = (targets: readonly PostTarget[]): SocialNetwork[] => [...new Set(targets.map((target) => target.network))];

/**
 * The targets after the 'Red social' select moves from `from` to `to`: a post that only goes to
 * its network's chosen destinations (`[{network: from}]`, the default) follows the new network;
 * targets the owner picked are kept as they are.
 */
export function followPlatform(targets: readonly PostTarget[], from: string, to: SocialNetwork): PostTarget[] {
  const [only] = targets;
  return targets.length === 1 && only?.network === from && only.targetId === undefined ? [{ network: to }] : [...targets];
}

/**
 * What each network would get: its text and title (its version, or the post's) and the media
 * found in the gallery; undefined while the gallery that describes the media is being read.
 */
export function networkDrafts(networks: readonly SocialNetwork[], fields: { title: string; content: string; versions: VersionMap; media: readonly string[] }, assets: readonly Asset[] | undefined) {
  const media = foundMedia(fields.media, assets);
  return networks.map((network) => ({ network, draft: media ? ({ ...draftText(fields.versions, network, fields.content, fields.title), media } satisfies PostDraft) : undefined }));
}

/** Every reason the post cannot be saved as it is: a media item gone from the gallery, then each network's problems. */
export function saveBlockers(missing: readonly string[], problems: readonly { problems: readonly { message: string }[] | undefined }[]): string[] {
  return [...(missing.length > 0 ? [PUBLICATION_MSG.mediaMissing] : []), ...problems.flatMap((check) => (check.problems ?? []).map((problem) => problem.message))];
}

/**
 * The checks that block saving, as the server refuses them (guardarPublicacion): only for an
 * approved post, and only on networks that are connected (or not known yet not to be). A network
 * that is not connected publishes nothing, so its rules show as a note under its preview instead.
 */
export function blockingChecks<C extends { network: SocialNetwork }>(status: string, checks: readonly C[], connections: readonly Pick<SocialConnection, 'network' | 'state'>[] | undefined): C[] {
  if (status !== 'aprobado') return [];
  return checks.filter((check) => isConnected(connections, check.network) !== false);
}

/** `timeZone`: the brand's zone (its times are wall-clock times there), once the settings are read; `now`: the current instant, ms. */
export function PostDialog({ post, timeZone, now, onClose }: { post: ScheduledPost; timeZone?: string | undefined; now: number; onClose: () => void }) {
  const id = useId();
  const save = useSavePost();
  const remove = useDeletePost();
  const publishNow = usePublishNow();
  const resolve = useResolvePublication();
  const cards = useSocialNetworks().data;
  const connections = cards ?? [];
  const assets = useAssets().data;
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [date, setDate] = useState(post.scheduledDate);
  const [time, setTime] = useState(post.time);
  const [platform, setPlatform] = useState<SocialNetwork | ''>(isSocialNetwork(post.platform) ? post.platform : '');
  const [targets, setTargets] = useState(post.targets);
  const [media, setMedia] = useState(post.media);
  const [versions, setVersions] = useState<VersionMap>(() => versionMap(post.versions));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checkingSave, setCheckingSave] = useState(false);
  const [running, setRunning] = useState<{ publicationId: string; action: PublicationAction } | null>(null);
  const busy = save.isPending || remove.isPending || checkingSave;

  const networks = targetNetworks(targets);
  const drafts = networkDrafts(networks, { title, content, versions, media }, assets);
  const checks = useDraftProblems(drafts);
  const missing = missingMedia(media, assets);
  const blockers = saveBlockers(missing, blockingChecks(post.status, checks, cards));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = guardarPublicacion.input.safeParse({ id: post.id, title, content, scheduledDate: date, time, platform, targets, media, versions: versionList(versions, content, title) });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? MSG.invalidData);
      return;
    }
    setProblem(null);
    // The shown reasons may be a keystroke old: check the drafts being saved once more.
    setCheckingSave(true);
    try {
      const final = await Promise.all(drafts.map(async ({ network, draft }) => ({ network, problems: draft ? await validatePost(network, draft) : undefined })));
      const blocking = blockingChecks(post.status, final, cards);
      const reasons = saveBlockers(missing, blocking);
      if (reasons.length > 0 || blocking.some((check) => check.problems === undefined)) {
        setProblem(reasons[0] ?? PUBLISHING_UI.checking);
        return;
      }
    } finally {
      setCheckingSave(false);
    }
    save.mutate(checked.data, { onSuccess: onClose });
  };

  const act = (publication: Publication, action: PublicationAction) => {
    setRunning({ publicationId: publication.id, action });
    const settled = { onSettled: () => setRunning(null) };
    if (action === 'publishNow' || action === 'retry') publishNow.mutate({ id: post.id, publicationId: publication.id }, settled);
    else resolve.mutate({ id: post.id, publicationId: publication.id, published: action === 'confirmPublished' }, settled);
  };

  // The server attached the new video to the stored post; the form's list gets it too, so a save keeps it.
  const addVideo = useCallback((assetId: string) => setMedia((current) => (current.includes(assetId) || current.length >= MAX_POST_MEDIA ? current : [...current, assetId])), []);

  const setVersion = (network: SocialNetwork, version: VersionMap[SocialNetwork]) => {
    const { [network]: _old, ...rest } = versions;
    setVersions(version ? { ...rest, [network]: version } : rest);
  };

  return (
    <>
      <Modal title="Publicación programada" maxWidth={920} onClose={onClose}>
        <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate aria-label="Editar publicación">
          <p className={styles.postMeta}>
            <span className={styles.statusBadge} data-status={statusTone(post.status)}>
              {statusLabel(post.status)}
            </span>
            <span>{postWhenLabel(post.scheduledDate, post.time)}</span>
          </p>
          <TextField id={`${id}-title`} label="Título" value={title} onValue={setTitle} maxLength={POST_LIMITS.title} />
          <TextAreaField id={`${id}-content`} label="Contenido" value={content} onValue={setContent} maxLength={POST_LIMITS.content} rows={7} />
          <div className={styles.twoFields}>
            <TextField id={`${id}-date`} label="Fecha" type="date" value={date} onValue={setDate} required />
            <TextField id={`${id}-time`} label={TIME_MSG.timeLabel} type="time" step={60} value={time} onValue={setTime} required hint={timeZone ? timeZoneLabel(timeZone) : undefined} />
            <NetworkSelect
              id={`${id}-platform`}
              value={platform}
              stored={post.platform}
              onValue={(next) => {
                setTargets((current) => followPlatform(current, platform, next));
                setPlatform(next);
              }}
            />
          </div>
          <TargetPicker connections={connections} targets={targets} onTargets={setTargets} />
          <MediaPicker media={media} assets={assets} onMedia={setMedia} />
          <PostVideo post={post} onReady={addVideo} />
          <NetworkVersions networks={networks} title={title} content={content} versions={versions} onVersion={setVersion} checks={checks} media={previewMediaOf(media, assets ?? [])} blocking={new Set(blockingChecks(post.status, checks, cards).map((check) => check.network))} />
          <section className={styles.fieldset} aria-labelledby={`${id}-publications`}>
            <h3 id={`${id}-publications`} className={styles.legendTitle}>
              {PUBLISHING_UI.publications}
            </h3>
            <PublicationList publications={post.publications} timeZone={timeZone} now={now} busy={running} onAction={act} />
          </section>
          {blockers.length > 0 && (
            <div id={`${id}-blockers`} className={styles.blockers} aria-live="polite">
              <p>{PUBLISHING_UI.saveBlocked}</p>
              <ul>
                {blockers.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
          {problem && (
            <p role="alert" className={styles.fieldError}>
              {problem}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="danger" className={styles.deleteButton} disabled={busy} onClick={() => setConfirming(true)}>
              {remove.isPending && <Spinner />}
              Eliminar
            </Button>
            <Button onClick={onClose}>Cancelar</Button>
            <Button type="submit" variant="primary" disabled={busy || blockers.length > 0} aria-busy={save.isPending || checkingSave} aria-describedby={blockers.length > 0 ? `${id}-blockers` : undefined}>
              {(save.isPending || checkingSave) && <Spinner />}
              {save.isPending ? MSG.processing : 'Guardar cambios'}
            </Button>
          </div>
        </form>
      </Modal>
      {confirming && (
        <ConfirmDialog title="Eliminar publicación" onConfirm={() => remove.mutate(post.id, { onSuccess: onClose })} onCancel={() => setConfirming(false)}>
          ¿Eliminar la publicación <strong>«{post.title}»</strong>? No se puede deshacer.
        </ConfirmDialog>
      )}
    </>
  );
}
