/** The requested page key, kept for the browser session; resolved with the shared rule. */
import { useState } from 'react';
import { resolvePageKey, type PageKey } from '@director-ia/shared';

const STORAGE_KEY = 'director-ia:page';

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function usePageKey(isAdmin: boolean): [PageKey, (key: PageKey) => void] {
  const [requested, setRequested] = useState<string | null>(readStored);
  const select = (key: PageKey) => {
    setRequested(key);
    try {
      sessionStorage.setItem(STORAGE_KEY, key);
    } catch {
      // Storage may be unavailable (private mode); the page still changes.
    }
  };
  return [resolvePageKey(requested, isAdmin), select];
}
