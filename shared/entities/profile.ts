/** User profile (spec section 3 "User document"), keyed by the Cognito `sub`. */
import { z } from 'zod';
import { THEME_IDS } from '../themes';

export const ProfileStatusSchema = z.enum(['pending', 'active']);
export type ProfileStatus = z.infer<typeof ProfileStatusSchema>;

export const ProfileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  status: ProfileStatusSchema,
  isAdmin: z.boolean(),
  /** ISO 8601 timestamp set by the server. */
  createdAt: z.string(),
  theme: z.enum(THEME_IDS).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What the admin table shows for each user. */
export const UserSummarySchema = ProfileSchema.pick({ uid: true, email: true, status: true, isAdmin: true, createdAt: true });
export type UserSummary = z.infer<typeof UserSummarySchema>;
