/**
 * `eliminarPublicacion` (active; spec 2 'calendario', issue 5 item 1): `{id}` → `{id}`: deletes one
 * of the caller's posts (post and id reference in one transaction); 404 for an id the caller does
 * not have.
 */
import { eliminarPublicacion } from '@director-ia/shared';
import { deleteScheduledPost } from '../core/plan/posts';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarPublicacion, async ({ data, identity }) => deleteScheduledPost(requireIdentity(identity).sub, data.id));
