/**
 * Meta's Marketing API (issue 15 item 3, "Crear borrador en Meta", and the spend read back): the
 * calls core/campaigns/meta.ts makes with the Facebook connection's user token (`ads_management`),
 * on the base URL of the network's configuration (../networks.ts `GRAPH_VERSION`, overridable per
 * installation: the twin's "Red de pruebas" serves the same paths, infra/local/social-sandbox/ads.ts).
 *
 * - `grantedPermissions` `GET /me/permissions` → the permissions the user granted (Meta's token
 *   answer names no scopes, so this is how `ads_management` is known);
 * - `listAdAccounts` `GET /me/adaccounts?fields=id,account_id,name,currency,account_status`;
 * - `searchLocation` / `searchInterest` `GET /search?type=adgeolocation|adinterest` (targeting keys);
 * - `createCampaign` `POST /act_<id>/campaigns` (status PAUSED, `special_ad_categories: []`, and
 *   `is_adset_budget_sharing_enabled: false`, which Meta requires of a campaign whose budgets are on
 *   its ad sets);
 * - `createAdSet` `POST /act_<id>/adsets` (lifetime budget in cents of the account currency,
 *   IMPRESSIONS billing, LOWEST_COST_WITHOUT_CAP, the DSA beneficiary and payer that ad sets
 *   reaching the EU must name, status PAUSED);
 * - `createAdCreative` `POST /act_<id>/adcreatives` (a link ad: `object_story_spec.link_data`);
 * - `createAd` `POST /act_<id>/ads` (status PAUSED);
 * - `readInsights` `GET /<campaign-id>/insights?fields=spend,impressions,clicks&date_preset=maximum`.
 * Every status sent is PAUSED: nothing is ever launched from here.
 *
 * Calls go through the publishing call helper (../publish/call.ts → platform/http) and its error
 * rule (../publish/errors.ts): throws RateLimited when throttled; NetworkError `invalid_grant` (the
 * token is dead), `denied` (a permission or the object is missing), `rejected` (Meta refused the
 * object: `detail` is Meta's message for people, `error_user_msg`, else its `message`, tokens
 * removed) or `unavailable` (no usable answer, 5xx, Meta's transient errors). Creates are POSTs
 * and are never retried inside the client (a repeat could create twice); reads are.
 */
import * as z from 'zod/mini';
import { isRecord, safeDetail } from '../call';
import { apiUrl, parsed, sendPublish } from '../publish/call';
import { publishFailure } from '../publish/errors';
import type { PublishOptions } from '../publish/types';
import { NetworkError, type NetworkApp } from '../types';

/** Options of every call (tests inject `fetch` and the clock). */
export type AdsOptions = Pick<PublishOptions, 'fetch' | 'now'>;

/** An ad account the user reaches. `id` is `act_<account_id>`; `status` Meta's `account_status` (1 active). */
export interface AdAccount {
  id: string;
  name: string;
  currency: string;
  status: number;
}

/** What Meta returns for a create. */
const IdAnswer = z.object({ id: z.string() });
const AccountsAnswer = z.object({
  data: z.array(z.object({ id: z.string(), name: z.optional(z.string()), currency: z.optional(z.string()), account_status: z.optional(z.number()) })),
});
const PermissionsAnswer = z.object({ data: z.array(z.object({ permission: z.string(), status: z.string() })) });
const LocationsAnswer = z.object({ data: z.array(z.object({ key: z.union([z.string(), z.number()]), name: z.string(), type: z.string(), country_code: z.optional(z.string()) })) });
const InterestsAnswer = z.object({ data: z.array(z.object({ id: z.union([z.string(), z.number()]), name: z.string() })) });
const InsightsAnswer = z.object({
  data: z.array(z.object({ spend: z.optional(z.string()), impressions: z.optional(z.string()), clicks: z.optional(z.string()) })),
});

/**
 * The ad set's `optimization_goal` (and `destination_type`) for a campaign objective, among those
 * Meta documents as valid for it without a pixel or an instant form: awareness optimizes for reach
 * (no destination); traffic, leads and sales send people to the landing page through the tracked
 * link and optimize for link clicks (conversion goals need a Meta pixel this product does not set
 * up; the owner can change the goal in Ads Manager before launching).
 */
export const AD_SET_GOALS: Readonly<Record<string, { optimizationGoal: string; destinationType?: string }>> = {
  OUTCOME_AWARENESS: { optimizationGoal: 'REACH' },
  OUTCOME_TRAFFIC: { optimizationGoal: 'LINK_CLICKS', destinationType: 'WEBSITE' },
  OUTCOME_LEADS: { optimizationGoal: 'LINK_CLICKS', destinationType: 'WEBSITE' },
  OUTCOME_SALES: { optimizationGoal: 'LINK_CLICKS', destinationType: 'WEBSITE' },
};

/** Most ad accounts read (one page). */
const ACCOUNT_LIMIT = '100';

/** Meta's message for people (`error_user_msg`, with its title), else its `message`; undefined without an error body. */
function metaReason(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { error_user_title: title, error_user_msg: message, message: technical } = body.error;
  if (typeof message === 'string' && message.trim() !== '') return typeof title === 'string' && title.trim() !== '' ? `${title.trim()}: ${message.trim()}` : message.trim();
  return typeof technical === 'string' ? technical : undefined;
}

