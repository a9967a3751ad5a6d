/**
 * How the mobile chat reports a failure in an answer (issue 6 item 3): an expected failure carries
 * its own Spanish message (a DomainError: a generator's refusal, the daily quota; or an AiError of
 * the AI layer); anything else is logged and shown with the generic Spanish message, never with
 * internals.
 */
import { MSG } from '@director-ia/shared';
import { AiError } from '../../platform/ai/errors';
import { DomainError } from '../../platform/errors';
import { logger } from '../../platform/logger';

/** The Spanish text of a failure (see the module header). */
export function failureText(error: unknown): string {
  if (error instanceof DomainError || error instanceof AiError) return error.message;
  logger.error('Unexpected failure in the chat', { error: error as Error });
  return MSG.internal;
}
