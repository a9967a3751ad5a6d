/** `responderConversacion` (active): the owner's reply, sent through the conversation's network. */
import { responderConversacion } from '@director-ia/shared';
import { replyToConversation } from '../core/inbox/conversations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(responderConversacion, async ({ data, identity }) => replyToConversation(requireIdentity(identity).sub, data.id, data.text, new Date()));
