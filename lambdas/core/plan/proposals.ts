/**
 * Reading, approving and rejecting a proposed plan (spec 2 'calendario' proposed-plan panel, 4
 * "Scheduled post"; issue 5 item 2):
 * - `pendingProposal(sub, month)` → the month's pending proposal (the newest, should an older one
 *   have survived its best-effort replacement) or undefined: one Query of the caller's `plan#`
 *   items, which are few (at most about one per month), filtered by month. `listarPublicaciones`
 *   returns it with the month's posts, so the panel comes back after a reload;
 * - `proposalView(item)` is the browser's view of a stored proposal (also what
 *   `generarPlanMensual` returns); a proposal stored before posts had a time reads as each
 *   network's default time (issue 13 item 1);
 * - `approvePlan(sub, planId, now?)` saves every post of the stored proposal — exactly what was
 *   proposed, with the proposal's post ids and times — as 'aprobado', with its id reference, and deletes the
 *   proposal, all in ONE DynamoDB transaction: all or nothing. The proposal's deletion is
 *   conditional on it still existing, so approving twice (even at once) writes the posts once; a
 *   proposal that is gone (approved, rejected, replaced or never existed) is NOT_FOUND with
 *   PLAN_MSG.planNotFound and nothing is written. Any other cancellation (a concurrent write, an
 *   id already taken) is ABORTED with PLAN_MSG.planConflict and nothing is written either.
 *   Before anything is written, every post must be publishable on its network (issue 13 item 2:
 *   shared/publishing validatePost on its version for that network, if any): the first that is not
 *   refuses the approval with INVALID_ARGUMENT PUBLICATION_MSG.approvalInvalid(title, network,
 *   reason) and nothing is written. Each post is written with its versions and its outbox key
 *   `syncKey` (./posts.ts `syncKeyOf`); after the commit each post's publications are made
 *   (lambdas/core/publishing `syncPublications`): a failed sync is logged and left to the
 *   publishing sweep, which finishes it from the outbox.
 * - `editProposal(sub, {planId, post})` → the proposal: the owner's fix of one proposed post before
 *   approval (issue 13 item 2): title, content, date, time, network, versions and media (when
 *   given; each an image or video of the caller's gallery) replace the post's, conditional on the proposal's posts being as read (two fixes at once never lose one);
 *   NOT_FOUND PLAN_MSG.planNotFound for a proposal that is gone, PLAN_MSG.postNotFound for a post
 *   id it does not have; ABORTED PLAN_MSG.postConflict when the proposal changed meanwhile.
 * - `rejectPlan(sub, planId)` deletes the proposal (conditional); NOT_FOUND when it is gone.
 * The tenant is always `sub`: another owner's plan id is simply not found.
 */
