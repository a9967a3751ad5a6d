/**
 * The public redirect's own page (issue 15 item 4): a small Spanish 404 for an unknown code or a
 * refused target, the same for both so the page reveals nothing about which.
 */
import { LINK_MSG } from '@director-ia/shared';

/** The 404 page's HTML (fixed text: nothing of the request is echoed). */
export function linkNotFoundHtml(): string {
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${LINK_MSG.notFoundTitle}</title></head>`,
    `<body><main><h1>${LINK_MSG.notFoundTitle}</h1><p>${LINK_MSG.notFoundBody}</p></main></body>`,
    '</html>',
  ].join('\n');
}
