/**
 * Scheduled posts (spec 2 'calendario', 3 "Scheduled post"; issue 5 item 1) of one tenant, always
 * the verified caller's `sub`:
 * - `listScheduledPosts(sub, month)` → the month's posts in date order: one Query
 *   (`begins_with post#YYYY-MM-`), never a Scan;
 * - `createScheduledPost(sub, {title, content, scheduledDate, time?, platform, status, planId?}, now?)` →
 *   the stored post: the post and its id reference in one transaction (other contexts, e.g. the
 *   mobile chat, create posts through this). Without a time the post gets its network's default
 *   time (shared/time.ts), stored. Invalid input is INVALID_ARGUMENT, nothing written;
 * - `updateScheduledPost(sub, {id, title, content, scheduledDate, time?, platform}, now?)` → the
 *   stored post; a new date moves the item: delete the old one, put the new one and repoint the
 *   reference in one transaction, so the post is never lost or doubled. Status and creation date
 *   are kept, and so is the time when the edit has none;
 * - `postView(item)`: a post as the browser sees it; one stored before posts had a time (spec 3's
 *   shape) reads as its network's default time (issue 13 item 1);
 * - `deleteScheduledPost(sub, id)` → post and reference go in one transaction.
 * An id the caller does not have is NOT_FOUND ('Publicación no encontrada.'); a write that meets
 * a concurrent change of the same post is ABORTED (409) and writes nothing.
 * `postWriteOps(item)` are the two operations that create a post, for bigger transactions (plan
 * approval).
 */
import * as z from 'zod/mini';
import { defaultPostTime, IsoDateSchema, isPostTime, PLAN_MSG, PlatformSchema, postTimeOf, POST_STATUSES, PostContentSchema, PostTimeSchema, PostTitleSchema, TIME_MSG, type PostStatus, type ScheduledPost, type SocialNetwork, isMonth, isSocialNetwork, type Publication } from '@director-ia/shared';
import { scheduledPostRefs, scheduledPosts, type ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { ConflictError, InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { newObjectId } from '../uploads/keys';
import { isConditionalCheckFailure, TransactionCancelled } from '../../platform/db/errors';
import { transactWrite, type CommittedWrite, type DirectorEntities } from '../../platform/db/service';

/** A new post as other contexts pass it (checked at run time: `platform` a network id, `status` 'propuesto' or 'aprobado'). */
export interface NewScheduledPost {
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

export interface ScheduledPostEdit {
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

/**
 * The browser's view of a stored post; `publications` are the post's Publication views (the
 * publishing engine's, lambdas/core/publishing), none when not given.
 */
export function postView(item: ScheduledPostItem, publications: readonly Publication[] = []): ScheduledPost {
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    scheduledDate: item.scheduledDate,
    time: postTimeOf(item),
    platform: item.platform,
    status: item.status,
    targets: item.targets ?? (isSocialNetwork(item.platform) ? [{ network: item.platform }] : []),
    media: item.media ?? [],
    versions: item.versions ?? [],
    publications: [...publications],
    ...(item.planId ? { planId: item.planId } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The operations that create post `item` and its id reference (both conditional on not existing). */
export function postWriteOps({ scheduledPost, scheduledPostRef }: DirectorEntities, item: ScheduledPostItem): CommittedWrite[] {
  return [scheduledPost.create(item).commit(), scheduledPostRef.create({ uid: item.uid, id: item.id, scheduledDate: item.scheduledDate }).commit()];
}

/** The posts of `sub` dated in `month` ('YYYY-MM'), by date (then creation). */
export async function listScheduledPosts(sub: string, month: string): Promise<ScheduledPost[]> {
  if (!isMonth(month)) throw new InvalidInputError(PLAN_MSG.monthInvalid);
  const { data } = await scheduledPosts()
    .query.byUser({ uid: sub })
    .begins({ scheduledDate: `${month}-` })
    .go({ pages: 'all' });
  return data.map((item) => postView(item));
}

/** Stores a new post of `sub` (see the module header). */
export async function createScheduledPost(sub: string, input: NewScheduledPost, now = new Date()): Promise<ScheduledPost> {
  const parsed = z.safeParse(NewPostSchema, input);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? PLAN_MSG.postTitleRequired);
  const at = now.toISOString();
  const item: ScheduledPostItem = {
    uid: sub,
    id: newObjectId(now.getTime()),
    title: parsed.data.title,
    content: parsed.data.content,
    scheduledDate: parsed.data.scheduledDate,
    time: parsed.data.time ?? defaultPostTime(parsed.data.platform),
    platform: parsed.data.platform,
    status: parsed.data.status,
    ...(parsed.data.planId ? { planId: parsed.data.planId } : {}),
    createdAt: at,
    updatedAt: at,
  };
  await transactWrite((entities) => postWriteOps(entities, item));
  return postView(item);
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
  const current = await currentPost(sub, edit.id);
  const next: ScheduledPostItem = {
    ...current,
    title: edit.title.trim(),
    content: edit.content.trim(),
    scheduledDate: edit.scheduledDate,
    ...(edit.time !== undefined ? { time: edit.time } : {}),
    platform: edit.platform,
    updatedAt: now.toISOString(),
  };
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
  return postView(next);
}


/** Deletes a post of `sub` and its reference (see the module header). */
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
  return { id };
}
