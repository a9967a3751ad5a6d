/**
 * The visit the widget frame was opened on (issue 15 item 4: "the widget keeps the UTM or ref of the
 * page it is embedded on"). The embed snippet and the public blog forward the host page's `ref` and
 * utm_* into the frame's own URL; `widgetVisit` reads them (shared visitFromSearch) and keeps them in
 * the frame's sessionStorage, so a later page of the host site that forwards nothing still carries
 * the visit for the rest of the session. The widget sends it with every message and contact form.
 * Storage that is unavailable (a browser blocking third-party storage) only loses the keeping.
 */
import { visitFromSearch, visitToSearch, type Visit } from '@director-ia/shared';

/** sessionStorage key of the kept visit. */
export const VISIT_STORAGE_KEY = 'director-ia.widget.visit';

/** The part of Storage the widget uses. */
export type VisitStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storedVisit(storage: VisitStorage | null): Visit | undefined {
  try {
    return visitFromSearch(storage?.getItem(VISIT_STORAGE_KEY) ?? '');
  } catch {
    return undefined;
  }
}

/** The frame URL's visit (kept in `storage`), else the one kept earlier in the session, else undefined. */
export function widgetVisit(search: string, storage: VisitStorage | null): Visit | undefined {
  const visit = visitFromSearch(search);
  if (!visit) return storedVisit(storage);
  try {
    // Kept as its query string (shared visitToSearch), read back with the same rule as the URL.
    storage?.setItem(VISIT_STORAGE_KEY, visitToSearch(visit));
  } catch {
    // Storage refused (quota, third-party blocking): this page still sends it.
  }
  return visit;
}

/** The window's sessionStorage, or null where touching it throws (blocked in a third-party frame). */
export function sessionStorageOrNull(): VisitStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
