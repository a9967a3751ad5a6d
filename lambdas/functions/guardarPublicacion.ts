/**
 * `guardarPublicacion` (active; spec 2 'calendario', issue 5 item 1): `{id, title, content,
 * scheduledDate, platform}` → `{post}`: edits one of the caller's posts (a new date moves it, in one
 * transaction); 404 for an id the caller does not have, 409 when it changed meanwhile.
 */
import { guardarPublicacion } from '@director-ia/shared';
import { updateScheduledPost } from '../core/plan/posts';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarPublicacion, async ({ data, identity }) => ({
  post: await updateScheduledPost(requireIdentity(identity).sub, data),
}));
