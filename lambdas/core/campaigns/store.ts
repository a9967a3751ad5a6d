/**
 * Reading and writing the Campaign item (issue 15; lambdas/platform/db/entities/campaign.ts):
 * - `readCampaign(sub, id)` → the item with its brief and proposal parsed (shared
 *   CampaignBriefSchema / CampaignProposalSchema) and its Meta draft when any; NOT_FOUND
 *   CAMPAIGN_MSG.campaignNotFound for an id `sub` has no campaign with (another owner's included).
 *   A stored document that no longer parses is a server error (never shown as an empty campaign);
 * - `createCampaign(item)` puts a new one (conditional on the id being new);
 * - `updateCampaign(current, changes, now)` writes `changes` and `revision + 1`, conditional on the
 *   revision read: a concurrent change wins and this one is CONFLICT CAMPAIGN_MSG.conflict (a
 *   campaign deleted meanwhile is NOT_FOUND); `campaignUpdateOp` is the same write for a bigger
 *   transaction (approval).
 */
import * as z from 'zod/mini';
import { CAMPAIGN_MSG, CampaignBriefSchema, CampaignProposalSchema, MetaDraftSchema, type CampaignBrief, type CampaignProposal, type MetaDraft } from '@director-ia/shared';
import { campaigns, type CampaignItem } from '../../platform/db/entities/campaign';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import type { CommittedWrite, DirectorEntities } from '../../platform/db/service';
import { ConflictError, NotFoundError } from '../../platform/errors';

/** A stored campaign with its JSON documents read. */
export interface StoredCampaign {
  item: CampaignItem;
  brief: CampaignBrief;
  proposal: CampaignProposal;
  meta?: MetaDraft;
}

/** The documents of `item`, parsed (see the module header). */
export function parseCampaign(item: CampaignItem): StoredCampaign {
  const brief = z.parse(CampaignBriefSchema, JSON.parse(item.briefJson));
  const proposal = z.parse(CampaignProposalSchema, JSON.parse(item.proposalJson));
  const meta = item.metaJson ? z.parse(MetaDraftSchema, JSON.parse(item.metaJson)) : undefined;
  return { item, brief, proposal, ...(meta ? { meta } : {}) };
}

/** Campaign `id` of `sub`, strongly consistent (see the module header). */
export async function readCampaign(sub: string, id: string): Promise<StoredCampaign> {
  const { data } = await campaigns().get({ uid: sub, id }).go({ consistent: true });
  if (!data) throw new NotFoundError(CAMPAIGN_MSG.campaignNotFound);
  return parseCampaign(data);
}

/** Every campaign of `sub`, newest first (one Query). */
export async function listCampaignItems(sub: string): Promise<StoredCampaign[]> {
  const { data } = await campaigns().query.byUser({ uid: sub }).go({ pages: 'all', order: 'desc' });
  return data.map(parseCampaign);
}

/** Stores a new campaign. */
export async function createCampaign(item: CampaignItem): Promise<void> {
  await campaigns().create(item).go();
}

/** What an update may change (documents as objects; `revision` and `updatedAt` are set here). */
export interface CampaignChanges {
  name?: string;
  status?: CampaignItem['status'];
  budgetCents?: number;
  brief?: CampaignBrief;
  proposal?: CampaignProposal;
  postIds?: string[];
  approvedAt?: string;
  spendCents?: number;
  spendSource?: NonNullable<CampaignItem['spendSource']>;
  spendAt?: string;
}

/** The item's attributes for `changes` at `now`, with the next revision. */
function changedAttributes(current: CampaignItem, changes: CampaignChanges, now: Date) {
  const { brief, proposal, ...plain } = changes;
  return {
    ...plain,
    ...(brief ? { briefJson: JSON.stringify(brief) } : {}),
    ...(proposal ? { proposalJson: JSON.stringify(proposal) } : {}),
    revision: current.revision + 1,
    updatedAt: now.toISOString(),
  };
}

/** The conditional write of `changes` to `current` (at its revision; status too when `whileStatus` is given), for a transaction. */
export function campaignUpdateOp(entities: DirectorEntities, current: CampaignItem, changes: CampaignChanges, now: Date, whileStatus?: CampaignItem['status']): CommittedWrite {
  return entities.campaign
    .patch({ uid: current.uid, id: current.id })
    .set(changedAttributes(current, changes, now))
    .where((attr, { eq }) => (whileStatus ? `${eq(attr.revision, current.revision)} AND ${eq(attr.status, whileStatus)}` : eq(attr.revision, current.revision)))
    .commit();
}

/** Writes `changes` to `current` (see the module header); answers the item as written. */
export async function updateCampaign(current: CampaignItem, changes: CampaignChanges, now: Date): Promise<StoredCampaign> {
  const attributes = changedAttributes(current, changes, now);
  try {
    await campaigns()
      .patch({ uid: current.uid, id: current.id })
      .set(attributes)
      .where((attr, { eq }) => eq(attr.revision, current.revision))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const { data } = await campaigns().get({ uid: current.uid, id: current.id }).go({ consistent: true });
    if (!data) throw new NotFoundError(CAMPAIGN_MSG.campaignNotFound);
    throw new ConflictError(CAMPAIGN_MSG.conflict);
  }
  return parseCampaign({ ...current, ...attributes });
}
