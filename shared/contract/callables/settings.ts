/**
 * Brand settings callables (spec sections 2, 3, 5; issue 3 items 1–3): Constructor de IA,
 * Integraciones (secrets sealed at rest, never returned) and the Creador de Blog modal.
 * Saves merge: an omitted field keeps its stored value. Every save sets `lastUpdated` on the
 * server. All are `active`: the tenant is the caller's verified `sub`. Constructor de IA also holds
 * the brand's time zone (issue 13 item 1): an IANA id the server's `Intl` knows, else 400 with
 * TIME_MSG.timeZoneInvalid.
 */
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import {
  AI_PROVIDER_CHOICES,
  AI_SETTINGS_LABELS,
  AI_SETTINGS_LIMITS,
  AiSettingsSchema,
  BLOG_FREQUENCIES,
  BRAND_COLOR_LABELS,
  BLOG_LAYOUTS,
  BLOG_TONES,
  BLOG_TOPICS_MAX,
  BlogSettingsSchema,
  IntegrationsSchema,
  SECRET_MAX_LENGTH,
  SECRET_MIN_LENGTH,
  type AiSettingsField,
  type BrandColorField,
} from '../../entities/settings';
import { HEX_COLOR_PATTERN } from '../../media';
import { canonicalSlug, SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from '../../slug';
import { isTimeZone, TIME_MSG } from '../../time';
import { define, Empty } from '../define';
import { labelledText } from '../fields';

/**
 * A settings section's two callables: `get` reads what is stored (no payload) and `save` merges a
 * partial update; both answer the stored settings.
 */
function section<I extends $ZodType, O extends $ZodType>(get: string, save: string, input: I, stored: O) {
  return [
    define({ name: get, access: 'active', input: Empty, output: stored }),
    define({ name: save, access: 'active', input, output: stored }),
  ] as const;
}

function aiField(field: AiSettingsField) {
  return z.optional(labelledText(AI_SETTINGS_LABELS[field], AI_SETTINGS_LIMITS[field]));
}

// ---- Constructor de IA ----

/** The brand's time zone: an IANA id ('Europe/Madrid') the runtime's Intl knows; surrounding spaces dropped. */
export const TimeZoneSchema = z.string({ error: TIME_MSG.timeZoneInvalid }).check(z.trim(), z.refine(isTimeZone, TIME_MSG.timeZoneInvalid));

/** The Spanish message of a brand colour that is not '#rrggbb'. */
export const brandColorInvalid = (field: BrandColorField) => `«${BRAND_COLOR_LABELS[field]}» debe ser un color en formato #rrggbb (por ejemplo, #1f2937).`;

/** A brand colour (issue 18): '#rrggbb', surrounding spaces dropped, stored in lower case. */
function brandColor(field: BrandColorField) {
  const message = brandColorInvalid(field);
  return z.optional(z.string({ error: message }).check(z.trim(), z.regex(HEX_COLOR_PATTERN, message), z.toLowerCase()));
}

export const AiSettingsInputSchema = z.strictObject({
  brandName: aiField('brandName'),
  brandPersonality: aiField('brandPersonality'),
  targetAudience: aiField('targetAudience'),
  keywords: aiField('keywords'),
  topicsToAvoid: aiField('topicsToAvoid'),
  timeZone: z.optional(TimeZoneSchema),
  primaryColor: brandColor('primaryColor'),
  accentColor: brandColor('accentColor'),
});
export type AiSettingsInput = z.infer<typeof AiSettingsInputSchema>;

export const [obtenerAjustesIA, guardarAjustesIA] = section('obtenerAjustesIA', 'guardarAjustesIA', AiSettingsInputSchema, AiSettingsSchema);

// ---- Integraciones ----

/**
 * A secret in a save: omitted → keep the stored one; null → remove it; a string → replace it.
 * Surrounding spaces are dropped (pasted keys often carry them).
 */
function secret(label: string, { stripInnerSpaces = false } = {}) {
  return z.optional(
    z.nullable(
      z.string({ error: `«${label}» debe ser un texto.` }).check(
        z.overwrite((value) => (stripInnerSpaces ? value.replace(/\s+/gu, '') : value.trim())),
        z.minLength(SECRET_MIN_LENGTH, `«${label}» debe tener al menos ${SECRET_MIN_LENGTH} caracteres.`),
        z.maxLength(SECRET_MAX_LENGTH, `«${label}» admite como máximo ${SECRET_MAX_LENGTH} caracteres.`),
      ),
    ),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}

const BASE_URL_MESSAGE = 'La URL base debe ser una dirección http:// o https:// válida.';

/*
 * The schema checks the URL's form only. Whether its destination is public (no loopback, private,
 * link-local or metadata address, after DNS resolution) depends on the deployment's allowlist and
 * on DNS, so the server checks it when saving (lambdas/core/settings/saveIntegrations.ts, issue 12).
 */

export const IntegrationsInputSchema = z.strictObject({
  aiProvider: z.optional(z.enum(AI_PROVIDER_CHOICES, { error: 'Proveedor de IA no válido.' })),
  openaiBaseUrl: z.optional(
    z.string({ error: BASE_URL_MESSAGE }).check(
      z.trim(),
      z.maxLength(500, 'La URL base admite como máximo 500 caracteres.'),
      z.refine((value) => value === '' || isHttpUrl(value), BASE_URL_MESSAGE),
    ),
  ),
  openaiModel: z.optional(labelledText('Modelo', 200)),
  openaiApiKey: secret('Clave de API (compatible con OpenAI)'),
  geminiApiKey: secret('Clave de API de Gemini'),
  imagenApiKey: secret('Clave de API de Imagen'),
  gmailAddress: z.optional(
    z.string({ error: 'Correo de Gmail no válido.' }).check(
      z.trim(),
      // `abort`: the pattern backtracks quadratically, so an over-long value never reaches it (issue 16 finding 6).
      z.maxLength(254, { error: 'Correo de Gmail no válido.', abort: true }),
      z.refine((value) => value === '' || EMAIL.test(value), 'Correo de Gmail no válido.'),
    ),
  ),
  // Google shows app passwords in groups of four ("abcd efgh ijkl mnop"): spaces are dropped.
  gmailAppPassword: secret('Contraseña de aplicación de Gmail', { stripInnerSpaces: true }),
});
export type IntegrationsInput = z.infer<typeof IntegrationsInputSchema>;

export const [obtenerIntegraciones, guardarIntegraciones] = section('obtenerIntegraciones', 'guardarIntegraciones', IntegrationsInputSchema, IntegrationsSchema);

// ---- Creador de Blog ----

/** The slug as typed; the server stores its canonical form (shared/slug.ts). */
const SlugInputSchema = z.string({ error: 'La dirección del blog debe ser un texto.' }).check(
  z.maxLength(200, `La dirección del blog admite como máximo ${SLUG_MAX_LENGTH} caracteres.`),
  z.overwrite(canonicalSlug),
  z.maxLength(SLUG_MAX_LENGTH, `La dirección del blog admite como máximo ${SLUG_MAX_LENGTH} caracteres.`),
  z.refine((slug) => slug === '' || slug.length >= SLUG_MIN_LENGTH, `La dirección del blog debe tener al menos ${SLUG_MIN_LENGTH} caracteres.`),
);

export const BlogSettingsInputSchema = z.strictObject({
  isEnabled: z.optional(z.boolean({ error: 'El estado del blog debe ser verdadero o falso.' })),
  slug: z.optional(SlugInputSchema),
  tone: z.optional(z.enum(BLOG_TONES, { error: 'Tono no válido.' })),
  topics: z.optional(labelledText('Temas', BLOG_TOPICS_MAX)),
  frequency: z.optional(z.enum(BLOG_FREQUENCIES, { error: 'Frecuencia no válida.' })),
  layout: z.optional(z.enum(BLOG_LAYOUTS, { error: 'Diseño no válido.' })),
  /** An uploads-bucket key from `solicitarSubida` (kind 'blogHeader'); null removes the image. */
  headerImageKey: z.optional(z.nullable(z.string({ error: 'Imagen de cabecera no válida.' }).check(z.minLength(1), z.maxLength(1024)))),
});
export type BlogSettingsInput = z.infer<typeof BlogSettingsInputSchema>;

export const [obtenerAjustesBlog, guardarAjustesBlog] = section('obtenerAjustesBlog', 'guardarAjustesBlog', BlogSettingsInputSchema, BlogSettingsSchema);
