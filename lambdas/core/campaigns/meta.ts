/**
 * The Meta Ads draft of a campaign (issue 15 item 3): "Crear borrador en Meta" creates the campaign,
 * its ad sets and ads PAUSED in the owner's ad account through the Marketing API
 * (platform/social/ads/meta.ts), with the Facebook connection's user token. Nothing is ever
 * launched from here: the owner does that in Meta.
 *
 * - `listAdAccounts(sub, now)` → listarCuentasPublicitarias's answer: `connected` (a Facebook
 *   connection in `conectada`), `adsPermission` (`ads_management` among the connection's stored
 *   scopes, or, since Meta's token answer names none, among the permissions Graph lists), `sandbox`
 *   (the connection is the twin's "Red de pruebas"), and the usable ad accounts (active or in grace
 *   period) when both hold.
 * - `createMetaDraft(sub, {id, adAccountId}, now)` → the updated Campaign item. Refusals
 *   (InvalidInputError, CAMPAIGN_MSG): not 'aprobada' (metaNotApproved); no Facebook or Instagram
 *   with budget (metaNoNetworks); a Meta creative without a gallery image (metaNoImage); no
 *   Facebook connection or page (metaNotConnected); no ads permission (metaNoAdsPermission); an
 *   account the connection does not reach (metaAccountNotFound) or not in EUR (metaCurrency); a
 *   campaign already over (metaEnded); a place Meta cannot target (metaLocationNotFound); Meta's
 *   refusal (metaFailed with Meta's words). Meta unreachable or throttling: UnavailableError
 *   (metaUnavailable); a token Meta no longer accepts: the connection goes to `reconectar` and
 *   UnavailableError (SOCIAL_MSG.accessRevoked).
 *   Steps: every Meta creative gets its tracked link first (binding decision: source {kind
 *   'creative', id, network, campaignId}, utm {network, 'paid_social', slug of the name, creative
 *   id}, target = the brief's landing URL), stored in the proposal's creative `link`; then the
 *   campaign (META_OBJECTIVES), one ad set per Meta network of the campaign with budget (lifetime
 *   budget = that network's cents of the split, the brief's dates as instants in the brand's zone,
 *   the network's audience: provinces as Meta regions, else as cities; cities; interests Meta's
 *   search resolves, the others left out), then per creative its ad creative and ad. The MetaDraft
 *   (`metaJson`) is written after EACH created object with an update conditional on the revision
 *   read, so a retry after any failure resumes from what exists and never creates an object twice
 *   (a complete draft is returned as it is, whatever account is asked). A create whose answer is
 *   lost may leave one orphan PAUSED object in Meta, never a duplicate ad in the draft.
 *   The stored JSON extends shared MetaDraft with `networks` (the ad sets' networks, in `adSetIds`
 *   order), `creativeIds` (our creatives, in `adIds` order) and `adCreativeIds` (Meta's creatives):
 *   fixed by the first push, so a later split or creative edit cannot shift the indexes; readers
 *   with MetaDraftSchema simply drop them.
 * - `refreshMetaSpend(sub, item, now)` → the item, its spend updated from Meta's insights (cents,
 *   source 'meta') when a draft exists and the last Meta figure is older than SPEND_REFRESH_MS.
 *   Never throws for Meta or the connection: logs and returns the item as it was.
 */
import {
  addDays,
  CAMPAIGN_MSG,
  CampaignBriefSchema,
  CampaignProposalSchema,
  META_AD_NETWORKS,
  META_OBJECTIVES,
  MetaDraftSchema,
  networkTotals,
  provinceNamed,
  publishInstant,
  SOCIAL_MSG,
  SOCIAL_NETWORK_LABELS,
  type CampaignAudience,
  type CampaignBrief,
  type CampaignProposal,
  type Creative,
} from '@director-ia/shared';
import * as z from 'zod/mini';
import { campaigns, type CampaignItem } from '../../platform/db/entities/campaign';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { loadNetworkApps, NetworkError, type NetworkApp } from '../../platform/social';
import * as ads from '../../platform/social/ads/meta';
import { assetUrl, getAsset } from '../assets/assets';
import { withCreativeLinks } from './links';
import { brandTimeZone } from '../settings/aiSettings';
import { freshAccessToken, markConnectionRefused } from '../social/refresh';
import { readConnection, type SocialConnectionItem } from '../social/store';

