/**
 * Which surface a URL opens (architecture "One picture"): the dashboard at `/`, the public chat
 * widget at `/widget/{uid}` (issue 6, built for a 350x500 iframe) and the owner's mobile command
 * chat at `/chat/{uid}` (issue 6, PWA). The public blog `/blog/{slug}` is served as HTML by its
 * own function and never reaches this app. A tiny prefix match instead of a router: the
 * dashboard has no URL routes (spec section 2), and react-router would add ~33 KB gzip to the
 * login path; each surface is a lazily loaded chunk.
 */
export type Surface = { kind: 'dashboard' } | { kind: 'widget'; uid: string } | { kind: 'chat'; uid: string };

/** A Cognito `sub` (UUID) or the twin's ids: letters, digits, '-' and '_' only, 1–64 characters. */
const UID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The surface for `pathname`. `/widget/<uid>` and `/chat/<uid>` (one optional trailing slash,
 * percent-decoded uid) open their surface; a missing or malformed uid gives that surface with an
 * empty uid so it can show its own "no disponible" page; anything else is the dashboard.
 */
export function surfaceFor(pathname: string): Surface {
  const match = /^\/(widget|chat)(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match) return { kind: 'dashboard' };
  const uid = decoded(match[2] ?? '');
  return { kind: match[1] as 'widget' | 'chat', uid: UID.test(uid) ? uid : '' };
}

/** Percent-decoded `segment`, or '' when it is not valid percent-encoding. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
