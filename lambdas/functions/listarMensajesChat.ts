/**
 * `listarMensajesChat` (active, owner-only; issue 6 item 3): `{uid}` → `{messages, transcribing}`:
 * the mobile chat's history, advancing voice notes being transcribed. A uid other than the
 * caller's verified sub is refused (403) before anything else.
 */
import { listarMensajesChat } from '@director-ia/shared';
import { listChatMessages } from '../core/chat/list';
import { chatOwner } from '../core/chat/owner';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarMensajesChat, async ({ data, identity }) => listChatMessages(chatOwner(data.uid, requireIdentity(identity).sub)));
