/**
 * Access levels a callable declares (architecture "callable contract"):
 * - public: anyone, no token needed (widget, public blog);
 * - signedIn: any verified user, whatever the profile status (profile read);
 * - active: a verified user whose profile status is 'active' (owner features);
 * - admin: a verified member of the Cognito group `admins`.
 * The server enforces these from verified token claims; the web only uses them for display.
 */
export const ACCESS_LEVELS = ['public', 'signedIn', 'active', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
