/** Business constants and limits (spec section 9). Units are in the names. */
export const TOAST_DURATION_MS = 4000;
export const SIMULATED_PLAN_DELAY_MS = 3000;
export const SIMULATED_OAUTH_COMPLETION_MS = 5000;
export const OAUTH_POPUP = { width: 500, height: 600 } as const;
export const QR_SIZE_PX = 250;
export const WIDGET_FRAME = { width: 350, height: 500, offsetPx: 20 } as const;
/** Client timeout of a callable request (spec section 7). */
export const CALL_TIMEOUT_MS = 70_000;
/** AWS counterpart of the spec's europe-west1. */
export const DEFAULT_REGION = 'eu-west-1';
/** Default maximum JSON body of a callable, bytes; a function may declare its own. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** Cognito group whose members are admins (architecture: identity). */
export const ADMINS_GROUP = 'admins';
/** How often a pending user's screen re-reads the profile to notice approval, ms. */
export const PROFILE_REFETCH_MS = 5000;
