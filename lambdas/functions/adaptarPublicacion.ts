/**
 * `adaptarPublicacion` (active; issue 13 item 2): `{network, title, content}` → `{text, title?,
 * offline, model}`: the brand's AI rewrites the post so that it fits the network's text rules
 * (the offline provider shortens it at a word boundary, `offline: true`). Nothing is stored.
 */
import { adaptarPublicacion } from '@director-ia/shared';
import { adaptPost } from '../core/plan/adapt';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(adaptarPublicacion, async ({ data, identity }) => adaptPost(requireIdentity(identity).sub, data));
