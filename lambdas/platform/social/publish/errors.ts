/**
 * The publishing error rule: ../call.ts's rule (issue 12) read for posts, where a 400 is about the
 * post rather than a grant. First that applies:
 * - throttled (./rates.ts `throttleOf`) → RateLimited;
 * - Meta `{error: {code, type, is_transient?, error_subcode?}}`: `is_transient` true, codes 1, 2
 *   → `unavailable`; 102, 190, 463, 467 (session or token invalid) → `invalid_grant`; 10, 200-299
 *   and 100/33 (object missing or not accessible) → `denied`; any other code (100 invalid
 *   parameter, 368 policy block, 506 duplicate, 9004 media not fetchable, 36003 aspect ratio,
 *   2207xxx Instagram media errors, …) → `rejected`, or `unavailable` on a 5xx;
 * - TikTok `{error: {code}}` other than `ok`: `access_token_invalid` → `invalid_grant`;
 *   `scope_not_authorized`, `scope_permission_missed` → `denied`; `internal_error` → `unavailable`;
 *   any other (`invalid_params`, `spam_risk_*`, `privacy_level_option_mismatch`,
 *   `unaudited_client_can_only_post_to_private_accounts`, `url_ownership_unverified`, …) →
 *   `rejected`, or `unavailable` on a 5xx;
 * - Telegram `{ok: false, description}`: 400 naming a chat or rights problem (chat not found, not
 *   enough rights, bot kicked, not a member) → `denied`; 404 (unknown bot) → `invalid_grant`;
 *   other 400s (message too long, media not fetchable) → `rejected`;
 * - YouTube `error.errors[].reason` `forbidden`, `insufficientPermissions` → `denied`;
 * - X 403 about duplicate content → `rejected`;
 * - an OAuth `error` string (invalid_grant, access_denied …) as ../call.ts reads it;
 * - the status: 401 → `invalid_grant`; 403, 404 (the page, board or channel is gone) → `denied`;
 *   408, 426 → `unavailable`; any other 4xx (400, 409, 413, 415, 422 …) → `rejected`; 5xx and anything
 *   else → `unavailable`. A 2xx with an error the table does not know → `unavailable`.
 * Details are the network's words through ../call.ts's `safeDetail` (tokens removed).
 */
import type { SocialNetwork } from '@director-ia/shared';
import { errorText, isRecord, kindOfBody, safeDetail } from '../call';
import { NetworkError, RateLimited, type NetworkErrorKind } from '../types';
import { throttleOf } from './rates';

const META_TRANSIENT = new Set([1, 2]);
const META_INVALID = new Set([102, 190, 463, 467]);
const isMetaDenied = (code: number) => code === 10 || (code >= 200 && code <= 299);
/** Meta's "object does not exist or cannot be loaded due to missing permissions". */
const META_MISSING_OBJECT = { code: 100, subcode: 33 };
const TIKTOK_DENIED = new Set(['scope_not_authorized', 'scope_permission_missed']);
const TELEGRAM_DENIED = /chat not found|not enough rights|bot was kicked|not a member|need administrator|have no rights|channel_private/i;
const YOUTUBE_DENIED = new Set(['forbidden', 'insufficientPermissions']);

type Kind = Exclude<NetworkErrorKind, 'rate_limited'>;

/** `rejected` for a refusal of the post, `unavailable` when the network failed (5xx). */
const refusal = (status: number): Kind => (status >= 500 ? 'unavailable' : 'rejected');

function metaKind(status: number, error: Record<string, unknown>): Kind | undefined {
  if (typeof error.code !== 'number' || typeof error.type !== 'string') return undefined;
  const { code } = error;
  if (error.is_transient === true || META_TRANSIENT.has(code)) return 'unavailable';
  if (META_INVALID.has(code)) return 'invalid_grant';
  if (isMetaDenied(code) || (code === META_MISSING_OBJECT.code && error.error_subcode === META_MISSING_OBJECT.subcode)) return 'denied';
  return refusal(status);
}

function tiktokKind(status: number, error: Record<string, unknown>): Kind | 'ok' | undefined {
  if (typeof error.code !== 'string') return undefined;
  if (error.code === 'ok') return 'ok';
  if (error.code === 'access_token_invalid') return 'invalid_grant';
  if (TIKTOK_DENIED.has(error.code)) return 'denied';
  if (error.code === 'internal_error') return 'unavailable';
  return refusal(status);
}

function telegramKind(status: number, body: Record<string, unknown>): Kind | undefined {
  if (body.ok !== false) return undefined;
  if (status === 400 && typeof body.description === 'string' && TELEGRAM_DENIED.test(body.description)) return 'denied';
  if (status === 404) return 'invalid_grant';
  return undefined;
}

function youtubeKind(body: Record<string, unknown>): Kind | undefined {
  const error = body.error;
  if (!isRecord(error) || !Array.isArray(error.errors)) return undefined;
  const reasons = error.errors.flatMap((item) => (isRecord(item) && typeof item.reason === 'string' ? [item.reason] : []));
  return reasons.some((reason) => YOUTUBE_DENIED.has(reason)) ? 'denied' : undefined;
}

/** The kind a network-specific body says (see the module header), `ok` for TikTok's success. */
function bodyKind(network: SocialNetwork, status: number, body: unknown): Kind | 'ok' | undefined {
  if (!isRecord(body)) return undefined;
  const error = body.error;
  if (isRecord(error)) {
    const kind = metaKind(status, error) ?? tiktokKind(status, error);
    if (kind) return kind;
  }
  if (network === 'telegram') return telegramKind(status, body);
  if (network === 'youtube') return youtubeKind(body);
  if (network === 'x' && status === 403 && /duplicate/i.test(errorText(status, body))) return 'rejected';
  return undefined;
}

function statusKind(status: number): Kind | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 401) return 'invalid_grant';
  if (status === 403 || status === 404) return 'denied';
  // 408: the request did not arrive whole; 426: LinkedIn no longer serves our pinned version (ours to fix).
  if (status >= 400 && status < 500 && status !== 408 && status !== 426) return 'rejected';
  return 'unavailable';
}

/** The failure kind of a publishing answer other than throttling (see the module header); undefined for a success. */
export function publishFailureKind(network: SocialNetwork, status: number, body: unknown): Kind | undefined {
  const specific = bodyKind(network, status, body);
  if (specific === 'ok') return statusKind(status);
  if (specific) return specific;
  const oauth = kindOfBody(body);
  if (oauth === 'invalid_grant' || oauth === 'denied') return oauth;
  const fromStatus = statusKind(status);
  if (oauth === 'unknown') return fromStatus ?? 'unavailable';
  return fromStatus;
}

/**
 * The error a publishing answer stands for, or undefined for a success: RateLimited when
 * throttled, else a NetworkError of `publishFailureKind`. `secrets` (the token, a bot token) are
 * removed from the detail.
 */
export function publishFailure(
  network: SocialNetwork,
  answer: { status: number; body: unknown; headers: Headers },
  now: number,
  secrets: readonly string[],
): NetworkError | undefined {
  const { status, body, headers } = answer;
  const throttle = throttleOf(network, status, body, headers, now);
  const detail = () => safeDetail(errorText(status, body), secrets);
  if (throttle) return new RateLimited(network, detail(), { ...throttle, status });
  const kind = publishFailureKind(network, status, body);
  return kind ? new NetworkError(network, kind, detail(), { status }) : undefined;
}
