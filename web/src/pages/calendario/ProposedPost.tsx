/**
 * One post of the proposed plan (spec 3 "Proposed plan"; issue 13 items 1–2): its date, network,
 * title and content, its preview in the network's shape with its gallery media (the planner's
 * pick for a network that needs an image or a video, or the owner's) and the exact Spanish
 * reasons it cannot go out (validatePost on its network with its version for it and its media;
 * a media item gone from the gallery), and — before approval — "Editar" (an inline form: title,
 * content, date, time, network, its media from the gallery in order, and the network's own text
 * when it has one; saved with editarPropuesta) and, for a post with reasons, "Adaptar con IA"
 * (the AI rewrites it for its network: saved as that network's version with editarPropuesta).
 *
 * The reasons block — red, `data-blocking` on the item: aprobarPlan will refuse the plan — only
 * when the post's network is connected (its listarRedes card 'conectada'; while the cards are
 * read, assumed so). For a network that is not connected nothing refuses the post and nothing
 * publishes it (its publication fails asking to connect it), so its reasons show as a note with
 * PUBLICATION_MSG.notConnected.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  editarPropuesta,
  isSocialNetwork,
  MSG,
  POST_LIMITS,
  postWhenLabel,
  PUBLICATION_MSG,
  socialNetworkLabel,
  TIME_MSG,
  type Asset,
  type PlannedPost,
  type PostDraft,
  type PostProblem,
  type PostVersion,
  type SocialConnection,
  type SocialNetwork,
} from '@director-ia/shared';
import { useEditProposal } from '../../features/plan/useEditProposal';
import { foundMedia, missingMedia, PostPreview, previewMediaOf, PUBLISHING_UI, useAdaptPost, useDraftProblems, type ShownProblem } from '../../features/publishing';
import { TextAreaField, TextField } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { MediaPicker } from './MediaPicker';
import { NetworkSelect } from './NetworkSelect';
import styles from './CalendarioPage.module.css';

/** The post's fields as the inline editor holds them. */
export interface ProposalFields {
  title: string;
  content: string;
  scheduledDate: string;
  time: string;
  platform: string;
  versions: PostVersion[];
  /** Gallery asset ids, in order. */
  media: string[];
}

/** The editable fields of `post`. */
export const proposalFields = (post: PlannedPost): ProposalFields => ({
  title: post.title,
  content: post.content,
  scheduledDate: post.scheduledDate,
  time: post.time,
  platform: post.platform,
  versions: post.versions,
  media: post.media,
});

/** What the post's network gets: its version for it, or the post's own text and title. */
export function proposalDraft(post: Pick<ProposalFields, 'title' | 'content' | 'platform' | 'versions'>): { network: SocialNetwork; text: string; title: string } | null {
  if (!isSocialNetwork(post.platform)) return null;
  const version = post.versions.find((candidate) => candidate.network === post.platform);
  return { network: post.platform, text: version?.text ?? post.content, title: version?.title ?? post.title };
}

/** `versions` with `network`'s replaced by `version` (or removed when undefined). */
export function withVersion(versions: readonly PostVersion[], network: SocialNetwork, version: Omit<PostVersion, 'network'> | undefined): PostVersion[] {
  const rest = versions.filter((candidate) => candidate.network !== network);
  return version ? [...rest, { network, ...version }] : rest;
}

/** What a proposed post's network gets and what of its media is gone from the gallery. */
export interface ProposalCheck {
  network: SocialNetwork;
  /** Its text, title and the media found in the gallery; undefined while the gallery is being read. */
  draft: PostDraft | undefined;
  /** Its media ids no longer in the gallery as images or videos. */
  missing: string[];
}

/** The check of `post` with the gallery `assets` (undefined while read); null for a network that is not one of ours. */
export function proposalCheck(post: Pick<ProposalFields, 'title' | 'content' | 'platform' | 'versions' | 'media'>, assets: readonly Asset[] | undefined): ProposalCheck | null {
  const words = proposalDraft(post);
  if (!words) return null;
  const media = foundMedia(post.media, assets);
  return { network: words.network, draft: media && { text: words.text, title: words.title, media }, missing: missingMedia(post.media, assets) };
}

