/**
 * `guardarAjustesIA` (active): merges the caller's AI settings; the server sets lastUpdated (spec
 * 3). A new brand time zone moves every scheduled publication to its new instant (issue 13 item 1).
 */
import { guardarAjustesIA } from '@director-ia/shared';
import { saveBrandSettings } from '../core/settings/saveAiSettings';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarAjustesIA, async ({ data, identity }) => saveBrandSettings(requireIdentity(identity), data));
