/**
 * Injected faults (issue 13, test hook `/__sandbox/faults`, see ./index.ts): a test makes the next
 * `times` calls of one publishing step of one network fail in a chosen way, to prove the
 * publisher's retries, lost-answer checks and exactly-once rules against it:
 * - `429`: the network's throttled answer (./limits.ts `throttled`, with its Retry-After or reset
 *   headers for `retryAfterSeconds`), WITHOUT doing the effect;
 * - `500`: the network's server error, without the effect;
 * - `lost`: the effect happens (the post enters the feed), then the connection is destroyed
 *   without an answer, so the caller cannot know;
 * - `slow`: the effect happens, the answer comes after `seconds`.
 * Operations name the steps (OPERATIONS): `create` is each network's visible create call.
 * Memory only: a restart clears them.
 */
import { isSocialNetwork, type SocialNetwork } from '@director-ia/shared';
import type { SandboxContext } from './context';
import type { SandboxResponse } from './http';
import { serverError, throttled, type Caller } from './limits';

export const FAULT_KINDS = ['429', '500', 'lost', 'slow'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * The publishing steps of each network a fault can target:
 * - facebook: `create` (POST feed, photos, videos), `recent` (GET feed), `read` (GET a post),
 *   `message` (the Send API, issue 14), `reply` (POST a comment's comments), `subscribe` (the Page
 *   Subscribed Apps edge, issue 14), `profile` (GET a customer's profile, issue 14), `ads` (the
 *   Marketing API's ad accounts, campaign creates and reads, issue 15), `insights` (GET a campaign's insights);
 * - instagram: `container` (POST media), `status` (GET a container), `create` (POST media_publish),
 *   `recent` (GET media), `read` (GET a media's permalink), `limit` (content_publishing_limit),
 *   `message` (the Send API), `reply` (POST a comment's replies), `subscribe` (Page Subscribed Apps),
 *   `profile` (GET a customer's profile);
 * - x: `upload` (media upload, initialize, append, finalize), `status` (media STATUS), `create`
 *   (POST tweets), `recent` (GET a user's tweets);
 * - linkedin: `upload` (images initializeUpload, the PUT of the bytes), `status` (GET an image), `create` (POST posts);
 * - youtube: `session` (POST the resumable session), `upload` (a PUT of bytes that does not
 *   finish the file), `create` (the PUT that finishes it: the video exists), `status` (PUT with
 *   `Content-Range: bytes *\/N`), `read` (GET videos), `comments` (GET commentThreads, issue 14),
 *   `reply` (POST comments, issue 14);
 * - tiktok: `creator_info`, `create` (video/init, content/init), `upload` (the PUT to upload_url), `status` (status/fetch);
 * - pinterest: `create` (POST pins), `recent` (GET a board's pins);
 * - telegram: `create` (sendMessage, sendPhoto, sendVideo, sendMediaGroup).
 */
export const OPERATIONS: Readonly<Record<SocialNetwork, readonly string[]>> = {
  facebook: ['create', 'recent', 'read', 'message', 'reply', 'subscribe', 'profile', 'ads', 'insights'],
  instagram: ['container', 'status', 'create', 'recent', 'read', 'limit', 'message', 'reply', 'subscribe', 'profile'],
  x: ['upload', 'status', 'create', 'recent'],
  linkedin: ['upload', 'status', 'create'],
  youtube: ['session', 'upload', 'create', 'status', 'read', 'comments', 'reply'],
  tiktok: ['creator_info', 'create', 'upload', 'status'],
  pinterest: ['create', 'recent'],
  telegram: ['create'],
};

export interface Fault {
  network: SocialNetwork;
  operation: string;
  kind: FaultKind;
  /** Calls still to hit. */
  times: number;
  /** 429: when the network says to come back, seconds. */
  retryAfterSeconds: number;
  /** slow: the delay before the answer, seconds. */
  seconds: number;
}

const wholeAtLeast = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min;

/** The fault a hook body asks for, or why it is refused. */
export function parseFault(body: Record<string, unknown> | null): Fault | string {
  const { network, operation, kind, times = 1, retryAfterSeconds = 30, seconds = 3 } = body ?? {};
  if (typeof network !== 'string' || !isSocialNetwork(network)) return 'network must be one of the social networks';
  if (typeof operation !== 'string' || !OPERATIONS[network].includes(operation)) return `operation must be one of ${OPERATIONS[network].join(', ')}`;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  if (!wholeAtLeast(times, 1)) return 'times must be a whole number >= 1';
  if (!wholeAtLeast(retryAfterSeconds, 0)) return 'retryAfterSeconds must be a whole number of seconds >= 0';
  if (!wholeAtLeast(seconds, 0) || seconds > 600) return 'seconds must be a whole number of seconds from 0 to 600';
  return { network, operation, kind: kind as FaultKind, times, retryAfterSeconds, seconds };
}

/** The faults waiting to hit (memory only). */
export class FaultStore {
  private faults: Fault[] = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clear(): number {
    const cleared = this.faults.length;
    this.faults = [];
    return cleared;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** The first fault for this call, counted as used once; null when none. */
  take(network: SocialNetwork, operation: string): Fault | null {
    const fault = this.faults.find((candidate) => candidate.network === network && candidate.operation === operation);
    if (!fault) return null;
    fault.times -= 1;
    if (fault.times <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return { ...fault };
  }
}

/**
 * Runs `run` (the call's effect and answer) under the fault injected for `operation`, if any (see
 * the module header). `business` names the Meta page or Instagram account of a page-token call.
 */
export async function underFault(
  ctx: SandboxContext,
  network: SocialNetwork,
  operation: string | undefined,
  run: () => Promise<SandboxResponse>,
  business?: Caller['business'],
): Promise<SandboxResponse> {
  const fault = operation ? ctx.faults.take(network, operation) : null;
  if (!fault) return run();
  ctx.log(`social sandbox: fault ${fault.kind} on ${network} ${operation ?? ''}`);
  if (fault.kind === '429') return { ...throttled(network, fault.retryAfterSeconds, ctx.store.now(), business), fault: { name: '429' } };
  if (fault.kind === '500') return { ...serverError(network), fault: { name: '500' } };
  const response = await run();
  return { ...response, fault: fault.kind === 'lost' ? { lost: true, name: 'lost' } : { delayMs: fault.seconds * 1000, name: 'slow' } };
}
