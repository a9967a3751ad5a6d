/**
 * A scheduled post and a proposed monthly plan as the browser sees them (spec section 3
 * "Scheduled post", "Proposed plan"; issue 5 items 1–2). `scheduledDate` is a calendar date
 * 'YYYY-MM-DD' (shared/calendar.ts), never an instant. `status` is stored as written: 'propuesto'
 * and 'aprobado' are what this product writes, anything else is shown in red (spec 2), so the read
 * side accepts any string. `platform` is a network id (shared/networks.ts), read as any string
 * for the same reason. `time` (issue 13 item 1) is the local 'HH:mm' (24 h) the post goes out at,
 * in the brand's time zone (AiSettings.timeZone; shared/time.ts turns both into the UTC instant).
 * Posts stored before posts had a time (spec 3's shape) read as their network's default time
 * (shared/time.ts `DEFAULT_POST_TIMES`): the server always answers one.
 */
import * as z from 'zod/mini';
import { PostTargetSchema, PostVersionSchema, PublicationSchema } from '../publishing/publications';

/** What a post is, scheduled or proposed (spec 3: id, title, content, scheduledDate, platform; issue 13: time). */
const POST_FIELDS = {
  id: z.string(),
  title: z.string(),
  content: z.string(),
  scheduledDate: z.string(),
  /** 'HH:mm', local to the brand's time zone. */
  time: z.string(),
  platform: z.string(),
};

export const ScheduledPostSchema = z.object({
  ...POST_FIELDS,
  status: z.string(),
  /** Where it goes (issue 13 item 1); a post stored without targets reads as `[{network: platform}]`. */
  targets: z.array(PostTargetSchema),
  /** Gallery asset ids, in order (issue 13 item 1). */
  media: z.array(z.string()),
  /** The text per network where it differs from `content` (issue 13 item 2). */
  versions: z.array(PostVersionSchema),
  /** One per target once approved (issue 13 item 3), empty before; in target order. */
  publications: z.array(PublicationSchema),
  /** The approved plan the post came from, if any. */
  planId: z.optional(z.string()),
  /** Issue 15: the approved campaign the post supports, if any. */
  campaignId: z.optional(z.string()),
  /** ISO 8601, set by the server. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduledPost = z.infer<typeof ScheduledPostSchema>;

/** A post of a proposed plan (spec 3 "Proposed plan": id, title, content, scheduledDate, platform, status; issue 13: time). */
export const PlannedPostSchema = z.object({
  ...POST_FIELDS,
  status: z.literal('propuesto'),
  /** The text per network where it differs from `content`: the owner's fix or the AI's adaptation before approval (issue 13 item 2). */
  versions: z.array(PostVersionSchema),
  /** Gallery asset ids, in order: the planner's pick for networks that need an image or a video, or the owner's (issue 13 item 1). */
  media: z.array(z.string()),
});
export type PlannedPost = z.infer<typeof PlannedPostSchema>;

/** A proposed plan (spec 3): kept by the server until it is approved or rejected. */
export const PlanProposalSchema = z.object({
  planId: z.string(),
  /** 'YYYY-MM'. */
  month: z.string(),
  title: z.string(),
  /** Euros. */
  budget: z.number(),
  posts: z.array(PlannedPostSchema),
  /** True when the offline provider built it (no AI model): the panel says so. */
  offline: z.boolean(),
  model: z.string(),
});
export type PlanProposal = z.infer<typeof PlanProposalSchema>;
