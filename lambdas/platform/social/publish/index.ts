/**
 * Publishing to the networks (issue 13 "The publishing engine"): the adapters' half. The engine
 * (core, next) claims a publication, gets the token (`freshAccessToken`/`targetAccessToken`), and
 * drives three operations per target; each takes the network app, a PublishRequest (./types.ts)
 * and PublishOptions (`fetch`, `now`, `sleep`, `onUsage`, `processingBudgetMs`).
 *
 * 1. `preparePublication(app, request, previous?)` → Prepared: the INVISIBLE steps (media uploads,
 *    Instagram containers and waiting for FINISHED, LinkedIn image registration, X media upload,
 *    the YouTube resumable session and every chunk but the last, TikTok's creator check). Safe to
 *    repeat: the HTTP client retries them on 429/5xx, and the engine may call prepare again, with
 *    the last Prepared (or NotReady.prepared) as `previous` to resume rather than redo. The result
 *    is plain JSON for the engine to store.
 * 2. `createPublication(app, request, prepared)` → Published `{postId, url}`: the ONE VISIBLE step
 *    (tweet, feed post, media_publish, LinkedIn post, pin, sendMessage, the last YouTube chunk, the
 *    last TikTok chunk or its photo init). Never retried, inside the client or out. Its errors mean:
 *    - NetworkError (any kind, RateLimited included): certainly NOT published (refused, throttled,
 *      or failed before anything visible was sent): the engine may create again later;
 *    - OutcomeUnknown: maybe published (timeout or dropped connection after sending, 5xx, an
 *      accepted answer that cannot be read). Never create again blindly: call findPublished with
 *      `error.prepared`.
 *    Anything after the visible step (Instagram's permalink, TikTok's status) is best effort and
 *    never turns a published post into an error.
 * 3. `findPublished(app, request, prepared)` → Published | null | 'unknowable': did a create whose
 *    outcome is unknown (or a crash between the network's answer and our write) publish?
 *    Instagram asks the container's status (PUBLISHED → our caption among recent media), YouTube
 *    the upload session, TikTok the publish status; X, Facebook and Pinterest search the account's
 *    recent posts for our text since the first prepare (./match.ts); LinkedIn (reading posts needs a
 *    partner-only scope) and Telegram (bots cannot read history) are `unknowable`: the engine marks
 *    the post "sin confirmar" and asks the owner. `null` means checked and not published: creating
 *    (after prepare, which resumes the YouTube session) is safe.
 *
 * Errors (NetworkError kinds, ../types.ts; the rule is ./errors.ts): `invalid_grant`/`denied` →
 * the owner reconnects; `rejected` → the owner changes the post (`detail` has the network's words,
 * for logs); `rate_limited` (RateLimited with `retryAt` and `scope`) and `unavailable` (NotReady
 * too) → postpone and retry. Rate usage of every answer reaches `options.onUsage` (./rates.ts) so
 * the engine can postpone before the limit. Instagram's publishing cap is read before each
 * publish (`instagramPublishingLimit`, exported for the engine). The request's idempotency key is
 * logged with every visible step; no network documents one to send.
 *
 * Per network: ./facebook.ts, ./instagram.ts, ./x.ts, ./linkedin.ts, ./youtube.ts, ./tiktok.ts,
 * ./pinterest.ts, ./telegram.ts (each header lists its documented calls). Media the network
 * fetches itself go as their URLs; media it wants as bytes are read from the URL in ranges
 * (./media.ts).
 */
import type { SocialNetwork } from '@director-ia/shared';
import type { NetworkApp } from '../types';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { pinterest } from './pinterest';
import { telegram } from './telegram';
import { tiktok } from './tiktok';
import type { FindResult, Prepared, PreparedOf, PublishAdapter, PublishOptions, PublishRequest, Published } from './types';
import { x } from './x';
import { youtube } from './youtube';

export * from './types';
export { instagramPublishingLimit, type PublishingLimit } from './instagram';
export { DEFAULT_RATE_LIMIT_WAIT_MS } from './rates';
export { PROCESSING_BUDGET_MS } from './wait';

const ADAPTERS: { readonly [N in SocialNetwork]: PublishAdapter<N> } = { facebook, instagram, x, linkedin, youtube, tiktok, pinterest, telegram };

/** `app`, `request` and `prepared` agree on the network (a mismatch is the caller's mistake). */
function adapterOf(app: NetworkApp, request: PublishRequest, prepared?: Prepared): PublishAdapter<SocialNetwork> {
  if (app.network !== request.network || (prepared && prepared.network !== request.network)) {
    throw new Error(`publishing: network mismatch (${app.network}, ${request.network}, ${prepared?.network ?? '-'})`);
  }
  // The table is keyed by network: the adapter of `request.network` takes its own Prepared.
  return ADAPTERS[request.network] as PublishAdapter<SocialNetwork>;
}

/** Step 1, the invisible steps (see the module header); `previous` resumes. */
export async function preparePublication(app: NetworkApp, request: PublishRequest, previous?: Prepared, options: PublishOptions = {}): Promise<Prepared> {
  return adapterOf(app, request, previous).prepare(app, request, previous as PreparedOf<SocialNetwork> | undefined, options);
}

/** Step 2, the one visible step (see the module header for what its errors mean). */
export async function createPublication(app: NetworkApp, request: PublishRequest, prepared: Prepared, options: PublishOptions = {}): Promise<Published> {
  return adapterOf(app, request, prepared).create(app, request, prepared as PreparedOf<SocialNetwork>, options);
}

/** Step 3, whether a create of unknown outcome published (see the module header). */
export async function findPublished(app: NetworkApp, request: PublishRequest, prepared: Prepared, options: PublishOptions = {}): Promise<FindResult> {
  return adapterOf(app, request, prepared).findPublished(app, request, prepared as PreparedOf<SocialNetwork>, options);
}

/** The three operations as one object (what the engine codes to). */
export const publishAdapters = { prepare: preparePublication, create: createPublication, findPublished };
export type PublishAdapters = typeof publishAdapters;
