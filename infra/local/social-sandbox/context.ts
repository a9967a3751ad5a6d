/** What every handler of the sandbox shares (built once by ./index.ts). */
import type { OAuthNetwork, SocialNetwork } from '@director-ia/shared';
import type { FaultStore } from './faults';
import type { PublishingStore } from './feed';
import type { RateCounters } from './limits';
import type { MediaStore } from './media';
import type { SandboxStore } from './store';
import type { DeliveryEngine } from './webhooks';

export interface SandboxContext {
  store: SandboxStore;
  /** The feed and the publishing objects (./feed.ts). */
  publishing: PublishingStore;
  /** Received media files (./media.ts). */
  media: MediaStore;
  /** Faults injected by the test hook (./faults.ts). */
  faults: FaultStore;
  /** Webhook deliveries to the product (./webhooks.ts, issue 14). */
  deliveries: DeliveryEngine;
  /** Rate-limit counters (./limits.ts). */
  counters: RateCounters;
  /** The sandbox's origin, e.g. `http://127.0.0.1:5179`. */
  origin: string;
  /** Access-token lifetimes set by the test hook, seconds (memory only; cleared on restart). */
  lifetimes: Map<OAuthNetwork, number>;
  /** One console line (never a token, secret or code). */
  log: (line: string) => void;
}

/** The picture URL of a sandbox account (served by ./index.ts). */
export const avatarUrl = (ctx: SandboxContext, network: SocialNetwork): string => `${ctx.origin}/avatars/${network}.svg`;

/** The URL the sandbox serves a stored media file at. */
export const mediaUrl = (ctx: SandboxContext, id: string): string => `${ctx.origin}/media/${id}`;
