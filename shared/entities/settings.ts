/**
 * Brand settings (spec section 3 "AI settings", "Blog settings", "Integrations settings") as the
 * browser sees them, the blog's option lists and defaults (spec section 5), the length limits
 * and the secret mask. Secrets never appear here in clear: only `{configured, mask}`.
 */
import * as z from 'zod/mini';
import { DEFAULT_BRAND_COLORS } from '../media';
import { DEFAULT_TIME_ZONE } from '../time';

/**
 * Spanish strings of the settings screens and functions (spec section 8 verbatim where it has
 * them). Kept apart from MSG so the login screen's JS, which carries MSG, does not grow.
 */
export const SETTINGS_MSG = {
  saveAiSettings: 'Guardar Configuración',
  aiSettingsSaved: 'Configuración de IA guardada!',
  saveIntegrations: 'Guardar Conexiones',
  integrationsSaved: 'Configuración de integraciones guardada!',
  saveBlogSettings: 'Guardar Configuración del Blog',
  blogSettingsSaved: 'Configuración del blog guardada!',
  slugTaken: (slug: string) => `La dirección «${slug}» ya está en uso por otra marca. Elige otra.`,
  slugRequired: 'Para activar el blog, elige su dirección.',
  settingsConflict: 'Tus ajustes cambiaron mientras guardabas. Vuelve a intentarlo.',
  codeCopied: '¡Código copiado al portapapeles!',
  copyFailed: 'Error al copiar el código.',
} as const;

// ---- AI settings (Constructor de IA) ----

/** Longest accepted value of each AI settings field, in characters. */
export const AI_SETTINGS_LIMITS = {
  brandName: 120,
  brandPersonality: 2000,
  targetAudience: 1000,
  keywords: 500,
  topicsToAvoid: 1000,
} as const;
export type AiSettingsField = keyof typeof AI_SETTINGS_LIMITS;
export const AI_SETTINGS_FIELDS = Object.keys(AI_SETTINGS_LIMITS) as AiSettingsField[];

/** Spanish names of the fields, for labels and validation messages. */
export const AI_SETTINGS_LABELS: Record<AiSettingsField, string> = {
  brandName: 'Nombre de la marca',
  brandPersonality: 'Personalidad de la marca',
  targetAudience: 'Público objetivo',
  keywords: 'Palabras clave',
  topicsToAvoid: 'Temas a evitar',
};

export const AiSettingsSchema = z.object({
  brandName: z.string(),
  brandPersonality: z.string(),
  targetAudience: z.string(),
  keywords: z.string(),
  topicsToAvoid: z.string(),
  /**
   * The brand's IANA time zone (issue 13 item 1): posts' 'HH:mm' times are wall-clock times in it.
   * DEFAULT_TIME_ZONE (Europe/Madrid) until the owner picks one.
   */
  timeZone: z.string(),
  /**
   * The brand's colours, '#rrggbb' in lower case (issue 18: captions and backgrounds of composed
   * videos). DEFAULT_BRAND_COLORS until the owner picks them.
   */
  primaryColor: z.string(),
  accentColor: z.string(),
  /** ISO 8601, set by the server on every save; null until the first save. */
  lastUpdated: z.nullable(z.string()),
});
export type AiSettings = z.infer<typeof AiSettingsSchema>;

export const EMPTY_AI_SETTINGS: AiSettings = {
  brandName: '',
  brandPersonality: '',
  targetAudience: '',
  keywords: '',
  topicsToAvoid: '',
  timeZone: DEFAULT_TIME_ZONE,
  primaryColor: DEFAULT_BRAND_COLORS.primaryColor,
  accentColor: DEFAULT_BRAND_COLORS.accentColor,
  lastUpdated: null,
};

/** Spanish names of the brand colours (the form's labels and the save's error messages). */
export const BRAND_COLOR_LABELS = { primaryColor: 'Color principal', accentColor: 'Color de acento' } as const;
export type BrandColorField = keyof typeof BRAND_COLOR_LABELS;

// ---- Blog settings (Creador de Blog) ----

