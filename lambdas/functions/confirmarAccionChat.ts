/**
 * `confirmarAccionChat` (active, owner-only; issue 6 item 3): `{uid, actionId, confirm}` →
 * `{messages}`: runs or cancels an action the AI proposed in the mobile chat. A uid other than the
 * caller's verified sub is refused (403) before anything else.
 */
import { confirmarAccionChat } from '@director-ia/shared';
import { confirmChatAction } from '../core/chat/confirm';
import { chatOwner } from '../core/chat/owner';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(confirmarAccionChat, async ({ data, identity }) => {
  const sub = chatOwner(data.uid, requireIdentity(identity).sub);
  return { messages: await confirmChatAction(sub, { actionId: data.actionId, confirm: data.confirm }) };
});
