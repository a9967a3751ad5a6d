/**
 * One post of the proposed plan (spec 3 "Proposed plan"; issue 13 item 2): its date, network,
 * title and content, its preview in the network's shape with the exact Spanish reasons it cannot
 * go out (validatePost on its network with its version for it), and — before approval — "Editar"
 * (an inline form: title, content, date, time, network, and the network's own text when it has
 * one; saved with editarPropuesta) and, for a post that cannot go out, "Adaptar con IA" (the AI
 * rewrites it for its network: saved as that network's version with editarPropuesta).
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
  type PlannedPost,
  type PostVersion,
  type SocialNetwork,
} from '@director-ia/shared';
import { useEditProposal } from '../../features/plan/useEditProposal';
import { PostPreview, PUBLISHING_UI, useAdaptPost, useDraftProblems } from '../../features/publishing';
import { TextAreaField, TextField } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
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
}

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

export function ProposedPost({ planId, post, locked }: { planId: string; post: PlannedPost; /** The plan is being approved or rejected. */ locked: boolean }) {
  const id = useId();
  const edit = useEditProposal();
  const adapt = useAdaptPost();
  const [editing, setEditing] = useState<ProposalFields | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adaptedOffline, setAdaptedOffline] = useState(false);
  const shown = editing ?? post;
  const draft = proposalDraft(shown);
  const [check] = useDraftProblems(draft ? [{ network: draft.network, draft: { text: draft.text, title: draft.title, media: [] } }] : []);
  const invalid = (check?.problems?.length ?? 0) > 0;
  const busy = locked || edit.isPending || adapt.isPending;

  const saveFields = (fields: ProposalFields, then?: () => void) => {
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
          const base = editing ?? { title: post.title, content: post.content, scheduledDate: post.scheduledDate, time: post.time, platform: post.platform, versions: post.versions };
          const fields = { ...base, versions: withVersion(base.versions, draft.network, version) };
          if (editing) setEditing(fields);
          else saveFields(fields);
        },
      },
    );
  };

  const field = <K extends keyof ProposalFields>(key: K) => (value: ProposalFields[K]) => setEditing((current) => (current ? { ...current, [key]: value } : current));
  const version = editing && draft ? editing.versions.find((candidate) => candidate.network === draft.network) : undefined;

  return (
    <li className={styles.planPost} data-post-id={post.id} data-invalid={invalid || undefined}>
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
      {draft && <PostPreview network={draft.network} text={draft.text} title={draft.title} problems={check?.problems} checking={check?.checking ?? true} />}
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
            onClick={() => setEditing({ title: post.title, content: post.content, scheduledDate: post.scheduledDate, time: post.time, platform: post.platform, versions: post.versions })}
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
