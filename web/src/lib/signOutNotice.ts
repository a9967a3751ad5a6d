/**
 * Why the app signed the user out (issue 17 item 1: a suspended or rejected account, or a session
 * an admin revoked), kept in memory for the login screen shown next; cleared by the next sign-in.
 */
let notice: string | null = null;

/** Remembers `text` for the login screen. */
export function setSignOutNotice(text: string): void {
  notice = text;
}

/** The reason of the last sign-out the app made, or null. */
export function signOutNotice(): string | null {
  return notice;
}

/** Forgets the reason (a new sign-in). */
export function clearSignOutNotice(): void {
  notice = null;
}
