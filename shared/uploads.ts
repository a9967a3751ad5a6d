/**
 * Browser uploads to the private files bucket (architecture "Files"; issue 3 items 3 and 4): the
 * kinds of upload, the file types and size limit of each, and the check both the web (before it
 * asks for an upload URL) and the server (before it signs one) apply, so they cannot disagree.
 * Its messages live here rather than in MSG so the login screen's bundle does not carry them.
 */

/** Spanish messages of uploads and the knowledge base (spec 2 'aprendizaje', 8). */
export const UPLOAD_MSG = {
  documentUploaded: 'Documento subido. La IA lo procesará en unos instantes.',
  noDocuments: 'No hay documentos en la base de conocimiento.',
  documentDeleted: 'Documento eliminado.',
  documentNotFound: 'Documento no encontrado.',
  badName: 'El nombre del archivo no es válido.',
  empty: 'El archivo está vacío.',
  tooLarge: (maxMb: number) => `El archivo supera el tamaño máximo de ${maxMb} MB.`,
  wrongType: (hint: string) => `Tipo de archivo no admitido. Formatos permitidos: ${hint}.`,
  typeMismatch: (hint: string) => `El tipo del archivo no coincide con su extensión. Formatos permitidos: ${hint}.`,
} as const;

export const UPLOAD_KINDS = ['knowledge', 'blogHeader', 'voiceSample', 'identityVideo', 'chatImage', 'chatVoice', 'videoImage', 'videoAudio', 'soundtrack'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface UploadRule {
  /** Largest accepted file, bytes (the presigned POST's content-length-range upper bound). */
  maxBytes: number;
  /** Accepted extensions (lower case, no dot) and the content type each must be declared with. */
  types: Readonly<Record<string, string>>;
  /** What the upload area tells the user it accepts. */
  hint: string;
}

const MB = 1024 * 1024;

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const UPLOAD_RULES: Readonly<Record<UploadKind, UploadRule>> = {
  // Knowledge documents (spec 2 'aprendizaje': hint PDF, TXT, DOCX).
  knowledge: {
    maxBytes: 10 * MB,
    types: { pdf: 'application/pdf', txt: 'text/plain', docx: DOCX_CONTENT_TYPE },
    hint: 'PDF, TXT, DOCX',
  },
  // The blog's header image (spec 3 "Blog settings" headerImage, stored as a file, not inline).
  blogHeader: {
    maxBytes: 2 * MB,
    types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' },
    hint: 'PNG, JPG, WEBP',
  },
  // The owner's voice sample (identity lab 'Clonador de voz'), kept for providers that can clone.
  voiceSample: {
    maxBytes: 10 * MB,
    types: { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', webm: 'audio/webm', m4a: 'audio/mp4' },
    hint: 'MP3, WAV, OGG, WEBM, M4A',
  },
  // The owner's video for 'Avatar por vídeo' (identity lab), kept for providers that support it.
  identityVideo: {
    maxBytes: 100 * MB,
    types: { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' },
    hint: 'MP4, WEBM, MOV',
  },
  // A photo sent in the mobile chat (issue 6 item 3): the AI sees it where the provider can.
  chatImage: {
    maxBytes: 4 * MB,
    types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' },
    hint: 'PNG, JPG, WEBP',
  },
  // A voice note recorded in the mobile chat (MediaRecorder: WEBM/OGG in Chromium and Firefox, MP4 in Safari).
  chatVoice: {
    maxBytes: 10 * MB,
    types: { webm: 'audio/webm', ogg: 'audio/ogg', m4a: 'audio/mp4', mp4: 'audio/mp4', mp3: 'audio/mpeg', wav: 'audio/wav' },
    hint: 'WEBM, OGG, M4A, MP3, WAV',
  },
  // The image a video clip is made from (issue 18, Taller 'Vídeo' from an image).
  videoImage: {
    maxBytes: 10 * MB,
    types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' },
    hint: 'PNG, JPG, WEBP',
  },
  // The audio an audiogram is made from (issue 18), e.g. a voice note.
  videoAudio: {
    maxBytes: 25 * MB,
    types: { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', webm: 'audio/webm', m4a: 'audio/mp4' },
    hint: 'MP3, WAV, OGG, WEBM, M4A',
  },
  // A soundtrack of the owner's for a video (issue 18).
  soundtrack: {
    maxBytes: 25 * MB,
    types: { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', m4a: 'audio/mp4' },
    hint: 'MP3, WAV, OGG, M4A',
  },
};

/** How long a presigned upload URL stays valid, seconds (short: the browser uses it at once). */
export const UPLOAD_URL_EXPIRES_SECONDS = 300;

/** Longest file name accepted (characters). */
export const MAX_UPLOAD_NAME_LENGTH = 255;

/** The lower-case extension of a file name without the dot, or '' when it has none. */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The content type to declare for a file: the browser's type when it gave one, otherwise the
 * type the extension implies (browsers leave `File.type` empty for some DOCX/TXT files).
 */
export function declaredContentType(kind: UploadKind, fileName: string, browserType: string): string {
  const type = browserType.trim().toLowerCase();
  if (type) return type;
  return UPLOAD_RULES[kind].types[fileExtension(fileName)] ?? 'application/octet-stream';
}

export interface UploadCandidate {
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Whether a file may be uploaded as `kind`: null when it may, otherwise the Spanish reason.
 * The extension must be one of the kind's types AND the declared content type must be the one
 * that extension implies; the file must not be empty nor larger than the limit.
 */
export function checkUpload(kind: UploadKind, { fileName, contentType, size }: UploadCandidate): string | null {
  const rule = UPLOAD_RULES[kind];
  if (!fileName.trim() || fileName.length > MAX_UPLOAD_NAME_LENGTH) return UPLOAD_MSG.badName;
  const expected = rule.types[fileExtension(fileName)];
  if (!expected) return UPLOAD_MSG.wrongType(rule.hint);
  if (contentType.trim().toLowerCase() !== expected) return UPLOAD_MSG.typeMismatch(rule.hint);
  if (!Number.isInteger(size) || size <= 0) return UPLOAD_MSG.empty;
  if (size > rule.maxBytes) return UPLOAD_MSG.tooLarge(rule.maxBytes / MB);
  return null;
}

/** Size in KB with one decimal, as the document list shows it (spec section 9). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
