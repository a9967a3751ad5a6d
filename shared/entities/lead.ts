/**
 * Lead states and sources (spec section 3 'Lead', issue 6 item 2). The stored status values are
 * the spec's Spanish words, shown as they are; CRM order: Nuevo → Contactado → Interesado.
 */
export const LEAD_STATUSES = ['Nuevo', 'Contactado', 'Interesado'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Where a lead came from, and the label of the 'Fuente' column: the website widget, the mobile
 * chat, or a network's private messages or comments (issue 14, Bandeja).
 */
export const LEAD_SOURCES = ['widget', 'chat', 'facebook', 'instagram', 'telegram', 'youtube'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Readonly<Record<LeadSource, string>> = { widget: 'Widget web', chat: 'Chat móvil', facebook: 'Facebook', instagram: 'Instagram', telegram: 'Telegram', youtube: 'YouTube' };

/**
 * How the person can be reached: an email, a phone, or (issue 14) only their profile on the
 * network they wrote from (a conversation that showed purchase intent before any contact was given;
 * `contact` is then their name or @handle there, and they are answered in that conversation).
 */
export const LEAD_CONTACT_TYPES = ['email', 'phone', 'profile'] as const;
export type LeadContactType = (typeof LEAD_CONTACT_TYPES)[number];
