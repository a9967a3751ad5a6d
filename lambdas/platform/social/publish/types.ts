/**
 * The shapes of publishing (issue 13 "The publishing engine"; the design is in ./index.ts): what
 * the engine asks a network adapter to publish, the JSON state its invisible steps leave behind,
 * what the visible step answers, and the two errors of its own: OutcomeUnknown (the visible step
 * may or may not have happened) and NotReady (the network is still processing our media).
 * RateLimited and NetworkError live in ../types.ts with the other adapter errors.
 */
import type { SocialNetwork, TargetKind } from '@director-ia/shared';
import type { AdapterOptions } from '../call';
import { NetworkError, type NetworkApp, type RateScope } from '../types';

/** One medium of a post. */
export interface MediaItem {
  kind: 'image' | 'video';
  /** MIME type, e.g. `image/jpeg`, `video/mp4`. */
  contentType: string;
  /** Bytes. */
  size: number;
  /**
   * A URL the network can fetch itself (in AWS a presigned S3 GET, valid for the whole attempt);
   * the adapters also read it, in ranges, through the HTTP door when the network wants the bytes
   * (X, LinkedIn, YouTube, TikTok FILE_UPLOAD).
   */
  url: string;
}

/** Who may see the post: `private` where the app is not audited (TikTok SELF_ONLY, YouTube private). */
export type PublishPrivacy = 'public' | 'private';

/** One post to one target, as the engine hands it to an adapter. */
export interface PublishRequest {
  network: SocialNetwork;
  /**
   * Where it goes, as found at connect time: the Facebook page id, the Instagram professional
   * account id, the X/TikTok profile (the user id, TikTok's open_id), LinkedIn's author URN
   * (`urn:li:person:<id>`), the YouTube channel id, the Pinterest board id, the Telegram chat id.
   */
  target: { id: string; kind: TargetKind };
  /** The connected account; `username` only builds post URLs (X, TikTok) when the network does not say them. */
  account: { id: string; username?: string };
  /**
   * The token to publish with: the page token for Facebook and Instagram, the bot token for
   * Telegram, the user's access token elsewhere. Never logged, never in an error.
   */
  accessToken: string;
  /** The post's text, already adapted to the network (its length limit checked before approval). */
  text: string;
  /** YouTube's video title and Pinterest's pin title (TikTok photo posts too). */
  title?: string;
  /** A link the network shows with the post where it has a field for one (Facebook feed, Pinterest). */
  link?: string;
  media: readonly MediaItem[];
  privacy: PublishPrivacy;
  /**
   * A stable id of our publication. None of the eight networks' documented create calls takes an
   * idempotency key today, so it is sent nowhere; the adapters log it with every visible step so
   * a double can be traced.
   */
  idempotencyKey: string;
}

/** What the visible step created: the network's post id and its public URL (null when it has none: a private post, a private Telegram channel). */
export interface Published {
  postId: string;
  url: string | null;
}

/** `findPublished`'s answer: found, checked and not there (`null`: creating again is safe), or `unknowable`. */
export type FindResult = Published | null | 'unknowable';

/** What every Prepared state has. */
interface PreparedBase {
  /** Schema version of this JSON. */
  v: 1;
  /** Epoch ms of the first prepare of this publication (kept across resumes): searches ignore older posts. */
  preparedAt: number;
  /** True when every invisible step is done and `create` may run; false in NotReady.prepared. */
  ready: boolean;
}

/**
 * The JSON the invisible steps leave behind, per network; the engine stores it as is and hands it
 * back to `prepare` (to resume), `create` and `findPublished`:
 * - facebook: the unpublished photos of a multi-photo post;
 * - instagram: the children and the container to publish (null until created);
 * - x: the uploaded media ids and when X forgets them (epoch ms);
 * - linkedin: the image URNs, in order;
 * - youtube: the resumable session URI and how many bytes it holds (all but the last chunk);
 * - tiktok: the privacy level checked against the creator's options and the creator's username
 *   (for URLs); for a video, the publish_id and upload URL of its init and every chunk but the last
 *   already uploaded (so a crash after the visible last chunk is found by the publish's status); for
 *   photos `publishId` is set by `create` (in OutcomeUnknown.prepared) once TikTok gave one;
 * - pinterest, telegram: nothing (the network fetches the media itself at create).
 */
