/**
 * Meta's Marketing API in the "Red de pruebas" (issue 15, Campañas: "Crear borrador en Meta" and
 * the spend read back), under `/facebook/api` like the other Graph routes, with the user token:
 * - `GET /me/adaccounts?fields=id,account_id,name,currency,account_status` (`ads_read` or
 *   `ads_management`) → `{data: [{id: 'act_…', …}], paging}`: the one sandbox account
 *   (./accounts.ts META_AD_ACCOUNT, EUR, status 1).
 * - `GET /me/permissions` (any user token) → `{data: [{permission, status: 'granted'}]}`: the
 *   consent's scopes and `public_profile`, as Graph lists a user's permissions
 *   (https://developers.facebook.com/docs/graph-api/reference/user/permissions/).
 * - `GET /search?type=adgeolocation&q=&country_code=ES&location_types=["region"|"city"]` and
 *   `GET /search?type=adinterest&q=` (any user token; Meta's targeting search,
 *   https://developers.facebook.com/docs/marketing-api/audiences/reference/targeting-search):
 *   a region for a name of shared SPANISH_PROVINCES (accent- and case-insensitive, key
 *   `35<two-digit index>`), a city for any name (key: 7 digits from its normalized name's hash),
 *   an interest for any name (id `6003` + 10 digits from its hash): deterministic, so tests and
 *   the product can rely on them; `{data: []}` for anything else.
 * - `POST /act_<id>/campaigns` `{name, objective (OUTCOME_AWARENESS|OUTCOME_TRAFFIC|OUTCOME_LEADS|
 *   OUTCOME_SALES|OUTCOME_ENGAGEMENT|OUTCOME_APP_PROMOTION), status (PAUSED|ACTIVE), special_ad_categories
 *   (required, `[]` allowed), buying_type?, is_adset_budget_sharing_enabled? (kept)}` → `{id}`
 *   (https://developers.facebook.com/docs/marketing-api/reference/ad-account/campaigns/,
 *   https://developers.facebook.com/docs/marketing-api/reference/ad-campaign-group).
 *   ACTIVE is accepted, as Meta does, and kept: `GET /__sandbox/ads` shows what the product sent.
 * - `POST /act_<id>/adsets` `{name, campaign_id, daily_budget | lifetime_budget (cents, whole),
 *   billing_event, optimization_goal, targeting {geo_locations {countries|regions|cities}, age_min?,
 *   age_max?, interests?, publisher_platforms?}, start_time?, end_time?, status, bid_strategy?,
 *   destination_type?, dsa_beneficiary?, dsa_payor? (the last four kept)}` → `{id}`
 *   (https://developers.facebook.com/docs/marketing-api/reference/ad-campaign,
 *   https://developers.facebook.com/docs/marketing-api/bidding/overview/billing-events). Refused
 *   with `(#100) Invalid parameter` and `error_user_title`/`error_user_msg`: a campaign not of this
 *   account, both or neither budget, a daily budget under MIN_DAILY_BUDGET_CENTS, a lifetime budget
 *   without end_time, end_time not after start_time, no geo_locations, ages outside 13–65.
 * - `POST /act_<id>/adcreatives` `{name, object_story_spec {page_id (a sandbox page),
 *   instagram_user_id? (the sandbox page's Instagram account), link_data {link, message?, name?,
 *   picture?, call_to_action?}}}` → `{id}`
 *   (https://developers.facebook.com/docs/marketing-api/reference/ad-creative). There is no
 *   `/adimages` in the sandbox: an `image_hash` is refused, so creatives carry a `picture` URL.
 * - `POST /act_<id>/ads` `{name, adset_id, creative {creative_id}, status}` → `{id}`
 *   (https://developers.facebook.com/docs/marketing-api/reference/adgroup).
 * - `GET /<campaign-id>?fields=id,name,status,objective` and `GET /<campaign-id>/insights?fields=
 *   spend,impressions,clicks,cpm,cpc,ctr&date_preset=maximum`
 *   (https://developers.facebook.com/docs/marketing-api/insights): `{data: []}` while the campaign
 *   has delivered nothing (as Meta answers), else one row with Meta's string figures (`spend` in
 *   EUR with two decimals, `cpm`, `cpc`, `ctr` derived) once the test hook set them.
 * Nested parameters (targeting, object_story_spec, creative, special_ad_categories) come as JSON
 * strings in a form, as Graph takes them, or as objects in a JSON body. Objects persist in the
 * publishing store (`ads.*` tables). Test hooks (./index.ts): `GET /__sandbox/ads`, `POST
 * /__sandbox/ads/insights`, `POST /__sandbox/ads/fail` (the next create of one edge answers Meta's
 * transient error: a client's resume after a failure half-way); the page `/facebook/ads` ("Red de
 * pruebas · Facebook — Anuncios").
 */
