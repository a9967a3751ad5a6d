/**
 * Typed failures of the AI provider layer. Every error carries a Spanish `message` (it may reach
 * users), a stable `code`, whether retrying later can help (`retryable`), and an optional English
 * `detail` for logs (upstream error text, with any API key redacted). The callable edge
 * (platform/callable/errors.ts) maps them onto the callable protocol by `code`.
 *
 * No import of the shared contract here: the provider modules loaded with a dynamic import()
 * use this file, and whatever they reach is initialized lazily in the bundle, so reaching
 * shared's index from them would keep the whole contract (every callable's schemas) in the
 * bundle and build it at load.
 */
import type { AiCapability } from './capabilities';
import type { AiProviderId } from './types';

export type AiErrorCode =
  | 'CONFIG'
  | 'OFFLINE_UNSUPPORTED'
  | 'OUTPUT_INVALID'
  | 'RETRYABLE'
  | 'UNSUPPORTED_MODEL'
  | 'CONTENT_FILTERED'
  | 'PROVIDER'
  | 'CAPABILITY_UNAVAILABLE'
  | 'INVALID_INPUT';

export const AI_MSG = {
  offlineUnsupported: 'El modo sin conexión no puede generar este contenido; configura un proveedor de IA en Integraciones.',
  outputInvalid: 'La IA devolvió una respuesta con un formato no válido. Inténtalo de nuevo.',
  retryable: 'El servicio de IA está saturado o no responde en este momento. Inténtalo de nuevo en unos minutos.',
  contentFiltered: 'El filtro de seguridad del modelo de IA ha bloqueado este contenido. Prueba con otra instrucción.',
  provider: 'El proveedor de IA rechazó la solicitud. Revisa la configuración en Integraciones.',
  unauthorized: 'El proveedor de IA rechazó la clave de API. Revísala en Integraciones.',
  modelNotFound: 'El modelo de IA configurado no existe o no está disponible para esta cuenta.',
  destinationRefused: 'La URL del proveedor de IA apunta a una dirección no permitida (red privada, local o de metadatos).',
  unreachable: 'No se pudo conectar con el proveedor de IA. Comprueba la URL y que el servicio esté en marcha.',
  unsupportedModel: (model: string, what: string) => `El modelo de IA «${model}» no es compatible con ${what}.`,
  missingGeminiKey: 'Falta la clave de API de Gemini. Configúrala en Integraciones.',
  missingOpenAi: 'Falta la configuración del proveedor compatible con OpenAI (URL base y modelo). Complétala en Integraciones.',
  missingEmbeddingModel: 'El proveedor de IA configurado no tiene un modelo de embeddings. Indícalo en Integraciones.',
  missingImageModel: 'El proveedor de IA configurado no tiene un modelo de imágenes. Indícalo en Integraciones.',
  unknownProvider: (id: string) => `Proveedor de IA desconocido: «${id}».`,
  emptyConversation: 'La conversación enviada a la IA está vacía.',
} as const;

export class AiError extends Error {
  readonly code: AiErrorCode;
  readonly retryable: boolean;
  readonly provider?: AiProviderId;
  /** English diagnostic for logs; never shown to users, never contains secrets. */
  readonly detail?: string;

  constructor(code: AiErrorCode, message: string, options: { provider?: AiProviderId; detail?: string; retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.provider = options.provider;
    this.detail = options.detail;
  }
}

/** Missing or unusable configuration (credentials, base URL, model names). */
export class AiConfigError extends AiError {
  constructor(message: string, options: { provider?: AiProviderId; detail?: string } = {}) {
    super('CONFIG', message, options);
    this.name = 'AiConfigError';
  }
}

/** The offline provider cannot honestly produce this (e.g. arbitrary JSON). */
export class AiOfflineUnsupportedError extends AiError {
  constructor(detail?: string) {
    super('OFFLINE_UNSUPPORTED', AI_MSG.offlineUnsupported, { provider: 'offline', detail });
    this.name = 'AiOfflineUnsupportedError';
  }
}

/** The model's answer did not match the requested schema, even after one repair round-trip. */
export class AiOutputError extends AiError {
  readonly rawOutput: string;
  constructor(provider: AiProviderId, rawOutput: string, detail?: string) {
    super('OUTPUT_INVALID', AI_MSG.outputInvalid, { provider, detail });
    this.name = 'AiOutputError';
    this.rawOutput = rawOutput;
  }
}

/** Throttling, timeouts, 429/5xx, connection failures: trying again later may succeed. */
export class AiRetryableError extends AiError {
  constructor(provider: AiProviderId, detail?: string, cause?: unknown, message: string = AI_MSG.retryable) {
    super('RETRYABLE', message, { provider, detail, retryable: true, cause });
    this.name = 'AiRetryableError';
  }
}

/** The configured model belongs to a family this layer has no request adapter for. */
export class AiUnsupportedModelError extends AiError {
  readonly model: string;
  constructor(provider: AiProviderId, model: string, what: string) {
    super('UNSUPPORTED_MODEL', AI_MSG.unsupportedModel(model, what), { provider, detail: `no ${what} adapter for ${model}` });
    this.name = 'AiUnsupportedModelError';
    this.model = model;
  }
}

/** The provider's safety filter refused the prompt or the output. */
export class AiContentFilteredError extends AiError {
  constructor(provider: AiProviderId, detail?: string) {
    super('CONTENT_FILTERED', AI_MSG.contentFiltered, { provider, detail });
    this.name = 'AiContentFilteredError';
  }
}

/** Any other upstream refusal (bad request, access denied, unknown model...). */
export class AiProviderError extends AiError {
  readonly status?: number;
  constructor(provider: AiProviderId, message: string, options: { status?: number; detail?: string; cause?: unknown } = {}) {
    super('PROVIDER', message, { provider, detail: options.detail, cause: options.cause });
    this.name = 'AiProviderError';
    this.status = options.status;
  }
}

/**
 * What the configured provider cannot do at all (voice cloning, video without a video model,
 * speech without an engine...): `capability` names it (capabilities.ts) and the message says so
 * plainly in Spanish, never a faked result.
 */
export class AiCapabilityUnavailableError extends AiError {
  readonly capability: AiCapability;
  constructor(capability: AiCapability, message: string, options: { provider?: AiProviderId; detail?: string } = {}) {
    super('CAPABILITY_UNAVAILABLE', message, options);
    this.name = 'AiCapabilityUnavailableError';
    this.capability = capability;
  }
}

/** A request the AI layer refuses before calling anyone (empty or oversized text, unknown voice...). */
export class AiInputError extends AiError {
  constructor(message: string, options: { provider?: AiProviderId; detail?: string } = {}) {
    super('INVALID_INPUT', message, options);
    this.name = 'AiInputError';
  }
}

/** Removes every occurrence of the given secrets from a diagnostic string and caps its length. */
export function redact(text: string, secrets: (string | undefined)[], max = 500): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redactado]');
  }
  return out.length > max ? `${out.slice(0, max)}…` : out;
}
