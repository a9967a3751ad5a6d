/**
 * A publication's one-time schedule (issue 13 item 3) through the Scheduler door
 * (platform/scheduler): name `scheduleName('pub', id)`, fired at `at` with the PublishEvent
 * `{sub, postId, publicationId, revision}` for the publisher (SCHEDULE_TARGET_ARN). Putting it
 * again replaces it (a move); deleting a missing one is fine.
 */
import { deleteSchedule, putOneTimeSchedule, scheduleName, schedulerSettings } from '../../platform/scheduler';
import type { PublishEvent } from './engine';
import type { PublicationItem } from './store';

/** The schedule name of publication `id`. */
export const publicationScheduleName = (id: string): string => scheduleName('pub', id);

/** The event `item`'s schedule carries. */
export const eventOf = (item: Pick<PublicationItem, 'uid' | 'postId' | 'id' | 'revision'>): PublishEvent => ({
  sub: item.uid,
  postId: item.postId,
  publicationId: item.id,
  revision: item.revision,
});

/**
 * Creates or moves `item`'s schedule to `at` (default its `dueAt`, or now when that has passed: a
 * publication approved a few minutes after its time goes out at once), carrying its current revision.
 */
export async function putPublicationSchedule(item: Pick<PublicationItem, 'uid' | 'postId' | 'id' | 'revision' | 'dueAt'>, at = new Date(Math.max(Date.parse(item.dueAt), Date.now()))): Promise<void> {
  const settings = schedulerSettings();
  await putOneTimeSchedule({ name: publicationScheduleName(item.id), group: settings.group, at, targetArn: settings.targetArn, roleArn: settings.roleArn, input: eventOf(item), ...(settings.deadLetterArn ? { deadLetterArn: settings.deadLetterArn } : {}) });
}

/** Removes publication `id`'s schedule (idempotent). */
export async function deletePublicationSchedule(id: string): Promise<void> {
  await deleteSchedule(publicationScheduleName(id), schedulerSettings().group);
}