import { createHash } from 'node:crypto';
import { normalizeSearchText, SPANISH_PROVINCES } from '@director-ia/shared';
import { META_AD_ACCOUNT, META_PAGES } from './accounts';
import type { SandboxContext } from './context';
import type { Table } from './feed';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { graphError, unsupported } from './meta';
import { graphFields, pickFields, type ApiCall, type TokenRoute } from './routes';

/** The smallest daily budget the sandbox accepts, cents (Meta's floor for EUR impressions billing is about 1 EUR). */
export const MIN_DAILY_BUDGET_CENTS = 100;

export const CAMPAIGN_OBJECTIVES = ['OUTCOME_AWARENESS', 'OUTCOME_TRAFFIC', 'OUTCOME_LEADS', 'OUTCOME_SALES', 'OUTCOME_ENGAGEMENT', 'OUTCOME_APP_PROMOTION'] as const;
const STATUSES = ['PAUSED', 'ACTIVE'];
const BILLING_EVENTS = ['IMPRESSIONS', 'LINK_CLICKS', 'THRUPLAY', 'POST_ENGAGEMENT', 'PAGE_LIKES', 'APP_INSTALLS'];
const OPTIMIZATION_GOALS = ['NONE', 'REACH', 'IMPRESSIONS', 'LINK_CLICKS', 'LANDING_PAGE_VIEWS', 'LEAD_GENERATION', 'OFFSITE_CONVERSIONS', 'POST_ENGAGEMENT', 'THRUPLAY', 'VALUE', 'AD_RECALL_LIFT', 'QUALITY_LEAD'];
const SPECIAL_CATEGORIES = ['NONE', 'HOUSING', 'EMPLOYMENT', 'CREDIT', 'ISSUES_ELECTIONS_POLITICS', 'ONLINE_GAMBLING_AND_GAMING', 'FINANCIAL_PRODUCTS_SERVICES'];
const WRITE_SCOPES = ['ads_management'];
const READ_SCOPES = [['ads_read', 'ads_management']];

export interface AdCampaign {
  id: string;
  accountId: string;
  name: string;
  objective: string;
  /** As the product sent it (PAUSED or ACTIVE). */
  status: string;
  specialAdCategories: string[];
  buyingType: string;
  /** As sent (absent when not sent). */
  adsetBudgetSharing?: boolean;
  /** ISO 8601. */
  createdTime: string;
  /** Set by `POST /__sandbox/ads/insights`; spend in EUR. */
  insights?: { spend: number; impressions: number; clicks: number };
}

export interface AdSet {
  id: string;
  accountId: string;
  campaignId: string;
  name: string;
  status: string;
  /** Cents. */
  dailyBudget?: number;
  /** Cents. */
  lifetimeBudget?: number;
  billingEvent: string;
  optimizationGoal: string;
  targeting: Record<string, unknown>;
  /** ISO 8601 or absent. */
  startTime?: string;
  endTime?: string;
  /** As sent, when sent. */
  bidStrategy?: string;
  destinationType?: string;
  dsaBeneficiary?: string;
  dsaPayor?: string;
  createdTime: string;
}

export interface AdCreative {
  id: string;
  accountId: string;
  name: string;
  objectStorySpec: Record<string, unknown>;
  createdTime: string;
}

export interface Ad {
  id: string;
  accountId: string;
  adsetId: string;
  campaignId: string;
  creativeId: string;
  name: string;
  status: string;
  createdTime: string;
}

const campaigns = (ctx: SandboxContext) => ctx.publishing.table<AdCampaign>('ads.campaigns');
const adsets = (ctx: SandboxContext) => ctx.publishing.table<AdSet>('ads.adsets');
const creatives = (ctx: SandboxContext) => ctx.publishing.table<AdCreative>('ads.creatives');
const ads = (ctx: SandboxContext) => ctx.publishing.table<Ad>('ads.ads');