interface AdsCall {
  app: NetworkApp;
  token: string;
  /** Names the call in logs, e.g. `POST /adsets`. */
  resource: string;
  path: string;
  query?: Record<string, string>;
  /** A create's JSON body (POST, never retried). */
  json?: Record<string, unknown>;
}

/** Sends `call`; resolves with the accepted body, throws by the module header's rule. */
async function adsCall(call: AdsCall, options: AdsOptions): Promise<unknown> {
  const { app, token } = call;
  const answer = await sendPublish(
    {
      network: app.network,
      resource: call.resource,
      url: apiUrl(app, call.path, call.query),
      method: call.json ? 'POST' : 'GET',
      bearer: token,
      ...(call.json ? { json: call.json, retry: false } : {}),
    },
    options,
  );
  const failure = publishFailure(app.network, answer, (options.now ?? Date.now)(), [token]);
  if (!failure) return answer.body;
  if (failure.kind !== 'rejected') throw failure;
  const reason = metaReason(answer.body);
  throw reason ? new NetworkError(app.network, 'rejected', safeDetail(reason, [token]), { status: answer.status }) : failure;
}

/** The permissions the token's user granted (`status: granted`). */
export async function grantedPermissions(app: NetworkApp, token: string, options: AdsOptions = {}): Promise<string[]> {
  const body = await adsCall({ app, token, resource: 'GET /me/permissions', path: '/me/permissions' }, options);
  return parsed(app.network, PermissionsAnswer, body, 'permissions')
    .data.filter((entry) => entry.status === 'granted')
    .map((entry) => entry.permission);
}

/** The ad accounts the token's user reaches (first ACCOUNT_LIMIT). */
export async function listAdAccounts(app: NetworkApp, token: string, options: AdsOptions = {}): Promise<AdAccount[]> {
  const body = await adsCall(
    { app, token, resource: 'GET /me/adaccounts', path: '/me/adaccounts', query: { fields: 'id,account_id,name,currency,account_status', limit: ACCOUNT_LIMIT } },
    options,
  );
  return parsed(app.network, AccountsAnswer, body, 'ad accounts').data.map((account) => ({
    id: account.id,
    name: account.name ?? account.id,
    currency: account.currency ?? '',
    status: account.account_status ?? 0,
  }));
}

/** A place of Meta's targeting: its key and name. */
export interface TargetingPlace {
  key: string;
  name: string;
}

/**
 * The first place of `kind` in Spain Meta finds for `name` (its targeting search, Spanish names),
 * or null when it finds none.
 */
export async function searchLocation(app: NetworkApp, token: string, place: { name: string; kind: 'region' | 'city' }, options: AdsOptions = {}): Promise<TargetingPlace | null> {
  const body = await adsCall(
    {
      app,
      token,
      resource: 'GET /search adgeolocation',
      path: '/search',
      query: { type: 'adgeolocation', q: place.name, country_code: 'ES', location_types: JSON.stringify([place.kind]), locale: 'es_ES', limit: '5' },
    },
    options,
  );
  const found = parsed(app.network, LocationsAnswer, body, 'location search').data.find((item) => item.type === place.kind && (item.country_code ?? 'ES') === 'ES');
  return found ? { key: String(found.key), name: found.name } : null;
}

/** The first interest Meta finds for `name`, or null. */
export async function searchInterest(app: NetworkApp, token: string, name: string, options: AdsOptions = {}): Promise<{ id: string; name: string } | null> {
  const body = await adsCall({ app, token, resource: 'GET /search adinterest', path: '/search', query: { type: 'adinterest', q: name, locale: 'es_ES', limit: '1' } }, options);
  const found = parsed(app.network, InterestsAnswer, body, 'interest search').data[0];
  return found ? { id: String(found.id), name: found.name } : null;
}

const created = (app: NetworkApp, body: unknown, what: string) => parsed(app.network, IdAnswer, body, what).id;

/** Creates a PAUSED campaign of `objective` (a Marketing API objective) in `accountId` (`act_…`); its id. */
export async function createCampaign(app: NetworkApp, token: string, accountId: string, campaign: { name: string; objective: string }, options: AdsOptions = {}): Promise<string> {
  const json = { name: campaign.name, objective: campaign.objective, status: 'PAUSED', special_ad_categories: [], buying_type: 'AUCTION', is_adset_budget_sharing_enabled: false };
  return created(app, await adsCall({ app, token, resource: 'POST /campaigns', path: `/${accountId}/campaigns`, json }, options), 'campaign');
}

