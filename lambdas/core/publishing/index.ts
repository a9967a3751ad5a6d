/**
 * The publishing engine's API for the rest of core (issue 13 item 3). INTERFACE FIRST: the
 * engine helper implements these in this folder; callers (core/plan, core/settings, core/chat, the
 * publishing callables) code against exactly these signatures.
 *
 * Model: an approved ScheduledPost has one Publication per resolved target
 * (lambdas/platform/db/entities/publication.ts). A publication id is deterministic from
 * (postId, network, targetId ?? '-') so syncing twice never duplicates. Every publication in
 * `programado` has one EventBridge Scheduler one-time schedule (platform/scheduler) named
 * `scheduleName('pub', publicationId)` at its `dueAt`, whose event is
 * `{sub, postId, publicationId, revision}`; a change bumps `revision`, so a late event of an old
 * schedule is ignored. The publisher (lambdas/events/publisher.ts) claims with a conditional
 * write and a lease, then prepares, creates once, and records the network's post id.
 */
import type { Publication } from '@director-ia/shared';
import type { ScheduledPostItem } from '../../platform/db/entities/scheduledPost';

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
export async function syncPublications(_sub: string, _post: ScheduledPostItem, _now: Date = new Date()): Promise<Publication[]> {
  throw new Error('syncPublications: not implemented yet (issue 13 wave 2)');
}

/** Deletes every publication of post `postId` of `sub` and their schedules (a deleted post). Idempotent. */
export async function removePublications(_sub: string, _postId: string): Promise<void> {
  throw new Error('removePublications: not implemented yet (issue 13 wave 2)');
}

/**
 * The publication views of each of `postIds` (map postId → views in target order; a post without
 * publications → []). A `programado` publication whose `dueAt` passed more than
 * MISSED_AFTER_MS ago reads as `no_publicado` (never silently dropped).
 */
export async function publicationsOf(_sub: string, _postIds: readonly string[], _now: Date = new Date()): Promise<Map<string, Publication[]>> {
  throw new Error('publicationsOf: not implemented yet (issue 13 wave 2)');
}

/**
 * "Publicar ahora" / "Reintentar": the post's publications in `programado`, `no_publicado` or
 * `error` (or just `publicationId`) become `programado` at `now` with `revision + 1` and a schedule
 * at `now`. Throws NotFoundError (PUBLICATION_MSG.publicationNotFound) for an unknown post or
 * publication, InvalidInputError (PUBLICATION_MSG.busy / alreadyPublished / notRetryable) for one
 * in another state. Returns the post's publications.
 */
export async function publishNow(_sub: string, _postId: string, _publicationId?: string, _now: Date = new Date()): Promise<Publication[]> {
  throw new Error('publishNow: not implemented yet (issue 13 wave 2)');
}

/**
 * The owner's answer for a `sin_confirmar` publication: `published` → `publicado` (url null);
 * otherwise as publishNow for that publication. NotFoundError / InvalidInputError as publishNow.
 */
export async function resolveUnconfirmed(_sub: string, _postId: string, _publicationId: string, _published: boolean, _now: Date = new Date()): Promise<Publication[]> {
  throw new Error('resolveUnconfirmed: not implemented yet (issue 13 wave 2)');
}

/** The brand's time zone changed: every `programado` publication of `sub` gets its new instant and schedule. */
export async function rescheduleAll(_sub: string, _now: Date = new Date()): Promise<void> {
  throw new Error('rescheduleAll: not implemented yet (issue 13 wave 2)');
}