/** Graph-like object ids: 18 digits starting 1202 (as Meta's ad object ids look). */
const newId = (ctx: SandboxContext) => ctx.publishing.numericId('1202', 18);
const nowIso = (ctx: SandboxContext) => new Date(ctx.publishing.now()).toISOString();
const graphTime = (iso: string) => iso.replace(/\.\d{3}Z$/, '+0000');

const invalid = (title: string, message: string) => graphError(100, 'Invalid parameter', { userTitle: title, userMsg: message });
const required = (name: string) => graphError(100, `(#100) The parameter ${name} is required`);

/** A request parameter: the JSON body's value (any type) or the form's / query's string. */
function param(req: SandboxRequest, name: string): unknown {
  const body = req.body ?? {};
  if (Object.hasOwn(body, name)) return body[name];
  return req.query.get(name) ?? undefined;
}

const text = (req: SandboxRequest, name: string): string | undefined => {
  const value = param(req, name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
};

/** A nested parameter: an object/array in a JSON body, or a JSON string in a form; 'bad' when unparsable. */
function structured(req: SandboxRequest, name: string): unknown {
  const value = param(req, name);
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return 'bad';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whole cents from a number or a numeric string; null when not a positive whole number. */
function cents(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** ISO 8601 or a Unix timestamp (seconds) as epoch ms; null when unreadable. */
function timeOf(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? null : ms;
}

/** The account of `/act_<id>/…`: this user's sandbox account, else Graph's unsupported-post error. */
const accountError = (call: ApiCall): SandboxResponse | null => (call.params.accountId === META_AD_ACCOUNT.id ? null : unsupported(call.req.method, call.params.accountId ?? ''));

function statusOf(req: SandboxRequest): string | SandboxResponse {
  const status = text(req, 'status');
  if (!status) return required('status');
  return STATUSES.includes(status) ? status : graphError(100, `(#100) Param status must be one of {${STATUSES.join(', ')}}`);
}

function createCampaign(call: ApiCall): SandboxResponse {
  const { req, ctx } = call;
  const name = text(req, 'name');
  if (!name) return required('name');
  const objective = text(req, 'objective');
  if (!objective || !(CAMPAIGN_OBJECTIVES as readonly string[]).includes(objective)) return graphError(100, `(#100) Param objective must be one of {${CAMPAIGN_OBJECTIVES.join(', ')}}`);
  const status = statusOf(req);
  if (typeof status !== 'string') return status;
  const categories = structured(req, 'special_ad_categories');
  if (categories === undefined) return invalid('Special Ad Categories required', 'Please specify the special_ad_categories of the campaign: an empty list, or NONE, when it has none.');
  if (!Array.isArray(categories) || categories.some((item) => typeof item !== 'string' || !SPECIAL_CATEGORIES.includes(item))) {
    return graphError(100, `(#100) Param special_ad_categories must be a list of {${SPECIAL_CATEGORIES.join(', ')}}`);
  }
  const sharing = param(req, 'is_adset_budget_sharing_enabled');
  const id = newId(ctx);
  const campaign: AdCampaign = {
    id,
    accountId: META_AD_ACCOUNT.id,
    name,
    objective,
    status,
    specialAdCategories: categories as string[],
    buyingType: text(req, 'buying_type') ?? 'AUCTION',
    ...(sharing === undefined ? {} : { adsetBudgetSharing: sharing === true || sharing === 'true' }),
    createdTime: nowIso(ctx),
  };
  campaigns(ctx).set(id, campaign);
  ctx.log(`social sandbox: facebook ad campaign ${id} created (${status})`);
  return json(200, { id });
}

function targetingError(targeting: unknown): SandboxResponse | null {
  if (!isObject(targeting)) return invalid('Targeting required', 'The ad set needs a targeting spec (a JSON object).');
  const geo = targeting.geo_locations;
  const hasPlaces = isObject(geo) && ['countries', 'regions', 'cities'].some((key) => Array.isArray(geo[key]) && (geo[key] as unknown[]).length > 0);
  if (!hasPlaces) return invalid('Location is required', 'Please choose where the ads show: targeting.geo_locations needs countries, regions or cities.');
  const ageMin = targeting.age_min ?? 18;
  const ageMax = targeting.age_max ?? 65;
  if (typeof ageMin !== 'number' || typeof ageMax !== 'number' || ageMin < 13 || ageMax > 65 || ageMin > ageMax) {
    return invalid('Invalid age range', 'targeting.age_min and age_max must be whole ages from 13 to 65, age_min not above age_max.');
  }
  return null;
}

/**
 * The `name` of a new child object and its parent named by `parentParam` (a campaign of an ad set,
 * an ad set of an ad) when it is of the account of the path; else Graph's error.
 */
function namedChild<T extends { accountId: string }>(call: ApiCall, table: Table<T>, parentParam: string, label: string): { name: string; parentId: string; parent: T } | SandboxResponse {
  const name = text(call.req, 'name');
  if (!name) return required('name');
  const parentId = text(call.req, parentParam);
  if (!parentId) return required(parentParam);
  const parent = table.get(parentId);
  if (!parent || parent.accountId !== call.params.accountId) return invalid(`Invalid ${label}`, `The ${label} ${parentId} does not exist in this ad account.`);
  return { name, parentId, parent };
}

/** The text parameters named by `names` that the request carries, under their record names. */
function kept<K extends string>(req: SandboxRequest, names: Record<K, string>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries<string>(names).flatMap(([key, name]) => (text(req, name) === undefined ? [] : [[key, text(req, name)]]))) as Partial<Record<K, string>>;
}

function createAdSet(call: ApiCall): SandboxResponse {
  const { req, ctx } = call;
  const named = namedChild(call, campaigns(ctx), 'campaign_id', 'campaign');
  if ('status' in named) return named;
  const { name, parentId: campaignId, parent: campaign } = named;
  const daily = param(req, 'daily_budget');
  const lifetime = param(req, 'lifetime_budget');
  if ((daily === undefined) === (lifetime === undefined)) return invalid('Budget required', 'Set either daily_budget or lifetime_budget on the ad set (one of them, in cents).');
  const budget = cents(daily ?? lifetime);
  if (budget === null) return invalid('Invalid budget', 'The budget must be a whole number of cents above 0.');
  if (daily !== undefined && budget < MIN_DAILY_BUDGET_CENTS) {
    return invalid('Your budget is too low', `The daily budget must be at least ${(MIN_DAILY_BUDGET_CENTS / 100).toFixed(2)} ${META_AD_ACCOUNT.currency}.`);
  }
  const billingEvent = text(req, 'billing_event');
  if (!billingEvent || !BILLING_EVENTS.includes(billingEvent)) return graphError(100, `(#100) Param billing_event must be one of {${BILLING_EVENTS.join(', ')}}`);
  const optimizationGoal = text(req, 'optimization_goal');
  if (!optimizationGoal || !OPTIMIZATION_GOALS.includes(optimizationGoal)) return graphError(100, `(#100) Param optimization_goal must be one of {${OPTIMIZATION_GOALS.join(', ')}}`);
  const targeting = structured(req, 'targeting');
  const badTargeting = targetingError(targeting);
  if (badTargeting) return badTargeting;
  const startText = text(req, 'start_time');
  const endText = text(req, 'end_time');
  const start = startText === undefined ? ctx.publishing.now() : timeOf(startText);
  const end = endText === undefined ? null : timeOf(endText);
  if (start === null || (endText !== undefined && end === null)) return invalid('Invalid time', 'start_time and end_time must be ISO 8601 times or Unix timestamps.');
  if (lifetime !== undefined && end === null) return invalid('End time required', 'An ad set with a lifetime budget needs an end_time.');
  if (end !== null && end <= start) return invalid('Invalid schedule', 'The end_time of the ad set must be after its start_time.');
  const status = statusOf(req);
  if (typeof status !== 'string') return status;
  const id = newId(ctx);
  const adset: AdSet = {
    id,
    accountId: campaign.accountId,
    campaignId,
    name,
    status,
    ...(daily === undefined ? { lifetimeBudget: budget } : { dailyBudget: budget }),
    billingEvent,
    optimizationGoal,
    targeting: targeting as Record<string, unknown>,
    startTime: new Date(start).toISOString(),
    ...(end === null ? {} : { endTime: new Date(end).toISOString() }),
    ...kept(req, { bidStrategy: 'bid_strategy', destinationType: 'destination_type', dsaBeneficiary: 'dsa_beneficiary', dsaPayor: 'dsa_payor' }),
    createdTime: nowIso(ctx),
  };
  adsets(ctx).set(id, adset);
  return json(200, { id });
}

function createCreative(call: ApiCall): SandboxResponse {
  const { req, ctx } = call;
  const spec = structured(req, 'object_story_spec');
  if (spec === undefined) return required('object_story_spec');
  if (!isObject(spec)) return graphError(100, '(#100) Param object_story_spec must be a JSON object');
  const pageId = typeof spec.page_id === 'string' || typeof spec.page_id === 'number' ? String(spec.page_id) : '';
  if (!META_PAGES.some((page) => page.id === pageId)) return invalid('Invalid page', `object_story_spec.page_id ${pageId || '(none)'} is not a page you can advertise for.`);
  const instagram = spec.instagram_user_id;
  if (instagram !== undefined && !META_PAGES.some((page) => page.instagram?.id === String(instagram))) {
    return invalid('Invalid Instagram account', `object_story_spec.instagram_user_id ${String(instagram)} is not an Instagram account of your pages.`);
  }
  const link = spec.link_data;
  if (!isObject(link) || typeof link.link !== 'string' || !/^https?:\/\//i.test(link.link)) return invalid('Link required', 'object_story_spec.link_data.link must be an http(s) URL.');
  if (link.image_hash !== undefined) return invalid('Image not found', 'The image hash is not in this ad account’s image library (the sandbox has no /adimages: use link_data.picture).');
  if (link.picture !== undefined && (typeof link.picture !== 'string' || !/^https?:\/\//i.test(link.picture))) return invalid('Invalid picture', 'link_data.picture must be an http(s) URL.');
  const id = newId(ctx);
  creatives(ctx).set(id, { id, accountId: META_AD_ACCOUNT.id, name: text(req, 'name') ?? `Creative ${id}`, objectStorySpec: spec, createdTime: nowIso(ctx) });
  return json(200, { id });
}

function createAd(call: ApiCall): SandboxResponse {
  const { req, ctx } = call;
  const named = namedChild(call, adsets(ctx), 'adset_id', 'ad set');
  if ('status' in named) return named;
  const { name, parentId: adsetId, parent: adset } = named;
  const creative = structured(req, 'creative');
  const creativeId = isObject(creative) && (typeof creative.creative_id === 'string' || typeof creative.creative_id === 'number') ? String(creative.creative_id) : '';
  if (!creativeId) return required('creative');
  if (!creatives(ctx).get(creativeId)) return invalid('Invalid creative', `The creative ${creativeId} does not exist in this ad account.`);
  const status = statusOf(req);
  if (typeof status !== 'string') return status;
  const id = newId(ctx);
  ads(ctx).set(id, { id, accountId: adset.accountId, adsetId, campaignId: adset.campaignId, creativeId, name, status, createdTime: nowIso(ctx) });
  return json(200, { id });
}

/** Meta's insights row of `campaign`, or null while it has delivered nothing. */
function insightsRow(campaign: AdCampaign): Record<string, string> | null {
  const figures = campaign.insights;
  if (!figures || (figures.impressions === 0 && figures.spend === 0)) return null;
  const { spend, impressions, clicks } = figures;
  return {
    campaign_id: campaign.id,
    spend: spend.toFixed(2),
    impressions: String(impressions),
    clicks: String(clicks),
    cpm: impressions > 0 ? ((spend / impressions) * 1000).toFixed(6) : '0',
    cpc: clicks > 0 ? (spend / clicks).toFixed(6) : '0',
    ctr: impressions > 0 ? ((clicks / impressions) * 100).toFixed(6) : '0',
    date_start: campaign.createdTime.slice(0, 10),
    date_stop: new Date().toISOString().slice(0, 10),
  };
}

const isCampaign = (ctx: SandboxContext, id: string | undefined) => id !== undefined && campaigns(ctx).get(id) !== undefined;

/** The create edges `POST /__sandbox/ads/fail` can make fail. */
export const AD_EDGES = ['campaigns', 'adsets', 'adcreatives', 'ads'] as const;
type AdEdge = (typeof AD_EDGES)[number];

/** Per sandbox, the creates still to fail per edge (memory only: a restart clears them). */
const failures = new WeakMap<SandboxContext, Map<AdEdge, number>>();

/** Meta's transient error (code 2, HTTP 500) when a failure of `edge` is pending (it is used up); else null. */
function injectedFailure(ctx: SandboxContext, edge: AdEdge): SandboxResponse | null {
  const pending = failures.get(ctx);
  const left = pending?.get(edge) ?? 0;
  if (left <= 0) return null;
  pending?.set(edge, left - 1);
  return graphError(2, 'An unexpected error has occurred. Please retry your request later.', { transient: true }, 500);
}

const accountRoute = (edge: AdEdge, handle: (call: ApiCall) => SandboxResponse): TokenRoute => ({
  method: 'POST',
  path: `/:accountId/${edge}`,
  operation: 'ads',
  scopes: WRITE_SCOPES,
  accepts: (_ctx, _network, params) => (params.accountId ?? '').startsWith('act_'),
  handle: (call) => accountError(call) ?? injectedFailure(call.ctx, edge) ?? handle(call),
});

/** A number of `digits` digits from `text`'s hash (deterministic keys of the targeting search). */
const hashDigits = (text: string, digits: number) => (BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 15)}`) % 10n ** BigInt(digits)).toString().padStart(digits, '0');

/** `location_types` as Graph takes it: a JSON list (or one bare type). */
function locationTypes(value: string | null): string[] {
  if (!value) return ['country', 'region', 'city'];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [value];
  }
}

/** Meta's targeting search (see the module header). */
function targetingSearch(call: ApiCall): SandboxResponse {
  const query = call.req.query;
  const type = query.get('type');
  const q = (query.get('q') ?? '').trim();
  if (!type) return required('type');
  if (q === '') return json(200, { data: [] });
  const wanted = normalizeSearchText(q);
  if (type === 'adinterest') {
    return json(200, { data: [{ id: `6003${hashDigits(wanted, 10)}`, name: q, audience_size_lower_bound: 1_000_000, audience_size_upper_bound: 1_200_000, path: ['Interests', q], topic: 'Sandbox' }] });
  }
  if (type !== 'adgeolocation') return graphError(100, `(#100) Param type must be one of {adgeolocation, adinterest}`);
  const country = query.get('country_code');
  if (country && country.toUpperCase() !== 'ES') return json(200, { data: [] });
  const types = locationTypes(query.get('location_types'));
  const data: Record<string, unknown>[] = [];
  const province = SPANISH_PROVINCES.findIndex((name) => normalizeSearchText(name) === wanted);
  if (types.includes('region') && province >= 0) {
    data.push({ key: `35${String(province).padStart(2, '0')}`, name: SPANISH_PROVINCES[province], type: 'region', country_code: 'ES', country_name: 'Spain', supports_region: true, supports_city: true });
  }
  if (types.includes('city')) {
    data.push({ key: hashDigits(wanted, 7), name: q, type: 'city', country_code: 'ES', country_name: 'Spain', region: '', supports_region: true, supports_city: true });
  }
  return json(200, { data });
}

/** The Marketing API routes (Facebook only; before the publishing routes' `GET /:id`, ./api.ts). */
export const ADS_ROUTES: readonly TokenRoute[] = [
  {
    method: 'GET',
    path: '/me/adaccounts',
    operation: 'ads',
    scopes: READ_SCOPES,
    handle: (call) => {
      const account = { id: META_AD_ACCOUNT.id, account_id: META_AD_ACCOUNT.accountId, name: META_AD_ACCOUNT.name, currency: META_AD_ACCOUNT.currency, account_status: META_AD_ACCOUNT.status };
      return json(200, { data: [pickFields(account, graphFields(call.req.query.get('fields')), ['account_id'])], paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } } });
    },
  },
  {
    method: 'GET',
    path: '/me/permissions',
    operation: 'ads',
    handle: (call) => json(200, { data: [...new Set(['public_profile', ...call.grant.scopes])].map((permission) => ({ permission, status: 'granted' })) }),
  },
  { method: 'GET', path: '/search', operation: 'ads', handle: targetingSearch },
  accountRoute('campaigns', createCampaign),
  accountRoute('adsets', createAdSet),
  accountRoute('adcreatives', createCreative),
  accountRoute('ads', createAd),
  {
    method: 'GET',
    path: '/:campaignId/insights',
    operation: 'insights',
    scopes: READ_SCOPES,
    accepts: (ctx, _network, params) => isCampaign(ctx, params.campaignId),
    handle: (call) => {
      const campaign = campaigns(call.ctx).get(call.params.campaignId ?? '') as AdCampaign;
      const row = insightsRow(campaign);
      const fields = graphFields(call.req.query.get('fields'));
      const data = row ? [Object.fromEntries(Object.entries(row).filter(([key]) => !fields || fields.has(key) || key === 'date_start' || key === 'date_stop'))] : [];
      return json(200, { data, paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } } });
    },
  },
  {
    method: 'GET',
    path: '/:campaignId',
    operation: 'ads',
    scopes: READ_SCOPES,
    accepts: (ctx, _network, params) => isCampaign(ctx, params.campaignId),
    handle: (call) => {
      const campaign = campaigns(call.ctx).get(call.params.campaignId ?? '') as AdCampaign;
      const object = {
        id: campaign.id,
        account_id: campaign.accountId.slice('act_'.length),
        name: campaign.name,
        status: campaign.status,
        effective_status: campaign.status,
        objective: campaign.objective,
        buying_type: campaign.buyingType,
        special_ad_categories: campaign.specialAdCategories,
        created_time: graphTime(campaign.createdTime),
      };
      return json(200, pickFields(object, graphFields(call.req.query.get('fields')), ['id']));
    },
  },
];

