/**
 * Inbox rules entity (issue 14, Bandeja; shared/inbox.ts InboxRules): one item per brand under
 * `user#<sub>`, sort key `settings#bandeja`. Absent until the owner saves them (the domain then
 * answers DEFAULT_INBOX_RULES). `businessHours` absent = no hours set.
 */
import { INBOX_MODES } from '@director-ia/shared';
import { defineEntity, type ItemOf, LAST_UPDATED, model, required, TENANT, tenantIndex } from '../schema';

const mode = { type: INBOX_MODES, required: true } as const;

/** The process-wide InboxRules entity (created on first use). */
export const inboxRules = defineEntity({
  model: model('inboxRules'),
  attributes: {
    ...TENANT,
    // `youtube` joined later (issue 14, polled comments): items saved before lack it (core/inbox/rules.ts fills the default).
    modes: { type: 'map', required: true, properties: { facebook: mode, instagram: mode, telegram: mode, youtube: { type: INBOX_MODES } } },
    /** ISO weekdays and `HH:mm` times in the brand's time zone. */
    businessHours: { type: 'map', properties: { days: { type: 'list', items: { type: 'number' } }, from: { type: 'string' }, to: { type: 'string' } } },
    handoffMessage: required('string'),
    humanTopics: { type: 'list', required: true, items: { type: 'string' } },
    ...LAST_UPDATED,
  },
  indexes: { byUser: tenantIndex('settings#bandeja') },
});

export type InboxRulesItem = ItemOf<typeof inboxRules>;
