/**
 * The owner's inbox rules (issue 14; semantics in the header of shared/inbox.ts), stored as the
 * InboxRules entity (`settings#bandeja`, platform/db/entities/inboxRules.ts):
 * - `readInboxRules(uid)` → the stored rules, or DEFAULT_INBOX_RULES when none were saved (an item
 *   that no longer validates is read as the defaults, logged); a network added since the rules
 *   were saved (YouTube) takes its mode from DEFAULT_INBOX_RULES;
 * - `saveInboxRules(uid, rules, now)` → all of them, validated (InboxRulesSchema; INVALID_INPUT
 *   with its Spanish message otherwise), replacing what was stored;
 * - `humanTopicOf(text, rules)`: the first human-only topic `text` is about (the same matching as
 *   the brand's topics to avoid: accent- and case-insensitive, stem-aware), or null;
 * - `withinBusinessHours(hours, zone, now)`: whether `now` falls inside the hours in the brand's
 *   time zone (no hours set: always "inside": nobody promised any);
 * - `handoffText(rules, inside)`: the hand-off message, with the hours appended outside them.
 */
import { DEFAULT_INBOX_RULES, describeBusinessHours, INBOX_MSG, InboxRulesSchema, localDateTime, type BusinessHours, type InboxRules } from '@director-ia/shared';
import * as z from 'zod/mini';
import { inboxRules } from '../../platform/db/entities/inboxRules';
import { InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { matchedTopicToAvoid } from '../brand';

/** Brand `uid`'s rules (see the module header). */
export async function readInboxRules(uid: string): Promise<InboxRules> {
  const { data } = await inboxRules().get({ uid }).go();
  if (!data) return DEFAULT_INBOX_RULES;
  const parsed = z.safeParse(InboxRulesSchema, {
    // Rules saved before a network joined the inbox lack its mode: the default fills it.
    modes: { ...DEFAULT_INBOX_RULES.modes, ...data.modes },
    businessHours: data.businessHours ?? null,
    handoffMessage: data.handoffMessage,
    humanTopics: data.humanTopics,
  });
  if (parsed.success) return parsed.data;
  logger.warn('Stored inbox rules no longer valid: defaults used');
  return DEFAULT_INBOX_RULES;
}

/** Validates and stores brand `uid`'s rules (see the module header). */
export async function saveInboxRules(uid: string, input: unknown, now = new Date()): Promise<InboxRules> {
  const parsed = z.safeParse(InboxRulesSchema, input);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? INBOX_MSG.invalidHours);
  const hours = parsed.data.businessHours;
  const rules: InboxRules = { ...parsed.data, businessHours: hours ? { ...hours, days: [...hours.days].sort((a, b) => a - b) } : null };
  await inboxRules()
    .put({
      uid,
      modes: rules.modes,
      ...(rules.businessHours ? { businessHours: rules.businessHours } : {}),
      handoffMessage: rules.handoffMessage,
      humanTopics: rules.humanTopics,
      lastUpdated: now.toISOString(),
    })
    .go();
  return rules;
}

/** The first human-only topic `text` is about, or null. */
export function humanTopicOf(text: string, rules: Pick<InboxRules, 'humanTopics'>): string | null {
  for (const topic of rules.humanTopics) {
    if (matchedTopicToAvoid(text, { topicsToAvoid: topic })) return topic;
  }
  return null;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a `YYYY-MM-DD` date. */
const isoWeekday = (date: string): number => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** Whether `now` is inside `hours` in time zone `zone` (null hours: true). */
export function withinBusinessHours(hours: BusinessHours | null, zone: string, now: Date): boolean {
  if (!hours) return true;
  const local = localDateTime(now, zone);
  return hours.days.includes(isoWeekday(local.date)) && local.time >= hours.from && local.time < hours.to;
}

/** The hand-off message the customer gets (with the hours when outside them). */
export function handoffText(rules: Pick<InboxRules, 'handoffMessage' | 'businessHours'>, inside: boolean): string {
  if (inside || !rules.businessHours) return rules.handoffMessage;
  return INBOX_MSG.handoffWithHours(rules.handoffMessage, describeBusinessHours(rules.businessHours));
}
