/**
 * InboxRoute entity (issue 14, tenant resolution of the networks' webhooks): one item per brand
 * and receiving account, under the brand's partition `user#<sub>`, sort key
 * `inboxroute#<network>#<accountId>` (a Facebook page id, an Instagram account id, or for
 * Telegram the random `routeKey` of the bot's webhook URL), so a brand's routes of one network
 * are one Query and re-selecting a target rewrites the same item.
 *
 * GSI1 partition `inboxRoute`, sort key `claimKey` = `<network>#<accountId>#<sub>`
 * (`claimKeyOf`): the webhook finds every brand claiming an account with one Query
 * (begins_with `<network>#<accountId>#`; the trailing `#` keeps `12` from matching `123`); when
 * several do, the newest `updatedAt` wins (core/inbox/routes.ts). Items are always written whole
 * (put), so both GSI1 keys are always present.
 *
 * Telegram routes also carry the bot's id (the InboundMessage's accountId) and `secretHash`: the
 * SHA-256 (hex) of the `secret_token` given to setWebhook; the token itself is stored nowhere.
 *
 * YouTube routes (accountId = the channel id; YouTube has no comment webhook) are the list of
 * channels the sweep polls (core/inbox/poll.ts), and carry its state: `polledUntil` (ISO, whole
 * seconds: the newest comment time read), `polledIds` (the comment ids read at exactly that
 * second), `polledAt` (ISO of the last poll: the least recently polled go first).
 */
import { INBOX_NETWORKS } from '@director-ia/shared';
import { defineEntity, fixed, gsi1Index, type ItemOf, model, optional, required, TENANT, tenantIndex, TIMESTAMPS } from '../schema';

/** GSI1 partition of every brand's inbox routes. */
export const INBOX_ROUTE_GSI_PARTITION = 'inboxRoute';

/** The process-wide InboxRoute entity (created on first use). */
export const inboxRoutes = defineEntity({
  model: model('inboxRoute'),
  attributes: {
    ...TENANT,
    network: fixed(INBOX_NETWORKS),
    /** Page id, Instagram account id, or Telegram routeKey. */
    accountId: fixed('string'),
    /** `<network>#<accountId>#<uid>` (`claimKeyOf`). */
    claimKey: fixed('string'),
    /** The target's or bot's name when claimed (the inbox shows it). */
    accountName: optional('string'),
    /** Telegram: the bot's id. */
    botId: optional('string'),
    /** Telegram: hex SHA-256 of the webhook's secret token. */
    secretHash: optional('string'),
    /** YouTube: the poll cursor and the last poll (see the module header). */
    polledUntil: optional('string'),
    polledIds: { type: 'list', items: { type: 'string' } },
    polledAt: optional('string'),
    /** The network app points at the twin's "Red de pruebas". */
    sandbox: required('boolean'),
    ...TIMESTAMPS,
  },
  indexes: {
    byUser: tenantIndex('inboxroute#${network}#${accountId}', 'network', 'accountId'),
    byClaim: gsi1Index(INBOX_ROUTE_GSI_PARTITION, '${claimKey}', 'claimKey'),
  },
});

export type InboxRouteItem = ItemOf<typeof inboxRoutes>;

/** The GSI1 sort key of `uid`'s claim of `network` account `accountId`. */
export const claimKeyOf = (network: string, accountId: string, uid: string): string => `${network}#${accountId}#${uid}`;
