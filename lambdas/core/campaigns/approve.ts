/**
 * `aprobarCampana`'s domain (issue 15 item 2: "Approving puts the organic posts on the calendar
 * (through the publishing engine) and keeps the campaign"):
 * 1. The campaign must be 'propuesta': an approved one is INVALID_INPUT CAMPAIGN_MSG.alreadyApproved.
 * 2. Each supporting post gets its tracked link (./links.ts `campaignLink`: target and landing =
 *    the brief's landing URL, UTM medium 'social'). Its URL is appended to the content and to each
 *    version's text as "\n\n<url>". Each creative without one gets its own (medium 'paid_social'),
 *    kept on the proposal: the owner can use it in any ad, pushed to Meta or not.
 * 3. Every post must be publishable as it will go out (link included) on its network when that
 *    network is connected (the plan's rule, ../plan/publishable.ts): the first that is not refuses
 *    with PUBLICATION_MSG.approvalInvalid(title, network, reason) and nothing is written.
 * 4. ONE transaction: each post as 'aprobado' with its outbox key, `campaignId`, `linkCode` and
 *    `linkUrl` (../plan/posts.ts `postWriteOps`), and the campaign's update to 'aprobada' with
 *    `postIds`, `approvedAt` and the creatives' links, conditional on 'propuesta' at the revision read. A concurrent
 *    approval makes it fail: alreadyApproved; any other concurrent change: CONFLICT
 *    CAMPAIGN_MSG.conflict. Links created for a failed approval stay unused (nothing points to them).
 * 5. Then each post's publications are made (`syncedView`: a failed sync is left to the sweep).
 */
import { CAMPAIGN_MSG, PUBLICATION_MSG, type Campaign, type CampaignResults, type ScheduledPost } from '@director-ia/shared';
import type { ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { TransactionCancelled } from '../../platform/db/errors';
import { transactWrite } from '../../platform/db/service';
import { ConflictError, InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { postWriteOps, syncedView, syncKeyOf } from '../plan/posts';
import { checkedNetworks, firstProblem, postMediaOf } from '../plan/publishable';
import { campaignLink, withCreativeLinks } from './links';
import { campaignResults } from './results';
import { campaignUpdateOp, readCampaign } from './store';
import { campaignView } from './view';

/** `text` with the tracked link `url` appended (the binding format). */
export const withLink = (text: string, url: string): string => `${text}\n\n${url}`;

/** Approves campaign `id` of `sub` (see the module header). */
export async function approveCampaign(sub: string, id: string, now = new Date()): Promise<{ campaign: Campaign; results: CampaignResults; posts: ScheduledPost[] }> {
  const stored = await readCampaign(sub, id);
  const { item, brief, proposal } = stored;
  if (item.status !== 'propuesta') throw new InvalidInputError(CAMPAIGN_MSG.alreadyApproved);
  const at = now.toISOString();

  const items: ScheduledPostItem[] = [];
  for (const post of proposal.posts) {
    const link = await campaignLink(sub, item, brief, { kind: 'post', id: post.id, network: post.platform }, now);
    items.push({
      uid: sub,
      id: post.id,
      title: post.title,
      content: withLink(post.content, link.url),
      scheduledDate: post.scheduledDate,
      time: post.time,
      platform: post.platform,
      status: 'aprobado',
      campaignId: item.id,
      linkCode: link.code,
      linkUrl: link.url,
      ...(post.versions.length > 0 ? { versions: post.versions.map((version) => ({ ...version, text: withLink(version.text, link.url) })) } : {}),
      ...(post.media.length > 0 ? { media: post.media } : {}),
      syncKey: syncKeyOf(sub, post.id, now),
      createdAt: at,
      updatedAt: at,
    });
  }

  const checked = new Set(await checkedNetworks(sub, brief.networks));
  for (const post of items) {
    if (!checked.has(post.platform as (typeof brief.networks)[number])) continue;
    const found = await firstProblem(post, [post.platform as (typeof brief.networks)[number]], await postMediaOf(sub, post.media ?? []));
    if (found) throw new InvalidInputError(PUBLICATION_MSG.approvalInvalid(post.title, found.network, found.problem.message));
  }

  const linkedProposal = { ...proposal, creatives: await withCreativeLinks(sub, item, brief, proposal.creatives, now) };
  const postIds = items.map((post) => post.id);
  const campaignIndex = items.length * 2;
  try {
    await transactWrite((entities) => [
      ...items.flatMap((post) => postWriteOps(entities, post)),
      campaignUpdateOp(entities, item, { status: 'aprobada', postIds, approvedAt: at, proposal: linkedProposal }, now, 'propuesta'),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.conditionFailed(campaignIndex)) {
      const current = await readCampaign(sub, id);
      if (current.item.status === 'aprobada') throw new InvalidInputError(CAMPAIGN_MSG.alreadyApproved);
    }
    logger.error('Campaign approval cancelled: nothing written', { campaignId: id, codes: error.codes });
    throw new ConflictError(CAMPAIGN_MSG.conflict);
  }
  logger.info('Campaign approved', { campaignId: id, posts: items.length });
  const posts: ScheduledPost[] = [];
  // One post at a time, as the plan's approval: each sync writes schedules.
  for (const post of items) posts.push(await syncedView(sub, post, now));
  const approved = {
    ...stored,
    proposal: linkedProposal,
    item: { ...item, status: 'aprobada' as const, postIds, approvedAt: at, proposalJson: JSON.stringify(linkedProposal), revision: item.revision + 1, updatedAt: at },
  };
  return { campaign: campaignView(approved), results: await campaignResults(sub, approved.item), posts };
}
