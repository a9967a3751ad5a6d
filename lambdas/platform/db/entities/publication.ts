/**
 * Publication entity (issue 13 item 3; the model is in lambdas/core/publishing/index.ts): one item
 * per (approved post, resolved target) under the tenant partition `user#<sub>`, sort key
 * `pub#<postId>#<id>`, so a post's publications are one Query. `id` is deterministic from
 * (postId, network, targetId ?? '-') (core/publishing/store.ts `publicationIdOf`): syncing twice
 * never duplicates.
 *
 * - `state` is a PUBLICATION_STATES value; `revision` bumps on every change of instant or content,
 *   and the schedule's event carries it, so a late event of an old schedule is ignored.
 * - Exactly once: the publisher claims with a conditional update (programado at the event's
 *   revision, or publicando with an expired lease) that sets `leaseId` + `leaseUntil` (epoch ms);
 *   every later write is conditional on `leaseId`. `creating` is set (with `prepared`, the
 *   adapter's Prepared JSON as text) just before the visible create: a claimer that finds it
 *   asks the network (findPublished) before creating again.
 * - GSI1 (sparse, `due`): partition `publicationDue`, sort key `dueKey` =
 *   `<dueAt ISO>#<sub>#<postId>#<id>`, present only while `programado` or `publicando` (the
 *   publishing sweep re-delivers what a lost schedule or an expired lease left behind). As with
 *   socialConnection.ts, ElectroDB writes `gsi1pk` only on a put that carries `dueKey`, and a
 *   patch changes only `gsi1sk`: so every write that puts an item back into `programado` is a put
 *   of the whole item (core/publishing/store.ts `putPublication`); removing `dueKey` by patch is
 *   enough to leave the index.
 * - What the calendar shows: `reason` (Spanish), `fixLabel` + `fixHref`, `url`, `publishedAt`,
 *   `privacy`, `sandbox`, `targetName`; the post's `title`, `localDate` and `localTime` are copied
 *   so the sweep's digest and a time-zone change need no post reads.
 * - Digest: `digestPending` is set when it ends in a failure the owner should hear of (error,
 *   no_publicado, sin_confirmar) and removed once the daily e-mail told them.
 * Times are ISO 8601 strings but `leaseUntil` (epoch ms).
 */
import { PUBLICATION_PRIVACY, PUBLICATION_STATES, SOCIAL_NETWORKS } from '@director-ia/shared';
import { defineEntity, fixed, gsi1Index, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex, TIMESTAMPS } from '../schema';

/** GSI1 partition of the publications that are `programado` or `publicando`. */
export const PUBLICATION_DUE_GSI_PARTITION = 'publicationDue';

/** The process-wide Publication entity (created on first use, once TABLE_NAME is known). */
export const publications = defineEntity({
  model: model('publication'),
  attributes: {
    ...TENANT_ITEM,
    postId: fixed('string'),
    network: fixed(SOCIAL_NETWORKS),
    /** The destination (SocialTarget.id); absent when the network had none selected. */
    targetId: optional('string'),
    targetName: optional('string'),
    /** Where it sits in the post's targets (views are listed in this order). */
    position: required('number'),
    state: required(PUBLICATION_STATES),
    revision: required('number'),
    /** ISO 8601 instant it is due (later than the post's time when postponed). */
    dueAt: required('string'),
    /** True when `dueAt` was moved by a rate limit or the network's processing (not the post's own time). */
    postponed: optional('boolean'),
    /** GSI1 sort key (see the module header); absent outside programado/publicando. */
    dueKey: optional('string'),
    /** The post's title, date and 'HH:mm' as last synced. */
    title: required('string'),
    localDate: required('string'),
    localTime: required('string'),
    /** Hash of what is published (text, title, media): a change re-schedules. */
    contentHash: required('string'),
    leaseId: optional('string'),
    leaseUntil: optional('number'),
    /** The visible create may have been sent (see the module header). */
    creating: optional('boolean'),
    /** The adapter's Prepared state, JSON text. */
    prepared: optional('string'),
    /** Claims so far, and when the first one of this run of attempts happened (the deadline counts from it). */
    attempts: optional('number'),
    firstAttemptAt: optional('string'),
    networkPostId: optional('string'),
    url: optional('string'),
    /** Issue 15 item 4: the publication's tracked link (code and `<site>/r/<code>`), made when it is published; absent before (or when the post carries its campaign's). */
    linkCode: optional('string'),
    linkUrl: optional('string'),
    publishedAt: optional('string'),
    reason: optional('string'),
    fixLabel: optional('string'),
    fixHref: optional('string'),
    privacy: optional(PUBLICATION_PRIVACY),
    sandbox: optional('boolean'),
    /** When it reached a failure state, and whether the daily digest still has to tell the owner. */
    failedAt: optional('string'),
    digestPending: optional('boolean'),
    ...TIMESTAMPS,
  },
  indexes: {
    byUser: tenantIndex('pub#${postId}#${id}', 'postId', 'id'),
    due: gsi1Index(PUBLICATION_DUE_GSI_PARTITION, '${dueKey}', 'dueKey'),
  },
});

export type PublicationItem = ItemOf<typeof publications>;

/** The GSI1 sort key of a publication due at `dueAt` (ISO). */
export const dueKeyOf = (dueAt: string, sub: string, postId: string, id: string): string => `${dueAt}#${sub}#${postId}#${id}`;
