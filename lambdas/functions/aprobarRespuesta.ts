/** `aprobarRespuesta` (active): sends an AI suggestion (optionally edited), exactly once. */
import { aprobarRespuesta } from '@director-ia/shared';
import { approveSuggestion } from '../core/inbox/conversations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(aprobarRespuesta, async ({ data, identity }) => approveSuggestion(requireIdentity(identity).sub, data.id, data.messageId, data.text, new Date()));
