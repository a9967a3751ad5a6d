/**
 * `enviarMensajeWidget` (public; issue 6 item 1): `{uid, conversationId|null, message}` →
 * `{conversationId, reply, offline, askForContact}`: the brand's assistant answers from its
 * knowledge only, guarded; both messages are stored. 400 bad or long message, 404 unknown
 * brand or conversation, 429 over a limit (IP, brand, conversation, daily answers). Any bearer
 * token is ignored: the brand is the body's uid, checked server-side.
 */
import { enviarMensajeWidget } from '@director-ia/shared';
import { sendWidgetMessage } from '../core/widget/send';
import { createCallable } from './lib/callable';

export const handler = createCallable(enviarMensajeWidget, async ({ data, sourceIp }) => sendWidgetMessage(data, sourceIp));
