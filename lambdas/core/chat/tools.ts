/**
 * The tools of the mobile chat's AI (issue 6 item 3): what the model is told about each (name,
 * Spanish description, JSON Schema of its input) and the zod schema every tool input is parsed
 * with before anything runs — the model's output is never trusted blindly. No input has a uid:
 * the schemas are plain objects, so an extra key such as `uid` is dropped, and the executors take
 * the tenant from the verified caller alone.
 * - generar_imagen {prompt} — spends a generation: confirmation first;
 * - crear_publicacion {title, content, scheduledDate YYYY-MM-DD, time? HH:mm, platform} — a post
 *   scheduled for publishing (status aprobado, issue 13 item 6): confirmation first;
 * - listar_leads {} — the leads in state Nuevo, runs directly;
 * - redactar_articulo {topic?} — an AI blog draft (spends): confirmation first;
 * - resumir_plan {month? YYYY-MM} — the month's scheduled posts, runs directly;
 * - crear_video {brief, format?} — a video render from a text (issue 18 item 4): confirmation first;
 * - crear_musica {mood, tempo?, durationSeconds?, style?} — a soundtrack render: confirmation first.
 */
import * as z from 'zod/mini';
import { CHAT_TOOLS_NEEDING_CONFIRMATION, SOUNDTRACK_LIMITS, STORYBOARD_LIMITS, VIDEO_FORMATS, defaultPostTime, isIsoDate, isPostTime, MAX_PROMPT_LENGTH, POST_LIMITS, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type ChatToolName } from '@director-ia/shared';
import { spanishDay } from './dates';
import type { ToolSpec } from '../../platform/ai/types';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const TOOL_INPUT_SCHEMAS = {
  generar_imagen: z.object({ prompt: text(MAX_PROMPT_LENGTH) }),
  crear_publicacion: z.object({
    title: text(POST_LIMITS.title),
    content: text(POST_LIMITS.content),
    scheduledDate: z.string().check(z.refine(isIsoDate)),
    /** Local 'HH:mm' in the brand's time zone; the network's default when omitted. */
    time: z.optional(z.string().check(z.refine(isPostTime))),
    platform: z.enum(SOCIAL_NETWORKS),
  }),
  listar_leads: z.object({}),
  redactar_articulo: z.object({ topic: z.optional(z.string().check(z.trim(), z.maxLength(300))) }),
  resumir_plan: z.object({ month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/))) }),
  crear_video: z.object({ brief: text(STORYBOARD_LIMITS.briefMax), format: z.optional(z.enum(VIDEO_FORMATS)) }),
  crear_musica: z.object({
    mood: text(SOUNDTRACK_LIMITS.textMax),
    tempo: z.optional(z.number().check(z.int(), z.gte(SOUNDTRACK_LIMITS.minTempo), z.lte(SOUNDTRACK_LIMITS.maxTempo))),
    durationSeconds: z.optional(z.number().check(z.int(), z.gte(SOUNDTRACK_LIMITS.minSeconds), z.lte(SOUNDTRACK_LIMITS.maxSeconds))),
    style: z.optional(text(SOUNDTRACK_LIMITS.textMax)),
  }),
} as const;

export type ToolInput<T extends ChatToolName> = z.output<(typeof TOOL_INPUT_SCHEMAS)[T]>;

/** A tool call whose input passed its schema. */
export type ValidToolCall = { [T in ChatToolName]: { tool: T; input: ToolInput<T> } }[ChatToolName];

const DESCRIPTIONS: Record<ChatToolName, string> = {
  generar_imagen: 'Genera una imagen para la marca a partir de una descripción visual detallada. Gasta una generación diaria: el propietario la confirmará antes.',
  crear_publicacion: 'Programa una publicación en una red social para una fecha y hora concretas: se publicará automáticamente en la red (queda en el Plan de Contenidos como aprobada). El propietario la confirmará antes.',
  listar_leads: 'Lista los leads nuevos (estado Nuevo) captados por el widget o el chat.',
  redactar_articulo: 'Redacta con IA un borrador de artículo para el blog de la marca sobre un tema. El propietario lo confirmará antes.',
  resumir_plan: 'Resume las publicaciones programadas de un mes del Plan de Contenidos.',
  crear_video: 'Crea un vídeo de 1080p a partir de una descripción: la IA escribe el guion, crea las imágenes y le pone música; queda en la Galería del Taller IA. Gasta una generación diaria: el propietario la confirmará antes.',
  crear_musica: 'Compone una banda sonora original para la marca (MP3 y MIDI) a partir de un estado de ánimo, un tempo y un estilo; queda en la Galería del Taller IA. Gasta una generación diaria: el propietario la confirmará antes.',
};

