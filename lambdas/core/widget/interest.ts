/**
 * What a visitor's message says about them (issue 6 item 1), by Spanish patterns on the message
 * with accents removed and lower-cased:
 * - `showsInterest`: asks about prices, budgets, buying, hiring, booking, appointments, orders,
 *   availability, offers, or asks to be contacted (phone, email, WhatsApp, "hablar con alguien")
 *   → the widget offers the contact form (`askForContact`);
 * - `isSmallTalk`: only a greeting, thanks or goodbye → a friendly answer without the knowledge base.
 * Pure functions; the model's own judgement (remote providers) is OR-ed with `showsInterest`.
 */

/** Lower case, accents and other combining marks removed, whitespace collapsed. */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const INTEREST = new RegExp(
  [
    // Prices and budgets.
    'precios?',
    'tarifas?',
    'presupuest(?:o|os|ar)',
    'cost(?:e|es|o|os|aria)',
    'cotiza\\w*',
    'cuanto (?:cuesta|cuestan|vale|valen|cobr\\w+|sale|salen|seria|es)',
    'que (?:precio|cuesta|vale)',
    'ofertas?',
    'descuentos?',
    'promocion(?:es)?',
    // Buying, hiring, booking, ordering.
    'compr(?:ar|o|aria|arlo|arla)',
    'contrat(?:ar|o|aria|arlo|arla|arte|aros)',
    'reserv(?:a|ar|o|as|aria|arlo|arla)',
    'citas?',
    'pedidos?',
    'encarg(?:ar|o|os|arlo|arla)',
    'disponibilidad',
    'me interesa\\w*',
    'interesad[oa]s?',
    // Being contacted.
    'contact(?:o|ar|arme|arnos|adme|adnos|ame|eme|en|ais)',
    'llam(?:ar|adme|eme|ame|enme|ada)',
    'telefonos?',
    'whatsapp',
    'e-?mail',
    'correo',
    'hablar con (?:alguien|una persona|un humano|vosotros|ustedes|el equipo|el dueno|la duena)',
  ].join('|'),
);
const INTEREST_WORD = new RegExp(`(?:^|[^a-z0-9])(?:${INTEREST.source})(?=$|[^a-z0-9])`);

/** True when the message shows buying interest or asks to be contacted. */
export function showsInterest(message: string): boolean {
  return INTEREST_WORD.test(normalizeForMatch(message));
}

const SMALL_TALK =
  /^[\s!¡?¿.,:;)(-]*(?:(?:hola|holi|hey|buenas|buenos dias|buenas tardes|buenas noches|saludos|que tal|gracias|muchas gracias|mil gracias|genial|perfecto|vale|ok|okay|de acuerdo|adios|hasta luego|hasta pronto|chao|un saludo)[\s!¡?¿.,:;)(-]*)+$/;

/** True when the message is only a greeting, thanks or goodbye. */
export function isSmallTalk(message: string): boolean {
  const text = normalizeForMatch(message);
  return text.length > 0 && SMALL_TALK.test(text);
}
