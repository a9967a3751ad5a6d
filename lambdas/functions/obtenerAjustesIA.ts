/** `obtenerAjustesIA` (active): the caller's Constructor de IA settings (spec 2/3). */
import { obtenerAjustesIA } from '@director-ia/shared';
import { readAiSettings } from '../core/settings/aiSettings';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerAjustesIA, async ({ identity }) => readAiSettings(requireIdentity(identity)));
