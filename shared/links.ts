/**
 * Tracked links (issue 15 item 4): the short public link `/r/<code>` on the site's domain that every
 * published post, article and campaign creative gets; following it records the click and redirects
 * to the target with UTM parameters and `ref=<code>`. Shapes shared by the server (core/links) and,
 * later, the dashboard; Spanish strings in LINK_MSG.
 */
import * as z from 'zod/mini';

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

/**
 * Days the site's edge (CloudFront) access logs, which hold every visitor's IP address, are kept
 * before they expire (infra/constructs/storage.ts); the privacy note states it.
 */
export const EDGE_LOG_RETENTION_DAYS = 30;

/** Spanish strings of tracked links. */
export const LINK_MSG = {
  invalidTarget: 'El enlace debe apuntar a una dirección https de tu web o de la página de destino de la campaña.',
  invalidUtm: 'Faltan los parámetros UTM del enlace (origen, medio y campaña).',
  invalidSource: 'El origen del enlace no es válido.',
  notFoundTitle: 'Enlace no encontrado',
  notFoundBody: 'Este enlace no existe o ya no está disponible.',
  /** What visitors are told about click counting (issue 15 item 4), in the widget's contact form and the public blog's footer. */
  privacyNote: `Los clics en nuestros enlaces de seguimiento se cuentan sin guardar tu dirección IP: solo una huella irreversible (hash) calculada con un valor aleatorio que cambia cada día, que sirve para no contar dos veces el mismo clic y se borra a los dos días. Por seguridad, los registros técnicos del servidor conservan la dirección IP de cada visita durante ${EDGE_LOG_RETENTION_DAYS} días y después se borran.`,
} as const;

/**
 * The visit the widget was opened on (item 4: "the widget keeps the UTM or `ref` of the page it is
 * embedded on"): the host page's `ref` and UTM parameters, as the embed forwards them to the widget
 * frame's URL. The widget sends it with the first message and with the contact form; the server
 * trusts nothing but `ref`'s link (looked up under the brand), and keeps the UTM values as text.
 */
export const VISIT_UTM_LENGTH = 100;
const UtmValue = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(VISIT_UTM_LENGTH)));
export const VisitSchema = z.strictObject({
  ref: z.optional(z.string().check(z.regex(LINK_CODE_PATTERN))),
  utmSource: UtmValue,
  utmMedium: UtmValue,
  utmCampaign: UtmValue,
  utmContent: UtmValue,
});
export type Visit = z.infer<typeof VisitSchema>;

/** The query parameters a visit is read from, and the Visit field each fills. */
export const VISIT_PARAMS = { ref: 'ref', utm_source: 'utmSource', utm_medium: 'utmMedium', utm_campaign: 'utmCampaign', utm_content: 'utmContent' } as const;

/**
 * The visit a URL query carries ('?utm_source=instagram&ref=Ab3dEf9h'), or undefined when it
 * carries none. Values that would not pass VisitSchema are dropped (a malformed `ref`) or cut to
 * VISIT_UTM_LENGTH, so the widget never sends a visit the server refuses.
 */
export function visitFromSearch(search: string): Visit | undefined {
  const params = new URLSearchParams(search);
  const visit: Visit = {};
  for (const [param, field] of Object.entries(VISIT_PARAMS)) {
    const value = params.get(param)?.trim();
    if (!value) continue;
    if (field === 'ref') {
      if (LINK_CODE_PATTERN.test(value)) visit.ref = value;
    } else visit[field] = value.slice(0, VISIT_UTM_LENGTH);
  }
  return Object.keys(visit).length > 0 ? visit : undefined;
}

/**
 * The query string of a visit ('ref=Ab3dEf9h&utm_source=instagram', VISIT_PARAMS order, no '?'),
 * '' for none: what visitFromSearch reads back. The public blog puts it in the widget frame's URL;
 * the widget keeps it in its sessionStorage.
 */
export function visitToSearch(visit: Visit | undefined): string {
  const query = new URLSearchParams();
  for (const [param, field] of Object.entries(VISIT_PARAMS)) {
    const value = visit?.[field];
    if (value) query.append(param, value);
  }
  return query.toString();
}

/**
 * Where a lead or a widget conversation came from (item 4): resolved by the server from the visit's
 * `ref` (a tracked link of the same brand: what it was made for, its title then, its network, its
 * campaign) and the visit's UTM as given. Stored with the lead; the leads table and CSV show it.
 */
export const AttributionSchema = z.object({
  ref: z.optional(z.string()),
  kind: z.optional(z.enum(LINK_SOURCE_KINDS)),
  sourceId: z.optional(z.string()),
  /** The post's or article's title, or the campaign's name, when the link was followed. */
  sourceTitle: z.optional(z.string()),
  network: z.optional(z.string()),
  campaignId: z.optional(z.string()),
  campaignName: z.optional(z.string()),
  utm: z.optional(z.object({ source: z.optional(z.string()), medium: z.optional(z.string()), campaign: z.optional(z.string()), content: z.optional(z.string()) })),
});
export type Attribution = z.infer<typeof AttributionSchema>;

const KIND_LABELS: Readonly<Record<LinkSourceKind, string>> = { post: 'Publicación', article: 'Artículo', campaign: 'Campaña', creative: 'Anuncio' };

/**
 * The attribution as the leads table and CSV write it: 'Publicación «Oferta de otoño» · Campaña
 * «Otoño» · Instagram', or from UTM only 'UTM: instagram / social / otono'; '' when nothing is known.
 * `networkLabel` names a network id (shared/networks.ts networkLabel).
 */
export function attributionLabel(attribution: Attribution | undefined, networkLabel: (network: string) => string): string {
  if (!attribution) return '';
  const parts: string[] = [];
  if (attribution.kind && attribution.kind !== 'campaign') parts.push(attribution.sourceTitle ? `${KIND_LABELS[attribution.kind]} «${attribution.sourceTitle}»` : KIND_LABELS[attribution.kind]);
  if (attribution.campaignId) parts.push(attribution.campaignName ? `Campaña «${attribution.campaignName}»` : 'Campaña');
  if (attribution.network) parts.push(networkLabel(attribution.network));
  if (parts.length > 0) return parts.join(' · ');
  const utm = attribution.utm;
  const values = utm ? [utm.source, utm.medium, utm.campaign].filter((value): value is string => Boolean(value)) : [];
  return values.length > 0 ? `UTM: ${values.join(' / ')}` : '';
}

/** A tracked link as the dashboard shows it next to what it was made for. */
export const TrackedLinkViewSchema = z.object({ code: z.string(), url: z.string() });
export type TrackedLinkView = z.infer<typeof TrackedLinkViewSchema>;