export const BLOG_TONES = ['Profesional y Técnico', 'Noticias y Actualidad', 'Casual e Inspirador', 'Humorístico y Cercano'] as const;
export const BLOG_FREQUENCIES = ['1 artículo por semana', '2 artículos al mes', '1 artículo al mes'] as const;
export const BLOG_LAYOUTS = ['Minimalista', 'Moderno', 'Clásico'] as const;
export type BlogTone = (typeof BLOG_TONES)[number];
export type BlogFrequency = (typeof BLOG_FREQUENCIES)[number];
export type BlogLayout = (typeof BLOG_LAYOUTS)[number];
/** Longest accepted topics text, in characters. */
export const BLOG_TOPICS_MAX = 1000;

export const BlogSettingsSchema = z.object({
  isEnabled: z.boolean(),
  /** Canonical slug (shared/slug.ts), unique across all brands; '' when none. */
  slug: z.string(),
  tone: z.enum(BLOG_TONES),
  topics: z.string(),
  frequency: z.enum(BLOG_FREQUENCIES),
  layout: z.enum(BLOG_LAYOUTS),
  /** Key of the header image in the uploads bucket (never inline data); null when none. */
  headerImageKey: z.nullable(z.string()),
  /** Short-lived download URL of the header image; null when none. */
  headerImageUrl: z.nullable(z.string()),
  lastUpdated: z.nullable(z.string()),
});
export type BlogSettings = z.infer<typeof BlogSettingsSchema>;

/** Spec section 3 defaults: disabled, no slug, the first option of each list. */
export const DEFAULT_BLOG_SETTINGS: BlogSettings = {
  isEnabled: false,
  slug: '',
  tone: 'Profesional y Técnico',
  topics: '',
  frequency: '1 artículo por semana',
  layout: 'Minimalista',
  headerImageKey: null,
  headerImageUrl: null,
  lastUpdated: null,
};

// ---- Integrations (Integraciones y Conexiones) ----

/**
 * The brand's AI provider: 'default' is the deployment's own provider; 'bedrock' only works
 * where the deployment has Bedrock (AWS); 'openai-compatible' is any endpoint speaking the
 * OpenAI API (self-hosted models); 'gemini' uses the owner's Gemini and Imagen keys (spec 3).
 */
export const AI_PROVIDER_CHOICES = ['default', 'bedrock', 'openai-compatible', 'gemini'] as const;
export type AiProviderChoice = (typeof AI_PROVIDER_CHOICES)[number];

/** The secret fields of the integrations settings (sealed at rest, never returned). */
export const SECRET_FIELDS = ['openaiApiKey', 'geminiApiKey', 'imagenApiKey', 'gmailAppPassword'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
export const SECRET_MIN_LENGTH = 8;
export const SECRET_MAX_LENGTH = 4096;

/** What the browser learns about a secret: whether one is stored, and its mask. */
export const SecretStatusSchema = z.object({ configured: z.boolean(), mask: z.nullable(z.string()) });
export type SecretStatus = z.infer<typeof SecretStatusSchema>;

/** Characters of a secret shown in its mask. */
export const SECRET_HINT_LENGTH = 4;
const MASK_PREFIX = '••••';

/** The last characters of a secret, kept beside the sealed value to build the mask. */
export function secretHint(secret: string): string {
  return [...secret].slice(-SECRET_HINT_LENGTH).join('');
}

/** '••••' + the last 4 characters. */
export function maskFromHint(hint: string): string {
  return MASK_PREFIX + hint;
}

export const IntegrationsSchema = z.object({
  aiProvider: z.enum(AI_PROVIDER_CHOICES),
  openaiBaseUrl: z.string(),
  openaiModel: z.string(),
  openaiApiKey: SecretStatusSchema,
  geminiApiKey: SecretStatusSchema,
  imagenApiKey: SecretStatusSchema,
  gmailAddress: z.string(),
  gmailAppPassword: SecretStatusSchema,
  lastUpdated: z.nullable(z.string()),
});
export type Integrations = z.infer<typeof IntegrationsSchema>;

const NOT_CONFIGURED: SecretStatus = { configured: false, mask: null };
export const EMPTY_INTEGRATIONS: Integrations = {
  aiProvider: 'default',
  openaiBaseUrl: '',
  openaiModel: '',
  openaiApiKey: NOT_CONFIGURED,
  geminiApiKey: NOT_CONFIGURED,
  imagenApiKey: NOT_CONFIGURED,
  gmailAddress: '',
  gmailAppPassword: NOT_CONFIGURED,
  lastUpdated: null,
};
