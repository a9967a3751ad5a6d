/**
 * How the calendar shows publications (issue 13 item 4): the colour of each state (the spec's
 * aprobado green for what is on its way, a distinct green for publicado, red for error and for
 * anything else), the state chips of a post in the month grid — including 'No publicado' for a
 * past post whose publications never went out — and a due instant in the brand's local time.
 */
import {
  MISSED_AFTER_MS,
  DEFAULT_TIME_ZONE,
  isSocialNetwork,
  localDateTime,
  PUBLICATION_MSG,
  postWhenLabel,
  publishInstant,
  type Publication,
  type PublicationState,
  type ScheduledPost,
  type SocialNetwork,
} from '@director-ia/shared';

/** 'aprobado' (on its way), 'publicado' (out), 'error', 'other' (sin confirmar, no publicado: red like every other state). */
export type PublicationTone = 'aprobado' | 'publicado' | 'error' | 'other';

export function publicationTone(state: PublicationState): PublicationTone {
  switch (state) {
    case 'programado':
    case 'publicando':
      return 'aprobado';
    case 'publicado':
      return 'publicado';
    case 'error':
      return 'error';
    default:
      return 'other';
  }
}

export { MISSED_AFTER_MS };

/** The state to show at instant `now` (ms): a programado publication more than MISSED_AFTER_MS late never went out. */
export function shownState(publication: Pick<Publication, 'state' | 'dueAt'>, now: number): PublicationState {
  return publication.state === 'programado' && Date.parse(publication.dueAt) < now - MISSED_AFTER_MS ? 'no_publicado' : publication.state;
}

/** One chip of a post in the month grid. */
export interface PublicationChip {
  key: string;
  network: SocialNetwork;
  state: PublicationState;
  targetName: string | null;
  reason: string | null;
  sandbox: boolean;
}

type ChipPost = Pick<ScheduledPost, 'scheduledDate' | 'time' | 'platform' | 'targets' | 'publications'>;

/** Whether the post's instant (its date and time in `timeZone`) is before `now` (ms). */
export function isPast(post: Pick<ScheduledPost, 'scheduledDate' | 'time'>, now: number, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  try {
    return Date.parse(publishInstant(post.scheduledDate, post.time, timeZone)) < now;
  } catch {
    return false;
  }
}

/**
 * The chips of `post` at `now` (ms): one per publication; for a past post without any (it was
 * never scheduled), one 'No publicado' per target network; none for a future post not yet approved.
 */
export function publicationChips(post: ChipPost, now: number, timeZone?: string): PublicationChip[] {
  if (post.publications.length > 0) {
    return post.publications.map((publication) => {
      const state = shownState(publication, now);
      const reason = state === publication.state ? publication.reason : (publication.reason ?? PUBLICATION_MSG.notPublished);
      return { key: publication.id, network: publication.network, state, targetName: publication.targetName, reason, sandbox: publication.sandbox };
    });
  }
  if (!isPast(post, now, timeZone)) return [];
  const networks = post.targets.length > 0 ? post.targets.map((target) => target.network) : isSocialNetwork(post.platform) ? [post.platform] : [];
  return [...new Set(networks)].map((network) => ({ key: network, network, state: 'no_publicado', targetName: null, reason: PUBLICATION_MSG.notPublished, sandbox: false }));
}

/** '12 de mayo · 19:00': instant `iso` on the brand's wall clock; the ISO text itself if it cannot be read. */
export function dueLabel(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  try {
    const { date, time } = localDateTime(iso, timeZone);
    return postWhenLabel(date, time);
  } catch {
    return iso;
  }
}
