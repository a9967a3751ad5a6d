/**
 * The post per target network (issue 13 item 2, Mixpost's versions and previews): one tab per
 * network the post goes to, each with its own text (and title where the network shows one) —
 * the general text until the owner edits it or "Adaptar con IA" rewrites it to fit (an offline
 * rewrite is labelled PUBLICATION_MSG.adaptedOffline) — its preview in the network's shape and the
 * exact Spanish reasons it cannot go out. "Usar el texto general" drops the network's own text.
 */
import { useId, useState } from 'react';
import { POST_LIMITS, previewShape, PUBLICATION_MSG, SOCIAL_NETWORK_LABELS, type PostVersion, type SocialNetwork } from '@director-ia/shared';
import { PostPreview, PUBLISHING_UI, useAdaptPost, type DraftProblems, type PreviewMedia } from '../../features/publishing';
import { TextAreaField, TextField } from '../../features/settings/Fields';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import styles from './CalendarioPage.module.css';

/** A network's own text and title (title absent → the post's title). */
export type VersionDraft = Omit<PostVersion, 'network'>;
export type VersionMap = Partial<Record<SocialNetwork, VersionDraft>>;

export function versionMap(versions: readonly PostVersion[]): VersionMap {
  return Object.fromEntries(versions.map(({ network, ...version }) => [network, version]));
}

/** The versions to save: each network's own text (and title) where it differs from the general one. */
export function versionList(map: VersionMap, content: string, title: string): PostVersion[] {
  return (Object.entries(map) as [SocialNetwork, VersionDraft | undefined][]).flatMap(([network, version]) => {
    if (!version) return [];
    const ownTitle = version.title !== undefined && version.title !== title ? { title: version.title } : {};
    return version.text !== content || 'title' in ownTitle ? [{ network, text: version.text, ...ownTitle }] : [];
  });
}

/** What `network` gets: its own text and title, or the post's. */
export function draftText(map: VersionMap, network: SocialNetwork, content: string, title: string): { text: string; title: string } {
  const version = map[network];
  return { text: version?.text ?? content, title: version?.title ?? title };
}

export interface NetworkVersionsProps {
  networks: readonly SocialNetwork[];
  title: string;
  content: string;
  versions: VersionMap;
  onVersion: (network: SocialNetwork, version: VersionDraft | undefined) => void;
  /** validatePost's answers, one per network of `networks`. */
  checks: readonly DraftProblems[];
  media: readonly PreviewMedia[];
  /** Networks whose problems block saving (the others' show as a note); all when omitted. */
  blocking?: ReadonlySet<SocialNetwork>;
}

export function NetworkVersions({ networks, title, content, versions, onVersion, checks, media, blocking }: NetworkVersionsProps) {
  const id = useId();
  const [chosen, setChosen] = useState<SocialNetwork | null>(null);
  const [offline, setOffline] = useState<ReadonlySet<SocialNetwork>>(new Set());
  const adapt = useAdaptPost();
  const active = chosen && networks.includes(chosen) ? chosen : networks[0];
  if (!active) return null;
  const draft = draftText(versions, active, content, title);
  const check = checks.find((candidate) => candidate.network === active);
  const own = versions[active] !== undefined;
  const adapting = adapt.isPending && adapt.variables?.network === active;

  const setVersion = (network: SocialNetwork, version: VersionDraft | undefined) => {
    const next = new Set(offline);
    next.delete(network);
    setOffline(next);
    onVersion(network, version);
  };
  const runAdapt = () =>
    adapt.mutate(
      { network: active, title: draft.title, content: draft.text },
      {
        onSuccess: (answer) => {
          onVersion(active, { text: answer.text, ...(answer.title !== undefined ? { title: answer.title } : {}) });
          const next = new Set(offline);
          if (answer.offline) next.add(active);
          else next.delete(active);
          setOffline(next);
        },
      },
    );

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legendTitle}>{PUBLISHING_UI.versionsLegend}</legend>
      <div role="tablist" className={styles.tabs} aria-label={PUBLISHING_UI.versionsLegend}>
        {networks.map((network) => {
          const problems = checks.find((candidate) => candidate.network === network)?.problems ?? [];
          return (
            <button
              key={network}
              type="button"
              role="tab"
              id={`${id}-tab-${network}`}
              aria-selected={network === active}
              aria-controls={`${id}-panel`}
              className={styles.tab}
              data-network={network}
              data-invalid={problems.length > 0 || undefined}
              onClick={() => setChosen(network)}
            >
              {SOCIAL_NETWORK_LABELS[network]}
              {problems.length > 0 && (
                <span className={styles.tabAlert} aria-hidden="true">
                  !
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} className={styles.versionPanel} data-network={active}>
        <div className={styles.versionFields}>
          {previewShape(active).title && (
            <TextField id={`${id}-title-${active}`} label={PUBLISHING_UI.versionTitle(active)} value={draft.title} maxLength={POST_LIMITS.title} onValue={(value) => setVersion(active, { text: draft.text, title: value })} />
          )}
          <TextAreaField id={`${id}-text-${active}`} label={PUBLISHING_UI.versionText(active)} value={draft.text} maxLength={POST_LIMITS.content} rows={6} onValue={(value) => setVersion(active, { ...versions[active], text: value })} />
          <div className={styles.versionActions}>
            <Button size="small" disabled={adapt.isPending} aria-busy={adapting || undefined} onClick={runAdapt}>
              {adapting ? <Spinner /> : <Icon name="sparkles" size={16} />}
              {PUBLICATION_MSG.adaptWithAi}
            </Button>
            {own && (
              <Button size="small" onClick={() => setVersion(active, undefined)}>
                {PUBLISHING_UI.useGeneralText}
              </Button>
            )}
            {own && !offline.has(active) && <span className={styles.networkBadge}>{PUBLISHING_UI.ownVersion}</span>}
            {offline.has(active) && <span className={styles.offlineBadge}>{PUBLICATION_MSG.adaptedOffline}</span>}
          </div>
        </div>
        <PostPreview network={active} text={draft.text} title={draft.title} media={media} problems={check?.problems} checking={check?.checking ?? true} blocking={blocking?.has(active) ?? true} />
      </div>
    </fieldset>
  );
}
