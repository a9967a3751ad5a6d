/**
 * Tracked links (issue 15 item 4): the short public link `/r/<code>` on the site's domain that every
 * published post, article and campaign creative gets; following it records the click and redirects
 * to the target with UTM parameters and `ref=<code>`. Shapes shared by the server (core/links) and,
 * later, the dashboard; Spanish strings in LINK_MSG.
 */

/** Path prefix of the public redirect route (`GET /r/{code}`; CloudFront `/r/*`, the twin's router). */
export const TRACKED_LINK_PREFIX = '/r';
/** Characters of a link code (base62). */
export const LINK_CODE_LENGTH = 8;
/** What a well-formed code looks like (anything else is unknown without reading the table). */
export const LINK_CODE_PATTERN = /^[0-9A-Za-z]{8}$/;
/** The public path of code `code`. */
export const trackedLinkPath = (code: string): string => `${TRACKED_LINK_PREFIX}/${code}`;

/** What a link was made for. */
export const LINK_SOURCE_KINDS = ['post', 'article', 'campaign', 'creative'] as const;
export type LinkSourceKind = (typeof LINK_SOURCE_KINDS)[number];

/** The thing a link attributes its clicks (and the leads they bring) to. */
export interface LinkSource {
  kind: LinkSourceKind;
  id: string;
  /** The social network it was published on, when any. */
  network?: string;
  /** The campaign it belongs to, when any: its clicks also count for the campaign. */
  campaignId?: string;
}

/** The UTM parameters the redirect adds (utm_source, utm_medium, utm_campaign, utm_content). */
export interface LinkUtm {
  source: string;
  medium: string;
  campaign: string;
  content?: string;
}

/** The query parameters the redirect adds, in order, from a link's UTM and code. */
export function trackingParams(utm: LinkUtm, code: string): [string, string][] {
  const params: [string, string][] = [
    ['utm_source', utm.source],
    ['utm_medium', utm.medium],
    ['utm_campaign', utm.campaign],
  ];
  if (utm.content) params.push(['utm_content', utm.content]);
  params.push(['ref', code]);
  return params;
}

/** Spanish strings of tracked links. */
export const LINK_MSG = {
  invalidTarget: 'El enlace debe apuntar a una dirección https de tu web o de la página de destino de la campaña.',
  invalidUtm: 'Faltan los parámetros UTM del enlace (origen, medio y campaña).',
  invalidSource: 'El origen del enlace no es válido.',
  notFoundTitle: 'Enlace no encontrado',
  notFoundBody: 'Este enlace no existe o ya no está disponible.',
} as const;
