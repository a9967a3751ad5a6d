/** User profile (spec section 3 "User document"), keyed by the Cognito `sub`. */
import * as z from 'zod/mini';
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
  theme: z.optional(z.enum(THEME_IDS)),
  /**
   * Issue 16 finding 6: false for a self-registered address nobody proved (the admin panel shows
   * "sin verificar"); absent for invited users (the invitation proves it) and older profiles.
   */
  emailVerified: z.optional(z.boolean()),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What the admin table shows for each user. */
export const UserSummarySchema = z.pick(ProfileSchema, { uid: true, email: true, status: true, isAdmin: true, createdAt: true, emailVerified: true });
export type UserSummary = z.infer<typeof UserSummarySchema>;
