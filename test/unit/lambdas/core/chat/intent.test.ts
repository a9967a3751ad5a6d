/**
 * The mobile chat's offline intent detection and Spanish dates (issue 6 item 3): keyword rules
 * pick the same tools a model would, deterministically, with inputs taken from the request's own
 * words; requests that ask for no tool get none; dates and months are read from Spanish.
 */
import { describe, expect, it } from 'vitest';
import { parseSpanishDate, parseSpanishMonth, spanishDay, spanishMonth } from '../../../../../lambdas/core/chat/dates';
import { detectIntent, networkOf } from '../../../../../lambdas/core/chat/intent';
import { parseToolCall } from '../../../../../lambdas/core/chat/tools';
import { CHAT_TOOL_NAMES, MAX_PROMPT_LENGTH } from '@director-ia/shared';

// Wednesday 10 June 2026, 10:00 UTC.
const NOW = new Date('2026-06-10T10:00:00Z');

describe('detectIntent (offline)', () => {
  it.each([
    ['Genera una imagen de un café con leche en una terraza al atardecer', 'generar_imagen'],
    ['hazme una foto de producto con fondo azul', 'generar_imagen'],
    ['Quiero un banner para las rebajas de verano', 'generar_imagen'],
    ['¿Tengo leads nuevos?', 'listar_leads'],
    ['Enséñame los clientes potenciales', 'listar_leads'],
    ['Resume el plan de este mes', 'resumir_plan'],
    ['¿Qué tengo programado en julio?', 'resumir_plan'],
    ['Redacta un artículo sobre cómo cuidar las plantas en verano', 'redactar_articulo'],
    ['Escribe una entrada para el blog sobre nuestra nueva carta', 'redactar_articulo'],
    ['Crea una publicación para Instagram el 15 de junio sobre la nueva carta', 'crear_publicacion'],
    ['Publica mañana en Facebook que abrimos el domingo', 'crear_publicacion'],
    ['Prepara un post para LinkedIn', 'crear_publicacion'],
    ['Crea un vídeo para YouTube sobre nuestra nueva cafetería', 'crear_video'],
    ['hazme un clip con la oferta de otoño', 'crear_video'],
    ['Compón una banda sonora alegre de 30 segundos a 110 bpm', 'crear_musica'],
    ['Quiero una música tranquila para el local', 'crear_musica'],
  ])('«%s» → %s', (request, tool) => {
    expect(detectIntent(request, NOW)?.call.tool).toBe(tool);
  });

  it.each([
    'Hola, ¿qué tal?',
    '¿Qué opinas de esta foto?',
    '¿Cuántos artículos tengo?',
    'Gracias por todo',
    '',
  ])('«%s» → no tool (a plain answer)', (request) => {
    expect(detectIntent(request, NOW)).toBeNull();
  });

  it('uses the request as the image prompt (capped) and every input passes the tool schema', () => {
    const long = `Genera una imagen de ${'flores '.repeat(300)}`;
    const intent = detectIntent(long, NOW);
    expect(intent?.call.tool).toBe('generar_imagen');
    const prompt = (intent?.call.input as { prompt: string }).prompt;
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH);
    for (const request of ['Genera una imagen de un gato', 'Crea un post para TikTok el viernes', '¿Tengo leads?', 'Resume el plan de agosto', 'Redacta un artículo sobre vinos']) {
      const found = detectIntent(request, NOW);
      expect(found).not.toBeNull();
      expect(parseToolCall({ name: found?.call.tool ?? '', input: found?.call.input }, CHAT_TOOL_NAMES)).toEqual(found?.call);
    }
  });

  it('drafts a post with the named date and network, honest offline content, status left to the tool', () => {
    const intent = detectIntent('Crea una publicación para Instagram el 15 de junio sobre la nueva carta', NOW, 'Café Lola');
    expect(intent?.call).toMatchObject({ tool: 'crear_publicacion', input: { scheduledDate: '2026-06-15', platform: 'instagram' } });
    const input = intent?.call.input as { title: string; content: string };
    expect(input.title).toContain('Café Lola');
    expect(input.content).toMatch(/^\[Modo sin conexión\] Borrador sin modelo de IA/);
    expect(input.content).toContain('la nueva carta');
    expect(intent?.notes).toEqual([]);
  });

  it('proposes tomorrow, and says so, when no date is named', () => {
    const intent = detectIntent('Prepara un post para LinkedIn sobre el equipo', NOW);
    expect(intent?.call.input).toMatchObject({ scheduledDate: '2026-06-11', platform: 'linkedin' });
    expect(intent?.notes.join(' ')).toMatch(/mañana/);
  });

  it('takes the article topic from what follows "sobre"', () => {
    expect(detectIntent('Redacta un artículo sobre cómo elegir un buen aceite.', NOW)?.call.input).toEqual({ topic: 'cómo elegir un buen aceite' });
  });

  it('reads the month of a plan summary', () => {
    expect(detectIntent('Resume el plan del mes que viene', NOW)?.call.input).toEqual({ month: '2026-07' });
    expect(detectIntent('¿Cómo va el calendario?', NOW)?.call.input).toEqual({ month: '2026-06' });
  });

  it('finds the network, instagram by default', () => {
    expect(networkOf('para twitter')).toBe('x');
    expect(networkOf('en YouTube')).toBe('youtube');
    expect(networkOf('sin red')).toBe('instagram');
  });
});

