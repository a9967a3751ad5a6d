/**
 * The publisher's work for one schedule event (issue 13 item 3; see ./index.ts for the model).
 * INTERFACE FIRST: the engine helper implements it.
 */

/** The event of a publication's one-time schedule. */
export interface PublishEvent {
  sub: string;
  postId: string;
  publicationId: string;
  /** The publication's revision when the schedule was put; a stale one is ignored. */
  revision: number;
}

/** What one delivery did (logged and returned; the twin's tests read it). */
export interface PublishEventResult {
  outcome: 'published' | 'failed' | 'unconfirmed' | 'postponed' | 'missed' | 'ignored';
  /** Why an event was ignored (duplicate, stale revision, not found...) or what failed, for logs. */
  detail?: string;
}

/** Handles one delivery (see ./index.ts). Throws only on unexpected failures. */
export async function handlePublishEvent(_event: PublishEvent, _now: Date = new Date(), _options: { remainingMs?: () => number } = {}): Promise<PublishEventResult> {
  throw new Error('handlePublishEvent: not implemented yet (issue 13 wave 2)');
}
