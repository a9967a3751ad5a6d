/**
 * Opening Bandeja on one conversation from another page (issue 14 item 4: a lead's 'Ver en
 * Bandeja'). The dashboard has no URL routes (lib/navigation.ts): the conversation id is left in
 * session storage, the shell is asked to show Bandeja, and the page reads the id when it mounts
 * and then forgets it (so a later visit does not jump to it again).
 */
import { openPage } from '../../lib/navigation';

const STORAGE_KEY = 'director-ia:bandeja-conversation';
/** Kept here too when session storage is unavailable (private mode). */
let pending: string | null = null;

/** Shows Bandeja with conversation `id` open. */
export function openConversation(id: string): void {
  pending = id;
  try {
    sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // The module variable carries it.
  }
  openPage('bandeja');
}

/** The conversation another page asked Bandeja to open, or null (read twice gives the same: StrictMode-safe). */
export function requestedConversation(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? pending;
  } catch {
    return pending;
  }
}

/** Forgets the request once Bandeja has opened it. */
export function forgetRequestedConversation(): void {
  pending = null;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Only the module variable.
  }
}