import * as z from 'zod/mini';
import { editarPropuesta, isMonth, PLAN_MSG, postTimeOf, PUBLICATION_MSG, type CallableInput, type PlanProposal, type ScheduledPost, isSocialNetwork } from '@director-ia/shared';
import { planProposals, type PlanProposalItem, type ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { ConflictError, InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { postWriteOps, syncedView, syncKeyOf } from './posts';
import { checkedNetworks, firstProblem, postMediaOf } from './publishable';
// Aliased so the error-throwing line that uses it stays as it was (issue 11 merges).
import { isConditionalCheckFailure as isConditionFailure, TransactionCancelled } from '../../platform/db/errors';
import { transactWrite } from '../../platform/db/service';

/** The browser's view of a stored proposal. */
export function proposalView(item: PlanProposalItem): PlanProposal {
  return {
    planId: item.id,
    month: item.month,
    title: item.title,
    budget: item.budget,
    posts: item.posts.map((post) => ({ ...post, time: postTimeOf(post), versions: post.versions ?? [], media: post.media ?? [], status: 'propuesto' as const })),
    offline: item.offline,
    model: item.model,
  };
}

/** The pending proposal of `sub` for `month` ('YYYY-MM'), the newest if several; undefined when none. */
export async function pendingProposal(sub: string, month: string): Promise<PlanProposal | undefined> {
  if (!isMonth(month)) throw new InvalidInputError(PLAN_MSG.monthInvalid);
  const { data } = await planProposals()
    .query.byUser({ uid: sub })
    .where((attr, { eq }) => eq(attr.month, month))
    .go({ pages: 'all' });
  // Ids start with their creation time, so they break a tie between equal creation dates.
  const newest = data.reduce<PlanProposalItem | undefined>(
    (best, item) => (!best || item.createdAt > best.createdAt || (item.createdAt === best.createdAt && item.id > best.id) ? item : best),
    undefined,
  );
  return newest ? proposalView(newest) : undefined;
}

/**
 * Refuses (InvalidInputError PUBLICATION_MSG.approvalInvalid) the first post of `plan` that its
 * network would refuse, when that network is connected (./publishable.ts `checkedNetworks`), with
 * its media from the caller's gallery.
 */
async function assertPlanPublishable(sub: string, plan: PlanProposalItem): Promise<void> {
  const checked = new Set(await checkedNetworks(sub, plan.posts.map((post) => post.platform).filter(isSocialNetwork)));
  for (const post of plan.posts) {
    // A platform stored by an older version is never offered by the planner.
    if (!isSocialNetwork(post.platform) || !checked.has(post.platform)) continue;
    const found = await firstProblem(post, [post.platform], await postMediaOf(sub, post.media ?? []));
    if (found) throw new InvalidInputError(PUBLICATION_MSG.approvalInvalid(post.title, found.network, found.problem.message));
  }
}

/** Approves plan `planId` of `sub` (see the module header). */
export async function approvePlan(sub: string, planId: string, now = new Date()): Promise<{ planId: string; posts: ScheduledPost[] }> {
  const { data: plan } = await planProposals().get({ uid: sub, id: planId }).go({ consistent: true });
  if (!plan) throw new NotFoundError(PLAN_MSG.planNotFound);
  await assertPlanPublishable(sub, plan);
  const at = now.toISOString();
  const items: ScheduledPostItem[] = plan.posts.map((post) => ({
    uid: sub,
    id: post.id,
    title: post.title,
    content: post.content,
    scheduledDate: post.scheduledDate,
    time: postTimeOf(post),
    platform: post.platform,
    status: 'aprobado',
    planId: plan.id,
    ...(post.versions && post.versions.length > 0 ? { versions: post.versions } : {}),
    ...(post.media && post.media.length > 0 ? { media: post.media } : {}),
    syncKey: syncKeyOf(sub, post.id, now),
    createdAt: at,
    updatedAt: at,
  }));
  // The proposal's removal is the last operation: its condition says whether the plan was still there.
  const proposalIndex = items.length * 2;
  try {
    await transactWrite((entities) => [...items.flatMap((item) => postWriteOps(entities, item)), entities.planProposal.remove({ uid: sub, id: plan.id }).commit()]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.conditionFailed(proposalIndex)) throw new NotFoundError(PLAN_MSG.planNotFound);
    logger.error('Plan approval cancelled: nothing written', { planId, codes: error.codes });
    throw new ConflictError(PLAN_MSG.planConflict);
  }
  logger.info('Plan approved', { planId, month: plan.month, posts: items.length });
  // One post at a time: each sync writes schedules, and the posts of one plan are few (MAX_PLAN_POSTS).
  const posts: ScheduledPost[] = [];
  for (const item of items) posts.push(await syncedView(sub, item, now));
  return { planId: plan.id, posts };
}

/** Edits one post of plan `planId` of `sub` before approval (see the module header). */
export async function editProposal(sub: string, input: CallableInput<'editarPropuesta'>): Promise<PlanProposal> {
  // The callable's own schema: callers inside the server get the same checks as the browser.
  const parsed = z.safeParse(editarPropuesta.input, input);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? PLAN_MSG.postTitleRequired);
  const { planId, post: edit } = parsed.data;
  const { data: plan } = await planProposals().get({ uid: sub, id: planId }).go({ consistent: true });
  if (!plan) throw new NotFoundError(PLAN_MSG.planNotFound);
  if (!plan.posts.some((candidate) => candidate.id === edit.id)) throw new NotFoundError(PLAN_MSG.postNotFound);
  if (edit.media) await postMediaOf(sub, edit.media);
  const posts = plan.posts.map((candidate) =>
    candidate.id === edit.id
      ? {
          id: edit.id,
          title: edit.title.trim(),
          content: edit.content.trim(),
          scheduledDate: edit.scheduledDate,
          time: edit.time,
          platform: edit.platform,
          versions: edit.versions.map(({ network, text, title }) => ({ network, text, ...(title !== undefined ? { title } : {}) })),
          ...(edit.media ? (edit.media.length > 0 ? { media: edit.media } : {}) : candidate.media ? { media: candidate.media } : {}),
        }
      : candidate,
  );
  try {
    // Conditional on the posts being as read: a concurrent fix of another post is never overwritten.
    await planProposals()
      .patch({ uid: sub, id: planId })
      .set({ posts })
      .where((attr, { eq }) => eq(attr.posts, plan.posts))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: still } = await planProposals().get({ uid: sub, id: planId }).go({ consistent: true });
    if (!still) throw new NotFoundError(PLAN_MSG.planNotFound);
    throw new ConflictError(PLAN_MSG.postConflict);
  }
  logger.info('Plan proposal post edited', { planId, postId: edit.id });
  return proposalView({ ...plan, posts });
}

/** Rejects (discards) plan `planId` of `sub`. */
export async function rejectPlan(sub: string, planId: string): Promise<{ planId: string }> {
  try {
    await planProposals().remove({ uid: sub, id: planId }).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(PLAN_MSG.planNotFound);
    throw error;
  }
  logger.info('Plan rejected', { planId });
  return { planId };
}
