/**
 * Offline intent detection of the mobile chat (issue 6 item 3): without an AI model, a Spanish
 * request is matched to the same tools the model would use, by keywords, deterministically, and
 * the answer says so. Nothing is invented: inputs come from the request's own words (the image
 * prompt is the request; a post's date is the date it names, else tomorrow, and its text is an
 * honest offline draft quoting the request).
 *
 * Rules (accent- and case-insensitive), first match wins:
 * 1. redactar_articulo: a creation verb and "artículo"/"blog" (topic: what follows "sobre", else
 *    the request);
 * 2. crear_publicacion: "publicación"/"post"/"publicar" with a creation verb or a date;
 * 3. crear_video: "vídeo"/"video"/"reel" with a creation verb (brief: the request; vertical unless
 *    it names YouTube or "horizontal"); crear_musica: "música"/"banda sonora"/"canción"/"melodía"
 *    with a creation verb (mood: the first mood word found, else alegre; tempo: a number before
 *    "bpm"; seconds: a number before "segundos");
 * 4. generar_imagen: "imagen"/"foto"/"ilustración"/"banner"/"cartel"/... with a creation verb;
 * 5. listar_leads: "leads", "clientes potenciales", "contactos nuevos", "interesados";
 * 6. resumir_plan: "plan", "calendario", "programado"/"programadas", "planificación".
 * Anything else is no tool (a plain answer).
 */
import { addDays, MAX_PROMPT_LENGTH, SOUNDTRACK_LIMITS, STORYBOARD_LIMITS, utcDateIso, type SocialNetwork } from '@director-ia/shared';
import { OFFLINE_PREFIX } from '../../platform/ai/providers/offline/text';
import { normalizeSpanish } from '../../platform/ai/offline/spanish';
import { oneLine } from '../../platform/ai/prompt-text';
import { parseSpanishDate, parseSpanishMonth } from './dates';
import type { ValidToolCall } from './tools';

const CREATE =
  /\b(genera|generar|generame|crea|crear|creame|haz|hazme|hacer|disena|disename|disenar|dibuja|dibujame|dibujar|redacta|redactar|redactame|escribe|escribir|escribeme|prepara|preparar|preparame|quiero|quisiera|necesito|dame|imagina|propon|proponme|proponer|programa|programar|programame|publica|publicar|anade|agrega|compon|componer|componme|compone|monta|montar|montame)\b/;
const ARTICLE = /\b(articulo|articulos|blog|entrada del blog|post del blog)\b/;
const POST = /\b(publicacion|publicaciones|post|posts|publicar|publica|publicalo|tuit|reel)\b/;
const IMAGE = /\b(imagen|imagenes|foto|fotos|ilustracion|dibujo|banner|cartel|poster|grafico|logo|portada)\b/;
const VIDEO = /\b(video|videos|reel|reels|clip|audiograma)\b/;
const MUSIC = /\b(musica|banda sonora|cancion|melodia|jingle|sintonia)\b/;
const MOODS = ['alegre', 'tranquila', 'tranquilo', 'epica', 'epico', 'emotiva', 'emotivo', 'energica', 'energico', 'misteriosa', 'misterioso', 'relajada', 'relajado'];
const LEADS = /\b(leads?|clientes potenciales|contactos nuevos|nuevos contactos|interesados)\b/;
const PLAN = /\b(plan|calendario|programado|programada|programados|programadas|planificacion|planning)\b/;

const NETWORK_WORDS: [RegExp, SocialNetwork][] = [
  [/\binstagram\b|\binsta\b/, 'instagram'],
  [/\bfacebook\b|\bfb\b/, 'facebook'],
  [/\btwitter\b|\btuit\b|\b(en|para) x\b/, 'x'],
  [/\blinkedin\b/, 'linkedin'],
  [/\byoutube\b/, 'youtube'],
  [/\btiktok\b/, 'tiktok'],
  [/\bpinterest\b/, 'pinterest'],
  [/\btelegram\b/, 'telegram'],
];

