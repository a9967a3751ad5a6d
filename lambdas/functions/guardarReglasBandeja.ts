/** `guardarReglasBandeja` (active): stores all of the caller's inbox rules, validated. */
import { guardarReglasBandeja } from '@director-ia/shared';
import { saveInboxRules } from '../core/inbox/rules';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarReglasBandeja, async ({ data, identity }) => ({ rules: await saveInboxRules(requireIdentity(identity).sub, data.rules, new Date()) }));
