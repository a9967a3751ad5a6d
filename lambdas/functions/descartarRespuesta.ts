/** `descartarRespuesta` (active): discards an AI suggestion. */
import { descartarRespuesta } from '@director-ia/shared';
import { discardSuggestion } from '../core/inbox/conversations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(descartarRespuesta, async ({ data, identity }) => discardSuggestion(requireIdentity(identity).sub, data.id, data.messageId));