export type Prepared = PreparedBase &
  (
    | { network: 'facebook'; photoIds: string[] }
    | { network: 'instagram'; children: string[]; containerId: string | null }
    | { network: 'x'; mediaIds: string[]; expiresAt: number | null }
    | { network: 'linkedin'; images: string[] }
    | { network: 'youtube'; sessionUri: string; received: number }
    | { network: 'tiktok'; privacyLevel: string; username: string | null; publishId: string | null; uploadUrl: string | null }
    | { network: 'pinterest' }
    | { network: 'telegram' }
  );

/** The Prepared state of one network. */
export type PreparedOf<N extends SocialNetwork> = Extract<Prepared, { network: N }>;

/**
 * Rate-limit usage read from an answer's headers, success or not, so the engine can postpone
 * before hitting the limit (./rates.ts):
 * - X `x-rate-limit-limit/remaining/reset`: per user and endpoint (`account`, resource `x:<operation>`);
 * - Meta `X-App-Usage`: the whole app (`app`, resource `meta:app`), the highest of its percentages;
 * - Meta `X-Business-Use-Case-Usage`: per page or Instagram account (`account`, resource
 *   `meta:<type>:<id>`), with `estimated_time_to_regain_access` as `resetAt` when positive.
 */
export interface RateUsage {
  network: SocialNetwork;
  scope: RateScope;
  resource: string;
  /** Share of the limit used, percent (may pass 100). */
  usedPercent: number;
  remaining?: number;
  limit?: number;
  /** Epoch ms at which the window resets or access is regained, when the network says. */
  resetAt?: number;
}

/** What every publishing operation accepts besides its inputs. */
export interface PublishOptions extends AdapterOptions {
  /** Waits between status checks (tests inject an instant one); default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Called with the usage of every answer that reports one (see RateUsage). */
  onUsage?: (usage: RateUsage) => void;
  /** How long `prepare` waits for the network to process media before throwing NotReady, ms (default PROCESSING_BUDGET_MS). */
  processingBudgetMs?: number;
}

/**
 * The visible step was sent and its outcome is unknown: a timeout or dropped connection after the
 * request left, a 5xx, a 2xx whose answer cannot be read. Deliberately not a NetworkError, so no
 * generic "retry on unavailable" path can repeat it. The engine must not create again blindly:
 * it calls `findPublished(app, request, error.prepared)` (`prepared` includes what the step
 * learned before failing, e.g. TikTok's publish_id) and, on `unknowable`, marks the post
 * "sin confirmar". `detail` is for logs only (no token).
 */
export class OutcomeUnknown extends Error {
  override readonly name = 'OutcomeUnknown';

  constructor(
    readonly network: SocialNetwork,
    readonly detail: string,
    readonly prepared: Prepared,
    options?: { cause?: unknown; status?: number },
  ) {
    super(`${network}: outcome unknown: ${detail}`, options);
    this.status = options?.status;
  }

  readonly status: number | undefined;
}

/**
 * `prepare` stopped with progress worth keeping: its processing budget ended while the network
 * still processes our media (Instagram containers IN_PROGRESS, X video processing, LinkedIn images
 * PROCESSING), or a YouTube upload was interrupted. Kind `unavailable`; `prepared` (ready false) is
 * the progress to resume from (hand it to `prepare` as `previous` at `retryAt`, epoch ms) so
 * nothing is uploaded twice.
 */
export class NotReady extends NetworkError {
  override readonly name: string = 'NotReady';

  constructor(
    network: SocialNetwork,
    detail: string,
    readonly prepared: Prepared,
    readonly retryAt: number,
  ) {
    super(network, 'unavailable', detail);
  }
}

/** One network's publishing operations (see ./index.ts). */
export interface PublishAdapter<N extends SocialNetwork> {
  prepare(app: NetworkApp, request: PublishRequest, previous: PreparedOf<N> | undefined, options: PublishOptions): Promise<PreparedOf<N>>;
  create(app: NetworkApp, request: PublishRequest, prepared: PreparedOf<N>, options: PublishOptions): Promise<Published>;
  findPublished(app: NetworkApp, request: PublishRequest, prepared: PreparedOf<N>, options: PublishOptions): Promise<FindResult>;
}