/** A campaign as the hook and the page list it: its ad sets, each with its ads (with the creative). */
export type AdCampaignView = AdCampaign & { adsets: (AdSet & { ads: (Ad & { creative: AdCreative | null })[] })[] };

/** Every campaign of the sandbox, oldest first, with its ad sets and ads. */
export function listAds(ctx: SandboxContext): AdCampaignView[] {
  const allAdsets = adsets(ctx).values();
  const allAds = ads(ctx).values();
  const byTime = <T extends { createdTime: string; id: string }>(a: T, b: T) => a.createdTime.localeCompare(b.createdTime) || a.id.localeCompare(b.id);
  return campaigns(ctx)
    .values()
    .sort(byTime)
    .map((campaign) => ({
      ...campaign,
      adsets: allAdsets
        .filter((adset) => adset.campaignId === campaign.id)
        .sort(byTime)
        .map((adset) => ({ ...adset, ads: allAds.filter((ad) => ad.adsetId === adset.id).sort(byTime).map((ad) => ({ ...ad, creative: creatives(ctx).get(ad.creativeId) ?? null })) })),
    }));
}

/**
 * `/__sandbox/ads` hooks: `GET` → `{adAccount, campaigns: AdCampaignView[]}`; `POST ads/insights`
 * `{campaignId, spend (EUR), impressions, clicks}` → `{campaign}` sets what insights answer;
 * `POST ads/fail` `{edge (campaigns|adsets|adcreatives|ads), times?: 1}` → `{edge, times}`: the
 * next `times` creates of that edge answer Meta's transient error (code 2, HTTP 500) without
 * creating anything. Null for other hooks.
 */
