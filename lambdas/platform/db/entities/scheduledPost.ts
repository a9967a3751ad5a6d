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
 * shows any other value in red (spec 2).
 */
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';
import { TABLE_SCHEMA } from '@director-ia/shared';

const pk = { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' } as const;

function createScheduledPostEntity() {
  return new Entity(
    {
      model: { entity: 'scheduledPost', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        /** 'YYYY-MM-DD' calendar date; part of the sort key (a new date is a new item). */
        scheduledDate: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        content: { type: 'string', required: true },
        /** A network id of shared/networks.ts. */
        platform: { type: 'string', required: true },
        status: { type: 'string', required: true },
        /** The approved plan the post came from, if any. */
        planId: { type: 'string' },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk,
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['scheduledDate', 'id'], template: 'post#${scheduledDate}#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

function createScheduledPostRefEntity() {
  return new Entity(
    {
      model: { entity: 'scheduledPostRef', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        /** The date part of the post's current sort key. */
        scheduledDate: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk,
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'postref#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

function createPlanProposalEntity() {
  return new Entity(
    {
      model: { entity: 'planProposal', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        /** 'YYYY-MM'. */
        month: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        /** Euros. */
        budget: { type: 'number', required: true },
        posts: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              id: { type: 'string', required: true },
              title: { type: 'string', required: true },
              content: { type: 'string', required: true },
              scheduledDate: { type: 'string', required: true },
              platform: { type: 'string', required: true },
            },
          },
        },
        offline: { type: 'boolean', required: true },
        model: { type: 'string', required: true },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk,
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'plan#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type ScheduledPostEntity = ReturnType<typeof createScheduledPostEntity>;
export type ScheduledPostRefEntity = ReturnType<typeof createScheduledPostRefEntity>;
export type PlanProposalEntity = ReturnType<typeof createPlanProposalEntity>;

let postEntity: ScheduledPostEntity | undefined;
let refEntity: ScheduledPostRefEntity | undefined;
let planEntity: PlanProposalEntity | undefined;

/** The process-wide ScheduledPost entity (created on first use, once TABLE_NAME is known). */
export function scheduledPosts(): ScheduledPostEntity {
  postEntity ??= createScheduledPostEntity();
  return postEntity;
}
/** The process-wide ScheduledPostRef entity. */
export function scheduledPostRefs(): ScheduledPostRefEntity {
  refEntity ??= createScheduledPostRefEntity();
  return refEntity;
}
/** The process-wide PlanProposal entity. */
export function planProposals(): PlanProposalEntity {
  planEntity ??= createPlanProposalEntity();
  return planEntity;
}

export type ScheduledPostItem = EntityItem<ScheduledPostEntity>;
export type ScheduledPostRefItem = EntityItem<ScheduledPostRefEntity>;
export type PlanProposalItem = EntityItem<PlanProposalEntity>;
