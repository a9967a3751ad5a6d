/**
 * The publishing engine's API for the rest of core (issue 13 item 3); callers (core/plan,
 * core/settings, core/chat, the publishing callables) code against exactly these signatures.
 *
 * Model: an approved ScheduledPost has one Publication per resolved target
 * (lambdas/platform/db/entities/publication.ts). A publication id is deterministic from
 * (postId, network, targetId ?? '-') so syncing twice never duplicates. Every publication in
 * `programado` has one EventBridge Scheduler one-time schedule (platform/scheduler) named
 * `scheduleName('pub', publicationId)` at its `dueAt`, whose event is
 * `{sub, postId, publicationId, revision}`; a change bumps `revision`, so a late event of an old
 * schedule is ignored. The publisher (lambdas/events/publisher.ts → ./engine.ts) claims with a
 * conditional write and a lease, then prepares, creates once, and records the network's post id
 * (./publish.ts, ./outcomes.ts); the sweep (./sweep.ts) repairs what a lost schedule, an expired
 * lease or an interrupted sync left, and e-mails the daily digest (./digest.ts).
 *
 * Bodies: ./sync.ts (syncPublications, removePublications, rescheduleAll), ./actions.ts
 * (publicationsOf, publishNow, resolveUnconfirmed, postWithPublications). Functions that call
 * these need Scheduler rights (scheduler:CreateSchedule/UpdateSchedule/DeleteSchedule on the
 * group, iam:PassRole on SCHEDULER_ROLE_ARN) and the SCHEDULE_* environment, except
 * `publicationsOf` and `postWithPublications` (table reads only).
 */
import type { Publication } from '@director-ia/shared';
import type { ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import * as actions from './actions';
import * as sync from './sync';

export { MISSED_AFTER_MS } from './views';
export { postWithPublications } from './actions';

/**
 * Makes the publications of `post` match it (call after any write of an approved post, and of a
 * post that became approved): one per resolved target (a target without targetId expands to the
 * destinations selected on that network's connection now; none → one publication with targetId
 * null that fails at its time with PUBLICATION_MSG.noTarget / notConnected), `dueAt` =
 * publishInstant(post.scheduledDate, post.time, brandTimeZone(sub)); new ones `programado` with a
 * schedule; changed ones (instant or content) get `revision + 1` and their schedule moved; removed
 * targets' publications deleted with their schedules. Publications `publicado`, `publicando`
 * (leased) or `sin_confirmar` are never changed here. A `dueAt` already in the past makes a new
 * publication `no_publicado` (the owner may "Publicar ahora"). Clears the post's `syncKey` when
 * done (the sweep retries a sync that failed midway). A post whose status is not 'aprobado' gets
 * no publications (existing unpublished ones are removed). Idempotent.
 * Returns the post's publications (views) in target order.
 */
export async function syncPublications(sub: string, post: ScheduledPostItem, now: Date = new Date()): Promise<Publication[]> {
  return sync.syncPublications(sub, post, now);
}

/** Deletes every publication of post `postId` of `sub` and their schedules (a deleted post). Idempotent. */
export async function removePublications(sub: string, postId: string): Promise<void> {
  return sync.removePublications(sub, postId);
}

/**
 * The publication views of each of `postIds` (map postId → views in target order; a post without
 * publications → []). A `programado` publication whose `dueAt` passed more than
 * MISSED_AFTER_MS ago reads as `no_publicado` (never silently dropped).
 */
export async function publicationsOf(sub: string, postIds: readonly string[], now: Date = new Date()): Promise<Map<string, Publication[]>> {
  return actions.publicationsOf(sub, postIds, now);
}

/**
 * "Publicar ahora" / "Reintentar": the post's publications in `programado`, `no_publicado` or
 * `error` (or just `publicationId`) become `programado` at `now` with `revision + 1` and a schedule
 * at `now`. Throws NotFoundError (PUBLICATION_MSG.publicationNotFound) for an unknown post or
 * publication, InvalidInputError (PUBLICATION_MSG.busy / alreadyPublished / notRetryable) for one
 * in another state. Returns the post's publications.
 */
export async function publishNow(sub: string, postId: string, publicationId?: string, now: Date = new Date()): Promise<Publication[]> {
  return actions.publishNow(sub, postId, publicationId, now);
}

/**
 * The owner's answer for a `sin_confirmar` publication: `published` → `publicado` (url null);
 * otherwise as publishNow for that publication. NotFoundError / InvalidInputError as publishNow.
 */
export async function resolveUnconfirmed(sub: string, postId: string, publicationId: string, published: boolean, now: Date = new Date()): Promise<Publication[]> {
  return actions.resolveUnconfirmed(sub, postId, publicationId, published, now);
}

/** The brand's time zone changed: every `programado` publication of `sub` gets its new instant and schedule. */
export async function rescheduleAll(sub: string, now: Date = new Date()): Promise<void> {
  return sync.rescheduleAll(sub, now);
}
