/**
 * The owner's actions on publications (see ./index.ts for the contract): "Publicar ahora" /
 * "Reintentar" (`publishNow`), the answer to "sin confirmar" (`resolveUnconfirmed`), the views
 * (`publicationsOf`) and one post's view with its publications (`postWithPublications`, for the
 * publishing callables).
 */
import { PLAN_MSG, PUBLICATION_MSG, type Publication, type ScheduledPost } from '@director-ia/shared';
import { InvalidInputError, NotFoundError } from '../../platform/errors';
import { postView } from '../plan/view';
import { ATTEMPT_RESET, dueFields, syncPublications, writeRevision } from './sync';
import { conditional, listPublications, readPost, type PublicationItem } from './store';
import { publications } from '../../platform/db/entities/publication';
import { linkPublication } from './links';
import { publicationView } from './views';

/** States "Publicar ahora" / "Reintentar" act on. */
const RETRYABLE: readonly PublicationItem['state'][] = ['programado', 'no_publicado', 'error'];

/** Why `item` cannot be published now (InvalidInputError), by its state. */
function refusal(item: PublicationItem): InvalidInputError {
  if (item.state === 'publicando') return new InvalidInputError(PUBLICATION_MSG.busy);
  if (item.state === 'publicado') return new InvalidInputError(PUBLICATION_MSG.alreadyPublished);
  return new InvalidInputError(PUBLICATION_MSG.notRetryable);
}

/** `item` due at `now` in a new revision (the attempt's state starts afresh, its Prepared kept to resume). */
async function dueNow(item: PublicationItem, now: Date): Promise<boolean> {
  const next: PublicationItem = { ...item, ...ATTEMPT_RESET, revision: item.revision + 1, ...dueFields(item, now.toISOString(), now), updatedAt: now.toISOString() };
  return writeRevision(item, next);
}

/** The post's publications; NotFoundError when the post has none and does not exist, or an approved post without any is synced first. */
async function publicationsOfPost(sub: string, postId: string, now: Date): Promise<PublicationItem[]> {
  const items = await listPublications(sub, postId);
  if (items.length > 0) return items;
  const post = await readPost(sub, postId);
  if (!post) throw new NotFoundError(PUBLICATION_MSG.publicationNotFound);
  if (post.status === 'aprobado') await syncPublications(sub, post, now);
  return listPublications(sub, postId);
}

/** The one publication `publicationId` among `items`, or NotFoundError. */
function pick(items: PublicationItem[], publicationId: string): PublicationItem {
  const item = items.find((candidate) => candidate.id === publicationId);
  if (!item) throw new NotFoundError(PUBLICATION_MSG.publicationNotFound);
  return item;
}

const views = async (sub: string, postId: string, now: Date) => (await listPublications(sub, postId)).map((item) => publicationView(item, now));

/** See ./index.ts. */
export async function publishNow(sub: string, postId: string, publicationId?: string, now = new Date()): Promise<Publication[]> {
  const items = await publicationsOfPost(sub, postId, now);
  if (items.length === 0) throw new NotFoundError(PUBLICATION_MSG.publicationNotFound);
  const chosen = publicationId ? [pick(items, publicationId)] : items.filter((item) => RETRYABLE.includes(item.state));
  if (chosen.length === 0) throw refusal(items.find((item) => item.state === 'publicando') ?? items.find((item) => item.state === 'publicado') ?? (items[0] as PublicationItem));
  for (const item of chosen) {
    if (!RETRYABLE.includes(item.state)) throw refusal(item);
    // Lost to a concurrent change (the publisher claimed it meanwhile): that change stands.
    await dueNow(item, now);
  }
  return views(sub, postId, now);
}

/** See ./index.ts. */
export async function resolveUnconfirmed(sub: string, postId: string, publicationId: string, published: boolean, now = new Date()): Promise<Publication[]> {
  const item = pick(await listPublications(sub, postId), publicationId);
  if (item.state !== 'sin_confirmar') throw refusal(item);
  if (!published) {
    // The owner says it did not go out: creating again is safe.
    await dueNow({ ...item, prepared: undefined }, now);
    return views(sub, postId, now);
  }
  const at = now.toISOString();
  const written = await conditional(
    publications()
      .patch({ uid: sub, postId, id: publicationId })
      .set({ state: 'publicado', publishedAt: at, updatedAt: at })
      .remove(['reason', 'fixLabel', 'fixHref', 'creating', 'digestPending', 'url'])
      .where((attr, op) => `${op.eq(attr.state, 'sin_confirmar')} AND ${op.eq(attr.revision, item.revision)}`)
      .go(),
  );
  if (written) await linkPublication(item, now);
  return views(sub, postId, now);
}

/** See ./index.ts. */
export async function publicationsOf(sub: string, postIds: readonly string[], now = new Date()): Promise<Map<string, Publication[]>> {
  const found = await Promise.all([...new Set(postIds)].map(async (postId) => [postId, await views(sub, postId, now)] as const));
  return new Map(found);
}

/** Post `postId` of `sub` as the browser sees it, with its publications; NotFoundError (PLAN_MSG.postNotFound) when it does not exist. */
export async function postWithPublications(sub: string, postId: string, now = new Date()): Promise<ScheduledPost> {
  const post = await readPost(sub, postId);
  if (!post) throw new NotFoundError(PLAN_MSG.postNotFound);
  return postView(post, await views(sub, postId, now));
}

