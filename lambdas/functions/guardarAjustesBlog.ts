/**
 * `guardarAjustesBlog` (active): saves the blog settings and claims the slug for this brand in
 * one transaction; a slug another brand holds is 409 ABORTED and changes nothing (spec 3/5).
 */
import { guardarAjustesBlog } from '@director-ia/shared';
import { saveBlogSettings } from '../core/settings/blog';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarAjustesBlog, async ({ data, identity }) => saveBlogSettings(requireIdentity(identity), data));
