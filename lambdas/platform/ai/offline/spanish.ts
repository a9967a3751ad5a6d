/**
 * Deterministic Spanish text analysis for the offline provider and the topic guard:
 * normalisation (lowercase, accents stripped, ñ → n), tokenisation, stopwords, a light
 * suffix-stripping stemmer and a small curated concept map of common small-business vocabulary
 * (prices, shipping, opening hours, returns, bookings, location, payment...). No dictionaries,
 * no network: the same text always yields the same analysis.
 */

/**
 * Spanish text for keyword matching: lowercase with the diacritics stripped (á→a, ü→u, ñ→n).
 * By default also words only: € read as "euro", everything but letters and digits collapsed to
 * single spaces, trimmed. `{ keepPunctuation: true }` stops after the first step, for readers of
 * dates and numbers written with punctuation ("15/3", "2026-03-15").
 */
export function normalizeSpanish(text: string, options: { keepPunctuation?: boolean } = {}): string {
  const folded = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  if (options.keepPunctuation) return folded;
  return folded
    .replace(/€/g, ' euro ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Normalised word tokens (digits kept as their own tokens). */
export function tokenize(text: string): string[] {
  const normalized = normalizeSpanish(text);
  return normalized ? normalized.split(' ') : [];
}

const STOPWORDS = new Set(
  (
    'a al algo alguien algun alguna algunas alguno algunos ante antes aqui asi aun aunque bajo bien cada casi como con conmigo contigo contra cual cuales ' +
    'cualquier cuando cuanto cuanta cuantos cuantas de del desde donde dos durante e el ella ellas ello ellos en entonces entre era eran eres es esa esas ese eso esos ' +
    'esta estaba estais estamos estan estar estas este esto estos estoy fue fueron fui ha habeis haber habia hace haceis hacemos hacen hacer hago han has hasta hay he hemos ' +
    'hola gracias favor la las le les lo los mas me mi mia mio mis mucha muchas mucho muchos muy nada ni no nos nosotras nosotros nuestra nuestras nuestro nuestros ' +
    'o os otra otras otro otros para pero poco podeis podemos poder podria podrian podriais porque por pues puede pueden puedes puedo que quien quienes ' +
    'quiero queria quisiera quieres se sea sean segun ser si sido siempre sin sino so sobre sois somos son soy su sus tal tambien tampoco tan tanto te teneis tenemos tener ' +
    'tengo ti tiene tienen tienes toda todas todo todos tu tus u un una unas uno unos usted ustedes va vais vamos van vas vosotras vosotros vuestra vuestras vuestro ' +
    'vuestros y ya yo saber sabeis gustaria necesito necesitamos hay'
  ).split(' '),
);

export function isStopword(token: string): boolean {
  return STOPWORDS.has(token);
}

// Suffixes of the singular form, longest first: derivational, then verbal (plural -s already
// dropped, so "-amos" appears as "-amo" and "-áis" as "-ai"), then final vowels. "-io"/"-ia" are
// deliberately absent so envío/enviar and precio/precios share a stem.
const SUFFIXES = [
  'amiento', 'imiento', 'aremo', 'eremo', 'iremo', 'abamo', 'ieramo', 'acione', 'icione', 'ucione', 'idade', 'adore', 'edore', 'idore',
  'amente', 'mente', 'acion', 'icion', 'ucion', 'ancia', 'encia', 'idad', 'adora', 'iendo', 'yendo', 'ieron', 'ador', 'edor', 'idor', 'ista', 'able', 'ible',
  'ioso', 'iosa', 'ando', 'aron', 'eria', 'aria', 'iria', 'aban', 'ado', 'ada', 'ido', 'ida', 'aba', 'amo', 'emo', 'imo', 'ian', 'ion', 'oso', 'osa',
  'ai', 'ei', 'ar', 'er', 'ir', 'an', 'en', 'a', 'e', 'o', 'i',
].sort((x, y) => y.length - x.length);

const MIN_STEM = 3;

// Words whose stem would collide with an unrelated word of the concept map (plaza/plazo,
// taller/talla, barrio/barra, mesa/mes, tarde/tardar, caso/casa, medio/medir).
const STEM_EXCEPTIONS: Record<string, string> = {
  plaza: 'plaza', plazas: 'plaza', plazo: 'plazo', plazos: 'plazo', taller: 'taller', talleres: 'taller', barrio: 'barrio', barrios: 'barrio',
  mesa: 'mesa', mesas: 'mesa', tarde: 'tarde', tardes: 'tarde', caso: 'caso', casos: 'caso', medio: 'medio', medios: 'medio',
};

// Enclitic pronouns on infinitives, gerunds and imperatives: traérmelo → traer, mandadlo → mandad.
const CLITICS = /^(.{2,}?(?:ar|er|ir|ando|iendo|ad|ed|id))(?:me|te|se|nos|os)?(?:lo|la|los|las|le|les)$|^(.{2,}?(?:ar|er|ir|ando|iendo))(?:me|te|se|nos)$/;

/**
 * Light Spanish stemmer: enclitic pronouns dropped, plural → singular (luces → luz), then one
 * suffix strip keeping at least three letters. Deterministic.
 */
export function stemSpanish(word: string): string {
  let w = word;
  if (w.length <= MIN_STEM || /^\d+$/.test(w)) return w;
  const exception = STEM_EXCEPTIONS[w];
  if (exception) return exception;
  const clitic = w.length > 5 ? CLITICS.exec(w) : null;
  if (clitic) w = (clitic[1] ?? clitic[2]) as string;
  // Plural → singular: luces → luz, precios → precio, panes → pane (→ pan below).
  if (w.endsWith('ces') && w.length > 4) w = `${w.slice(0, -3)}z`;
  else if (/[aeio]s$/.test(w) && w.length > 4) w = w.slice(0, -1);
  for (const suffix of SUFFIXES) {
    // Long (derivational) suffixes need a longer stem: valencia must not become "val".
    const minStem = suffix.length >= 5 ? MIN_STEM + 1 : MIN_STEM;
    if (w.endsWith(suffix) && w.length - suffix.length >= minStem) {
      return w.slice(0, -suffix.length);
    }
  }
  return w;
}

/**
 * Concept map: concept → words/phrases (any form; they are normalised and stemmed on load).
 * A trailing `:weight` lowers a word's weight for that concept (question words, ambiguous words).
 */
const CONCEPTS: Record<string, string[]> = {
  precio: [
    'precio', 'coste', 'costo', 'costar', 'cuesta', 'cuestan', 'tarifa', 'vale:0.7', 'valen:0.7', 'importe', 'euro', 'eur', 'caro', 'barato',
    'economico', 'presupuesto', 'cobrar', 'cobrais', 'cobran', 'cuanto:0.6', 'cuantos:0.4', 'gratis', 'gratuito', 'descuento', 'oferta', 'rebaja', 'promocion',
  ],
  envio: [
    'envio', 'enviar', 'envian', 'enviais', 'mandar', 'mandais', 'entrega', 'entregar', 'reparto', 'repartir', 'repartidor', 'domicilio', 'casa:0.7',
    'mensajeria', 'mensajero', 'transporte', 'transportista', 'correos', 'recibir:0.6', 'traer', 'traeis', 'llevar', 'llevais', 'portes', 'llegar:0.5',
    'paquete', 'pedido:0.4', 'a domicilio',
  ],
  horario: [
    'horario', 'hora', 'abierto', 'abrir', 'abren', 'abris', 'abrimos', 'apertura', 'cierre', 'cerrar', 'cerrado', 'cerrais', 'cierran', 'lunes', 'martes',
    'miercoles', 'jueves', 'viernes', 'sabado', 'domingo', 'festivo', 'finde', 'fin de semana', 'manana:0.5', 'tarde:0.5', 'mediodia', 'trabajar', 'trabajais',
    'atender', 'atendeis', 'cuando:0.6', 'dia:0.4', 'verano:0.5', 'vacaciones:0.5',
  ],
  devolucion: [
    'devolucion', 'devolver', 'devuelvo', 'devolvemos', 'reembolso', 'reembolsar', 'reembolsan', 'reintegro', 'cambio', 'cambiar', 'garantia', 'defectuoso', 'defecto',
    'roto', 'rota', 'danado', 'estropeado', 'mal estado', 'incidencia', 'reclamacion', 'reclamar', 'queja', 'satisfecho', 'insatisfecho', 'dinero:0.6', 'sustituir',
  ],
  reserva: [
    'reserva', 'reservar', 'cita', 'encargo', 'encargar', 'apartar', 'antelacion', 'anticipacion', 'agendar', 'agenda', 'turno', 'mesa', 'senal', 'anticipo',
    'avisar:0.6', 'pedir cita', 'con tiempo',
  ],
  ubicacion: [
    'ubicacion', 'ubicado', 'direccion', 'donde:0.7', 'local', 'tienda:0.7', 'establecimiento', 'calle', 'avenida', 'plaza', 'barrio', 'situado', 'encontrar',
    'encontraros', 'llegar:0.5', 'llego:0.5', 'aparcar', 'aparcamiento', 'parking', 'metro', 'autobus', 'mapa', 'cerca', 'visitar', 'visitaros', 'centro:0.6',
  ],
  pago: [
    'pago', 'pagar', 'abonar', 'tarjeta', 'bizum', 'efectivo', 'metalico', 'transferencia', 'paypal', 'contado', 'plazos', 'financiar', 'financiacion', 'factura',
    'cheque', 'movil:0.5', 'billete', 'moneda', 'plastico:0.6', 'visa', 'mastercard', 'datafono', 'contactless', 'credito', 'debito',
  ],
  contacto: [
    'telefono', 'llamar', 'email', 'correo electronico', 'whatsapp', 'contactar', 'contacto', 'escribir', 'mensaje', 'movil:0.5', 'formulario', 'atencion al cliente',
  ],
  alergeno: [
    'alergeno', 'alergia', 'alergico', 'gluten', 'celiaco', 'celiaquia', 'intolerancia', 'intolerante', 'lactosa', 'trigo', 'vegano', 'vegetariano', 'frutos secos',
    'ingrediente', 'diabetico', 'azucar:0.6', 'huevo:0.6',
  ],
  evento: ['cumpleanos', 'boda', 'comunion', 'bautizo', 'fiesta', 'celebracion', 'celebrar', 'evento', 'aniversario', 'empresa:0.4'],
  plazo: ['plazo', 'tardar', 'tarda', 'tardais', 'rapido', 'rapidez', 'pronto', 'urgente', 'mismo dia', 'demora', 'espera', 'hoy:0.6', 'tiempo:0.6', 'dia:0.4', 'antelacion:0.5'],
  disponibilidad: ['disponible', 'disponibilidad', 'stock', 'existencias', 'agotado', 'quedan', 'catalogo', 'surtido', 'variedad'],
  online: ['web', 'online', 'internet', 'pagina', 'app', 'aplicacion', 'redes sociales', 'instagram'],
  talla: ['talla', 'medida', 'medir', 'tamano', 'estatura', 'grande:0.5', 'pequeno:0.5', 'ajustar:0.6', 'probar:0.6', 'probador'],
  reparacion: [
    'reparar', 'reparacion', 'arreglar', 'arreglo', 'taller', 'revision', 'revisar', 'averia', 'mantenimiento', 'puesta a punto', 'pinchazo', 'tecnico:0.6',
    'recambio:0.6', 'pieza:0.6',
  ],
  alquiler: ['alquiler', 'alquilar', 'prestar', 'prestado', 'rentar', 'coger:0.4', 'fianza', 'deposito:0.6'],
  dulce: ['tarta', 'pastel', 'bizcocho', 'bolleria', 'croissant', 'galleta', 'dulce', 'postre', 'magdalena', 'napolitana'],
  pan: ['pan', 'barra', 'hogaza', 'masa madre', 'integral', 'centeno', 'baguette', 'chapata', 'harina'],
};

/** Concept ids in a stable order (the offline embedding gives each one its own dimension). */
export const CONCEPT_IDS: readonly string[] = Object.keys(CONCEPTS);

interface ConceptEntry {
  concept: string;
  weight: number;
  /** Stem sequence: one stem for words, several for phrases. */
  stems: string[];
}

/** The stem of a normalised token as used everywhere in this module. */
function stemToken(token: string): string {
  return stemSpanish(token);
}

let conceptIndex: Map<string, ConceptEntry[]> | undefined;

function loadConceptIndex(): Map<string, ConceptEntry[]> {
  if (conceptIndex) return conceptIndex;
  const index = new Map<string, ConceptEntry[]>();
  for (const [concept, words] of Object.entries(CONCEPTS)) {
    for (const raw of words) {
      const [phrase = '', weightText] = raw.split(':');
      const stems = tokenize(phrase).map(stemToken);
      const first = stems[0];
      if (!first) continue;
      const entry: ConceptEntry = { concept, weight: weightText ? Number(weightText) : 1, stems };
      const list = index.get(first) ?? [];
      // One entry per (concept, stem sequence): keep the highest weight.
      const same = list.find((e) => e.concept === concept && e.stems.join(' ') === stems.join(' '));
      if (same) same.weight = Math.max(same.weight, entry.weight);
      else list.push(entry);
      index.set(first, list);
    }
  }
  conceptIndex = index;
  return index;
}

export interface SpanishAnalysis {
  /** Stems of content words (stopwords dropped), in order. */
  stems: string[];
  /** Concept → accumulated weight (question words count too). */
  concepts: Map<string, number>;
}

/** Normalise, tokenise, stem; detect concepts (including from stopword question words like "dónde"). */
export function analyzeSpanish(text: string): SpanishAnalysis {
  const tokens = tokenize(text);
  const allStems = tokens.map(stemToken);
  const index = loadConceptIndex();
  const concepts = new Map<string, number>();
  for (let i = 0; i < allStems.length; i += 1) {
    const stem = allStems[i] as string;
    const seen = new Set<string>();
    for (const entry of index.get(stem) ?? []) {
      const matches = entry.stems.every((s, k) => allStems[i + k] === s);
      if (!matches || seen.has(entry.concept)) continue;
      seen.add(entry.concept);
      concepts.set(entry.concept, (concepts.get(entry.concept) ?? 0) + entry.weight);
    }
  }
  const stems: string[] = [];
  tokens.forEach((token, i) => {
    if (!isStopword(token) && token.length > 1) stems.push(allStems[i] as string);
  });
  return { stems, concepts };
}

/** Concepts a word or phrase maps to (used to widen a topic to avoid, e.g. "precios" ↔ "cuánto cuesta"). */
export function conceptsOf(text: string): string[] {
  return [...analyzeSpanish(text).concepts.keys()];
}