export function serveAdsHook(ctx: SandboxContext, req: SandboxRequest, hook: string): SandboxResponse | null {
  if (hook === 'ads' && req.method === 'GET') return json(200, { adAccount: META_AD_ACCOUNT, campaigns: listAds(ctx) });
  if (hook === 'ads/fail' && req.method === 'POST') {
    const { edge, times = 1 } = req.body ?? {};
    if (typeof edge !== 'string' || !(AD_EDGES as readonly string[]).includes(edge)) return json(400, { error: `edge must be one of ${AD_EDGES.join(', ')}` });
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) return json(400, { error: 'times must be a whole number >= 1' });
    const pending = failures.get(ctx) ?? new Map<AdEdge, number>();
    pending.set(edge as AdEdge, times);
    failures.set(ctx, pending);
    return json(200, { edge, times });
  }
  if (hook !== 'ads/insights' || req.method !== 'POST') return null;
  const body = req.body ?? {};
  const campaignId = typeof body.campaignId === 'string' ? body.campaignId : '';
  const campaign = campaigns(ctx).get(campaignId);
  if (!campaign) return json(400, { error: `unknown campaign ${campaignId}` });
  const { spend, impressions, clicks } = body;
  const whole = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if (typeof spend !== 'number' || !(spend >= 0) || !whole(impressions) || !whole(clicks)) return json(400, { error: 'spend (EUR, >= 0), impressions and clicks (whole, >= 0) are required' });
  campaign.insights = { spend, impressions: impressions as number, clicks: clicks as number };
  campaigns(ctx).set(campaign.id, campaign);
  return json(200, { campaign });
}
