/**
 * Page webhook subscriptions of the "Red de pruebas" (issue 14), as Meta documents the Page
 * Subscribed Apps edge (https://developers.facebook.com/docs/graph-api/reference/page/subscribed_apps):
 * an app receives a page's webhooks only once the page has subscribed it, with the page's own
 * token (scope `pages_manage_metadata`):
 * - `POST /{page-id}/subscribed_apps` `subscribed_fields=messages,feed,…` → `{success: true}`
 *   (the fields replace the earlier ones); `/me/subscribed_apps` is the page the token speaks for.
 * - `GET /{page-id}/subscribed_apps` → `{data: [{id, name, subscribed_fields}]}` ([] when none).
 * - `DELETE /{page-id}/subscribed_apps` → `{success: true}`.
 * A user token → (#210) page token required; another page's token → (#100) unsupported; an
 * unknown field → (#100). Served under both `/facebook/api` and `/instagram/api`; each network
 * app has its own subscriptions (the sandbox's two Meta apps), so Instagram messaging needs the
 * linked page subscribed through the instagram app, as Instagram messaging via Facebook Login
 * does (https://developers.facebook.com/docs/messenger-platform/instagram/features/webhook/).
 * Delivery (./inbox.ts): Facebook DMs need the page subscribed with `messages`, comments with
 * `feed`; Instagram DMs and comments need the linked page subscribed (any field).
 * Persisted in the publishing store (`webhooks.pageSubscriptions`).
 */
import { META_PAGES, type MetaPage } from './accounts';
import type { SandboxContext } from './context';
import { json, requestParams, type SandboxResponse } from './http';
import { graphError, pageTokenRequired, unsupported } from './meta';
import type { ApiCall, TokenRoute } from './routes';

/** Page fields an app may subscribe to (Graph's page webhook fields the sandbox knows). */
export const PAGE_FIELDS = ['messages', 'feed', 'messaging_postbacks', 'message_deliveries', 'message_reads', 'message_echoes', 'message_reactions', 'message_edits', 'mention'] as const;

interface PageSubscription {
  network: 'facebook' | 'instagram';
  pageId: string;
  fields: string[];
  /** Epoch ms. */
  subscribedAt: number;
}

const table = (ctx: SandboxContext) => ctx.publishing.table<PageSubscription>('webhooks.pageSubscriptions');
const keyOf = (network: string, pageId: string) => `${network}:${pageId}`;

/** The fields `network`'s app is subscribed to on `pageId` (empty when none). */
export const pageFields = (ctx: SandboxContext, network: 'facebook' | 'instagram', pageId: string): string[] => table(ctx).get(keyOf(network, pageId))?.fields ?? [];

/**
 * Why a webhook for `targetId` (a page, or an Instagram account) would not be sent to `network`'s
 * app, or null when its page is subscribed as needed (see the module header).
 */
export function unsubscribedReason(ctx: SandboxContext, network: 'facebook' | 'instagram', targetId: string, kind: 'message' | 'comment'): string | null {
  if (network === 'facebook') {
    const field = kind === 'message' ? 'messages' : 'feed';
    return pageFields(ctx, 'facebook', targetId).includes(field) ? null : `page ${targetId} has not subscribed the app to '${field}' (POST /${targetId}/subscribed_apps)`;
  }
  const page = META_PAGES.find((candidate) => candidate.instagram?.id === targetId);
  if (page && pageFields(ctx, 'instagram', page.id).length > 0) return null;
  return `the page linked to ${targetId} has not subscribed the app (POST /${page?.id ?? '{page-id}'}/subscribed_apps)`;
}

/** The page the call's page token speaks for, when it is `id` (or `me`); else the Graph error. */
function pageOf(call: ApiCall): MetaPage | SandboxResponse {
  if (call.token.kind !== 'page') return pageTokenRequired();
  const id = call.params.pageId ?? '';
  const page = META_PAGES.find((candidate) => candidate.id === (id === 'me' ? call.token.pageId : id));
  if (!page || call.token.pageId !== page.id) return unsupported(call.req.method, id);
  return page;
}

function handle(call: ApiCall): SandboxResponse {
  const page = pageOf(call);
  if ('status' in page) return page;
  const network = call.network as 'facebook' | 'instagram';
  const key = keyOf(network, page.id);
  if (call.req.method === 'GET') {
    const found = table(call.ctx).get(key);
    const client = call.ctx.store.client(network);
    return json(200, { data: found ? [{ category: 'Business', link: call.ctx.origin, name: 'Red de pruebas', id: client.clientId, subscribed_fields: found.fields }] : [] });
  }
  if (call.req.method === 'DELETE') {
    table(call.ctx).delete(key);
    return json(200, { success: true });
  }
  const raw = requestParams(call.req).subscribed_fields;
  if (!raw) return graphError(100, '(#100) The parameter subscribed_fields is required.');
  const fields = [...new Set(raw.replace(/[[\]"\s]/g, '').split(',').filter(Boolean))];
  const unknown = fields.findIndex((field) => !(PAGE_FIELDS as readonly string[]).includes(field));
  if (fields.length === 0 || unknown >= 0) return graphError(100, `(#100) Param subscribed_fields[${Math.max(0, unknown)}] must be one of {${PAGE_FIELDS.join(', ')}}`);
  table(call.ctx).set(key, { network, pageId: page.id, fields, subscribedAt: call.ctx.publishing.now() });
  call.ctx.log(`social sandbox: ${network} app subscribed to page ${page.id} (${fields.join(',')})`);
  return json(200, { success: true });
}

const route = (method: TokenRoute['method']): TokenRoute => ({
  method,
  path: '/:pageId/subscribed_apps',
  operation: 'subscribe',
  scopes: method === 'GET' ? ['pages_manage_metadata', 'pages_show_list'] : ['pages_manage_metadata'],
  tokenKinds: ['access', 'page'],
  handle,
});

/** The Page Subscribed Apps routes of both Meta networks (./api.ts). */
export const PAGE_SUBSCRIPTION_ROUTES: readonly TokenRoute[] = [route('POST'), route('GET'), route('DELETE')];