/** The network a request names (instagram when it names none). */
export function networkOf(text: string): SocialNetwork {
  const t = normalizeSpanish(text, { keepPunctuation: true });
  const found = NETWORK_WORDS.find(([pattern]) => pattern.test(t));
  return found ? found[1] : 'instagram';
}

/** What follows "sobre"/"acerca de" in the request, else the whole request. */
function topicOf(text: string): string {
  const match = /\b(?:sobre|acerca de|del tema|de tema)\s+(.+)$/i.exec(text.trim());
  return oneLine((match?.[1] ?? text).replace(/[.?!¿¡]+$/g, ''), 300);
}

export interface DetectedIntent {
  call: ValidToolCall;
  /** Spanish notes about what was assumed (e.g. no date given). */
  notes: string[];
}

/** The tool a Spanish request asks for, offline (see the module header), or null. */
export function detectIntent(request: string, now: Date, brandName?: string): DetectedIntent | null {
  const text = request.trim();
  if (!text) return null;
  const t = normalizeSpanish(text, { keepPunctuation: true });
  const creates = CREATE.test(t);
  if (creates && ARTICLE.test(t)) {
    return { call: { tool: 'redactar_articulo', input: { topic: topicOf(text) } }, notes: [] };
  }
  const date = parseSpanishDate(text, now);
  if (POST.test(t) && (creates || date)) {
    const platform = networkOf(text);
    const notes = date ? [] : ['No has indicado fecha, así que la he propuesto para mañana.'];
    const brand = brandName?.trim() ? ` para «${oneLine(brandName, 80)}»` : '';
    return {
      call: {
        tool: 'crear_publicacion',
        input: {
          title: oneLine(`Publicación${brand}: ${text}`, 150),
          content: `${OFFLINE_PREFIX} Borrador sin modelo de IA a partir de tu petición: «${oneLine(text, 1000)}». Escribe aquí el texto final antes de aprobarla.`,
          scheduledDate: date ?? addDays(utcDateIso(now), 1),
          platform,
        },
      },
      notes,
    };
  }
  if (creates && MUSIC.test(t) && !VIDEO.test(t)) {
    const mood = MOODS.find((word) => new RegExp(`\\b${word}\\b`).test(t)) ?? 'alegre';
    const tempo = Number(/(\d{2,3})\s*bpm/.exec(t)?.[1] ?? NaN);
    const seconds = Number(/(\d{2,3})\s*(segundos|seg|s)\b/.exec(t)?.[1] ?? NaN);
    return {
      call: {
        tool: 'crear_musica',
        input: {
          mood,
          ...(tempo >= SOUNDTRACK_LIMITS.minTempo && tempo <= SOUNDTRACK_LIMITS.maxTempo ? { tempo } : {}),
          ...(seconds >= SOUNDTRACK_LIMITS.minSeconds && seconds <= SOUNDTRACK_LIMITS.maxSeconds ? { durationSeconds: seconds } : {}),
        },
      },
      notes: [],
    };
  }
  if (creates && VIDEO.test(t)) {
    const format = /\b(youtube|horizontal)\b/.test(t) ? 'horizontal' : 'vertical';
    return { call: { tool: 'crear_video', input: { brief: oneLine(text, STORYBOARD_LIMITS.briefMax), format } }, notes: [] };
  }
  if (creates && IMAGE.test(t)) {
    return { call: { tool: 'generar_imagen', input: { prompt: oneLine(text, MAX_PROMPT_LENGTH) } }, notes: [] };
  }
  if (LEADS.test(t)) return { call: { tool: 'listar_leads', input: {} }, notes: [] };
  if (PLAN.test(t)) return { call: { tool: 'resumir_plan', input: { month: parseSpanishMonth(text, now) } }, notes: [] };
  return null;
}
