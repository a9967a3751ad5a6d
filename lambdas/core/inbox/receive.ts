/**
 * Webhook deliveries of the networks' messages (issue 14 item 1; see ./types.ts): BEING BUILT by
 * the receive helper. `handleWebhook` verifies, parses, stores and asks for answers.
 */

/** One HTTP request to a webhook route, as the handler hands it over. */
export interface WebhookRequest {
  method: string;
  /** `facebook`, `instagram` or `telegram` (the route's `{network}`). */
  network: string;
  /** Telegram: the route's `{routeKey}`. */
  routeKey?: string;
  query: URLSearchParams;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  /** The exact raw body (the signature is over these bytes). */
  rawBody: Buffer;
}

/** The answer to the network. */
export interface WebhookResponse {
  status: number;
  body: string;
  contentType?: string;
}

/** Handles one webhook request (see the module header). */
export async function handleWebhook(request: WebhookRequest, now = new Date()): Promise<WebhookResponse> {
  void request;
  void now;
  throw new Error('handleWebhook: not built yet (issue 14, receive helper)');
}
