/**
 * The browser's view of a stored post (spec 3 "Scheduled post"; issue 13 items 1–4), apart from
 * the post operations (./posts.ts) so the publishing engine can build it without importing them
 * (they call the engine).
 */
import { isSocialNetwork, postTimeOf, type PostTarget, type Publication, type ScheduledPost } from '@director-ia/shared';
import type { ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { withPostLink } from '../publishing/views';

/** The targets of a stored post: its own, or `[{network: platform}]` for a post stored without (spec 3's shape). */
export function targetsOf(item: Pick<ScheduledPostItem, 'targets' | 'platform'>): PostTarget[] {
  return item.targets ?? (isSocialNetwork(item.platform) ? [{ network: item.platform }] : []);
}

/**
 * The browser's view of a stored post; `publications` are the post's Publication views (the
 * publishing engine's, lambdas/core/publishing), none when not given; a publication without a
 * tracked link of its own shows the post's (a campaign post's, issue 15 item 4).
 */
export function postView(item: ScheduledPostItem, publications: readonly Publication[] = []): ScheduledPost {
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    scheduledDate: item.scheduledDate,
    time: postTimeOf(item),
    platform: item.platform,
    status: item.status,
    targets: targetsOf(item),
    media: item.media ?? [],
    versions: item.versions ?? [],
    publications: withPostLink(publications, item),
    ...(item.planId ? { planId: item.planId } : {}),
    ...(item.campaignId ? { campaignId: item.campaignId } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