describe('detectIntent: video and music (issue 18 item 4)', () => {
  it('makes a video of the request, vertical unless it names YouTube or horizontal', () => {
    expect(detectIntent('Crea un vídeo para YouTube sobre nuestra nueva cafetería', NOW)?.call).toEqual({ tool: 'crear_video', input: { brief: 'Crea un vídeo para YouTube sobre nuestra nueva cafetería', format: 'horizontal' } });
    expect(detectIntent('Genera un vídeo de la oferta', NOW)?.call).toMatchObject({ tool: 'crear_video', input: { format: 'vertical' } });
  });

  it('reads mood, tempo and seconds of a soundtrack request, and leaves out what it does not name', () => {
    expect(detectIntent('Compón una banda sonora alegre de 30 segundos a 110 bpm', NOW)?.call).toEqual({ tool: 'crear_musica', input: { mood: 'alegre', tempo: 110, durationSeconds: 30 } });
    expect(detectIntent('Quiero una música tranquila para el local', NOW)?.call).toEqual({ tool: 'crear_musica', input: { mood: 'tranquila' } });
    // Out of range: the tool's defaults instead.
    expect(detectIntent('crea una canción a 400 bpm', NOW)?.call).toEqual({ tool: 'crear_musica', input: { mood: 'alegre' } });
  });

  it.each(['Crea un vídeo de la terraza', 'Compón una música épica'])('«%s» passes its tool\'s schema', (request) => {
    const call = detectIntent(request, NOW)?.call;
    expect(call && parseToolCall({ name: call.tool, input: call.input }, CHAT_TOOL_NAMES)).toEqual(call);
  });
});

describe('Spanish dates', () => {
  it.each([
    ['el 15 de junio', '2026-06-15'],
    ['el 2 de marzo', '2027-03-02'], // past this year → next year
    ['el 2 de marzo de 2028', '2028-03-02'],
    ['15/07', '2026-07-15'],
    ['15/07/2027', '2027-07-15'],
    ['2026-12-24', '2026-12-24'],
    ['mañana', '2026-06-11'],
    ['pasado mañana', '2026-06-12'],
    ['hoy', '2026-06-10'],
    ['el viernes', '2026-06-12'],
    ['el miércoles', '2026-06-17'], // today is Wednesday: the next one
    ['el día 20', '2026-06-20'],
    ['el día 5', '2026-07-05'],
  ])('%s → %s', (text, day) => {
    expect(parseSpanishDate(text, NOW)).toBe(day);
  });

  it('refuses impossible dates and finds none in plain text', () => {
    expect(parseSpanishDate('el 31 de febrero de 2027', NOW)).toBeNull();
    expect(parseSpanishDate('sin fecha', NOW)).toBeNull();
    expect(parseSpanishDate('por la mañana', NOW)).toBeNull();
  });

  it('reads months and writes days and months in Spanish', () => {
    expect(parseSpanishMonth('el plan de septiembre', NOW)).toBe('2026-09');
    expect(parseSpanishMonth('el mes pasado', NOW)).toBe('2026-05');
    expect(parseSpanishMonth('nada', NOW)).toBe('2026-06');
    expect(spanishDay('2026-03-05')).toBe('5 de marzo de 2026');
    expect(spanishMonth('2026-12')).toBe('diciembre de 2026');
    expect(parseSpanishDate('mañana', new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});
