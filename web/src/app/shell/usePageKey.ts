/**
 * The requested page key, kept for the browser session; resolved with the shared rule. In-app
 * links (lib/navigation.ts `openPage`) change it too.
 */
import { useEffect, useState } from 'react';
import { resolvePageKey, type PageKey } from '@director-ia/shared';
import { OPEN_PAGE_EVENT } from '../../lib/navigation';

const STORAGE_KEY = 'director-ia:page';

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(key: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // Storage may be unavailable (private mode); the page still changes.
  }
}

export function usePageKey(isAdmin: boolean): [PageKey, (key: PageKey) => void] {
  const [requested, setRequested] = useState<string | null>(readStored);
  const select = (key: PageKey) => {
    setRequested(key);
    store(key);
  };
  useEffect(() => {
    const onOpen = (event: Event) => {
      const key = (event as CustomEvent<unknown>).detail;
      if (typeof key !== 'string') return;
      setRequested(key);
      store(key);
    };
    window.addEventListener(OPEN_PAGE_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_PAGE_EVENT, onOpen);
  }, []);
  return [resolvePageKey(requested, isAdmin), select];
}
