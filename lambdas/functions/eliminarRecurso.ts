/** `eliminarRecurso` (active): deletes one of the caller's assets, its file and its record. */
import { eliminarRecurso } from '@director-ia/shared';
import { deleteAsset } from '../core/assets/assets';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarRecurso, async ({ data, identity }) => deleteAsset(requireIdentity(identity).sub, data.id));
