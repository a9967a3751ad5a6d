/**
 * The owner's mobile command chat `/chat/{uid}` (issue 6 item 3; spec 1 "installable mobile app
 * (PWA) ... commanding the AI by chat with text, audio or image", spec 2 QR modal): the limits of a
 * message, the tools the AI may use and whether each needs the owner's confirmation first, the
 * states of a pending action and of a voice note's transcription, and the Spanish texts of the
 * chat (server answers and the chat surface). Its messages live here rather than in MSG so the
 * login screen's bundle does not carry them.
 */

/** Longest text message accepted, characters (after trimming). */
export const CHAT_MAX_TEXT_LENGTH = 2000;
/** Messages `listarMensajesChat` returns: the newest ones, oldest first. */
export const CHAT_HISTORY_LIMIT = 60;
/** Earlier messages the AI sees as context of a new one. */
export const CHAT_CONTEXT_MESSAGES = 10;
/** A pending action older than this can no longer be confirmed (ask again). */
export const CHAT_ACTION_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the chat re-reads its history while a voice note is being transcribed. */
export const CHAT_TRANSCRIPTION_POLL_MS = 5000;

/**
 * The owner's uid as the chat URL and the payloads carry it: a Cognito `sub` (UUID) or the
 * twin's ids (same rule as the web's surface parser).
 */
export const CHAT_UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Ids of chat messages (and of their pending actions): newObjectId's 20 letters and digits. */
export const CHAT_ID_PATTERN = /^[a-z0-9]{20}$/;

