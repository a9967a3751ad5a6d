/**
 * Writing a soundtrack's score (issue 18 item 1): with a model, structured output validated
 * against ScoreSchema (the AI layer repairs once, then throws AiOutputError); with the offline
 * provider, the deterministic writer (offline.ts), labelled offline. Either way the score's tempo
 * is the brief's: the owner chose it.
 */
import type { AiProvider, BrandContext } from '../../../platform/ai';
import { systemPromptFor } from '../../brand';
import { OFFLINE_SCORE_MODEL, writeOfflineScore, type OfflineBrief } from './offline';
import { ScoreSchema, type Score } from './score';

/** What the model is asked for (the JSON Schema of ScoreSchema is appended by the AI layer). */
export const SCORE_INSTRUCTIONS = [
  'Compón la partitura de una banda sonora original e instrumental para la marca, a partir del encargo (estado de ánimo, estilo, tempo y duración).',
  'No escribas audio: escribe la partitura como JSON con estos campos:',
  '- "title": un título corto en español.',
  '- "key" y "mode": la tonalidad (p. ej. "C" y "major"; "minor" para ánimos tristes, épicos o misteriosos).',
  '- "tempo": el tempo del encargo, en negras por minuto. "timeSignature": "4/4" o "3/4".',
  '- "progression": acordes en números romanos, uno por compás (mayúsculas mayores, minúsculas menores; p. ej. ["I","V","vi","IV"] o ["i","bVI","bIII","bVII"]; sufijos permitidos: 7, maj7, o, ø7, sus2, sus4, add9, 6, 9, +).',
  '- "sections": intro, verse, chorus, bridge u outro, con sus compases, su energía (low, medium, high), si suena la melodía y, si quieres, su propia progresión. La pieza se repite o se recorta para llenar la duración.',
  '- "melody": instrumento General MIDI ("program"), octava de la tónica ("octave", 4 = do central) y notas como grados de la escala ("degree": 0 = tónica, 7 = octava superior) con su duración en negras ("beats"); "rest": true para silencios. Escríbela para que dure lo mismo que la progresión y use notas del acorde en los tiempos fuertes.',
  '- "harmony": instrumento, estilo ("block", "arpeggio" o "strum") y ritmo del compás en pasos ("steps": "x" golpe, "X" acento, "-" mantener, "." silencio; p. ej. "x---x---x---x---"), y opcionalmente "padProgram" para un fondo sostenido.',
  '- "bass": instrumento y pasos del compás con notas del acorde ("1" fundamental, "3" tercera, "5" quinta, "7" séptima, "8" octava, "-" mantener, "." silencio; p. ej. "1...5...1...5...").',
  '- "drums" (omítelo para una pieza sin batería): kit General MIDI ("kit": 0 estándar, 8 room, 16 power, 24 electrónico, 25 808/909, 32 jazz, 40 escobillas, 48 orquestal) y pasos de "kick", "snare" y "hihat" (y opcionalmente "openHat", "ride", "clap", "shaker"), p. ej. kick "x.......x.......", snare "....x.......x...".',
  '- "swing": 0 para corcheas iguales, hasta 0.5 para swing.',
  'Elige instrumentos, densidad de batería y registro que encajen con el ánimo, el estilo y la personalidad de la marca.',
].join('\n');

/** The user message: the brief's fields. */
function briefMessage(brief: OfflineBrief): string {
  return [
    `Estado de ánimo: «${brief.mood.trim()}»`,
    `Estilo: «${brief.style.trim()}»`,
    `Tempo: ${Math.round(brief.tempo)} bpm`,
    `Duración: ${Math.round(brief.durationSeconds)} segundos`,
  ].join('\n');
}

/** The score of `brief` for `brand` (see the module header). AI failures propagate as the AI layer's errors. */
export async function writeScore(brief: OfflineBrief, brand: BrandContext, provider: AiProvider): Promise<{ score: Score; offline: boolean; model: string }> {
  if (provider.offline) return { score: writeOfflineScore(brief, brand), offline: true, model: OFFLINE_SCORE_MODEL };
  const answer = await provider.generateJson(
    {
      system: systemPromptFor(brand, SCORE_INSTRUCTIONS),
      messages: [{ role: 'user', content: briefMessage(brief) }],
      brand,
      maxTokens: 4096,
      temperature: 0.8,
    },
    ScoreSchema,
  );
  return { score: { ...answer.value, tempo: brief.tempo }, offline: answer.offline, model: answer.model };
}
