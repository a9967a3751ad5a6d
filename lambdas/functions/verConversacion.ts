/** `verConversacion` (active): one of the caller's conversations with its messages, oldest first; marks it read. */
import { verConversacion } from '@director-ia/shared';
import { openConversation } from '../core/inbox/conversations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(verConversacion, async ({ data, identity }) => openConversation(requireIdentity(identity).sub, data.id));
