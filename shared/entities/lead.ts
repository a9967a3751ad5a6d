/**
 * Lead states and sources (spec section 3 'Lead', issue 6 item 2). The stored status values are
 * the spec's Spanish words, shown as they are; CRM order: Nuevo → Contactado → Interesado.
 */
export const LEAD_STATUSES = ['Nuevo', 'Contactado', 'Interesado'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Where a lead came from, and the label of the 'Fuente' column. */
export const LEAD_SOURCES = ['widget', 'chat'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Readonly<Record<LeadSource, string>> = { widget: 'Widget web', chat: 'Chat móvil' };

/** How the visitor can be reached. */
export const LEAD_CONTACT_TYPES = ['email', 'phone'] as const;
export type LeadContactType = (typeof LEAD_CONTACT_TYPES)[number];
