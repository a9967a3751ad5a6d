/**
 * The stored shape of a tracked link (lambdas/platform/db/entities/trackedLink.ts) as raw items, for
 * tests that plant a link no callable writes yet (or one the rules would refuse). The unit test of
 * core/links checks this shape against what `createTrackedLink` stores, so the two cannot drift.
 */
import type { LinkSource, LinkUtm } from '@director-ia/shared';

export interface RawLink {
  targetUrl: string;
  source: LinkSource;
  utm: LinkUtm;
  landingOrigin?: string;
  createdAt: string;
}

/** The code claim and the link items of link `code` of brand `sub`. */
export function rawLinkItems(sub: string, code: string, link: RawLink): [Record<string, unknown>, Record<string, unknown>] {
  return [
    { pk: `linkcode#${code}`, sk: 'claim', code, ownerSub: sub, createdAt: link.createdAt, __edb_e__: 'linkCode', __edb_v__: '1' },
    { pk: `user#${sub}`, sk: `link#${code}`, uid: sub, code, ...link, __edb_e__: 'trackedLink', __edb_v__: '1' },
  ];
}
