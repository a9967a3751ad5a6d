/** `guardarAjustesIA` (active): merges the caller's AI settings; the server sets lastUpdated (spec 3). */
import { guardarAjustesIA } from '@director-ia/shared';
import { saveAiSettings } from '../core/settings/aiSettings';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarAjustesIA, async ({ data, identity }) => saveAiSettings(requireIdentity(identity), data));
