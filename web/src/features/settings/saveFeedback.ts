/**
 * What a settings save tells the user (spec sections 5 and 8): without a session — none in the
 * browser, or the server answering 401 — 'Error: Usuario no autenticado.'; any other failure
 * 'Error: ' + its Spanish message.
 */
import { MSG } from '@director-ia/shared';
import { CallableClientError, errorMessage } from '../../lib/api';

export function saveErrorText(error: unknown): string {
  if (error instanceof CallableClientError && error.status === 'UNAUTHENTICATED') return MSG.notAuthenticated;
  return MSG.errorPrefix + errorMessage(error);
}

/** Thrown by a save attempted without a session; nothing is sent. */
export class NoSessionError extends CallableClientError {
  constructor() {
    super('UNAUTHENTICATED', MSG.notAuthenticated);
  }
}

