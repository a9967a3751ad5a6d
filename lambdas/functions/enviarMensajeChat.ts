/**
 * `enviarMensajeChat` (active, owner-only; issue 6 item 3): `{uid, text?, imageKey?, voiceKey?}` →
 * `{messages}`: the owner's message in the mobile chat and the AI's answers. A uid other than the
 * caller's verified sub is refused (403) before anything else.
 */
import { enviarMensajeChat } from '@director-ia/shared';
import { chatOwner } from '../core/chat/owner';
import { sendChatMessage } from '../core/chat/send';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(enviarMensajeChat, async ({ data, identity }) => {
  const sub = chatOwner(data.uid, requireIdentity(identity).sub);
  return { messages: await sendChatMessage(sub, { text: data.text, imageKey: data.imageKey, voiceKey: data.voiceKey }) };
});