/** Whether `network`'s listarRedes card is 'conectada'; undefined while the cards are being read. */
export function isConnected(connections: readonly Pick<SocialConnection, 'network' | 'state'>[] | undefined, network: SocialNetwork): boolean | undefined {
  return connections?.some((card) => card.network === network && card.state === 'conectada');
}

/** How a proposed post's reasons stand (see the module header). */
export interface ProposalStanding {
  /** A media item gone from the gallery, then validatePost's problems; undefined before validatePost's first answer. */
  reasons: ShownProblem[] | undefined;
  /** aprobarPlan will refuse the plan for this post: it has reasons and its network is connected (or not known yet not to be). */
  blocking: boolean;
  /** Its network is known not to be connected. */
  notConnected: boolean;
}

/** The standing of a post with `check`'s missing media, validatePost's `problems` (undefined before any) and whether its network is `connected`. */
export function proposalStanding(check: Pick<ProposalCheck, 'missing'>, problems: readonly PostProblem[] | undefined, connected: boolean | undefined): ProposalStanding {
  const reasons = problems && [...(check.missing.length > 0 ? [{ code: 'media_missing', message: PUBLICATION_MSG.mediaMissing }] : []), ...problems];
  return { reasons, blocking: connected !== false && (reasons?.length ?? 0) > 0, notConnected: connected === false };
}

export interface ProposedPostProps {
  planId: string;
  post: PlannedPost;
  /** The plan is being approved or rejected. */
  locked: boolean;
  /** The gallery (listarRecursos); undefined while it loads. */
  assets: readonly Asset[] | undefined;
  /** The network cards (listarRedes); undefined while they load. */
  connections: readonly SocialConnection[] | undefined;
}