/** Meta's figures are read again when the last one is older than this, ms. */
export const SPEND_REFRESH_MS = 10 * 60_000;
/** The permission a draft needs. */
export const ADS_PERMISSION = 'ads_management';
/** Meta's `account_status` values of accounts that can hold a draft: active, in grace period. */
const USABLE_ACCOUNT_STATUSES = new Set([1, 9]);
/** The one currency the split's cents can be sent in as they are. */
const DRAFT_CURRENCY = 'EUR';
/** Attempts of a conditional write that loses to an unrelated edit of the campaign. */
const WRITE_ATTEMPTS = 3;

type MetaNetwork = (typeof META_AD_NETWORKS)[number];
const isMetaNetwork = (network: string): network is MetaNetwork => (META_AD_NETWORKS as readonly string[]).includes(network);

/** The stored draft: shared MetaDraft plus what a resume needs (see the module header). */
const StoredDraftSchema = z.extend(MetaDraftSchema, {
  networks: z.array(z.enum(META_AD_NETWORKS)),
  creativeIds: z.array(z.string()),
  adCreativeIds: z.array(z.string()),
});
type StoredDraft = z.infer<typeof StoredDraftSchema>;

/** The item's draft as stored, or null when none was started. */
function storedDraft(item: CampaignItem): StoredDraft | null {
  if (!item.metaJson) return null;
  return z.parse(StoredDraftSchema, JSON.parse(item.metaJson));
}

async function readCampaignItem(sub: string, id: string): Promise<CampaignItem> {
  const { data } = await campaigns().get({ uid: sub, id }).go({ consistent: true });
  if (!data) throw new NotFoundError(CAMPAIGN_MSG.campaignNotFound);
  return data;
}

/**
 * Writes `mutate(current)` on the campaign with an update conditional on the revision read; when
 * an unrelated edit won meanwhile, reads again and re-applies (WRITE_ATTEMPTS times). `mutate`
 * throws ConflictError when the fresh item makes the change wrong. Returns the written item.
 */
async function writeCampaign(item: CampaignItem, mutate: (current: CampaignItem) => Pick<Partial<CampaignItem>, 'metaJson' | 'proposalJson'>, now: Date): Promise<CampaignItem> {
  let current = item;
  for (let attempt = 1; ; attempt++) {
    const changes = mutate(current);
    try {
      const { data } = await campaigns()
        .patch({ uid: current.uid, id: current.id })
        .set({ ...changes, revision: current.revision + 1, updatedAt: now.toISOString() })
        .where((attr, op) => op.eq(attr.revision, current.revision))
        .go({ response: 'all_new' });
      return data as CampaignItem;
    } catch (error) {
      if (!isConditionalCheckFailure(error) || attempt >= WRITE_ATTEMPTS) throw isConditionalCheckFailure(error) ? new ConflictError(CAMPAIGN_MSG.conflict) : error;
      current = await readCampaignItem(current.uid, current.id);
    }
  }
}

/** Writes `draft` over the stored one, on condition that nobody else moved the draft meanwhile. */
function saveDraft(item: CampaignItem, draft: StoredDraft, now: Date): Promise<CampaignItem> {
  return writeCampaign(
    item,
    (current) => {
      // Another push progressed the draft (two clicks at once): this one stops rather than duplicate.
      if (current.metaJson !== item.metaJson) throw new ConflictError(CAMPAIGN_MSG.conflict);
      return { metaJson: JSON.stringify(draft) };
    },
    now,
  );
}

/** The Facebook app of this installation and the connection's user token. */
async function metaAccess(sub: string, connection: SocialConnectionItem, now: Date): Promise<{ app: NetworkApp; token: string }> {
  const app = (await loadNetworkApps()).facebook;
  if (!app) throw new InvalidInputError(CAMPAIGN_MSG.metaNotConnected);
  return { app, token: await freshAccessToken(sub, connection.network, now) };
}

/** `sub`'s Facebook connection when it is usable (`conectada`), else null. */
async function facebookConnection(sub: string): Promise<SocialConnectionItem | null> {
  const item = await readConnection(sub, 'facebook');
  return item?.state === 'conectada' ? item : null;
}