const INPUT_JSON_SCHEMAS: Record<ChatToolName, Record<string, unknown>> = {
  generar_imagen: {
    type: 'object',
    properties: { prompt: { type: 'string', description: 'Descripción visual de la imagen, en español.', maxLength: MAX_PROMPT_LENGTH } },
    required: ['prompt'],
  },
  crear_publicacion: {
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Título breve de la publicación.', maxLength: POST_LIMITS.title },
      content: { type: 'string', description: 'Texto completo de la publicación, listo para publicar.', maxLength: POST_LIMITS.content },
      scheduledDate: { type: 'string', description: 'Fecha de publicación, formato AAAA-MM-DD.', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      time: { type: 'string', description: 'Hora local de publicación, formato HH:mm de 24 horas (opcional: si falta, la hora recomendada para esa red).', pattern: '^\\d{2}:\\d{2}$' },
      platform: { type: 'string', enum: [...SOCIAL_NETWORKS], description: 'Red social.' },
    },
    required: ['title', 'content', 'scheduledDate', 'platform'],
  },
  listar_leads: { type: 'object', properties: {} },
  redactar_articulo: {
    type: 'object',
    properties: { topic: { type: 'string', description: 'Tema del artículo (opcional: si falta, se elige de los temas del blog).', maxLength: 300 } },
  },
  resumir_plan: {
    type: 'object',
    properties: { month: { type: 'string', description: 'Mes, formato AAAA-MM (por defecto el actual).', pattern: '^\\d{4}-\\d{2}$' } },
  },
  crear_video: {
    type: 'object',
    properties: {
      brief: { type: 'string', description: 'De qué trata el vídeo, en español.', maxLength: STORYBOARD_LIMITS.briefMax },
      format: { type: 'string', enum: [...VIDEO_FORMATS], description: 'horizontal (1920×1080, YouTube) o vertical (1080×1920, reels y TikTok); por defecto vertical.' },
    },
    required: ['brief'],
  },
  crear_musica: {
    type: 'object',
    properties: {
      mood: { type: 'string', description: 'Estado de ánimo, p. ej. alegre, tranquila, épica.', maxLength: SOUNDTRACK_LIMITS.textMax },
      tempo: { type: 'integer', description: 'Tempo en bpm (por defecto 110).', minimum: SOUNDTRACK_LIMITS.minTempo, maximum: SOUNDTRACK_LIMITS.maxTempo },
      durationSeconds: { type: 'integer', description: 'Duración en segundos (por defecto 30).', minimum: SOUNDTRACK_LIMITS.minSeconds, maximum: SOUNDTRACK_LIMITS.maxSeconds },
      style: { type: 'string', description: 'Estilo, p. ej. pop, acústico, electrónica (por defecto pop).', maxLength: SOUNDTRACK_LIMITS.textMax },
    },
    required: ['mood'],
  },
};

/** The tools offered to the model, in `names` order (only the registered ones). */
export function toolSpecs(names: readonly ChatToolName[]): ToolSpec[] {
  return names.map((name) => ({ name, description: DESCRIPTIONS[name], inputSchema: INPUT_JSON_SCHEMAS[name] }));
}

/** Whether running `tool` needs the owner's confirmation first (it spends or publishes). */
export function needsConfirmation(tool: ChatToolName): boolean {
  return CHAT_TOOLS_NEEDING_CONFIRMATION.includes(tool);
}

/**
 * The call checked against the tool's schema, or null: an unknown (or unregistered) tool, or an
 * input that does not match. Unknown input keys (e.g. a `uid`) are dropped.
 */
export function parseToolCall(call: { name: string; input: unknown }, registered: readonly ChatToolName[]): ValidToolCall | null {
  const tool = registered.find((name) => name === call.name);
  if (!tool) return null;
  const parsed = z.safeParse(TOOL_INPUT_SCHEMAS[tool] as z.ZodMiniType, call.input ?? {});
  return parsed.success ? ({ tool, input: parsed.data } as ValidToolCall) : null;
}

/** The local time a crear_publicacion call goes out at: its own, or its network's default. */
export function postTimeOfCall(input: ToolInput<'crear_publicacion'>): string {
  return input.time ?? defaultPostTime(input.platform);
}

/** What the chat asks before running `call` (the 'Confirmar'/'Cancelar' message). */
export function proposalText(call: Extract<ValidToolCall, { tool: 'generar_imagen' | 'crear_publicacion' | 'redactar_articulo' | 'crear_video' | 'crear_musica' }>): string {
  switch (call.tool) {
    case 'generar_imagen':
      return `¿Genero una imagen con esta instrucción?\n«${call.input.prompt}»\nUsará una de tus generaciones diarias.`;
    case 'crear_publicacion':
      return `¿Programo esta publicación en ${SOCIAL_NETWORK_LABELS[call.input.platform]} para el ${spanishDay(call.input.scheduledDate)} a las ${postTimeOfCall(call.input)}?\n«${call.input.title}»\n\n${call.input.content}\n\nSe publicará automáticamente a esa hora.`;
    case 'redactar_articulo':
      return call.input.topic
        ? `¿Redacto un borrador de artículo para el blog sobre «${call.input.topic}»?\nUsará una de tus generaciones diarias.`
        : '¿Redacto un borrador de artículo para el blog sobre uno de sus temas?\nUsará una de tus generaciones diarias.';
    case 'crear_video':
      return `¿Creo un vídeo ${call.input.format === 'horizontal' ? 'horizontal (1920×1080)' : 'vertical (1080×1920)'} sobre esto?\n«${call.input.brief}»\nUsará una de tus generaciones diarias y tardará unos minutos.`;
    case 'crear_musica': {
      const music = musicOfCall(call.input);
      return `¿Compongo una banda sonora ${music.mood}, ${music.style}, ${music.tempo} bpm, de ${music.durationSeconds} segundos?\nUsará una de tus generaciones diarias.`;
    }
  }
}

/** A crear_musica call's brief with the defaults filled in (110 bpm, 30 s, pop). */
export function musicOfCall(input: ToolInput<'crear_musica'>): { mood: string; tempo: number; durationSeconds: number; style: string } {
  return { mood: input.mood, tempo: input.tempo ?? 110, durationSeconds: input.durationSeconds ?? 30, style: input.style ?? 'pop' };
}