/** The ad set of one network (see `createAdSet`). */
export interface AdSetSpec {
  name: string;
  campaignId: string;
  /** Whole cents of the account currency, > 0. */
  lifetimeBudgetCents: number;
  /** ISO 8601 instants; end after start. */
  startTime: string;
  endTime: string;
  /** Meta's `optimization_goal` (REACH, LINK_CLICKS, …). */
  optimizationGoal: string;
  /** `destination_type` (WEBSITE for link ads; absent for awareness, as Meta wants). */
  destinationType?: string;
  publisherPlatform: 'facebook' | 'instagram';
  regions: readonly TargetingPlace[];
  cities: readonly TargetingPlace[];
  ageMin: number;
  ageMax: number;
  interests: readonly { id: string; name: string }[];
  /** Who the ads benefit and who pays (the EU's Digital Services Act; the brand's page name). */
  dsaName: string;
}

/** Creates a PAUSED ad set (see the module header); its id. */
export async function createAdSet(app: NetworkApp, token: string, accountId: string, spec: AdSetSpec, options: AdsOptions = {}): Promise<string> {
  const targeting = {
    geo_locations: {
      ...(spec.regions.length > 0 ? { regions: spec.regions.map((place) => ({ key: place.key })) } : {}),
      ...(spec.cities.length > 0 ? { cities: spec.cities.map((place) => ({ key: place.key })) } : {}),
    },
    age_min: spec.ageMin,
    age_max: spec.ageMax,
    publisher_platforms: [spec.publisherPlatform],
    ...(spec.interests.length > 0 ? { interests: spec.interests.map((interest) => ({ id: interest.id, name: interest.name })) } : {}),
    // The owner's audience as given: Meta must not widen it on its own (Advantage+ audience off).
    targeting_automation: { advantage_audience: 0 },
  };
  const json = {
    name: spec.name,
    campaign_id: spec.campaignId,
    lifetime_budget: spec.lifetimeBudgetCents,
    billing_event: 'IMPRESSIONS',
    optimization_goal: spec.optimizationGoal,
    bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
    ...(spec.destinationType ? { destination_type: spec.destinationType } : {}),
    start_time: spec.startTime,
    end_time: spec.endTime,
    targeting,
    dsa_beneficiary: spec.dsaName,
    dsa_payor: spec.dsaName,
    status: 'PAUSED',
  };
  return created(app, await adsCall({ app, token, resource: 'POST /adsets', path: `/${accountId}/adsets`, json }, options), 'ad set');
}

/** A link ad's creative (see `createAdCreative`). */
export interface CreativeSpec {
  name: string;
  /** The Facebook page the ad runs as. */
  pageId: string;
  /** The Instagram account it runs as on Instagram (absent: the page's identity). */
  instagramUserId?: string;
  /** Where the ad leads (the creative's tracked link). */
  link: string;
  /** The ad's text and headline. */
  message: string;
  headline: string;
  /** Meta's `call_to_action.type`. */
  callToAction: string;
  /** A public URL of the image, fetched by Meta when the creative is created. */
  pictureUrl: string;
}

/** Creates a link-ad creative; its id. */
export async function createAdCreative(app: NetworkApp, token: string, accountId: string, spec: CreativeSpec, options: AdsOptions = {}): Promise<string> {
  const json = {
    name: spec.name,
    object_story_spec: {
      page_id: spec.pageId,
      ...(spec.instagramUserId ? { instagram_user_id: spec.instagramUserId } : {}),
      link_data: {
        link: spec.link,
        message: spec.message,
        name: spec.headline,
        picture: spec.pictureUrl,
        call_to_action: { type: spec.callToAction, value: { link: spec.link } },
      },
    },
  };
  return created(app, await adsCall({ app, token, resource: 'POST /adcreatives', path: `/${accountId}/adcreatives`, json }, options), 'ad creative');
}

/** Creates a PAUSED ad of `creativeId` in `adSetId`; its id. */
export async function createAd(app: NetworkApp, token: string, accountId: string, ad: { name: string; adSetId: string; creativeId: string }, options: AdsOptions = {}): Promise<string> {
  const json = { name: ad.name, adset_id: ad.adSetId, creative: { creative_id: ad.creativeId }, status: 'PAUSED' };
  return created(app, await adsCall({ app, token, resource: 'POST /ads', path: `/${accountId}/ads`, json }, options), 'ad');
}

/** A campaign's delivery so far: spend in cents of the account currency, impressions, clicks. */
export interface CampaignInsights {
  spendCents: number;
  impressions: number;
  clicks: number;
}

/** A non-negative decimal string as a whole number of `scale` units (0 when unreadable). */
const wholeOf = (value: string | undefined, scale = 1) => {
  const number = Number(value ?? '0') * scale;
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : 0;
};

/** The campaign's lifetime insights (all zero while it has delivered nothing: Meta answers no row). */
export async function readInsights(app: NetworkApp, token: string, campaignId: string, options: AdsOptions = {}): Promise<CampaignInsights> {
  const body = await adsCall(
    { app, token, resource: 'GET /insights', path: `/${campaignId}/insights`, query: { fields: 'spend,impressions,clicks', date_preset: 'maximum' } },
    options,
  );
  const row = parsed(app.network, InsightsAnswer, body, 'insights').data[0];
  if (!row) return { spendCents: 0, impressions: 0, clicks: 0 };
  // Meta's spend is a decimal string of the account currency ("12.50").
  return { spendCents: wholeOf(row.spend, 100), impressions: wholeOf(row.impressions), clicks: wholeOf(row.clicks) };
}
