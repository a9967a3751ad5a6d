/**
 * How the mobile chat reports a failure in an answer (issue 6 item 3): a CallableError carries its
 * own Spanish message (the AI layer's, a generator's refusal, the daily quota); anything else is
 * logged and shown with the generic Spanish message, never with internals.
 */
import { CallableError, MSG } from '@director-ia/shared';
import { logger } from '../../platform/logger';

/** The Spanish text of a failure (see the module header). */
export function failureText(error: unknown): string {
  if (error instanceof CallableError) return error.message;
  logger.error('Unexpected failure in the chat', { error: error as Error });
  return MSG.internal;
}