/** Whether the connection may manage ads (see the module header). */
async function hasAdsPermission(connection: SocialConnectionItem, app: NetworkApp, token: string): Promise<boolean> {
  const stored = connection.scope?.split(/[\s,]+/).filter(Boolean);
  if (stored && stored.length > 0) return stored.includes(ADS_PERMISSION);
  return (await ads.grantedPermissions(app, token)).includes(ADS_PERMISSION);
}

/** A Marketing API failure as the domain error the module header lists (other errors as they are). */
async function domainError(sub: string, error: unknown, now: Date): Promise<unknown> {
  if (!(error instanceof NetworkError)) return error;
  logger.warn('Meta refused a Marketing API call', { kind: error.kind, status: error.status ?? null, detail: error.detail });
  if (error.kind === 'invalid_grant') {
    await markConnectionRefused(sub, 'facebook', SOCIAL_MSG.accessRevoked('facebook'), now);
    return new UnavailableError(SOCIAL_MSG.accessRevoked('facebook'));
  }
  if (error.kind === 'denied') return new InvalidInputError(CAMPAIGN_MSG.metaNoAdsPermission);
  if (error.kind === 'rejected') return new InvalidInputError(CAMPAIGN_MSG.metaFailed(error.detail));
  return new UnavailableError(CAMPAIGN_MSG.metaUnavailable);
}

/** Runs `work`, turning Marketing API failures into domain errors. */
async function withMeta<T>(sub: string, now: Date, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw await domainError(sub, error, now);
  }
}

/** The usable ad accounts of the token (id `act_…`, name, currency). */
async function usableAccounts(app: NetworkApp, token: string) {
  return (await ads.listAdAccounts(app, token)).filter((account) => USABLE_ACCOUNT_STATUSES.has(account.status)).map(({ id, name, currency }) => ({ id, name, currency }));
}

/** listarCuentasPublicitarias (see the module header). */
export async function listAdAccounts(sub: string, now = new Date()): Promise<{ connected: boolean; adsPermission: boolean; sandbox: boolean; accounts: { id: string; name: string; currency: string }[] }> {
  const connection = await facebookConnection(sub);
  if (!connection) return { connected: false, adsPermission: false, sandbox: false, accounts: [] };
  return withMeta(sub, now, async () => {
    const { app, token } = await metaAccess(sub, connection, now);
    if (!(await hasAdsPermission(connection, app, token))) return { connected: true, adsPermission: false, sandbox: connection.sandbox, accounts: [] };
    return { connected: true, adsPermission: true, sandbox: connection.sandbox, accounts: await usableAccounts(app, token) };
  });
}

/** The targeting of one network's ad set: Meta's keys for the audience's places and interests. */
async function resolveAudience(app: NetworkApp, token: string, audience: CampaignAudience) {
  const regions: ads.TargetingPlace[] = [];
  const cities: ads.TargetingPlace[] = [];
  for (const location of audience.locations) {
    const province = location.kind === 'provincia' ? provinceNamed(location.name) : undefined;
    // A province Meta does not list as a region (most of Spain's: Meta's regions are the
    // autonomous communities) is targeted through its capital city, which bears its name.
    const region = province ? await ads.searchLocation(app, token, { name: province, kind: 'region' }) : null;
    const city = region ? null : await ads.searchLocation(app, token, { name: province ?? location.name, kind: 'city' });
    if (region) regions.push(region);
    else if (city) cities.push(city);
    else throw new InvalidInputError(CAMPAIGN_MSG.metaLocationNotFound(location.name));
  }
  const interests: { id: string; name: string }[] = [];
  for (const name of audience.interests) {
    const found = await ads.searchInterest(app, token, name);
    if (found) interests.push(found);
  }
  return { regions, cities, interests, ageMin: audience.ageMin, ageMax: audience.ageMax };
}

/** Gives every creative of `creativeIds` its tracked link (stored in the proposal); the written item. */
async function linkCreatives(sub: string, item: CampaignItem, brief: CampaignBrief, creativeIds: readonly string[], now: Date): Promise<CampaignItem> {
  const proposal = CampaignProposalSchema.parse(JSON.parse(item.proposalJson));
  if (proposal.creatives.every((creative) => !creativeIds.includes(creative.id) || creative.link)) return item;
  const linked = new Map((await withCreativeLinks(sub, item, brief, proposal.creatives, now, creativeIds)).map((creative) => [creative.id, creative.link]));
  return writeCampaign(
    item,
    (current) => {
      const fresh: CampaignProposal = CampaignProposalSchema.parse(JSON.parse(current.proposalJson));
      const creatives = fresh.creatives.map((creative) => {
        const link = creative.link ?? linked.get(creative.id);
        return link ? { ...creative, link } : creative;
      });
      return { proposalJson: JSON.stringify({ ...fresh, creatives }) };
    },
    now,
  );
}

