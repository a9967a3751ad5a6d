/**
 * The chat tools that spend, run only after the owner confirmed them in the chat (issue 6 item 3):
 * - generar_imagen → `generateImage` (the Taller's generator: brand-enriched prompt, topics to
 *   avoid refused, daily generation quota, stored as an image asset, so it is in the gallery);
 * - redactar_articulo → `draftArticle` with origin 'owner' (the blog's drafting: blog enabled,
 *   quota, stored as a Borrador);
 * - crear_publicacion → `createScheduledPost` with status 'aprobado' (issue 13 item 6): validated
 *   for its network and scheduled through the publishing engine like an approved plan's post; the
 *   answer says the date, the local time and the network.
 * - crear_video / crear_musica → `startVideo` / `startSoundtrack` (issue 18 item 4): the render job is
 *   queued and the answer says where the result will be (the Taller's render list and gallery).
 * Every call takes the tenant from `sub`, the verified caller the handler passes; tool inputs
 * have no uid (tools.ts). Failures are the generators' own errors (domain or AI), each with its Spanish message.
 */
import { socialNetworkLabel, type ChatToolName } from '@director-ia/shared';
import { draftArticle } from '../blog/draft';
import { generateImage } from '../generation/image';
import { createScheduledPost } from '../plan/posts';
import { spanishDay } from './dates';
import type { ToolOutcome } from './directTools';
import { startSoundtrack } from '../media/jobs/start';
import { startVideo } from '../media/jobs/startVideo';
import { musicOfCall, postTimeOfCall, type ValidToolCall } from './tools';

export const CONFIRMED_TOOLS = ['generar_imagen', 'crear_publicacion', 'redactar_articulo', 'crear_video', 'crear_musica'] as const satisfies readonly ChatToolName[];
export type ConfirmedTool = (typeof CONFIRMED_TOOLS)[number];

export function isConfirmedTool(call: ValidToolCall): call is Extract<ValidToolCall, { tool: ConfirmedTool }> {
  return (CONFIRMED_TOOLS as readonly string[]).includes(call.tool);
}

/** Runs a confirmed tool for `sub` (the verified caller). */
export async function runConfirmedTool(sub: string, call: Extract<ValidToolCall, { tool: ConfirmedTool }>, now = new Date()): Promise<ToolOutcome> {
  switch (call.tool) {
    case 'generar_imagen': {
      const image = await generateImage(sub, { prompt: call.input.prompt, imageBase64: null }, now);
      return { text: 'Aquí tienes la imagen. También está en la Galería del Taller IA.', assetId: image.assetId, imageUrl: image.imageUrl, offline: image.offline, model: image.model };
    }
    case 'crear_publicacion': {
      const post = await createScheduledPost(sub, { ...call.input, time: postTimeOfCall(call.input), status: 'aprobado' }, now);
      return {
        text: `He programado «${post.title}» en ${socialNetworkLabel(post.platform)} para el ${spanishDay(post.scheduledDate)} a las ${post.time}. Se publicará automáticamente; la tienes en el Plan de Contenidos como Aprobado.`,
      };
    }
    case 'redactar_articulo': {
      const article = await draftArticle(sub, { topic: call.input.topic, origin: 'owner' }, now);
      return {
        text: `He redactado el borrador «${article.title}». Lo tienes en el Gestor del Blog como Borrador.\n\n${article.summary}`,
        offline: article.offline,
        model: article.model,
      };
    }
    case 'crear_video': {
      await startVideo(sub, { source: 'text', brief: call.input.brief, format: call.input.format ?? 'vertical' }, now);
      return { text: 'Estoy creando el vídeo: la IA escribe el guion, crea las imágenes y le pone música. Tardará unos minutos; lo verás en Taller IA › Vídeo y, al terminar, en la Galería.' };
    }
    case 'crear_musica': {
      await startSoundtrack(sub, musicOfCall(call.input), now);
      return { text: 'Estoy componiendo la banda sonora. En un momento la tendrás en la Galería del Taller IA (MP3 y MIDI).' };
    }
  }
}

