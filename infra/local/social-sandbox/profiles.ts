/**
 * The customers' profiles (issue 14): a webhook carries only the sender's page-scoped id, so an
 * inbox reads who wrote with the page token, as documented:
 * - Messenger User Profile API (https://developers.facebook.com/docs/messenger-platform/identity/user-profile):
 *   `GET /{PSID}?fields=first_name,last_name,profile_pic` → `{first_name, last_name, profile_pic, id}`;
 *   scope `pages_messaging`.
 * - Instagram User Profile API (https://developers.facebook.com/docs/messenger-platform/instagram/features/user-profile):
 *   `GET /{IGSID}?fields=name,username,profile_pic,…` (also is_verified_user, follower_count,
 *   is_user_follow_business, is_business_follow_user) with the linked page's token; scopes
 *   `instagram_basic` + `instagram_manage_messages`.
 * The person must have written to that page / account: ids are page-scoped, so with another
 * page's token, or for an id the sandbox does not know there, Graph's "Unsupported get request"
 * (#100, subcode 33); a user token → (#210) page token required. Consent comes from a private
 * message: someone who only commented is refused — Instagram documents "User consent is required
 * to access user profile" (code 230); Messenger answers as for an unknown id. An unknown field →
 * (#100) nonexisting field. Served on `GET /{id}` only for ids the sandbox gave a customer
 * (./routes.ts `accepts`); other ids go to the posts and containers of ./meta.ts. Fault operation
 * `profile`.
 */
import { META_PAGES } from './accounts';
import { avatarUrl } from './context';
import { json, type SandboxResponse } from './http';
import { customerOf, isCustomerId, threads } from './inbox';
import { graphError, pageTokenRequired, unsupported } from './meta';
import { graphFields, pickFields, type ApiCall, type TokenRoute } from './routes';

const FIELDS = {
  facebook: ['first_name', 'last_name', 'profile_pic', 'locale', 'timezone', 'gender'],
  instagram: ['name', 'username', 'profile_pic', 'is_verified_user', 'follower_count', 'is_user_follow_business', 'is_business_follow_user'],
} as const;
const DEFAULTS = { facebook: ['first_name', 'last_name', 'profile_pic'], instagram: ['name', 'username', 'profile_pic'] } as const;

const noConsent = () => graphError(230, 'User consent is required to access user profile');

/** `GET /{PSID|IGSID}` (see the module header). */
function readProfile(call: ApiCall): SandboxResponse {
  const network = call.network as 'facebook' | 'instagram';
  const id = call.params.id ?? '';
  if (call.token.kind !== 'page') return pageTokenRequired();
  const page = META_PAGES.find((candidate) => candidate.id === call.token.pageId);
  const targetId = network === 'facebook' ? page?.id : page?.instagram?.id;
  const customer = targetId ? customerOf(call.ctx, network, targetId, id) : undefined;
  if (!targetId || !customer) return unsupported('GET', id);
  const wrote = threads(call.ctx).get(`${targetId}_${id}`);
  if (!wrote) return network === 'instagram' ? noConsent() : unsupported('GET', id);
  const fields = graphFields(call.req.query.get('fields'));
  const unknown = [...(fields ?? [])].find((field) => field !== 'id' && !(FIELDS[network] as readonly string[]).includes(field));
  if (unknown) return graphError(100, `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`);
  const picture = avatarUrl(call.ctx, network);
  if (network === 'facebook') {
    const [first = customer.name, ...rest] = customer.name.split(' ');
    const profile = { id, first_name: first, last_name: rest.join(' '), profile_pic: picture, locale: 'es_ES', timezone: 1, gender: undefined };
    return json(200, pickFields(profile, fields, DEFAULTS.facebook));
  }
  const profile = {
    id,
    name: customer.name,
    username: customer.username,
    profile_pic: picture,
    is_verified_user: false,
    follower_count: 0,
    is_user_follow_business: false,
    is_business_follow_user: false,
  };
  return json(200, pickFields(profile, fields, DEFAULTS.instagram));
}

const profileRoute = (scopes: readonly string[]): TokenRoute => ({
  method: 'GET',
  path: '/:id',
  operation: 'profile',
  scopes,
  tokenKinds: ['access', 'page'],
  accepts: (ctx, network, params) => (network === 'facebook' || network === 'instagram') && isCustomerId(ctx, network, params.id ?? ''),
  handle: readProfile,
});

/** Messenger's User Profile route (./api.ts, before the posts' `GET /{id}`). */
export const FACEBOOK_PROFILE_ROUTES: readonly TokenRoute[] = [profileRoute(['pages_messaging'])];

/** Instagram's User Profile route (./api.ts, before the media's and containers' `GET /{id}`). */
export const INSTAGRAM_PROFILE_ROUTES: readonly TokenRoute[] = [profileRoute(['instagram_basic', 'instagram_manage_messages'])];
