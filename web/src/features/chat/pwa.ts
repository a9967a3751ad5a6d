/**
 * The mobile chat as an installable PWA (issue 6 item 3): while the chat surface is mounted its
 * document links the web app manifest (/chat/manifest.webmanifest), the apple-touch-icon and the
 * iOS standalone metas, and sets the theme colour; the service worker /chat/sw.js (scope /chat/)
 * is registered and told which same-origin files this visit loaded, so the app shell starts
 * offline. The manifest cannot carry the owner's uid (it is static), so its start_url is /chat/
 * and the chat remembers the last owner's uid in localStorage to reopen /chat/{uid}.
 */

export const CHAT_MANIFEST_URL = '/chat/manifest.webmanifest';
export const CHAT_SERVICE_WORKER_URL = '/chat/sw.js';
export const CHAT_SCOPE = '/chat/';
export const CHAT_THEME_COLOR = '#0f1115';
const APPLE_TOUCH_ICON_URL = '/chat/icons/apple-touch-icon.png';
const LAST_UID_KEY = 'director-ia:chat-uid';
const UID = /^[A-Za-z0-9_-]{1,64}$/;

/** The chat URL of owner `uid`. */
export function chatPath(uid: string): string {
  return `${CHAT_SCOPE}${encodeURIComponent(uid)}`;
}

/** Remembers the owner whose chat this device opened (the installed app's start_url is /chat/). */
export function rememberChatUid(uid: string): void {
  try {
    localStorage.setItem(LAST_UID_KEY, uid);
  } catch {
    // Storage disabled (private mode): the app then asks to sign in at /chat/.
  }
}

/** The last owner's uid this device opened, or null. */
export function rememberedChatUid(): string | null {
  try {
    const value = localStorage.getItem(LAST_UID_KEY);
    return value && UID.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Adds `element` to <head> and returns its removal. */
function addToHead(tag: 'link' | 'meta', attributes: Record<string, string>): () => void {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.dataset.chatPwa = 'true';
  document.head.appendChild(element);
  return () => element.remove();
}

/** Links the manifest and the iOS icon and metas; returns the cleanup (when the surface unmounts). */
export function installPwaHead(): () => void {
  const removals = [
    addToHead('link', { rel: 'manifest', href: CHAT_MANIFEST_URL }),
    addToHead('link', { rel: 'apple-touch-icon', href: APPLE_TOUCH_ICON_URL }),
    addToHead('meta', { name: 'apple-mobile-web-app-capable', content: 'yes' }),
    addToHead('meta', { name: 'mobile-web-app-capable', content: 'yes' }),
    addToHead('meta', { name: 'apple-mobile-web-app-title', content: 'Director IA' }),
    addToHead('meta', { name: 'apple-mobile-web-app-status-bar-style', content: 'black-translucent' }),
  ];
  let theme = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!theme) {
    removals.push(addToHead('meta', { name: 'theme-color', content: CHAT_THEME_COLOR }));
    theme = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  }
  const previousTheme = theme?.content;
  if (theme) theme.content = CHAT_THEME_COLOR;
  return () => {
    for (const remove of removals) remove();
    if (theme && previousTheme !== undefined) theme.content = previousTheme;
  };
}

/** Same-origin files this page loaded (scripts, styles, config), for the worker's cache. */
function loadedUrls(): string[] {
  const entries = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [...new Set([...entries, location.origin + '/config.json'])].filter((url) => url.startsWith(location.origin));
}

/**
 * Registers the service worker (scope /chat/) and hands it this visit's files. Failures are only
 * logged: the chat works without it (a browser without service workers, or an insecure origin).
 */
export async function registerChatServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(CHAT_SERVICE_WORKER_URL, { scope: CHAT_SCOPE });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'cache-urls', urls: loadedUrls() });
    return registration;
  } catch (error) {
    console.warn('[chat] service worker registration failed', error);
    return null;
  }
}
