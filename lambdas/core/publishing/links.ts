/**
 * The tracked link of a published post outside a campaign (issue 15 item 4: "every published post
 * ... gets a short tracked link"). `linkPublication(item, now)` runs once a publication became
 * `publicado` (./outcomes.ts markPublished, ./actions.ts resolveUnconfirmed):
 * - a publication that already has its link, or whose post carries one (a campaign post: its link
 *   was made at the campaign's approval and is in its text), gets none: never a second link;
 * - a brand without a public blog gets none (the link would have nowhere of the brand's to land);
 * - else createTrackedLink (core/links/links.ts) to the brand's public blog home, source
 *   `{kind: 'post', id: postId, network, campaignId?}`, UTM `{source: network, medium: 'social',
 *   campaign: 'organico', content: postId}`, stored on the publication (`linkCode`, `linkUrl`) by
 *   a write conditional on it having none. The link is shown in the calendar, never inserted into
 *   the text the owner approved (which is already published anyway).
 * Never throws: a link that could not be made is logged and the publication stays `publicado`.
 */
import { publications } from '../../platform/db/entities/publication';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { logger } from '../../platform/logger';
import { ORGANIC_CAMPAIGN, publicBlogHome } from '../blog/links';
import { createTrackedLink } from '../links/links';
import { keyOf, readPost, readPublication, type PublicationItem } from './store';

/** utm_medium of posts' links. */
export const POST_LINK_MEDIUM = 'social';

/** Makes the tracked link of publication `item`, just published, when it needs one (see the module header). */
export async function linkPublication(item: PublicationItem, now: Date): Promise<void> {
  try {
    const [current, post] = await Promise.all([readPublication(item.uid, item.postId, item.id), readPost(item.uid, item.postId)]);
    if (!current || current.linkCode || !post || post.linkCode) return;
    const targetUrl = await publicBlogHome(item.uid);
    if (!targetUrl) return;
    const { code, url } = await createTrackedLink(
      item.uid,
      {
        targetUrl,
        source: { kind: 'post', id: item.postId, network: item.network, ...(post.campaignId ? { campaignId: post.campaignId } : {}) },
        utm: { source: item.network, medium: POST_LINK_MEDIUM, campaign: ORGANIC_CAMPAIGN, content: item.postId },
      },
      now,
    );
    try {
      await publications()
        .patch(keyOf(item))
        .set({ linkCode: code, linkUrl: url })
        .where((attr, op) => op.notExists(attr.linkCode))
        .go();
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      logger.warn('Publication link made twice: the first one stays', { publicationId: item.id, unused: code });
    }
  } catch (error) {
    logger.error('Publication link not made', { publicationId: item.id, postId: item.postId, error: error as Error });
  }
}
