/** `obtenerReglasBandeja` (active): the caller's inbox rules (the defaults until saved). */
import { obtenerReglasBandeja } from '@director-ia/shared';
import { readInboxRules } from '../core/inbox/rules';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerReglasBandeja, async ({ identity }) => ({ rules: await readInboxRules(requireIdentity(identity).sub) }));
