/**
 * Identity lab and video callables (spec sections 2 'taller' identity lab, 7 `generarIdentidad`,
 * 8; issue 4 items 2 and 3):
 * - `generarIdentidad` keeps the spec's payload `{type, prompt?}` and result `{success, error?}`,
 *   extended compatibly: `{type:'avatar', prompt}` → an avatar image asset; `{type:'voice', text,
 *   voice?, sampleKey?}` → Spanish speech as an asset (the voice sample, an upload of kind
 *   'voiceSample', is kept for providers that can clone); `{type:'video', sampleKey}` → the owner's
 *   video (kind 'identityVideo') is kept and the answer says plainly that no provider builds an
 *   avatar from it (`unsupported`). Nothing is ever faked.
 * - `obtenerCapacidades` → what the brand's provider can do, with the Spanish sentence each card
 *   shows when something is missing, before the owner tries.
 * - `iniciarVideo` / `estadoVideo`: video as an asynchronous job (start → status).
 */
import * as z from 'zod/mini';
import { define } from '../define';
import { requiredId, requiredText } from '../fields';
import { PromptSchema } from './image';

/** The types of the spec's `generarIdentidad` payload. */
export const IDENTITY_TYPES = ['avatar', 'video', 'voice'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

/** Spanish names of the types, for 'Error al generar {type}: {message}' (spec 8). */
export const IDENTITY_TYPE_NAMES: Readonly<Record<IdentityType, string>> = { avatar: 'avatar', video: 'vídeo', voice: 'voz' };

/** Longest text to speak (Amazon Polly's per-request limit). */
export const MAX_SPEECH_TEXT_LENGTH = 3000;

/** The voices the web offers (Amazon Polly's neural es-ES voices). */
export const IDENTITY_VOICES = [
  { id: 'Lucia', label: 'Lucía' },
  { id: 'Sergio', label: 'Sergio' },
] as const;

const SampleKeySchema = z.string({ error: 'Falta la muestra subida.' }).check(z.minLength(1, 'Falta la muestra subida.'), z.maxLength(1024, 'La muestra no es válida.'));

export const IdentityRequestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('avatar'), prompt: PromptSchema }),
  z.strictObject({
    type: z.literal('voice'),
    text: requiredText(MAX_SPEECH_TEXT_LENGTH, {
      missing: 'Escribe el texto que quieres convertir en voz.',
      tooLong: `El texto para la voz es demasiado largo (máximo ${MAX_SPEECH_TEXT_LENGTH} caracteres).`,
    }),
    voice: z.optional(z.enum(['Lucia', 'Sergio'], { error: 'Voz no válida. Voces disponibles: Lucía, Sergio.' })),
    sampleKey: z.optional(SampleKeySchema),
  }),
  z.strictObject({ type: z.literal('video'), sampleKey: SampleKeySchema }),
], { error: 'Tipo de identidad no válido (avatar, video o voice).' });

export const generarIdentidad = define({
  name: 'generarIdentidad',
  access: 'active',
  input: IdentityRequestSchema,
  output: z.object({
    /** The spec's flag: true when an asset was produced. */
    success: z.boolean(),
    /** Why nothing was produced (Spanish), when success is false. */
    error: z.optional(z.string()),
    assetId: z.optional(z.string()),
    /** Short-lived URL of the produced asset. */
    url: z.optional(z.string()),
    offline: z.optional(z.boolean()),
    /** The plain sentence of a capability the configured provider lacks (the card shows it). */
    unsupported: z.optional(z.string()),
    /** Set when the owner's sample was found and kept for later (voice or video). */
    sampleKept: z.optional(z.boolean()),
  }),
});

export const CapabilityStatusSchema = z.object({
  available: z.boolean(),
  offline: z.boolean(),
  via: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type CapabilityStatusView = z.infer<typeof CapabilityStatusSchema>;

export const obtenerCapacidades = define({
  name: 'obtenerCapacidades',
  access: 'active',
  input: z.nullish(z.strictObject({})),
  output: z.object({
    capabilities: z.object({
      image: CapabilityStatusSchema,
      avatarFromDescription: CapabilityStatusSchema,
      avatarFromVideo: CapabilityStatusSchema,
      voiceClone: CapabilityStatusSchema,
      speech: CapabilityStatusSchema,
      video: CapabilityStatusSchema,
    }),
  }),
});

/** The states of a video job. */
export const VIDEO_JOB_STATUSES = ['en_cola', 'generando', 'listo', 'error'] as const;
export type VideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];

export const iniciarVideo = define({
  name: 'iniciarVideo',
  access: 'active',
  input: z.strictObject({
    prompt: PromptSchema,
    /** Optional uploads-bucket key of a starting image (image-to-video). */
    imageKey: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  }),
  output: z.object({ jobId: z.string(), status: z.enum(VIDEO_JOB_STATUSES) }),
});

export const estadoVideo = define({
  name: 'estadoVideo',
  access: 'active',
  input: z.strictObject({
    jobId: requiredId('Falta el trabajo de vídeo.'),
  }),
  output: z.object({ status: z.enum(VIDEO_JOB_STATUSES), url: z.optional(z.string()), error: z.optional(z.string()) }),
});
