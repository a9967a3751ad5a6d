/**
 * What both sides of the video job share (video.ts starts, videoStatus.ts reports): the Spanish
 * messages and the folder Bedrock writes a job's output under. Free of SDK and table imports.
 */
import { ASSET_KEY_SEGMENT } from '@director-ia/shared';

export const VIDEO_MSG = {
  jobNotFound: 'Trabajo de vídeo no encontrado.',
  failed: 'No se pudo generar el vídeo. Prueba con otra descripción o inténtalo de nuevo más tarde.',
  topicToAvoid: (topic: string) => `Tu marca evita el tema «${topic}», así que no se generará este vídeo. Prueba con otra descripción.`,
  outputMissing: 'El vídeo terminó, pero no se encontró el archivo generado.',
} as const;

/** The folder Bedrock writes job `jobId` of `sub` under (relative to the uploads bucket). */
export function videoOutputPrefix(sub: string, jobId: string): string {
  return `users/${sub}/${ASSET_KEY_SEGMENT}/video-${jobId}/`;
}
