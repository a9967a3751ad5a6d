/**
 * Reading a YouTube channel's comments (issue 14: YouTube has no webhook for comments, so the
 * inbox polls them), through the outbound HTTP door (../publish/call.ts `sendPublish`; a read:
 * retried on 429/5xx):
 * `listCommentThreads(app, {channelId, token, maxResults?, pageToken?})` → `GET
 * /commentThreads?part=snippet&allThreadsRelatedToChannelId=<channel>&order=time&maxResults=<n>
 * [&pageToken=]` with the channel's access token (youtube.readonly, youtube or youtube.force-ssl),
 * https://developers.google.com/youtube/v3/docs/commentThreads/list → `{comments, nextPageToken?}`:
 * each thread's top-level comment as a ChannelComment, in the answer's order (newest first);
 * threads without a usable top-level comment are left out.
 * Throws CommentsUnreadable: `access_revoked` (401, Google's `forbidden` /
 * `insufficientPermissions`), `unavailable` (anything else: timeout, 5xx, quota, an unreadable
 * answer). Logs name the operation and status, never a token or a comment.
 */
import * as z from 'zod/mini';
import { logger } from '../../logger';
import { errorText, safeDetail } from '../call';
import { apiUrl, sendPublish, type PublishAnswer } from '../publish/call';
import { publishFailure } from '../publish/errors';
import type { PublishOptions } from '../publish/types';
import type { NetworkApp } from '../types';

/** A top-level comment on one of the channel's videos. */
export interface ChannelComment {
  /** The comment's id (= its thread's id; replies go under it). */
  id: string;
  videoId: string;
  authorChannelId: string;
  authorName: string;
  /** The text as written (`textOriginal`). */
  text: string;
  /** ISO 8601, whole seconds. */
  publishedAt: string;
}

export interface CommentPage {
  comments: ChannelComment[];
  nextPageToken?: string;
}

/** Why the comments were not read (see the module header). */
export class CommentsUnreadable extends Error {
  override readonly name = 'CommentsUnreadable';
  constructor(
    readonly kind: 'access_revoked' | 'unavailable',
    readonly detail: string,
  ) {
    super(`youtube: comments ${kind}: ${detail}`);
  }
}

const Thread = z.object({
  id: z.string(),
  snippet: z.object({
    videoId: z.optional(z.string()),
    topLevelComment: z.optional(
      z.object({
        id: z.string(),
        snippet: z.object({
          authorDisplayName: z.optional(z.string()),
          authorChannelId: z.optional(z.object({ value: z.string() })),
          textOriginal: z.optional(z.string()),
          textDisplay: z.optional(z.string()),
          publishedAt: z.string(),
          videoId: z.optional(z.string()),
        }),
      }),
    ),
  }),
});
const ThreadList = z.object({ nextPageToken: z.optional(z.string()), items: z.array(z.unknown()) });

/** The thread's top-level comment, or undefined when it has none usable. */
function commentOf(raw: unknown): ChannelComment | undefined {
  const parsed = z.safeParse(Thread, raw);
  const top = parsed.success ? parsed.data.snippet.topLevelComment : undefined;
  if (!parsed.success || !top) return undefined;
  const videoId = top.snippet.videoId ?? parsed.data.snippet.videoId;
  const text = top.snippet.textOriginal ?? top.snippet.textDisplay ?? '';
  if (!videoId || !Number.isFinite(Date.parse(top.snippet.publishedAt))) return undefined;
  return {
    id: top.id,
    videoId,
    authorChannelId: top.snippet.authorChannelId?.value ?? '',
    authorName: top.snippet.authorDisplayName ?? '',
    text,
    publishedAt: top.snippet.publishedAt,
  };
}

/** One page of the channel's comment threads, newest first (see the module header). */
export async function listCommentThreads(
  app: NetworkApp,
  request: { channelId: string; token: string; maxResults?: number; pageToken?: string },
  options: PublishOptions = {},
): Promise<CommentPage> {
  const query = {
    part: 'snippet',
    allThreadsRelatedToChannelId: request.channelId,
    order: 'time',
    maxResults: String(request.maxResults ?? 50),
    ...(request.pageToken ? { pageToken: request.pageToken } : {}),
  };
  let answer: PublishAnswer;
  try {
    answer = await sendPublish({ network: 'youtube', method: 'GET', resource: 'GET /commentThreads', url: apiUrl(app, '/commentThreads', query), bearer: request.token }, options);
  } catch (error) {
    throw new CommentsUnreadable('unavailable', error instanceof Error ? safeDetail(error.message, [request.token]) : 'no answer');
  }
  const failure = publishFailure('youtube', answer, Date.now(), [request.token]);
  if (failure) {
    logger.warn('YouTube comments not read', { resource: 'GET /commentThreads', kind: failure.kind, status: answer.status });
    throw new CommentsUnreadable(failure.kind === 'invalid_grant' || failure.kind === 'denied' ? 'access_revoked' : 'unavailable', failure.detail);
  }
  const parsed = z.safeParse(ThreadList, answer.body);
  if (!parsed.success) throw new CommentsUnreadable('unavailable', safeDetail(errorText(answer.status, 'unexpected answer'), [request.token]));
  const comments = parsed.data.items.map(commentOf).filter((comment): comment is ChannelComment => comment !== undefined);
  return { comments, ...(parsed.data.nextPageToken ? { nextPageToken: parsed.data.nextPageToken } : {}) };
}
