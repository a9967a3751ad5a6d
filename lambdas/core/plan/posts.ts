/**
 * Scheduled posts (spec 2 'calendario', 3 "Scheduled post"; issue 5 item 1; issue 13 items 1–3) of
 * one tenant, always the verified caller's `sub`:
 * - `listScheduledPosts(sub, month, now?)` → the month's posts in date order, each with its
 *   publications (lambdas/core/publishing `publicationsOf`): one Query (`begins_with post#YYYY-MM-`),
 *   never a Scan, then the publications of those posts;
 * - `createScheduledPost(sub, {title, content, scheduledDate, time?, platform, status, planId?,
 *   targets?, media?, versions?}, now?)` → the stored post: the post and its id reference in one
 *   transaction (other contexts, e.g. the mobile chat, create posts through this). Without a time
 *   the post gets its network's default time (shared/time.ts), stored. Invalid input is
 *   INVALID_ARGUMENT, nothing written;
 * - `updateScheduledPost(sub, {id, title, content, scheduledDate, time?, platform, targets?,
 *   media?, versions?}, now?)` → the stored post; a new date moves the item: delete the old one,
 *   put the new one and repoint the reference in one transaction, so the post is never lost or
 *   doubled. Status and creation date are kept, and so are the time, targets, media and versions
 *   the edit leaves out;
 * - `postView(item, publications?)`: a post as the browser sees it; one stored before posts had a
 *   time (spec 3's shape) reads as its network's default time (issue 13 item 1);
 * - `deleteScheduledPost(sub, id)` → post and reference go in one transaction, then its
 *   publications and their schedules (`removePublications`).
 * Targets (1 to MAX_POST_TARGETS, each a network and optionally one destination; repeats are
 * dropped), media (gallery asset ids of the caller, images or videos, at most MAX_POST_MEDIA) and
 * versions (at most one per network) are checked with the callables' schemas and the gallery.
 * An APPROVED post (created as 'aprobado', or edited while approved) must also be publishable on
 * every target network (./publishable.ts, shared/publishing validatePost), else INVALID_ARGUMENT
 * with the Spanish reason and nothing written; its write sets the outbox key `syncKey`
 * (`<now ISO>#<sub>#<id>`, lambdas/platform/db/entities/scheduledPost.ts) in the same write, then
 * `syncPublications` makes its publications and schedules follow. A failed sync is logged and the
 * saved post is returned: the publishing sweep finishes the sync from the outbox.
 * An id the caller does not have is NOT_FOUND ('Publicación no encontrada.'); a write that meets
 * a concurrent change of the same post is ABORTED (409) and writes nothing.
 * `postWriteOps(item)` are the two operations that create a post, for bigger transactions (plan
 * approval); `syncKeyOf` and `syncedView` are shared with it.
 */
