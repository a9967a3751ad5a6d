/**
 * Plan de Contenidos entities (architecture "Data": ScheduledPost; spec 3 "Scheduled post",
 * "Proposed plan"; issue 5 items 1–2), all under the tenant partition `user#<sub>`:
 * - ScheduledPost, sort key `post#<YYYY-MM-DD>#<id>`: the date leads, so one month is one Query
 *   (`begins_with post#YYYY-MM-`) already in date order. Changing the date moves the item (a new
 *   sort key), always in one transaction with its reference below;
 * - ScheduledPostRef, sort key `postref#<id>`: where post `id` lives now (its date), so an edit or
 *   delete by id is a strongly consistent GetItem, never a Query over every post;
 * - PlanProposal, sort key `plan#<id>`: a proposed monthly plan exactly as shown to the owner,
 *   kept until it is approved (its posts are written and it is deleted in one transaction) or
 *   rejected (deleted). Generating a new plan for a month removes that month's older proposals;
 *   the month's pending one is read back with the month's posts (`listarPublicaciones`, a Query
 *   of the `plan#` items filtered by month: they are few).
 * `status` is stored as a string: this product writes 'propuesto' and 'aprobado'; the calendar
 * shows any other value in red (spec 2). `time` (issue 13 item 1), the local 'HH:mm' in the
 * brand's time zone, is optional in both the post and a proposal's posts: items written before
 * posts had a time (spec 3's shape) have none and read as their network's default time
 * (lambdas/core/plan/posts.ts `postView`).
 *
 * Issue 13: a post also has `targets` (network + optional destination id), `media` (gallery asset
 * ids) and `versions` (text per network), all optional in storage (absent on older posts: read as
 * `[{network: platform}]`, `[]`, `[]`). Its publications are Publication items of their own
 * (./publication.ts). `syncKey` is an outbox: set, in the same write, whenever an approved post
 * changes in a way its publications must follow (approval, edit, time zone change), and removed
 * once they do (lambdas/core/publishing); while set, the post sits in GSI1 partition
 * `publicationSync` (sort key `<since ISO>#<sub>#<id>`) so the publishing sweep finishes a sync
 * that a crash interrupted.
 */
import { SOCIAL_NETWORKS } from '@director-ia/shared';
import { defineEntity, fixed, GENERATED, gsi1Index, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex } from '../schema';

/** GSI1 partition of the approved posts whose publications must still follow a change. */
export const PUBLICATION_SYNC_GSI_PARTITION = 'publicationSync';

const VERSION = {
  type: 'map',
  properties: { network: required(SOCIAL_NETWORKS), text: required('string'), title: optional('string') },
} as const;

/** The process-wide ScheduledPost entity (created on first use, once TABLE_NAME is known). */
export const scheduledPosts = defineEntity({
  model: model('scheduledPost'),
  attributes: {
    ...TENANT_ITEM,
    /** 'YYYY-MM-DD' calendar date; part of the sort key (a new date is a new item). */
    scheduledDate: fixed('string'),
    title: required('string'),
    content: required('string'),
    /** 'HH:mm' local to the brand's time zone; absent on posts stored before posts had a time. */
    time: optional('string'),
    /** A network id of shared/networks.ts. */
    platform: required('string'),
    status: required('string'),
    /** The approved plan the post came from, if any. */
    planId: optional('string'),
    /** Issue 15: the campaign the post supports, and its tracked link (code, `<site>/r/<code>`, already in its text), set at the campaign's approval. */
    campaignId: optional('string'),
    linkCode: optional('string'),
    linkUrl: optional('string'),
    /** Where it goes (issue 13); absent → `[{network: platform}]`. */
    targets: { type: 'list', items: { type: 'map', properties: { network: required(SOCIAL_NETWORKS), targetId: optional('string') } } },
    /** Gallery asset ids, in order; absent → none. */
    media: { type: 'list', items: { type: 'string' } },
    /** Text per network; absent → none. */
    versions: { type: 'list', items: VERSION },
    /** The outbox key `<since ISO>#<sub>#<id>` (see the module header); absent when in sync. */
    syncKey: optional('string'),
    /** ISO 8601. */
    createdAt: required('string'),
    updatedAt: required('string'),
  },
  indexes: {
    byUser: tenantIndex('post#${scheduledDate}#${id}', 'scheduledDate', 'id'),
    sync: gsi1Index(PUBLICATION_SYNC_GSI_PARTITION, '${syncKey}', 'syncKey'),
  },
});

/** The process-wide ScheduledPostRef entity. */
export const scheduledPostRefs = defineEntity({
  model: model('scheduledPostRef'),
  attributes: {
    ...TENANT_ITEM,
    /** The date part of the post's current sort key. */
    scheduledDate: required('string'),
  },
  indexes: { byUser: tenantIndex('postref#${id}', 'id') },
});

/** The process-wide PlanProposal entity. */
export const planProposals = defineEntity({
  model: model('planProposal'),
  attributes: {
    ...TENANT_ITEM,
    /** 'YYYY-MM'. */
    month: fixed('string'),
    title: required('string'),
    /** Euros. */
    budget: required('number'),
    posts: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: required('string'),
          title: required('string'),
          content: required('string'),
          scheduledDate: required('string'),
          /** 'HH:mm'; absent on proposals stored before posts had a time. */
          time: optional('string'),
          platform: required('string'),
          /** Text per network (the owner's fix or the AI's adaptation, issue 13); absent → none. */
          versions: { type: 'list', items: VERSION },
          /** Gallery asset ids (the planner's pick or the owner's, issue 13); absent → none. */
          media: { type: 'list', items: { type: 'string' } },
        },
      },
    },
    ...GENERATED,
    /** ISO 8601. */
    createdAt: required('string'),
  },
  indexes: { byUser: tenantIndex('plan#${id}', 'id') },
});

export type ScheduledPostItem = ItemOf<typeof scheduledPosts>;
export type ScheduledPostRefItem = ItemOf<typeof scheduledPostRefs>;
export type PlanProposalItem = ItemOf<typeof planProposals>;
