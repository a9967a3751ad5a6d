/**
 * The browser's view of publications (shared PublicationSchema; issue 13 item 4), from what the
 * publication item stored: no connection, app or secret read, so any callable that lists posts can
 * show them.
 *
 * - A `programado` publication whose `dueAt` passed more than MISSED_AFTER_MS ago reads as
 *   `no_publicado` with PUBLICATION_MSG.notPublished (the sweep marks it so soon after; never
 *   silently dropped).
 * - `privacy`: what the publisher recorded; before it ran, `private` for the networks whose
 *   unaudited apps publish privately (TikTok, YouTube), else `public` (the publisher knows the app).
 * - `link` (issue 15 item 4): the publication's own tracked link (./links.ts), else its post's
 *   (`withPostLink`, applied where the post is at hand: core/plan/view.ts postView).
 */
import { MISSED_AFTER_MS, PUBLICATION_MSG, type Publication } from '@director-ia/shared';
import type { PublicationItem } from './store';

export { MISSED_AFTER_MS };

/** Whether instant `dueAt` (ISO) is more than MISSED_AFTER_MS before `now`. */
export const isPastMissing = (dueAt: string, now: Date): boolean => now.getTime() - Date.parse(dueAt) > MISSED_AFTER_MS;

/** Whether `item` is `programado` and more than MISSED_AFTER_MS past its instant at `now`. */
export const isMissed = (item: Pick<PublicationItem, 'state' | 'dueAt'>, now: Date): boolean => item.state === 'programado' && isPastMissing(item.dueAt, now);

/** The view of one publication at `now`. */
export function publicationView(item: PublicationItem, now: Date): Publication {
  const missed = isMissed(item, now);
  return {
    id: item.id,
    network: item.network,
    targetId: item.targetId ?? null,
    targetName: item.targetName ?? null,
    state: missed ? 'no_publicado' : item.state,
    dueAt: item.dueAt,
    publishedAt: item.publishedAt ?? null,
    url: item.url ?? null,
    reason: missed ? PUBLICATION_MSG.notPublished : (item.reason ?? null),
    fix: !missed && item.fixLabel && item.fixHref ? { label: item.fixLabel, href: item.fixHref } : null,
    privacy: item.privacy ?? (PUBLICATION_MSG.privateOnly[item.network] ? 'private' : 'public'),
    sandbox: item.sandbox ?? false,
    ...(item.linkCode && item.linkUrl ? { link: { code: item.linkCode, url: item.linkUrl } } : {}),
  };
}

/**
 * `views` with their post's tracked link where they have none of their own (issue 15 item 4: a
 * campaign post's link is made at the campaign's approval and lives on the post).
 */
export function withPostLink(views: readonly Publication[], post: { linkCode?: string | undefined; linkUrl?: string | undefined }): Publication[] {
  const { linkCode: code, linkUrl: url } = post;
  return views.map((view) => (view.link || !code || !url ? view : { ...view, link: { code, url } }));
}
