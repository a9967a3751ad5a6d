/**
 * PLACEHOLDER (issue 12): the scheduled token refresh job, invoked with
 * `{job: 'socialTokens', scheduledTime}`. Replaced by the real handler before issue 12 lands.
 */
export const SOCIAL_TOKENS_JOB = 'socialTokens';

export interface SocialTokensEvent {
  job: typeof SOCIAL_TOKENS_JOB;
  /** ISO 8601: when the schedule fired. */
  scheduledTime: string;
}

export async function handler(_event: SocialTokensEvent): Promise<{ refreshed: number; failed: number }> {
  return { refreshed: 0, failed: 0 };
}
