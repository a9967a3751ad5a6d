/**
 * The storyboard of a video from a text (issue 18 item 2): 5–10 scenes, each with a Spanish
 * caption, a prompt for the image to generate, a length, a transition and a motion, in at most
 * MAX_RENDER_SECONDS.
 * - With a model: `provider.generateJson` with `AiStoryboardSchema` (StoryboardSchema's fields,
 *   lenient on lengths and values: the model cannot know gallery asset ids, and over-long text or
 *   out-of-range numbers are repaired here rather than refused), the brand in the system prompt
 *   (`systemPromptFor`), then `normalizeStoryboard`.
 * - Offline provider: `offlineStoryboard`, a deterministic writer: the brief's sentences (split
 *   further at commas, or padded with brand lines, to reach 5 scenes; merged to at most 10) become
 *   the captions, cut to short phrases; image prompts are built from them. Model
 *   OFFLINE_STORYBOARD_MODEL, `offline: true`.
 * Either way the result passes StoryboardSchema. AI failures propagate as the AI layer's AiError.
 */
import * as z from 'zod/mini';
import { MAX_RENDER_SECONDS, SCENE_MOTIONS, SCENE_TRANSITIONS, STORYBOARD_LIMITS, StoryboardSchema, type Scene, type Storyboard, type VideoFormat } from '@director-ia/shared';
import type { AiProvider, BrandContext } from '../../../platform/ai';
import { quotedField } from '../../../platform/ai/prompt-text';
import { systemPromptFor } from '../../brand';

export const OFFLINE_STORYBOARD_MODEL = 'offline-storyboard-v1';

/** What the model must answer: StoryboardSchema's fields without gallery assets, lenient (see the header). */
export const AiStoryboardSchema = z.object({
  title: z.string(),
  scenes: z
    .array(
      z.object({
        caption: z.string(),
        imagePrompt: z.string(),
        durationSeconds: z.number(),
        transition: z.optional(z.string()),
        motion: z.optional(z.string()),
      }),
    )
    .check(z.minLength(STORYBOARD_LIMITS.minScenes)),
});
export type AiStoryboard = z.infer<typeof AiStoryboardSchema>;

/** Caption length the writers aim for (the schema allows STORYBOARD_LIMITS.captionMax). */
const CAPTION_TARGET = 90;
const FORMAT_WORDS: Record<VideoFormat, string> = { horizontal: 'horizontal 16:9', vertical: 'vertical 9:16' };

