/**
 * `editarCampana`'s domain (issue 15 item 2: "The owner can edit any figure, and the split
 * re-balances"), per the contract (shared/contract/callables/campaigns.ts):
 * - `split`: the whole split after the owner's edit (the page re-balances with shared `rebalance`):
 *   exactly one cell per (network, week) of the campaign (else CAMPAIGN_MSG.splitMismatch), integer
 *   cents ≥ 0 summing to the budget (else CAMPAIGN_MSG.splitTotal(budget)); stored in the brief's
 *   network order, weeks ascending;
 * - `budget` (euros, the plan's rule): the new total; without `split` the current split is
 *   re-split in proportion (shared `splitBudget` with the current cents as weights: exact); with
 *   `split`, the split must sum to the new budget. Only while 'propuesta' (the Meta draft and the
 *   posts were made for the approved budget): CAMPAIGN_MSG.notEditable after;
 * - the KPI ranges follow the split (`expectedKpis`), whatever changed;
 * - `name`, `audiences` (one per network of the campaign at most, provinces in canonical spelling),
 *   `creatives` (ids of the proposal's, 2–3 per network of the campaign, an `assetId` must be an
 *   image of the caller's gallery) and `posts` (ids of the proposal's, dated within the campaign,
 *   on its networks, media of the caller's gallery) replace the proposal's while it is 'propuesta'
 *   (CAMPAIGN_MSG.notEditable after), except `creatives`, which stay editable after approval until
 *   the Meta draft is started (their images are needed for it; CAMPAIGN_MSG.creativesInMeta then);
 *   a creative keeps its tracked link;
 * - the write is conditional on the revision read: a concurrent edit is CONFLICT CAMPAIGN_MSG.conflict.
 * Throws InvalidInputError (Spanish), BudgetError (400), NotFoundError, ConflictError.
 */
import * as z from 'zod/mini';
import {
  CAMPAIGN_MSG,
  CREATIVE_LIMITS,
  editarCampana,
  expectedKpis,
  parseBudgetEuros,
  provinceNamed,
  splitBudget,
  totalCents,
  type CallableInput,
  type CampaignNetwork,
  type CampaignProposal,
  type CampaignResults,
  type Campaign,
  type Creative,
  type SplitCell,
  campaignWeeks,
} from '@director-ia/shared';
import { InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { getAsset } from '../assets/assets';
import { mediaKindOf, postMediaOf } from '../plan/publishable';
import { firstIssue } from './brief';
import { campaignResults } from './results';
import { readCampaign, updateCampaign, type CampaignChanges, type StoredCampaign } from './store';
import { campaignView } from './view';

type EditInput = CallableInput<'editarCampana'>;

/** `split` checked against the campaign's cells and `budgetCents` (see the module header), in the campaign's order. */
export function checkedSplit(split: EditInput['split'] & object, networks: readonly CampaignNetwork[], weekCount: number, budgetCents: number): SplitCell[] {
  const byCell = new Map(split.map((cell) => [`${cell.network}#${cell.week}`, cell.cents]));
  const cells = networks.flatMap((network) => Array.from({ length: weekCount }, (_, i) => ({ network, week: i + 1 })));
  if (byCell.size !== split.length || split.length !== cells.length || cells.some((cell) => !byCell.has(`${cell.network}#${cell.week}`))) {
    throw new InvalidInputError(CAMPAIGN_MSG.splitMismatch);
  }
  const checked = cells.map((cell) => ({ ...cell, cents: byCell.get(`${cell.network}#${cell.week}`) as number }));
  if (totalCents(checked) !== budgetCents) throw new InvalidInputError(CAMPAIGN_MSG.splitTotal(budgetCents));
  return checked;
}

/** Whether asset `id` is an image of `sub`'s gallery. */
async function isGalleryImage(sub: string, id: string): Promise<boolean> {
  const asset = await getAsset(sub, id);
  return asset !== null && asset.type === 'image' && mediaKindOf(asset.mediaType) === 'image';
}

async function editedCreatives(sub: string, edits: NonNullable<EditInput['creatives']>, current: readonly Creative[], networks: readonly CampaignNetwork[]): Promise<Creative[]> {
  const byId = new Map(current.map((creative) => [creative.id, creative]));
  const seen = new Set<string>();
  for (const edit of edits) {
    if (!byId.has(edit.id) || seen.has(edit.id)) throw new NotFoundError(CAMPAIGN_MSG.creativeNotFound);
    seen.add(edit.id);
    if (!networks.includes(edit.network)) throw new InvalidInputError(CAMPAIGN_MSG.networkNotInCampaign);
  }
  for (const network of networks) {
    const count = edits.filter((edit) => edit.network === network).length;
    if (count < CREATIVE_LIMITS.minPerNetwork || count > CREATIVE_LIMITS.maxPerNetwork) throw new InvalidInputError(CAMPAIGN_MSG.creativeCount);
  }
  const images = await Promise.all(edits.map((edit) => (edit.assetId ? isGalleryImage(sub, edit.assetId) : Promise.resolve(true))));
  if (images.includes(false)) throw new InvalidInputError(CAMPAIGN_MSG.creativeImageInvalid);
  return edits.map((edit) => {
    const link = byId.get(edit.id)?.link;
    return {
      id: edit.id,
      network: edit.network,
      headline: edit.headline,
      primaryText: edit.primaryText,
      callToAction: edit.callToAction,
      ...(edit.assetId ? { assetId: edit.assetId } : {}),
      ...(edit.imagePrompt ? { imagePrompt: edit.imagePrompt } : {}),
      ...(link ? { link } : {}),
    };
  });
}

function editedAudiences(edits: NonNullable<EditInput['audiences']>, networks: readonly CampaignNetwork[]): CampaignProposal['audiences'] {
  if (edits.some((edit) => !networks.includes(edit.network))) throw new InvalidInputError(CAMPAIGN_MSG.networkNotInCampaign);
  if (new Set(edits.map((edit) => edit.network)).size !== edits.length) throw new InvalidInputError(CAMPAIGN_MSG.audienceRepeated);
  return [...edits]
    .sort((a, b) => networks.indexOf(a.network) - networks.indexOf(b.network))
    .map((edit) => ({ ...edit, locations: edit.locations.map((l) => (l.kind === 'provincia' ? { ...l, name: provinceNamed(l.name) ?? l.name } : l)) }));
}

async function editedPosts(sub: string, edits: NonNullable<EditInput['posts']>, stored: StoredCampaign): Promise<CampaignProposal['posts']> {
  const known = new Set(stored.proposal.posts.map((post) => post.id));
  const seen = new Set<string>();
  for (const edit of edits) {
    if (!known.has(edit.id) || seen.has(edit.id)) throw new NotFoundError(CAMPAIGN_MSG.postNotFound);
    seen.add(edit.id);
    if (!(stored.brief.networks as readonly string[]).includes(edit.platform)) throw new InvalidInputError(CAMPAIGN_MSG.networkNotInCampaign);
    if (edit.scheduledDate < stored.brief.startDate || edit.scheduledDate > stored.brief.endDate) throw new InvalidInputError(CAMPAIGN_MSG.postOutsideDates);
    if (edit.media) await postMediaOf(sub, edit.media);
  }
  return edits
    .map((edit) => ({
      id: edit.id,
      title: edit.title.trim(),
      content: edit.content.trim(),
      scheduledDate: edit.scheduledDate,
      time: edit.time,
      platform: edit.platform,
      status: 'propuesto' as const,
      versions: edit.versions.map(({ network, text, title }) => ({ network, text, ...(title !== undefined ? { title } : {}) })),
      media: edit.media ?? stored.proposal.posts.find((post) => post.id === edit.id)?.media ?? [],
    }))
    .sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate) || a.time.localeCompare(b.time));
}

