/** `listarRecursos` (active): the caller's generated assets with short-lived URLs, newest first. */
import { listarRecursos } from '@director-ia/shared';
import { listAssets } from '../core/assets/assets';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarRecursos, async ({ data, identity }) => ({
  assets: await listAssets(requireIdentity(identity).sub, data?.type),
}));
