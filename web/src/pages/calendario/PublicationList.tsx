/**
 * A post's publications in its dialog (issue 13 items 3–4): one row per publication — network,
 * destination, state, when it is due on the brand's clock, when it went out, the Spanish reason,
 * the fix link ('Reconecta Instagram' → Redes Sociales), "Ver publicación" (the network's URL, in a
 * new tab), the private-only note of an unaudited app, its tracked link with a copy button (issue 15
 * item 4: 'Enlace de seguimiento') — and its actions: "Publicar ahora"
 * (programado, no publicado), "Reintentar" (error), and for 'sin confirmar' the owner's two answers,
 * the second after a warning (it publishes again: twice if it did go out). Each row carries
 * `data-network`, `data-state` and `data-publication-id` (stable hooks for the end-to-end tests).
 */
import { useState, type MouseEvent } from 'react';
import { PUBLICATION_MSG, PUBLICATION_STATE_LABELS, SOCIAL_MSG, SOCIAL_NETWORK_LABELS, type Publication, type PublicationState } from '@director-ia/shared';
import { dueLabel, publicationTone, PUBLISHING_UI, shownState, TrackedLink } from '../../features/publishing';
import { openPage, pageKeyOfHref } from '../../lib/navigation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import styles from './CalendarioPage.module.css';

/** What the owner can do with a publication in `state`. */
export type PublicationAction = 'publishNow' | 'retry' | 'confirmPublished' | 'confirmNotPublished';

export function actionsFor(state: PublicationState): PublicationAction[] {
  switch (state) {
    case 'programado':
    case 'no_publicado':
      return ['publishNow'];
    case 'error':
      return ['retry'];
    case 'sin_confirmar':
      return ['confirmPublished', 'confirmNotPublished'];
    default:
      return [];
  }
}

const ACTION_LABELS: Readonly<Record<PublicationAction, string>> = {
  publishNow: PUBLICATION_MSG.publishNow,
  retry: PUBLICATION_MSG.retry,
  confirmPublished: PUBLICATION_MSG.confirmPublished,
  confirmNotPublished: PUBLICATION_MSG.confirmNotPublished,
};

const isWebUrl = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

/** The fix link: a dashboard page ('/redes') opens in place; anything else is an ordinary link. */
function FixLink({ fix }: { fix: { label: string; href: string } }) {
  const page = pageKeyOfHref(fix.href);
  const open = (event: MouseEvent) => {
    if (!page) return;
    event.preventDefault();
    openPage(page);
  };
  return (
    <a className={styles.fixLink} href={fix.href} onClick={open}>
      {fix.label}
    </a>
  );
}

export interface PublicationListProps {
  publications: readonly Publication[];
  /** The brand's zone: due and published instants are shown on its clock. */
  timeZone?: string | undefined;
  /** The current instant, ms. */
  now: number;
  /** The action running, if any (its publication's buttons are busy, every other is disabled). */
  busy: { publicationId: string; action: PublicationAction } | null;
  onAction: (publication: Publication, action: PublicationAction) => void;
}

export function PublicationList({ publications, timeZone, now, busy, onAction }: PublicationListProps) {
  const [confirming, setConfirming] = useState<Publication | null>(null);
  if (publications.length === 0) return <p className={styles.dialogText}>{PUBLISHING_UI.noPublications}</p>;
  return (
    <>
      <ul className={styles.publications} aria-label={PUBLISHING_UI.publications}>
        {publications.map((publication) => {
          const state = shownState(publication, now);
          const privateNote = publication.privacy === 'private' ? PUBLICATION_MSG.privateOnly[publication.network] : undefined;
          // A programado publication shown as no_publicado (an hour late) has no reason of its own yet.
          const reason = publication.reason ?? (state !== publication.state ? PUBLICATION_MSG.notPublished : null);
          return (
            <li key={publication.id} className={styles.publication} data-network={publication.network} data-state={state} data-publication-id={publication.id}>
              <div className={styles.publicationHead}>
                <strong>{SOCIAL_NETWORK_LABELS[publication.network]}</strong>
                {publication.targetName && <span>· {publication.targetName}</span>}
                <span className={styles.statusBadge} data-tone={publicationTone(state)}>
                  {PUBLICATION_STATE_LABELS[state]}
                </span>
                {publication.sandbox && <span className={styles.sandboxBadge}>{SOCIAL_MSG.sandbox}</span>}
                {publication.privacy === 'private' && <span className={styles.sandboxBadge}>{PUBLISHING_UI.privateBadge}</span>}
              </div>
              <p className={styles.publicationWhen}>
                {PUBLISHING_UI.due}: <time dateTime={publication.dueAt}>{dueLabel(publication.dueAt, timeZone)}</time>
                {publication.publishedAt && (
                  <>
                    {' · '}
                    {PUBLISHING_UI.publishedOn}: <time dateTime={publication.publishedAt}>{dueLabel(publication.publishedAt, timeZone)}</time>
                  </>
                )}
              </p>
              {reason && <p className={styles.publicationReason}>{reason}</p>}
              {privateNote && <p className={styles.publicationNote}>{privateNote}</p>}
              {publication.link && <TrackedLink link={publication.link} />}
              <div className={styles.publicationActions}>
                {publication.fix && <FixLink fix={publication.fix} />}
                {isWebUrl(publication.url) && (
                  <a href={publication.url} target="_blank" rel="noopener noreferrer">
                    {PUBLICATION_MSG.viewPost}
                  </a>
                )}
                {actionsFor(state).map((action) => {
                  const running = busy?.publicationId === publication.id && busy.action === action;
                  return (
                    <Button
                      key={action}
                      size="small"
                      variant={action === 'confirmNotPublished' ? 'danger' : action === 'confirmPublished' ? 'secondary' : 'primary'}
                      disabled={busy !== null}
                      aria-busy={running || undefined}
                      onClick={() => (action === 'confirmNotPublished' ? setConfirming(publication) : onAction(publication, action))}
                    >
                      {running && <Spinner />}
                      {ACTION_LABELS[action]}
                    </Button>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={PUBLISHING_UI.republishTitle}
          confirmLabel={PUBLICATION_MSG.confirmNotPublished}
          onConfirm={() => onAction(confirming, 'confirmNotPublished')}
          onCancel={() => setConfirming(null)}
        >
          {PUBLISHING_UI.republishText(confirming.network)}
        </ConfirmDialog>
      )}
    </>
  );
}
