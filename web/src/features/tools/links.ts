/**
 * The links and snippet the side-panel tools hand out (spec sections 2 "Modals" and 9): the
 * mobile chat at `{origin}/chat/{uid}` (QR), and the widget iframe at `{origin}/widget/{uid}`,
 * 350x500, fixed bottom-right at 20px.
 */
import { WIDGET_FRAME } from '@director-ia/shared';

/** The owner's mobile chat page, which the QR encodes. */
export function chatLink(origin: string, uid: string): string {
  return `${origin}/chat/${encodeURIComponent(uid)}`;
}

/** The page the embedded widget frame loads. */
export function widgetLink(origin: string, uid: string): string {
  return `${origin}/widget/${encodeURIComponent(uid)}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML the owner pastes into their website: a fixed frame in the bottom-right corner. */
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
  return `<iframe src="${escapeAttribute(widgetLink(origin, uid))}" title="Chat" width="${width}" height="${height}" style="${style}" loading="lazy"></iframe>`;
}
