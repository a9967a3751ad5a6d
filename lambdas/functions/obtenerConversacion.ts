/** `obtenerConversacion` (active): the transcript of one of the caller's leads, oldest first. */
import { obtenerConversacion } from '@director-ia/shared';
import { readTranscript } from '../core/leads/leads';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerConversacion, async ({ data, identity }) => ({
  leadId: data.leadId,
  messages: await readTranscript(requireIdentity(identity).sub, data.leadId),
}));
