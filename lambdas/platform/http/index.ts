/** The outbound HTTP door (see client.ts) and its destination rules (see destination.ts). */
export {
  checkDestination,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRY_WAIT_MS,
  httpRequest,
  HttpRequestError,
  MAX_RETRIES,
  postJson,
  redactUrl,
  retryAfterMs,
  type FetchFn,
  type HttpFailure,
  type HttpRequest,
  type HttpResponse,
} from './client';
export { ALLOWED_ORIGINS_ENV, allowedOrigins, checkUrl, DestinationRefusedError, isPublicAddress, type LookupAll, type RefusalReason, type ResolvedAddress } from './destination';