/** The selected target of `kind` of a connection (else its first of that kind). */
const targetOf = (connection: SocialConnectionItem | null, kind: 'page' | 'instagram') =>
  connection?.targets.find((target) => target.kind === kind && target.selected) ?? connection?.targets.find((target) => target.kind === kind);

/** The Meta draft of an approved campaign (see the module header). */
export async function createMetaDraft(sub: string, input: { id: string; adAccountId: string }, now = new Date()): Promise<CampaignItem> {
  let item = await readCampaignItem(sub, input.id);
  let draft = storedDraft(item);
  if (draft?.complete) return item;
  if (item.status !== 'aprobada') throw new InvalidInputError(CAMPAIGN_MSG.metaNotApproved);
  const brief = CampaignBriefSchema.parse(JSON.parse(item.briefJson));
  const proposal = CampaignProposalSchema.parse(JSON.parse(item.proposalJson));
  const totals = networkTotals(proposal.split);
  const networks = draft?.networks ?? META_AD_NETWORKS.filter((network) => brief.networks.includes(network) && (totals.get(network) ?? 0) > 0);
  if (networks.length === 0) throw new InvalidInputError(CAMPAIGN_MSG.metaNoNetworks);
  const creativeIds = draft?.creativeIds ?? proposal.creatives.filter((creative) => isMetaNetwork(creative.network) && networks.includes(creative.network)).map((creative) => creative.id);
  const creatives = creativeIds.map((id) => proposal.creatives.find((creative) => creative.id === id));
  const pictures = new Map<string, string>();
  for (const creative of creatives) {
    if (!creative) throw new ConflictError(CAMPAIGN_MSG.conflict);
    const asset = creative.assetId ? await getAsset(sub, creative.assetId) : null;
    if (!asset || asset.type !== 'image') throw new InvalidInputError(CAMPAIGN_MSG.metaNoImage(SOCIAL_NETWORK_LABELS[creative.network]));
    pictures.set(creative.id, await assetUrl(asset));
  }
  const connection = await facebookConnection(sub);
  const page = targetOf(connection, 'page');
  if (!connection || !page) throw new InvalidInputError(CAMPAIGN_MSG.metaNotConnected);
  const instagram = networks.includes('instagram') ? targetOf(await readConnection(sub, 'instagram'), 'instagram') : undefined;
  const timeZone = await brandTimeZone(sub);
  const endTime = publishInstant(addDays(brief.endDate, 1), '00:00', timeZone);
  if (Date.parse(endTime) <= now.getTime()) throw new InvalidInputError(CAMPAIGN_MSG.metaEnded);
  const startInstant = publishInstant(brief.startDate, '00:00', timeZone);
  const startTime = Date.parse(startInstant) > now.getTime() ? startInstant : now.toISOString();

  return withMeta(sub, now, async () => {
    const { app, token } = await metaAccess(sub, connection, now);
    if (!(await hasAdsPermission(connection, app, token))) throw new InvalidInputError(CAMPAIGN_MSG.metaNoAdsPermission);
    const accountId = draft?.adAccountId ?? input.adAccountId;
    const account = (await usableAccounts(app, token)).find((candidate) => candidate.id === accountId);
    if (!account) throw new InvalidInputError(CAMPAIGN_MSG.metaAccountNotFound);
    if (account.currency !== DRAFT_CURRENCY) throw new InvalidInputError(CAMPAIGN_MSG.metaCurrency(account.currency));
    const goal = ads.AD_SET_GOALS[META_OBJECTIVES[brief.objective]] ?? { optimizationGoal: 'LINK_CLICKS', destinationType: 'WEBSITE' };
    // Targeting first: a place Meta cannot target refuses before anything exists in Meta.
    const targeting = new Map<MetaNetwork, Awaited<ReturnType<typeof resolveAudience>>>();
    for (const [index, network] of networks.entries()) {
      if (draft?.adSetIds[index]) continue;
      targeting.set(network, await resolveAudience(app, token, proposal.audiences.find((audience) => audience.network === network) ?? brief.audience));
    }
    item = await linkCreatives(sub, item, brief, creativeIds, now);
    const linked = CampaignProposalSchema.parse(JSON.parse(item.proposalJson)).creatives;
    const save = async (next: StoredDraft) => {
      item = await saveDraft(item, next, now);
      draft = next;
    };

    if (!draft) {
      const campaignId = await ads.createCampaign(app, token, accountId, { name: brief.name, objective: META_OBJECTIVES[brief.objective] });
      await save({ adAccountId: accountId, campaignId, adSetIds: [], adIds: [], status: 'PAUSED', complete: false, sandbox: connection.sandbox, createdAt: now.toISOString(), networks, creativeIds, adCreativeIds: [] });
    }
    for (const [index, network] of networks.entries()) {
      const current = draft as StoredDraft;
      if (current.adSetIds[index]) continue;
      const audience = targeting.get(network);
      if (!audience) throw new ConflictError(CAMPAIGN_MSG.conflict);
      const adSetId = await ads.createAdSet(app, token, accountId, {
        name: `${brief.name} · ${SOCIAL_NETWORK_LABELS[network]}`,
        campaignId: current.campaignId,
        lifetimeBudgetCents: totals.get(network) ?? 0,
        startTime,
        endTime,
        optimizationGoal: goal.optimizationGoal,
        ...(goal.destinationType ? { destinationType: goal.destinationType } : {}),
        publisherPlatform: network,
        ...audience,
        dsaName: page.name,
      });
      await save({ ...current, adSetIds: [...current.adSetIds, adSetId] });
    }
    for (const [index, creativeId] of creativeIds.entries()) {
      const creative = linked.find((candidate) => candidate.id === creativeId) as Creative & { network: MetaNetwork };
      const link = creative.link?.url;
      if (!link) throw new ConflictError(CAMPAIGN_MSG.conflict);
      let current = draft as StoredDraft;
      if (!current.adCreativeIds[index]) {
        const adCreativeId = await ads.createAdCreative(app, token, accountId, {
          name: `${brief.name} · ${creative.headline}`,
          pageId: page.id,
          ...(creative.network === 'instagram' && instagram ? { instagramUserId: instagram.id } : {}),
          link,
          message: creative.primaryText,
          headline: creative.headline,
          callToAction: creative.callToAction,
          pictureUrl: pictures.get(creative.id) ?? '',
        });
        await save({ ...current, adCreativeIds: [...current.adCreativeIds, adCreativeId] });
        current = draft as StoredDraft;
      }
      if (current.adIds[index]) continue;
      const adSetId = current.adSetIds[networks.indexOf(creative.network)] ?? '';
      const adId = await ads.createAd(app, token, accountId, { name: `${SOCIAL_NETWORK_LABELS[creative.network]} ${index + 1} · ${creative.headline}`, adSetId, creativeId: current.adCreativeIds[index] ?? '' });
      await save({ ...current, adIds: [...current.adIds, adId] });
    }
    await save({ ...(draft as StoredDraft), complete: true });
    logger.info('Meta draft created', { campaign: item.id, adSets: networks.length, ads: creativeIds.length, sandbox: connection.sandbox });
    return item;
  });
}

/** The campaign's spend from Meta's insights (see the module header). */
export async function refreshMetaSpend(sub: string, item: CampaignItem, now = new Date()): Promise<CampaignItem> {
  try {
    const draft = storedDraft(item);
    if (!draft) return item;
    if (item.spendSource === 'meta' && item.spendAt && now.getTime() - Date.parse(item.spendAt) < SPEND_REFRESH_MS) return item;
    const connection = await facebookConnection(sub);
    if (!connection) return item;
    const { app, token } = await metaAccess(sub, connection, now);
    const insights = await ads.readInsights(app, token, draft.campaignId);
    const { data } = await campaigns()
      .patch({ uid: item.uid, id: item.id })
      .set({ spendCents: insights.spendCents, spendSource: 'meta', spendAt: now.toISOString(), revision: item.revision + 1, updatedAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.revision, item.revision))
      .go({ response: 'all_new' });
    return data as CampaignItem;
  } catch (error) {
    // The page still shows the campaign; the figure is read again on the next view.
    logger.warn('Meta spend not refreshed', { campaign: item.id, error: { name: (error as Error).name, message: error instanceof NetworkError ? error.kind : (error as Error).message } });
    return item;
  }
}
