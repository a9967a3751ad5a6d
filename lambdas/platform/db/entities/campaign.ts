/**
 * Campaign entity (issue 15; architecture "Campaigns and attribution"): one item per campaign under
 * the brand, sort key `campaign#<id>` (ids are time-ordered, core/uploads/keys.ts `newObjectId`, so
 * the partition's `campaign#` items read oldest first).
 *
 * The brief and the proposal are stored as JSON text (`briefJson`, `proposalJson`): they are nested
 * documents written and read whole, and the reader validates them with shared/campaigns'
 * CampaignBriefSchema / CampaignProposalSchema (lambdas/core/campaigns). `revision` grows on every
 * change; every update is conditional on the revision read, so two edits at once never lose one.
 *
 * - `status`: 'propuesta' → 'aprobada' (approval writes the posts in the same transaction).
 * - `budgetCents`: the total (integer cents), equal to the split's sum at every revision.
 * - `postIds`: the calendar posts approval created.
 * - `metaJson`: the Meta Ads draft (shared MetaDraftSchema) as far as it was created.
 * - `spendCents` / `spendSource` / `spendAt`: the spend as last known (Meta's insights or the owner's figure).
 */
import { CAMPAIGN_STATUSES, SPEND_SOURCES } from '@director-ia/shared';
import { defineEntity, GENERATED, type ItemOf, model, optional, required, TENANT_ITEM, TIMESTAMPS, tenantIndex } from '../schema';

/** The process-wide Campaign entity (created on first use, once TABLE_NAME is known). */
export const campaigns = defineEntity({
  model: model('campaign'),
  attributes: {
    ...TENANT_ITEM,
    name: required('string'),
    status: required(CAMPAIGN_STATUSES),
    revision: required('number'),
    budgetCents: required('number'),
    /** shared CampaignBrief as JSON. */
    briefJson: required('string'),
    /** shared CampaignProposal as JSON. */
    proposalJson: required('string'),
    postIds: { type: 'list', items: { type: 'string' } },
    approvedAt: optional('string'),
    /** shared MetaDraft as JSON, once a push started. */
    metaJson: optional('string'),
    spendCents: optional('number'),
    spendSource: optional(SPEND_SOURCES),
    spendAt: optional('string'),
    ...GENERATED,
    ...TIMESTAMPS,
  },
  indexes: { byUser: tenantIndex('campaign#${id}', 'id') },
});

export type CampaignItem = ItemOf<typeof campaigns>;
