/**
 * Publishing callables (issue 13 items 2–4), all `active` (owner features):
 * - `publicarAhora({id, publicationId?})` → `{post}`: publishes at once the post's publications
 *   that are `programado`, `no_publicado` or `error` (or only `publicationId`): the calendar's
 *   "Publicar ahora" and "Reintentar". It goes through the same engine (a one-time schedule at
 *   the current instant), so it is exactly once like any other. NOT_FOUND for a post or
 *   publication the caller does not have; FAILED_PRECONDITION-like INVALID_INPUT
 *   (PUBLICATION_MSG.notRetryable / busy / alreadyPublished) for one in another state;
 * - `resolverPublicacion({id, publicationId, published})` → `{post}`: the owner's answer for a
 *   `sin_confirmar` publication: `true` → `publicado` (no URL known); `false` → published again now;
 * - `adaptarPublicacion({network, title, content})` → `{text, title?, offline, model}`: the AI
 *   rewrites a post for one network so that it fits its rules (issue 13 item 2 "lets the AI adapt
 *   it"); nothing is stored: the owner sees it and saves it as that network's version.
 */
import * as z from 'zod/mini';
import { ScheduledPostSchema } from '../../entities/scheduledPost';
import { define } from '../define';
import { requiredId } from '../fields';
import { PlatformSchema, PostContentSchema, PostTitleSchema } from './plan';

export const publicarAhora = define({
  name: 'publicarAhora',
  access: 'active',
  input: z.strictObject({ id: requiredId('Falta la publicación.'), publicationId: z.optional(requiredId('Falta la publicación.')) }),
  output: z.object({ post: ScheduledPostSchema }),
});

export const resolverPublicacion = define({
  name: 'resolverPublicacion',
  access: 'active',
  input: z.strictObject({
    id: requiredId('Falta la publicación.'),
    publicationId: requiredId('Falta la publicación.'),
    published: z.boolean({ error: 'Indica si la publicación salió.' }),
  }),
  output: z.object({ post: ScheduledPostSchema }),
});

export const adaptarPublicacion = define({
  name: 'adaptarPublicacion',
  access: 'active',
  input: z.strictObject({ network: PlatformSchema, title: PostTitleSchema, content: PostContentSchema }),
  output: z.object({ text: z.string(), title: z.optional(z.string()), offline: z.boolean(), model: z.string() }),
});