export const CHAT_ROLES = ['owner', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/**
 * The AI's tools (names as the model sees them). Each runs with the verified caller's identity
 * only; its input never carries a uid.
 */
export const CHAT_TOOL_NAMES = ['generar_imagen', 'crear_publicacion', 'listar_leads', 'redactar_articulo', 'resumir_plan', 'crear_video', 'crear_musica'] as const;
export type ChatToolName = (typeof CHAT_TOOL_NAMES)[number];

/**
 * Tools that spend (generation quota, AI drafting) or publish (a post scheduled through the
 * publishing engine, issue 13 item 6): proposed in the chat, run only after the owner presses
 * 'Confirmar'. Listing and summarising run directly.
 */
export const CHAT_TOOLS_NEEDING_CONFIRMATION: readonly ChatToolName[] = ['generar_imagen', 'crear_publicacion', 'redactar_articulo', 'crear_video', 'crear_musica'];

/** Short Spanish names of the tools (labels in the chat). */
export const CHAT_TOOL_LABELS: Readonly<Record<ChatToolName, string>> = {
  generar_imagen: 'Generar imagen',
  crear_publicacion: 'Programar publicación',
  listar_leads: 'Leads nuevos',
  redactar_articulo: 'Redactar artículo',
  resumir_plan: 'Resumen del plan',
  crear_video: 'Crear vídeo',
  crear_musica: 'Crear música',
};

/** A proposed action: pending → running → done | failed; pending → cancelled | expired. */
export const CHAT_ACTION_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type ChatActionStatus = (typeof CHAT_ACTION_STATUSES)[number];

/** A voice note's transcription: unavailable = no transcription provider configured (the twin). */
export const CHAT_TRANSCRIPTION_STATUSES = ['pending', 'done', 'failed', 'unavailable'] as const;
export type ChatTranscriptionStatus = (typeof CHAT_TRANSCRIPTION_STATUSES)[number];

/** Spanish texts of the chat (server answers and the chat surface). */
export const CHAT_MSG = {
  // Owner-only rule (issue 6 item 3).
  notYourChat: 'Este chat pertenece a otra cuenta. Solo su propietario puede usarlo.',
  wrongOwnerTitle: 'Este chat no es tuyo',
  wrongOwnerText: 'Has iniciado sesión con una cuenta distinta de la del propietario de este chat. Cierra sesión y entra con la cuenta correcta.',
  invalidChat: 'El chat indicado no es válido.',
  // Surface.
  title: 'Director IA',
  subtitle: 'Tu director de marketing',
  empty: 'Escribe, envía una foto o graba una nota de voz: pídeme imágenes, publicaciones, artículos, tus leads nuevos o el resumen del plan del mes.',
  placeholder: 'Escribe un mensaje…',
  messageLabel: 'Mensaje',
  historyLabel: 'Conversación',
  send: 'Enviar',
  attachPhoto: 'Adjuntar foto',
  takePhoto: 'Hacer foto',
  removePhoto: 'Quitar foto',
  recordVoice: 'Grabar nota de voz',
  stopRecording: 'Detener y enviar',
  cancelRecording: 'Descartar grabación',
  recording: 'Grabando…',
  thinking: 'La IA está trabajando…',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  offlineLabel: 'Generado sin conexión: sin modelo de IA',
  youLabel: 'Tú',
  assistantLabel: 'Director IA',
  photoAlt: 'Foto enviada',
  generatedAlt: 'Imagen generada por la IA',
  photoPreviewAlt: 'Foto adjunta',
  transcriptLabel: 'Transcripción',
  actionStatusLabels: { pending: 'Pendiente de confirmar', running: 'En curso…', done: 'Hecho', failed: 'No se pudo completar', cancelled: 'Cancelada', expired: 'Caducada' },
  sendingLabel: 'Enviando…',
  composerLabel: 'Escribir mensaje',
  voiceNote: 'Nota de voz',
  networkOffline: 'Sin conexión a internet: no se pueden enviar mensajes ahora.',
  // Validation.
  emptyMessage: 'Escribe un mensaje, adjunta una foto o graba una nota de voz.',
  textTooLong: (max: number) => `El mensaje es demasiado largo (máximo ${max} caracteres).`,
  attachmentInvalid: 'El archivo adjunto no es tuyo o no se subió para este chat. Vuelve a adjuntarlo.',
  attachmentMissing: 'No se encontró el archivo adjunto. Vuelve a subirlo.',
  photoNotImage: 'La foto no es una imagen válida. Usa un archivo PNG, JPG o WEBP.',
  photoTooLarge: (maxMb: number) => `La foto supera el tamaño máximo de ${maxMb} MB.`,
  // Actions.
  actionNotFound: 'No se encontró esa acción.',
  actionResolved: 'Esta acción ya se resolvió.',
  actionExpired: 'Esta acción ha caducado. Vuelve a pedírmelo.',
  actionCancelled: 'De acuerdo, no lo hago.',
  actionFailed: (reason: string) => `No se pudo completar la acción: ${reason}`,
  // Voice notes.
  transcribing: 'Transcribiendo la nota de voz…',
  transcriptionUnavailable:
    'He guardado tu nota de voz, pero para transcribirla hace falta un proveedor de transcripción configurado (Amazon Transcribe en AWS). Mientras tanto, escríbeme el mensaje.',
  transcriptionFailed: 'No se pudo transcribir la nota de voz. Escríbeme el mensaje, por favor.',
  microphoneDenied: 'No se pudo usar el micrófono. Revisa los permisos del navegador.',
  recordingUnsupported: 'Este navegador no permite grabar notas de voz.',
  // AI turn.
  aiFailed: (reason: string) => `No he podido responder: ${reason}`,
  topicToAvoid: (topic: string) => `Tu marca evita el tema «${topic}», así que prefiero no tratarlo. ¿Te ayudo con otra cosa?`,
  offlineToolChosen: (label: string) => `Sin un modelo de IA, he entendido por palabras clave que quieres: ${label}.`,
  photoWithoutText: 'El propietario ha enviado esta foto sin texto.',
  toolInputInvalid: 'La IA pidió una acción con datos no válidos, así que no la he hecho. Reformula la petición, por favor.',
} as const;