import * as z from 'zod/mini';
import { defaultPostTime, IsoDateSchema, MAX_POST_MEDIA, isPostTime, PLAN_MSG, PlatformSchema, POST_STATUSES, PostContentSchema, PostMediaSchema, PostTargetsSchema, PostTimeSchema, PostTitleSchema, PostVersionsSchema, TIME_MSG, type PostStatus, type PostTarget, type PostVersion, type ScheduledPost, type SocialNetwork, isMonth, type Publication } from '@director-ia/shared';
import { scheduledPostRefs, scheduledPosts, type ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { ConflictError, InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { newObjectId } from '../uploads/keys';
import { isConditionalCheckFailure, TransactionCancelled } from '../../platform/db/errors';
import { transactWrite, type CommittedWrite, type DirectorEntities } from '../../platform/db/service';
import { publicationsOf, removePublications, syncPublications } from '../publishing';
import { checkedNetworks, firstProblem, postMediaOf } from './publishable';
import { postView, targetsOf } from './view';

export { postView, targetsOf } from './view';

/** Targets, media and versions of a post, as a caller passes them (each checked at run time). */
export interface PostParts {
  /** Where it goes (1 to MAX_POST_TARGETS); omitted → `[{network: platform}]` (new) or kept (edit). */
  targets?: readonly PostTarget[];
  /** Gallery asset ids, in order (at most MAX_POST_MEDIA); omitted → none (new) or kept (edit). */
  media?: readonly string[];
  /** Text per network, one per network at most; omitted → none (new) or kept (edit). */
  versions?: readonly PostVersion[];
}

/** A new post as other contexts pass it (checked at run time: `platform` a network id, `status` 'propuesto' or 'aprobado'). */
export interface NewScheduledPost extends PostParts {
  title: string;
  content: string;
  /** 'YYYY-MM-DD'. */
  scheduledDate: string;
  /** 'HH:mm' local to the brand's time zone; the network's default when omitted. */
  time?: string;
  /** A network id (SocialNetwork). */
  platform: SocialNetwork | (string & {});
  /** A PostStatus. */
  status: PostStatus | (string & {});
  planId?: string;
}

export interface ScheduledPostEdit extends PostParts {
  id: string;
  title: string;
  content: string;
  scheduledDate: string;
  /** 'HH:mm'; omitted → the post keeps its time. */
  time?: string;
  platform: SocialNetwork;
}

const NewPostSchema = z.object({
  title: PostTitleSchema,
  content: PostContentSchema,
  scheduledDate: IsoDateSchema,
  time: z.optional(PostTimeSchema),
  platform: PlatformSchema,
  status: z.enum(POST_STATUSES, { error: 'Estado de publicación no válido.' }),
  planId: z.optional(z.string()),
});

const PartsSchema = z.object({ targets: z.optional(PostTargetsSchema), media: z.optional(PostMediaSchema), versions: z.optional(PostVersionsSchema) });

/** The first Spanish message of a failed parse. */
const firstIssue = (error: { issues: readonly { message: string }[] }, fallback: string) => error.issues[0]?.message ?? fallback;

/** `parts` checked (see the module header): targets without repeats, media and versions as given. */
function checkedParts(parts: PostParts): { targets?: PostTarget[]; media?: string[]; versions?: PostVersion[] } {
  const parsed = z.safeParse(PartsSchema, { targets: parts.targets, media: parts.media, versions: parts.versions });
  if (!parsed.success) throw new InvalidInputError(firstIssue(parsed.error, PLAN_MSG.platformInvalid));
  const { targets, media, versions } = parsed.data;
  const seen = new Set<string>();
  const unique = targets?.filter(({ network, targetId }) => {
    const key = `${network}#${targetId ?? ''}`;
    return !seen.has(key) && seen.add(key);
  });
  return {
    ...(unique ? { targets: unique.map(({ network, targetId }) => ({ network, ...(targetId ? { targetId } : {}) })) } : {}),
    ...(media ? { media } : {}),
    ...(versions ? { versions: versions.map(({ network, text, title }) => ({ network, text, ...(title !== undefined ? { title } : {}) })) } : {}),
  };
}

/**
 * Refuses (InvalidInputError with the Spanish reason) a post that cannot go out to one of its
 * connected target networks, checking its media in the caller's gallery (./publishable.ts).
 */
async function assertPublishable(sub: string, item: ScheduledPostItem): Promise<void> {
  const media = await postMediaOf(sub, item.media ?? []);
  const found = await firstProblem(item, await checkedNetworks(sub, targetsOf(item).map((target) => target.network)), media);
  if (found) throw new InvalidInputError(found.problem.message);
}

/** The outbox key of post `id` of `sub` changed at `now` (lambdas/platform/db/entities/scheduledPost.ts). */
export function syncKeyOf(sub: string, id: string, now: Date): string {
  return `${now.toISOString()}#${sub}#${id}`;
}

/**
 * The view of `item` just written with its outbox key, after its publications follow it
 * (syncPublications). A failed sync is logged, not thrown: the post is saved and still in the
 * outbox, so the publishing sweep finishes the sync; the view then has the publications as they are.
 */
export async function syncedView(sub: string, item: ScheduledPostItem, now: Date): Promise<ScheduledPost> {
  try {
    return postView(item, await syncPublications(sub, item, now));
  } catch (error) {
    logger.error('Post publications not synced: the publishing sweep will finish it', { id: item.id, error: error as Error });
    const publications = await publicationsOf(sub, [item.id], now).catch(() => new Map<string, Publication[]>());
    return postView(item, publications.get(item.id) ?? []);
  }
}

/** The operations that create post `item` and its id reference (both conditional on not existing). */
export function postWriteOps({ scheduledPost, scheduledPostRef }: DirectorEntities, item: ScheduledPostItem): CommittedWrite[] {
  return [scheduledPost.create(item).commit(), scheduledPostRef.create({ uid: item.uid, id: item.id, scheduledDate: item.scheduledDate }).commit()];
}

/** The posts of `sub` dated in `month` ('YYYY-MM'), by date (then creation), with their publications. */
export async function listScheduledPosts(sub: string, month: string, now = new Date()): Promise<ScheduledPost[]> {
  if (!isMonth(month)) throw new InvalidInputError(PLAN_MSG.monthInvalid);
  const { data } = await scheduledPosts()
    .query.byUser({ uid: sub })
    .begins({ scheduledDate: `${month}-` })
    .go({ pages: 'all' });
  if (data.length === 0) return [];
  const publications = await publicationsOf(
    sub,
    data.map((item) => item.id),
    now,
  );
  return data.map((item) => postView(item, publications.get(item.id) ?? []));
}

/** Stores a new post of `sub` (see the module header). */
export async function createScheduledPost(sub: string, input: NewScheduledPost, now = new Date()): Promise<ScheduledPost> {
  const parsed = z.safeParse(NewPostSchema, input);
  if (!parsed.success) throw new InvalidInputError(firstIssue(parsed.error, PLAN_MSG.postTitleRequired));
  const parts = checkedParts(input);
  const at = now.toISOString();
  const id = newObjectId(now.getTime());
  const approved = parsed.data.status === 'aprobado';
  const item: ScheduledPostItem = {
    uid: sub,
    id,
    title: parsed.data.title,
    content: parsed.data.content,
    scheduledDate: parsed.data.scheduledDate,
    time: parsed.data.time ?? defaultPostTime(parsed.data.platform),
    platform: parsed.data.platform,
    status: parsed.data.status,
    ...(parsed.data.planId ? { planId: parsed.data.planId } : {}),
    ...parts,
    ...(approved ? { syncKey: syncKeyOf(sub, id, now) } : {}),
    createdAt: at,
    updatedAt: at,
  };
  if (approved) await assertPublishable(sub, item);
  else if (item.media) await postMediaOf(sub, item.media);
  await transactWrite((entities) => postWriteOps(entities, item));
  return approved ? syncedView(sub, item, now) : postView(item);
}

async function currentPost(sub: string, id: string): Promise<ScheduledPostItem> {
  const { data: ref } = await scheduledPostRefs().get({ uid: sub, id }).go({ consistent: true });
  if (!ref) throw new NotFoundError(PLAN_MSG.postNotFound);
  const { data: post } = await scheduledPosts().get({ uid: sub, id, scheduledDate: ref.scheduledDate }).go({ consistent: true });
  if (!post) {
    logger.error('Scheduled post reference without its post', { id, scheduledDate: ref.scheduledDate });
    throw new NotFoundError(PLAN_MSG.postNotFound);
  }
  return post;
}

/** Post `id` of `sub` (NotFoundError with PLAN_MSG.postNotFound when there is none). */
export async function getScheduledPost(sub: string, id: string): Promise<ScheduledPost> {
  return postView(await currentPost(sub, id));
}

/**
 * Puts gallery asset `assetId` first in post `id`'s media (issue 18: the video made for it), the
 * post's other media kept after it up to MAX_POST_MEDIA, through the edit path (an approved
 * post's publications are synced). Idempotent: a post that already starts with it is left alone.
 * One retry when the post changed meanwhile; NotFoundError when it is gone.
 */
export async function attachPostMedia(sub: string, id: string, assetId: string, now = new Date()): Promise<ScheduledPost> {
  for (let attempt = 0; ; attempt++) {
    const current = await currentPost(sub, id);
    const media = current.media ?? [];
    if (media[0] === assetId) return postView(current);
    try {
      return await updateScheduledPost(
        sub,
        { id, title: current.title, content: current.content, scheduledDate: current.scheduledDate, platform: current.platform as SocialNetwork, media: [assetId, ...media.filter((m) => m !== assetId)].slice(0, MAX_POST_MEDIA) },
        now,
      );
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt > 0) throw error;
    }
  }
}

/** After a cancelled write: NotFoundError when the post is gone meanwhile, else ConflictError. */
async function conflict(sub: string, id: string, error: unknown): Promise<NotFoundError | ConflictError> {
  const { data: ref } = await scheduledPostRefs().get({ uid: sub, id }).go({ consistent: true });
  if (!ref) return new NotFoundError(PLAN_MSG.postNotFound);
  logger.warn('Scheduled post changed during a write', { id, codes: error instanceof TransactionCancelled ? error.codes : ['ConditionalCheckFailed'] });
  return new ConflictError(PLAN_MSG.postConflict);
}

/** Edits a post of `sub` (see the module header). */
export async function updateScheduledPost(sub: string, edit: ScheduledPostEdit, now = new Date()): Promise<ScheduledPost> {
  if (edit.time !== undefined && !isPostTime(edit.time)) throw new InvalidInputError(TIME_MSG.timeInvalid);
  const parts = checkedParts(edit);
  const current = await currentPost(sub, edit.id);
  const approved = current.status === 'aprobado';
  const next: ScheduledPostItem = {
    ...current,
    title: edit.title.trim(),
    content: edit.content.trim(),
    scheduledDate: edit.scheduledDate,
    ...(edit.time !== undefined ? { time: edit.time } : {}),
    platform: edit.platform,
    ...parts,
    ...(approved ? { syncKey: syncKeyOf(sub, edit.id, now) } : {}),
    updatedAt: now.toISOString(),
  };
  if (approved) await assertPublishable(sub, next);
  else if (parts.media) await postMediaOf(sub, parts.media);
  const key = { uid: sub, id: edit.id };
  try {
    if (next.scheduledDate === current.scheduledDate) {
      // Same sort key: replace the post only if nobody changed, moved or deleted it since we read it.
      await scheduledPosts()
        .put(next)
        .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
        .go();
    } else {
      await transactWrite(({ scheduledPost, scheduledPostRef }) => [
        scheduledPost.remove({ ...key, scheduledDate: current.scheduledDate }).commit(),
        scheduledPost.create(next).commit(),
        scheduledPostRef.put({ ...key, scheduledDate: next.scheduledDate }).where(({ scheduledDate }, { eq }) => eq(scheduledDate, current.scheduledDate)).commit(),
      ]);
    }
  } catch (error) {
    if (error instanceof TransactionCancelled || isConditionalCheckFailure(error)) throw await conflict(sub, edit.id, error);
    throw error;
  }
  return approved ? syncedView(sub, next, now) : postView(next);
}

/** Deletes a post of `sub`, its reference, then its publications and their schedules (see the module header). */
export async function deleteScheduledPost(sub: string, id: string): Promise<{ id: string }> {
  const current = await currentPost(sub, id);
  try {
    await transactWrite(({ scheduledPost, scheduledPostRef }) => [
      scheduledPost.remove({ uid: sub, id, scheduledDate: current.scheduledDate }).commit(),
      scheduledPostRef.delete({ uid: sub, id }).where(({ scheduledDate }, { eq }) => eq(scheduledDate, current.scheduledDate)).commit(),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw await conflict(sub, id, error);
    throw error;
  }
  // After the post, so a failure here never leaves an approved post without its publications. The
  // post is gone either way: a publication left behind finds no post when its schedule fires and is
  // not published (lambdas/core/publishing), so the failure is logged rather than reported as a
  // failed deletion.
  await removePublications(sub, id).catch((error: unknown) => logger.error('Publications of a deleted post not removed', { id, error: error as Error }));
  return { id };
}
