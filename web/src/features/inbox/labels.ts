/**
 * Bandeja's own Spanish words that INBOX_MSG does not carry (issue 14): button texts, accessible
 * names and panel titles. Stable: the Chromium tests find the page's parts by them.
 */
import { CONVERSATION_CHANNEL_LABELS, type InboxNetwork } from '@director-ia/shared';

export const INBOX_UI = {
  eyebrow: 'Mensajes',
  subtitle: 'Los mensajes privados y comentarios de tus redes conectadas y las conversaciones del chat de tu web, en un solo lugar. La IA responde según tus reglas.',
  /** The conversation list (role list). */
  listLabel: 'Conversaciones',
  searchLabel: 'Buscar conversaciones',
  searchPlaceholder: 'Buscar por nombre o mensaje',
  channelFilter: 'Filtrar por canal',
  stateFilter: 'Filtrar por estado',
  allChannels: 'Todas',
  allStates: 'Todos',
  refresh: 'Actualizar conversaciones',
  unread: (count: number) => `${count} sin leer`,
  /** The thread (a region named after the person). */
  threadLabel: (name: string) => `Conversación con ${name}`,
  messagesLabel: 'Mensajes',
  noSelection: 'Elige una conversación para leerla y responder.',
  noMessages: 'Esta conversación aún no tiene mensajes.',
  back: 'Volver a la lista',
  openLead: 'Ver lead',
  onAccount: (account: string) => `en ${account}`,
  commentOn: 'Comentario en la publicación:',
  handoffMarker: 'Derivación a una persona',
  suggestionLabel: 'Respuesta sugerida',
  approve: 'Aprobar y enviar',
  discard: 'Descartar',
  replyLabel: 'Escribe tu respuesta',
  send: 'Enviar',
  /** The rules dialog. */
  rules: 'Reglas de respuesta',
  rulesIntro: 'Cómo responde la IA a los mensajes de cada red, cuándo atiende una persona y qué temas nunca responde la IA.',
  modeLabel: (network: InboxNetwork) => `Modo de ${CONVERSATION_CHANNEL_LABELS[network]}`,
  modesTitle: 'Modo de respuesta por red',
  hoursToggle: 'Horario de atención',
  hoursFrom: 'Desde',
  hoursTo: 'Hasta',
  hoursDays: 'Días de atención',
  hoursPreview: (text: string) => `Atiendes ${text}.`,
  noHours: 'Sin horario: la IA no menciona horas en la derivación.',
  handoff: 'Mensaje de derivación',
  handoffHint: 'Lo recibe el cliente cuando su mensaje trata de un tema que atiende una persona.',
  topics: 'Temas que siempre atiende una persona',
  topicsHint: 'Uno por línea, por ejemplo: reclamaciones, devoluciones, precios para empresas.',
  saveRules: 'Guardar reglas',
  cancel: 'Cancelar',
} as const;