/** `text` on one line, cut to at most `max` characters at a word boundary (with '…' when cut). */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > max * 0.5 ? room.slice(0, space) : room).replace(/[\s,;:.·-]+$/u, '')}…`;
}

const capitalize = (text: string) => (text ? text.charAt(0).toLocaleUpperCase('es') + text.slice(1) : text);

/** Writes the storyboard of `brief` for `format` with `provider` (see the module header). */
export async function writeStoryboard(brief: string, format: VideoFormat, brand: BrandContext, provider: AiProvider): Promise<{ storyboard: Storyboard; offline: boolean; model: string }> {
  if (provider.offline) return { storyboard: offlineStoryboard(brief, format, brand), offline: true, model: OFFLINE_STORYBOARD_MODEL };
  const answer = await provider.generateJson(
    {
      system: systemPromptFor(brand, storyboardInstructions(format)),
      brand,
      messages: [{ role: 'user', content: `Escribe el guion del vídeo a partir de esta descripción: «${quotedField(brief, STORYBOARD_LIMITS.briefMax)}».` }],
      maxTokens: 3000,
      temperature: 0.7,
    },
    AiStoryboardSchema,
  );
  return { storyboard: normalizeStoryboard(answer.value, brief), offline: answer.offline, model: answer.model };
}

/** The storyboard writer's instructions (the brand part comes from `systemPromptFor`). */
export function storyboardInstructions(format: VideoFormat): string {
  const { minScenes, maxScenes, minSceneSeconds, maxSceneSeconds, titleMax, imagePromptMax } = STORYBOARD_LIMITS;
  return [
    `Escribe el guion de un vídeo corto ${FORMAT_WORDS[format]} para redes sociales a partir de la descripción del propietario.`,
    `Entre ${minScenes} y ${maxScenes} escenas. Cada escena dura entre ${minSceneSeconds} y ${maxSceneSeconds} segundos; el vídeo completo, como máximo ${MAX_RENDER_SECONDS} segundos (lo ideal: de 20 a 45).`,
    'Cada escena es una imagen fija animada con un texto en pantalla. Devuelve un objeto JSON con:',
    `- "title": un título breve del vídeo (como máximo ${titleMax} caracteres);`,
    `- "scenes": la lista de escenas, cada una con:`,
    `  - "caption": el texto en pantalla, en español, una frase corta (como máximo ${CAPTION_TARGET} caracteres), sin emojis ni hashtags;`,
    `  - "imagePrompt": una descripción detallada de la imagen de la escena para un generador de imágenes (como máximo ${imagePromptMax} caracteres), coherente con la marca, con composición ${FORMAT_WORDS[format]} y sin texto dentro de la imagen;`,
    '  - "durationSeconds": los segundos que dura la escena (más para textos largos);',
    `  - "transition": cómo pasa a la siguiente escena: ${SCENE_TRANSITIONS.map((t) => `"${t}"`).join(' o ')};`,
    `  - "motion": el movimiento de la imagen: ${SCENE_MOTIONS.map((m) => `"${m}"`).join(', ')}.`,
    'La primera escena presenta el tema y la última invita a actuar (visitar, reservar, seguir a la marca).',
  ].join('\n');
}

const TRANSITION_WORDS: Record<string, Scene['transition']> = { fundido: 'fundido', fade: 'fundido', 'fundido a negro': 'fundido', crossfade: 'fundido', corte: 'corte', cut: 'corte' };
const MOTION_WORDS: Record<string, NonNullable<Scene['motion']>> = { acercar: 'acercar', 'zoom in': 'acercar', zoomin: 'acercar', alejar: 'alejar', 'zoom out': 'alejar', zoomout: 'alejar', desplazar: 'desplazar', pan: 'desplazar' };

const clampSeconds = (value: number) =>
  Math.round(Math.min(STORYBOARD_LIMITS.maxSceneSeconds, Math.max(STORYBOARD_LIMITS.minSceneSeconds, Number.isFinite(value) ? value : 5)) * 10) / 10;

/**
 * A model's storyboard made valid: at most maxScenes scenes, text trimmed and cut to the limits
 * (a caption at a word boundary), lengths clamped to the scene limits and scaled down together
 * when the total exceeds MAX_RENDER_SECONDS, unknown transitions and motions mapped or defaulted.
 * The title falls back to the brief's start. Parsed with StoryboardSchema (cannot fail).
 */
export function normalizeStoryboard(value: AiStoryboard, brief: string): Storyboard {
  const scenes: Scene[] = value.scenes.slice(0, STORYBOARD_LIMITS.maxScenes).map((scene, index) => {
    const transition = TRANSITION_WORDS[(scene.transition ?? '').trim().toLowerCase()] ?? (index % 2 === 0 ? 'fundido' : 'corte');
    const motion = MOTION_WORDS[(scene.motion ?? '').trim().toLowerCase()] ?? SCENE_MOTIONS[index % SCENE_MOTIONS.length];
    const imagePrompt = shorten(scene.imagePrompt, STORYBOARD_LIMITS.imagePromptMax);
    return {
      caption: shorten(scene.caption.replace(/^["'«“]+|["'»”]+$/gu, ''), STORYBOARD_LIMITS.captionMax),
      ...(imagePrompt ? { imagePrompt } : {}),
      durationSeconds: clampSeconds(scene.durationSeconds),
      transition,
      ...(motion ? { motion } : {}),
    };
  });
  fitTotal(scenes);
  const title = shorten(value.title.replace(/^["'«“]+|["'»”]+$/gu, ''), STORYBOARD_LIMITS.titleMax) || shorten(brief, 60);
  return StoryboardSchema.parse({ title, scenes });
}

/** Scales the scenes' lengths down (in place, tenths of a second, not below the minimum) until the total fits MAX_RENDER_SECONDS. */
function fitTotal(scenes: Scene[]): void {
  const total = scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  if (total <= MAX_RENDER_SECONDS) return;
  const factor = MAX_RENDER_SECONDS / total;
  for (const scene of scenes) scene.durationSeconds = Math.max(STORYBOARD_LIMITS.minSceneSeconds, Math.floor(scene.durationSeconds * factor * 10) / 10);
}

/** The brief as phrases: sentences, then (when fewer than `min`) their parts at commas, semicolons and colons. */
export function briefPhrases(brief: string, min: number): string[] {
  const clean = (parts: string[]) => parts.map((part) => part.replace(/\s+/gu, ' ').trim().replace(/^[-*•·,;:\s]+|[,;:\s]+$/gu, '')).filter((part) => /\p{L}|\p{N}/u.test(part));
  let phrases = clean(brief.split(/(?<=[.!?¡¿…])\s+|\n+/u));
  if (phrases.length < min) phrases = clean(phrases.flatMap((phrase) => phrase.split(/[,;:]\s+|\s+[-–—]\s+/u)));
  return phrases;
}

/** Lines that complete an offline storyboard of a brief too short for five scenes. */
function paddingLines(brand: BrandContext): string[] {
  const name = quotedField(brand.brandName, 60);
  return [name ? `Descubre ${name}` : 'Descúbrelo', 'Pensado para ti', 'Calidad en cada detalle', name ? `${name}: te esperamos` : 'Te esperamos', 'Síguenos para no perderte nada'];
}

/** The offline provider's deterministic storyboard (see the module header). */
export function offlineStoryboard(brief: string, format: VideoFormat, brand: BrandContext): Storyboard {
  const { minScenes, maxScenes } = STORYBOARD_LIMITS;
  let phrases = briefPhrases(brief, minScenes);
  // More than maxScenes: merge neighbours into maxScenes groups (the first groups take the extra phrases).
  if (phrases.length > maxScenes) {
    const groups: string[] = [];
    const per = phrases.length / maxScenes;
    for (let index = 0; index < maxScenes; index += 1) groups.push(phrases.slice(Math.round(index * per), Math.round((index + 1) * per)).join(' '));
    phrases = groups;
  }
  const padding = paddingLines(brand);
  while (phrases.length < minScenes) phrases.push(padding[phrases.length % padding.length] as string);

  const personality = quotedField(brand.brandPersonality, 200);
  const scenes: Scene[] = phrases.map((phrase, index) => {
    const caption = capitalize(shorten(phrase, CAPTION_TARGET));
    const words = caption.split(' ').length;
    const isLast = index === phrases.length - 1;
    return {
      caption,
      imagePrompt: shorten(
        `Fotografía publicitaria profesional, luminosa y atractiva, composición ${FORMAT_WORDS[format]}, sin texto en la imagen: ${shorten(phrase, 300)}.${personality ? ` Estilo de la marca: ${personality}.` : ''}`,
        STORYBOARD_LIMITS.imagePromptMax,
      ),
      durationSeconds: Math.min(8, Math.max(4, Math.round((2.5 + words * 0.35) * 2) / 2)),
      transition: isLast || index % 2 === 1 ? 'fundido' : 'corte',
      motion: SCENE_MOTIONS[index % SCENE_MOTIONS.length] as NonNullable<Scene['motion']>,
    };
  });
  const title = shorten(briefPhrases(brief, 1)[0] ?? '', 60) || quotedField(brand.brandName, 60) || 'Vídeo';
  return StoryboardSchema.parse({ title: capitalize(title), scenes });
}
