/**
 * The inbox worker's domain (issue 14 item 3; see ./types.ts): BEING BUILT by the answer helper.
 * `answerInbound` answers one stored inbound message by the brand's rules, exactly once.
 */
import type { InboxWorkerEvent } from './types';

/** What the worker did with the message (for the log and the tests). */
export type AnswerOutcome = 'answered' | 'suggested' | 'handoff' | 'skipped' | 'duplicate';

/** Answers one stored inbound message (see the module header). */
export async function answerInbound(event: InboxWorkerEvent, now = new Date()): Promise<{ outcome: AnswerOutcome }> {
  void event;
  void now;
  throw new Error('answerInbound: not built yet (issue 14, answer helper)');
}