export function ProposedPost({ planId, post, locked, assets, connections }: ProposedPostProps) {
  const id = useId();
  const edit = useEditProposal();
  const adapt = useAdaptPost();
  const [editing, setEditing] = useState<ProposalFields | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adaptedOffline, setAdaptedOffline] = useState(false);
  const shown = editing ?? post;
  const draft = proposalDraft(shown);
  const proposal = proposalCheck(shown, assets);
  const [check] = useDraftProblems(proposal ? [proposal] : []);
  const standing = proposal && proposalStanding(proposal, check?.problems, isConnected(connections, proposal.network));
  const invalid = (standing?.reasons?.length ?? 0) > 0;
  const busy = locked || edit.isPending || adapt.isPending;

  /** Saves `fields`; without `media` the server keeps the post's. */
  const saveFields = (fields: Omit<ProposalFields, 'media'> & { media?: string[] }, then?: () => void) => {
    const input = { planId, post: { id: post.id, ...fields } };
    const checked = editarPropuesta.input.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? MSG.invalidData);
      return;
    }
    setProblem(null);
    edit.mutate(checked.data, { onSuccess: then });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) saveFields(editing, () => setEditing(null));
  };

  const runAdapt = () => {
    if (!draft) return;
    adapt.mutate(
      { network: draft.network, title: draft.title, content: draft.text },
      {
        onSuccess: (answer) => {
          setAdaptedOffline(answer.offline);
          const version = { text: answer.text, ...(answer.title !== undefined ? { title: answer.title } : {}) };
          const base = editing ?? proposalFields(post);
          const fields = { ...base, versions: withVersion(base.versions, draft.network, version) };
          if (editing) setEditing(fields);
          else {
            // The media are left as stored: an id gone from the gallery would make the server refuse the new text.
            const { media: _kept, ...words } = fields;
            saveFields(words);
          }
        },
      },
    );
  };

  const field = <K extends keyof ProposalFields>(key: K) => (value: ProposalFields[K]) => setEditing((current) => (current ? { ...current, [key]: value } : current));
  const version = editing && draft ? editing.versions.find((candidate) => candidate.network === draft.network) : undefined;

  return (
    <li className={styles.planPost} data-post-id={post.id} data-invalid={invalid || undefined} data-blocking={standing?.blocking || undefined}>
      <div className={styles.planPostHead}>
        <time dateTime={`${shown.scheduledDate}T${shown.time}`}>{postWhenLabel(shown.scheduledDate, shown.time)}</time>
        <span className={styles.networkBadge}>{socialNetworkLabel(shown.platform)}</span>
      </div>
      <h3 className={styles.planPostTitle}>{shown.title}</h3>
      {editing ? (
        <form className={styles.dialogForm} onSubmit={submit} noValidate aria-label={`${PUBLISHING_UI.edit}: ${post.title}`}>
          <TextField id={`${id}-title`} label="Título" value={editing.title} onValue={field('title')} maxLength={POST_LIMITS.title} />
          <TextAreaField id={`${id}-content`} label="Contenido" value={editing.content} onValue={field('content')} maxLength={POST_LIMITS.content} rows={5} />
          <div className={styles.twoFields}>
            <TextField id={`${id}-date`} label="Fecha" type="date" value={editing.scheduledDate} onValue={field('scheduledDate')} required />
            <TextField id={`${id}-time`} label={TIME_MSG.timeLabel} type="time" step={60} value={editing.time} onValue={field('time')} required />
            <NetworkSelect id={`${id}-platform`} value={editing.platform} stored={post.platform} onValue={field('platform')} />
          </div>
          <MediaPicker media={editing.media} assets={assets} onMedia={field('media')} />
          {version && draft && (
            <>
              <TextAreaField
                id={`${id}-version`}
                label={PUBLISHING_UI.versionText(draft.network)}
                value={version.text}
                onValue={(text) => field('versions')(withVersion(editing.versions, draft.network, { ...version, text }))}
                maxLength={POST_LIMITS.content}
                rows={5}
              />
              <div>
                <Button size="small" onClick={() => field('versions')(withVersion(editing.versions, draft.network, undefined))}>
                  {PUBLISHING_UI.useGeneralText}
                </Button>
              </div>
            </>
          )}
          {problem && (
            <p role="alert" className={styles.fieldError}>
              {problem}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button onClick={() => setEditing(null)} disabled={edit.isPending}>
              {PUBLISHING_UI.cancel}
            </Button>
            <Button type="submit" variant="primary" disabled={busy} aria-busy={edit.isPending}>
              {edit.isPending && <Spinner />}
              {PUBLISHING_UI.save}
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.planPostContent}>{post.content}</p>
      )}
      {draft && (
        <PostPreview
          network={draft.network}
          text={draft.text}
          title={draft.title}
          media={previewMediaOf(shown.media, assets ?? [])}
          problems={standing?.reasons}
          checking={check?.checking ?? true}
          blocking={standing?.blocking ?? true}
        />
      )}
      {draft && standing?.notConnected && (
        <p className={styles.connectHint} data-not-connected="">
          {PUBLICATION_MSG.notConnected(draft.network)}
        </p>
      )}
      {adaptedOffline && <span className={styles.offlineBadge}>{PUBLICATION_MSG.adaptedOffline}</span>}
      {!editing && problem && (
        <p role="alert" className={styles.fieldError}>
          {problem}
        </p>
      )}
      {!editing && (
        <div className={styles.versionActions}>
          <Button
            size="small"
            disabled={busy}
            onClick={() => setEditing(proposalFields(post))}
          >
            <Icon name="pen" size={16} />
            {PUBLISHING_UI.edit}
          </Button>
          {invalid && (
            <Button size="small" variant="primary" disabled={busy} aria-busy={adapt.isPending || undefined} onClick={runAdapt}>
              {adapt.isPending ? <Spinner /> : <Icon name="sparkles" size={16} />}
              {PUBLICATION_MSG.adaptWithAi}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
