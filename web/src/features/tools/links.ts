/**
 * The links and snippet the side-panel tools hand out (spec sections 2 "Modals" and 9): the
 * mobile chat at `{origin}/chat/{uid}` (QR), and the widget iframe at `{origin}/widget/{uid}`,
 * 350x500, fixed bottom-right at 20px, followed by a tiny inline script (issue 15 item 4) that
 * passes the host page's `ref` and utm_* on to the frame's URL: from the page's own query, else
 * from the host site's sessionStorage where it keeps them, so a visitor who moves on to another
 * page of the site stays attributed. ES5, no external script; without JavaScript the frame still
 * loads (without the visit).
 */
import { VISIT_PARAMS, WIDGET_FRAME } from '@director-ia/shared';

/** The owner's mobile chat page, which the QR encodes. */
export function chatLink(origin: string, uid: string): string {
  return `${origin}/chat/${encodeURIComponent(uid)}`;
}

/** The page the embedded widget frame loads. */
export function widgetLink(origin: string, uid: string): string {
  return `${origin}/widget/${encodeURIComponent(uid)}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The id of the snippet's frame (the script finds it by this id). */
export const WIDGET_FRAME_ID = 'director-ia-widget';
/** sessionStorage key under which the host page keeps the visit's query. */
export const HOST_VISIT_KEY = 'director-ia-visit';

/**
 * The snippet's script: the `ref` and utm_* pairs of the page's query (kept in sessionStorage),
 * else the kept ones, appended to the frame's src. Fixed text: nothing of the owner goes in it.
 */
export const VISIT_FORWARD_SCRIPT =
  `(function(){var f=document.getElementById("${WIDGET_FRAME_ID}"),k="${HOST_VISIT_KEY}",r=/[?&](${Object.keys(VISIT_PARAMS).join('|')})=[^&#]*/g,m,q=[];` +
  `while((m=r.exec(location.search)))q.push(m[0].slice(1));q=q.join("&");` +
  `try{if(q)sessionStorage.setItem(k,q);else q=sessionStorage.getItem(k)||""}catch(e){}` +
  `if(f&&q)f.src+=(f.src.indexOf("?")<0?"?":"&")+q})();`;

/** The HTML the owner pastes into their website: a fixed frame in the bottom-right corner, then the visit-forwarding script. */
export function widgetSnippet(origin: string, uid: string): string {
  const { width, height, offsetPx } = WIDGET_FRAME;
  const style = [
    'position:fixed',
    `bottom:${offsetPx}px`,
    `right:${offsetPx}px`,
    `width:${width}px`,
    `height:${height}px`,
    'border:0',
    'border-radius:16px',
    'box-shadow:0 12px 40px rgba(0,0,0,.25)',
    'z-index:2147483000',
  ].join(';');
  const frame = `<iframe id="${WIDGET_FRAME_ID}" src="${escapeAttribute(widgetLink(origin, uid))}" title="Chat" width="${width}" height="${height}" style="${style}" loading="lazy"></iframe>`;
  return `${frame}\n<script>${VISIT_FORWARD_SCRIPT}</script>`;
}
