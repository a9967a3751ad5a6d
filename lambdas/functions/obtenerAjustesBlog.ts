/** `obtenerAjustesBlog` (active): the caller's blog settings, header image as a short-lived URL (spec 3). */
import { obtenerAjustesBlog } from '@director-ia/shared';
import { readBlogSettings } from '../core/settings/blog';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerAjustesBlog, async ({ identity }) => readBlogSettings(requireIdentity(identity)));
