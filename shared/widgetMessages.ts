/**
 * What the website chat widget says (issue 6 item 1): the consent sentence a visitor accepts
 * before a lead is stored (it names the brand; the lead records it exactly), the name the widget
 * shows for a brand, the daily answer default, and the Spanish messages of the widget page and of
 * its functions. Apart from widget.ts (which the contract's schemas import, so every bundle that
 * carries the contract carries it) so only the widget page and the widget functions carry these.
 */
import { WIDGET_INPUT_MSG } from './widget';

/** AI answers a brand's widget may give per UTC day when env WIDGET_DAILY_ANSWER_QUOTA is unset. */
export const DEFAULT_WIDGET_DAILY_ANSWERS = 500;

/**
 * New leads a brand's widget may store per UTC day when env WIDGET_DAILY_LEAD_QUOTA is unset
 * (issue 16 finding 1: the contact form is anonymous, so its leads and their e-mails are capped).
 */
export const DEFAULT_WIDGET_DAILY_LEADS = 100;

/** What the widget calls the brand when the owner has not named it in the Constructor de IA. */
export const WIDGET_FALLBACK_BRAND = 'este negocio';

/** Spanish messages of the widget (server answers and the widget page). */
export const WIDGET_MSG = {
  ...WIDGET_INPUT_MSG,
  notAvailableTitle: 'Chat no disponible',
  ipRateLimited: 'Estás enviando mensajes muy rápido. Espera un minuto y vuelve a intentarlo.',
  brandRateLimited: 'El asistente está atendiendo a muchas personas a la vez. Vuelve a intentarlo en un minuto.',
  conversationLimit: (max: number) => `Esta conversación ha llegado al límite de ${max} mensajes. Si quieres, déjanos tus datos y te contactaremos.`,
  dailyLimit: 'El asistente ha llegado a su límite de respuestas por hoy. Déjanos tus datos y te contactaremos, o vuelve a intentarlo mañana.',
  greeting: (brand: string) => `¡Hola! Soy el asistente virtual de ${brand}. ¿En qué puedo ayudarte?`,
  offlineLabel: 'Respuesta sin conexión: sin modelo de IA',
  typing: 'Escribiendo…',
  inputLabel: 'Escribe tu mensaje',
  send: 'Enviar',
  leaveContact: 'Dejar mis datos',
  contactTitle: '¿Quieres que te contactemos?',
  nameLabel: 'Nombre',
  contactLabel: 'Email o teléfono',
  submitContact: 'Enviar mis datos',
  cancel: 'Ahora no',
  leadSaved: (brand: string) => `¡Gracias! Hemos recibido tus datos: ${brand} se pondrá en contacto contigo pronto.`,
  dailyLeadLimit: 'Hoy no podemos recibir más datos de contacto desde este chat. Vuelve a intentarlo mañana o contacta con el negocio por otra vía.',
} as const;

/**
 * The data-protection sentence the visitor accepts before a lead is stored; it names the brand.
 * The stored lead records exactly this sentence (with the brand name of that moment). Issue 17
 * item 2: it promises exactly what the product lets the owner do: hand the person a copy of their
 * data (exportarLead) or erase it (eliminarLead), and, when the owner set a conversation retention
 * (days > 0), that the conversation is deleted that long after its last message.
 */
export function widgetConsentText(brand: string, retentionDays = 0): string {
  const kept = retentionDays > 0 ? `La conversación se borra automáticamente ${retentionDays} días después de su último mensaje.` : 'Se guardan hasta que pida que se borren.';
  return `Acepto que ${brand} guarde mi nombre, mi contacto y esta conversación solo para responder a mi consulta, conforme a la normativa de protección de datos (RGPD). ${kept} Puedo pedir en cualquier momento una copia de mis datos o que se borren.`;
}

/** The name the widget shows for a brand: its configured name, or WIDGET_FALLBACK_BRAND. */
export function widgetBrandName(configured: string | undefined): string {
  const name = (configured ?? '').replace(/\s+/g, ' ').trim();
  return name || WIDGET_FALLBACK_BRAND;
}
