/**
 * Brand settings contract (spec sections 3, 5; issue 3 items 1–3): option lists and defaults,
 * the secret mask, and what the payload schemas accept, normalise and refuse (Spanish messages),
 * including the brand's time zone (issue 13 item 1).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  AI_SETTINGS_LIMITS,
  AiSettingsInputSchema,
  BLOG_FREQUENCIES,
  DEFAULT_BRAND_COLORS,
  BLOG_LAYOUTS,
  BLOG_TONES,
  BlogSettingsInputSchema,
  DEFAULT_BLOG_SETTINGS,
  EMPTY_AI_SETTINGS,
  IntegrationsInputSchema,
  maskFromHint,
  secretHint,
  TIME_MSG,
} from '@director-ia/shared';

function firstMessage(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('blog options and defaults (spec 3/5)', () => {
  it('lists exactly the spec options, defaults first', () => {
    expect(BLOG_TONES).toEqual(['Profesional y Técnico', 'Noticias y Actualidad', 'Casual e Inspirador', 'Humorístico y Cercano']);
    expect(BLOG_FREQUENCIES).toEqual(['1 artículo por semana', '2 artículos al mes', '1 artículo al mes']);
    expect(BLOG_LAYOUTS).toEqual(['Minimalista', 'Moderno', 'Clásico']);
    expect(DEFAULT_BLOG_SETTINGS).toMatchObject({ isEnabled: false, slug: '', tone: 'Profesional y Técnico', frequency: '1 artículo por semana', layout: 'Minimalista', headerImageKey: null });
  });
});

describe('secret mask', () => {
  it("is '••••' and the last 4 characters", () => {
    expect(maskFromHint(secretHint('sk-abcdefgh1234'))).toBe('••••1234');
    expect(maskFromHint(secretHint('clave-con-ñandú'))).toBe('••••andú');
    expect(maskFromHint(secretHint('clave-💡💡💡💡'))).toBe('••••💡💡💡💡');
  });

  it('never holds more than 4 code points of the secret, and never splits a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 8, maxLength: 64 }), (secret) => {
        const hint = secretHint(secret);
        return [...hint].length === 4 && secret.endsWith(hint) && maskFromHint(hint) === `••••${hint}`;
      }),
    );
  });
});

describe('guardarAjustesIA payload', () => {
  it('trims text and merges (every field optional)', () => {
    expect(AiSettingsInputSchema.parse({ brandName: '  Café Ñandú  ' })).toEqual({ brandName: 'Café Ñandú' });
    expect(AiSettingsInputSchema.parse({})).toEqual({});
  });

  it('refuses too long text with the field name and limit', () => {
    expect(firstMessage(AiSettingsInputSchema, { topicsToAvoid: 'x'.repeat(AI_SETTINGS_LIMITS.topicsToAvoid + 1) })).toBe(`«Temas a evitar» admite como máximo ${AI_SETTINGS_LIMITS.topicsToAvoid} caracteres.`);
    expect(AiSettingsInputSchema.safeParse({ brandName: 'x'.repeat(AI_SETTINGS_LIMITS.brandName) }).success).toBe(true);
  });

  it('takes the brand time zone as an IANA id Intl knows (spaces dropped), Europe/Madrid by default', () => {
    expect(EMPTY_AI_SETTINGS.timeZone).toBe('Europe/Madrid');
    expect(AiSettingsInputSchema.parse({ timeZone: 'Atlantic/Canary' })).toEqual({ timeZone: 'Atlantic/Canary' });
    expect(AiSettingsInputSchema.parse({ timeZone: ' America/Bogota ' })).toEqual({ timeZone: 'America/Bogota' });
    expect(AiSettingsInputSchema.parse({ timeZone: 'Australia/Sydney' })).toEqual({ timeZone: 'Australia/Sydney' });
  });

  it.each([['Europe/Atlantis'], ['+01:00'], ['Hora de Madrid'], [''], [42], [null]])('refuses the time zone %j in Spanish', (timeZone) => {
    expect(firstMessage(AiSettingsInputSchema, { timeZone })).toBe(TIME_MSG.timeZoneInvalid);
    expect(TIME_MSG.timeZoneInvalid).toBe('La zona horaria no es válida: elige una de la lista (por ejemplo, Europe/Madrid).');
  });

  it('takes the brand colours as #rrggbb (spaces dropped, lower case), the defaults until picked', () => {
    expect(EMPTY_AI_SETTINGS).toMatchObject(DEFAULT_BRAND_COLORS);
    expect(AiSettingsInputSchema.parse({ primaryColor: ' #1A2B3C ', accentColor: '#ff9900' })).toEqual({ primaryColor: '#1a2b3c', accentColor: '#ff9900' });
  });

  it.each([['red'], ['#fff'], ['#12345g'], ['1a2b3c'], [''], [7]])('refuses the colour %j in Spanish, naming the field', (color) => {
    expect(firstMessage(AiSettingsInputSchema, { primaryColor: color })).toBe('«Color principal» debe ser un color en formato #rrggbb (por ejemplo, #1f2937).');
    expect(firstMessage(AiSettingsInputSchema, { accentColor: color })).toBe('«Color de acento» debe ser un color en formato #rrggbb (por ejemplo, #1f2937).');
  });

  it('refuses unknown fields (lastUpdated is the server’s; no uid)', () => {
    expect(AiSettingsInputSchema.safeParse({ lastUpdated: '2020-01-01' }).success).toBe(false);
    expect(AiSettingsInputSchema.safeParse({ uid: 'x' }).success).toBe(false);
    expect(firstMessage(AiSettingsInputSchema, { keywords: 3 })).toBe('«Palabras clave» debe ser un texto.');
  });
});

describe('guardarIntegraciones payload', () => {
  it('omitted secret = keep, null = clear, text = replace (trimmed)', () => {
    expect(IntegrationsInputSchema.parse({})).toEqual({});
    expect(IntegrationsInputSchema.parse({ geminiApiKey: null })).toEqual({ geminiApiKey: null });
    expect(IntegrationsInputSchema.parse({ geminiApiKey: '  AIzaSy-123456789 ' })).toEqual({ geminiApiKey: 'AIzaSy-123456789' });
  });

  it('drops the spaces of a Gmail app password', () => {
    expect(IntegrationsInputSchema.parse({ gmailAppPassword: 'abcd efgh ijkl mnop' })).toEqual({ gmailAppPassword: 'abcdefghijklmnop' });
  });

  it.each([
    [{ geminiApiKey: '1234567' }, '«Clave de API de Gemini» debe tener al menos 8 caracteres.'],
    [{ geminiApiKey: '' }, '«Clave de API de Gemini» debe tener al menos 8 caracteres.'],
    [{ openaiBaseUrl: 'localhost:11434' }, 'La URL base debe ser una dirección http:// o https:// válida.'],
    [{ openaiBaseUrl: 'javascript:alert(1)' }, 'La URL base debe ser una dirección http:// o https:// válida.'],
    [{ openaiBaseUrl: 'https://user:pass@example.com' }, 'La URL base debe ser una dirección http:// o https:// válida.'],
    [{ gmailAddress: 'sin-arroba' }, 'Correo de Gmail no válido.'],
    [{ aiProvider: 'openai' }, 'Proveedor de IA no válido.'],
  ])('refuses %j: %s', (value, message) => {
    expect(firstMessage(IntegrationsInputSchema, value)).toBe(message);
  });

  it('accepts http(s) base URLs and empty values', () => {
    for (const openaiBaseUrl of ['http://localhost:11434/v1', 'https://api.openai.com/v1', '']) {
      expect(IntegrationsInputSchema.safeParse({ openaiBaseUrl }).success).toBe(true);
    }
    expect(IntegrationsInputSchema.safeParse({ gmailAddress: '' }).success).toBe(true);
  });
});

describe('guardarAjustesBlog payload', () => {
  it('stores the canonical slug', () => {
    expect(BlogSettingsInputSchema.parse({ slug: '  Mi Blog de Café!! ' })).toEqual({ slug: 'mi-blog-de-café' });
    expect(BlogSettingsInputSchema.parse({ slug: '' })).toEqual({ slug: '' });
  });

  it.each([
    [{ slug: 'ab' }, 'La dirección del blog debe tener al menos 3 caracteres.'],
    [{ slug: 'a'.repeat(61) }, 'La dirección del blog admite como máximo 60 caracteres.'],
    [{ tone: 'Épico' }, 'Tono no válido.'],
    [{ frequency: 'diaria' }, 'Frecuencia no válida.'],
    [{ layout: 'Brutalista' }, 'Diseño no válido.'],
    [{ isEnabled: 'sí' }, 'El estado del blog debe ser verdadero o falso.'],
  ])('refuses %j: %s', (value, message) => {
    expect(firstMessage(BlogSettingsInputSchema, value)).toBe(message);
  });

  it('takes an upload key or null for the header image, never inline data', () => {
    expect(BlogSettingsInputSchema.safeParse({ headerImageKey: null }).success).toBe(true);
    expect(BlogSettingsInputSchema.safeParse({ headerImageKey: 'users/u/blog/x-a.png' }).success).toBe(true);
    expect(BlogSettingsInputSchema.safeParse({ headerImage: 'data:image/png;base64,AAAA' }).success).toBe(false);
  });
});
