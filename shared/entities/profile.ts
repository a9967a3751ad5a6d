/** User profile (spec section 3 "User document"), keyed by the Cognito `sub`. */
import * as z from 'zod/mini';
import { THEME_IDS } from '../themes';

/**
 * Account statuses (spec 4; issue 17 item 1): `pending` until an admin approves (Aprobar) or
 * rejects (Rechazar) the sign-up; `active` may use the product; `suspended` (Suspender) and
 * `rejected` are refused with a Spanish reason until an admin reactivates them (Reactivar).
 */
export const PROFILE_STATUSES = ['pending', 'active', 'suspended', 'rejected'] as const;
export const ProfileStatusSchema = z.enum(PROFILE_STATUSES);
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

/** Users per status, for the admin panel's header (issue 17 item 1). */
export const UserCountsSchema = z.object({ pending: z.number(), active: z.number(), suspended: z.number(), rejected: z.number() });
export type UserCounts = z.infer<typeof UserCountsSchema>;

/** What an admin did (issue 17 item 1), as the audit log names it. */
export const AUDIT_ACTIONS = ['approve', 'reject', 'suspend', 'reactivate', 'grantAdmin', 'revokeAdmin'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an audit entry says in place of a user whose account was deleted (issue 17 item 2): the
 * entry stays (who did what, when), the person it named does not (uid and e-mail both).
 */
export const DELETED_ACCOUNT_LABEL = 'cuenta eliminada';

/** One admin action of the audit log: who (actor), what, when (`at`, ISO 8601), on whom (target). */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actorUid: z.string(),
  actorEmail: z.string(),
  targetUid: z.string(),
  targetEmail: z.string(),
  /** e.g. the approval e-mail's fate; Spanish, shown as is. */
  detail: z.optional(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
