/** The outbound HTTP door (see client.ts). */
export { checkDestination, DEFAULT_MAX_RESPONSE_BYTES, httpRequest, HttpRequestError, postJson, type FetchFn, type HttpFailure, type HttpRequest, type HttpResponse } from './client';
