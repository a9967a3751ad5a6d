/**
 * Who wrote a Messenger or Instagram DM (issue 14): their webhooks carry only the page-scoped id,
 * so without this the inbox and the leads say 'Cliente'. `completeCustomer(conversation, now)`,
 * called by the worker (./answer.ts) before the lead capture, reads the person's profile once
 * when a DM conversation of those networks has no `customerName` (platform/social/messaging
 * `readCustomerProfile` with the token replies use, ./send.ts `tokenFor`) and sets
 * `customerName` / `customerHandle` on the conversation, each only if still absent (a concurrent
 * message's worker may have set them). Best effort: any failure (no consent, a refused token, no
 * answer, the connection gone) is logged without the person's id and the conversation is returned
 * as it was; a refused token is left for the send to report (it marks the connection).
 * Returns the conversation with the fields it now has.
 */
import type { ConversationItem } from '../../platform/db/entities/conversation';
import { conversations } from '../../platform/db/entities/conversation';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { logger } from '../../platform/logger';
import { loadNetworkApps } from '../../platform/social';
import { ProfileUnreadable, readCustomerProfile, type ProfileNetwork, type CustomerProfile } from '../../platform/social/messaging';
import { tokenFor } from './send';

/** Whether the worker should read who wrote `conversation`. */
export const needsProfile = (conversation: ConversationItem): conversation is ConversationItem & { channel: ProfileNetwork; customerId: string; accountId: string } =>
  (conversation.channel === 'facebook' || conversation.channel === 'instagram') &&
  (conversation.kind ?? 'dm') === 'dm' &&
  !conversation.customerName &&
  Boolean(conversation.customerId) &&
  Boolean(conversation.accountId);

async function readProfile(conversation: ConversationItem & { channel: ProfileNetwork; customerId: string; accountId: string }, now: Date): Promise<CustomerProfile | null> {
  const network = conversation.channel;
  const app = (await loadNetworkApps())[network];
  if (!app) return null;
  const token = await tokenFor(conversation.uid, network, conversation.accountId, now);
  return readCustomerProfile(app, network, { customerId: conversation.customerId, token });
}

/** Completes the customer of `conversation` (see the module header). */
export async function completeCustomer(conversation: ConversationItem, now: Date): Promise<ConversationItem> {
  if (!needsProfile(conversation)) return conversation;
  const network = conversation.channel;
  let profile: CustomerProfile | null;
  try {
    profile = await readProfile(conversation, now);
  } catch (error) {
    const kind = error instanceof ProfileUnreadable ? error.kind : undefined;
    logger.warn('Inbox customer profile not read', { network, kind, error: { name: (error as Error).name } });
    return conversation;
  }
  if (!profile) return conversation;
  const handle = profile.handle && !conversation.customerHandle ? { customerHandle: profile.handle } : {};
  const key = { uid: conversation.uid, id: conversation.id };
  try {
    await conversations()
      .patch(key)
      .set({ customerName: profile.name, ...handle })
      .where(({ customerName }, { notExists }) => notExists(customerName))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Named meanwhile (another message's worker): keep what is stored.
    const { data } = await conversations().get(key).go({ consistent: true });
    return data ?? conversation;
  }
  logger.info('Inbox customer profile read', { network, handle: Boolean(profile.handle) });
  return { ...conversation, customerName: profile.name, ...handle };
}
