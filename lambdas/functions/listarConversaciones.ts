/** `listarConversaciones` (active): the caller's Bandeja conversations, newest activity first, filtered; and the unread total. */
import { listarConversaciones } from '@director-ia/shared';
import { listConversations } from '../core/inbox/conversations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarConversaciones, async ({ data, identity }) => listConversations(requireIdentity(identity).sub, data ?? {}));