/** Applies the owner's edits to campaign `input.id` of `sub` (see the module header). */
export async function editCampaign(sub: string, input: EditInput, now = new Date()): Promise<{ campaign: Campaign; results: CampaignResults }> {
  const parsed = z.safeParse(editarCampana.input, input);
  if (!parsed.success) throw new InvalidInputError(firstIssue(parsed.error, CAMPAIGN_MSG.splitMismatch));
  const edit = parsed.data;
  const stored = await readCampaign(sub, edit.id);
  const { item, brief, proposal } = stored;
  const proposed = item.status === 'propuesta';
  if (!proposed && (edit.name !== undefined || edit.budget !== undefined || edit.audiences || edit.posts)) throw new InvalidInputError(CAMPAIGN_MSG.notEditable);
  // An approved campaign's ads still need their images before the Meta draft; once drafted, they live in Meta.
  if (edit.creatives && item.metaJson !== undefined) throw new InvalidInputError(CAMPAIGN_MSG.creativesInMeta);

  let budgetCents = item.budgetCents;
  if (edit.budget !== undefined) {
    const parsedBudget = parseBudgetEuros(edit.budget);
    if (!parsedBudget.ok) throw new InvalidInputError(parsedBudget.message);
    budgetCents = parsedBudget.cents;
  }
  const weekCount = campaignWeeks(brief.startDate, brief.endDate).length;
  let split = proposal.split;
  if (edit.split) split = checkedSplit(edit.split, brief.networks, weekCount, budgetCents);
  else if (budgetCents !== item.budgetCents) {
    // In proportion to the current split; a split of zeros everywhere cannot sum to a budget > 0.
    split = splitBudget(
      budgetCents,
      split.map(({ network, week }) => ({ network, week })),
      split.map((cell) => cell.cents),
    );
  }

  const next: CampaignProposal = {
    ...proposal,
    split,
    kpis: expectedKpis(split, brief.objective),
    ...(edit.audiences ? { audiences: editedAudiences(edit.audiences, brief.networks) } : {}),
    ...(edit.creatives ? { creatives: await editedCreatives(sub, edit.creatives, proposal.creatives, brief.networks) } : {}),
    ...(edit.posts ? { posts: await editedPosts(sub, edit.posts, stored) } : {}),
  };
  const name = edit.name?.trim();
  const changes: CampaignChanges = {
    proposal: next,
    ...(name ? { name, brief: { ...brief, name, budget: budgetCents / 100 } } : budgetCents !== item.budgetCents ? { brief: { ...brief, budget: budgetCents / 100 } } : {}),
    ...(budgetCents !== item.budgetCents ? { budgetCents } : {}),
  };
  const updated = await updateCampaign(item, changes, now);
  logger.info('Campaign edited', { campaignId: item.id, revision: updated.item.revision, fields: Object.keys(edit).filter((k) => k !== 'id') });
  return { campaign: campaignView(updated), results: await campaignResults(sub, updated.item) };
}
