/**
 * Campañas callables (issue 15), all `active` (owner features). Money in the payloads: euros where
 * the owner types (brief budget, spend), integer cents everywhere else. The tenant is the token's
 * `sub`; another owner's campaign id is NOT_FOUND (CAMPAIGN_MSG.campaignNotFound).
 *
 * - `listarCampanas()` → `{campaigns}`: newest first, each with its results.
 * - `verCampana({id})` → `{campaign, results}`.
 * - `generarCampana({brief})` → `{campaign, results}`: the AI's proposal for the brief (item 2),
 *   stored as 'propuesta'. The brief is re-validated server-side (dates not in the past in the
 *   brand's zone, landing URL https or the site's own origin: CAMPAIGN_MSG.landingNotAllowed). The
 *   offline provider builds a deterministic proposal from the benchmark table (`offline: true`).
 *   The split sums exactly to the budget and the KPI ranges are the table's (`expectedKpis`).
 * - `editarCampana({id, ...})` → `{campaign, results}`: the owner's edits (item 2). `split` is the
 *   whole split after the owner's edit (the page re-balances with shared/campaigns `rebalance`):
 *   one cell per (network, week) of the campaign, integer cents ≥ 0, summing to the budget
 *   (CAMPAIGN_MSG.splitMismatch / splitTotal otherwise); `budget` (euros) changes the total and
 *   re-splits in proportion to the current split. The KPIs follow. `name`, `audiences`, `creatives`
 *   and `posts` replace the proposal's while it is 'propuesta' (CAMPAIGN_MSG.notEditable after);
 *   a creative's `assetId` must be an image of the caller's gallery.
 * - `aprobarCampana({id})` → `{campaign, posts}`: the supporting posts become 'aprobado' calendar
 *   posts (each carrying its tracked link to the landing URL and the campaign id) and are scheduled
 *   through the publishing engine, in one transaction with the status change (as `aprobarPlan`;
 *   the same publishability refusal, PUBLICATION_MSG.approvalInvalid). Approving twice: NOT_FOUND
 *   is never answered for an approved campaign: INVALID_INPUT CAMPAIGN_MSG.alreadyApproved.
 * - `eliminarCampana({id})` → `{id}`: removes the campaign; the posts approval created stay on the
 *   calendar (they are ordinary posts by then), a Meta draft stays in Meta.
 * - `guardarGastoCampana({id, spend})` → `{campaign, results}`: the owner's spend figure, euros ≥ 0
 *   (CAMPAIGN_MSG.spendInvalid), refused for a campaign whose spend Meta reports
 *   (CAMPAIGN_MSG.spendFromMeta).
 * - `listarCuentasPublicitarias()` → `{connected, adsPermission, accounts}`: the Meta ad accounts the
 *   caller's Facebook connection reaches (GET /me/adaccounts); `connected` false without a Facebook
 *   connection, `adsPermission` false when the granted scopes lack `ads_management`.
 * - `crearBorradorMeta({id, adAccountId})` → `{campaign}`: the approved campaign's Meta draft
 *   (item 3): one campaign (objective META_OBJECTIVES[objective], status PAUSED), one ad set per
 *   Meta network of the campaign (lifetime budget = that network's cents, the brief's dates and
 *   audience, PAUSED), one creative and ad (PAUSED) per creative, each linking through its own
 *   tracked link. Idempotent: ids are stored as they are created and a second call resumes (or
 *   returns the complete draft). Refusals are INVALID_INPUT with CAMPAIGN_MSG.meta*; Meta's
 *   refusal is CAMPAIGN_MSG.metaFailed(reason); Meta unreachable is UNAVAILABLE.
 * - `obtenerCifrasMes({month})` → MonthFigures: the month's headline figures for Conóceme (item 5).
 */
import * as z from 'zod/mini';
import { CAMPAIGN_NETWORKS, CampaignAudienceSchema, CampaignBriefSchema, CAMPAIGN_LIMITS } from '../../campaigns/brief';
import { CAMPAIGN_MSG } from '../../campaigns/messages';
import { CAMPAIGN_BUDGET_MSG } from '../../campaigns/budget';
import { AD_CALLS_TO_ACTION, CampaignResultsSchema, CampaignSchema, CampaignSummarySchema, CREATIVE_LIMITS, MonthFiguresSchema } from '../../campaigns/proposal';
import { ScheduledPostSchema } from '../../entities/scheduledPost';
import { define, Empty } from '../define';
import { IdOutput, labelledText, requiredId } from '../fields';
import { BudgetSchema, IsoDateSchema, MonthSchema, PlatformSchema, PostContentSchema, PostMediaSchema, PostTimeSchema, PostTitleSchema, PostVersionsSchema } from './plan';

const CampaignId = requiredId(CAMPAIGN_MSG.missingCampaign);
const CampaignView = z.object({ campaign: CampaignSchema, results: CampaignResultsSchema });

/** Integer cents ≥ 0 (a figure of the split). */
const Cents = z.number({ error: CAMPAIGN_BUDGET_MSG.allocationInvalid }).check(z.int({ error: CAMPAIGN_BUDGET_MSG.allocationInvalid }), z.gte(0, CAMPAIGN_BUDGET_MSG.allocationInvalid));

const SplitEditSchema = z.array(z.strictObject({ network: z.enum(CAMPAIGN_NETWORKS), week: z.number().check(z.int(), z.gte(1)), cents: Cents }), { error: CAMPAIGN_MSG.splitMismatch });

const AudienceEditSchema = z.array(
  z.strictObject({
    network: z.enum(CAMPAIGN_NETWORKS),
    description: labelledText('Descripción del público', 300),
    ...CampaignAudienceSchema.def.shape,
  }),
);

const CreativeEditSchema = z.array(
  z.strictObject({
    id: requiredId(CAMPAIGN_MSG.creativeNotFound),
    network: z.enum(CAMPAIGN_NETWORKS),
    headline: labelledText('Titular', CREATIVE_LIMITS.headline, { required: true }),
    primaryText: labelledText('Texto del anuncio', CREATIVE_LIMITS.primaryText, { required: true }),
    callToAction: z.enum(AD_CALLS_TO_ACTION),
    assetId: z.optional(requiredId(CAMPAIGN_MSG.creativeImageInvalid)),
    imagePrompt: z.optional(labelledText('Imagen a generar', CREATIVE_LIMITS.imagePrompt)),
  }),
);

const PostEditSchema = z.array(
  z.strictObject({
    id: requiredId(CAMPAIGN_MSG.postNotFound),
    title: PostTitleSchema,
    content: PostContentSchema,
    scheduledDate: IsoDateSchema,
    time: PostTimeSchema,
    platform: PlatformSchema,
    versions: PostVersionsSchema,
    media: z.optional(PostMediaSchema),
  }),
);

export const listarCampanas = define({
  name: 'listarCampanas',
  access: 'active',
  input: Empty,
  output: z.object({ campaigns: z.array(CampaignSummarySchema) }),
});

export const verCampana = define({
  name: 'verCampana',
  access: 'active',
  input: z.strictObject({ id: CampaignId }),
  output: CampaignView,
});

export const generarCampana = define({
  name: 'generarCampana',
  access: 'active',
  input: z.strictObject({ brief: CampaignBriefSchema }),
  output: CampaignView,
});

export const editarCampana = define({
  name: 'editarCampana',
  access: 'active',
  input: z.strictObject({
    id: CampaignId,
    name: z.optional(labelledText('Nombre de la campaña', CAMPAIGN_LIMITS.nameLength, { required: true })),
    budget: z.optional(BudgetSchema),
    split: z.optional(SplitEditSchema),
    audiences: z.optional(AudienceEditSchema),
    creatives: z.optional(CreativeEditSchema),
    posts: z.optional(PostEditSchema),
  }),
  output: CampaignView,
  maxBodyBytes: 256 * 1024,
});

export const aprobarCampana = define({
  name: 'aprobarCampana',
  access: 'active',
  input: z.strictObject({ id: CampaignId }),
  output: z.object({ campaign: CampaignSchema, results: CampaignResultsSchema, posts: z.array(ScheduledPostSchema) }),
});

export const eliminarCampana = define({
  name: 'eliminarCampana',
  access: 'active',
  input: z.strictObject({ id: CampaignId }),
  output: IdOutput,
});

export const guardarGastoCampana = define({
  name: 'guardarGastoCampana',
  access: 'active',
  input: z.strictObject({
    id: CampaignId,
    /** Euros ≥ 0, at most two decimals after rounding (the page reads it with parseAllocationEuros). */
    spend: z.number({ error: CAMPAIGN_MSG.spendInvalid }).check(z.gte(0, CAMPAIGN_MSG.spendInvalid), z.lte(1_000_000, CAMPAIGN_MSG.spendInvalid)),
  }),
  output: CampaignView,
});

export const AdAccountSchema = z.object({ id: z.string(), name: z.string(), currency: z.string() });

export const listarCuentasPublicitarias = define({
  name: 'listarCuentasPublicitarias',
  access: 'active',
  input: Empty,
  output: z.object({ connected: z.boolean(), adsPermission: z.boolean(), sandbox: z.boolean(), accounts: z.array(AdAccountSchema) }),
});

export const crearBorradorMeta = define({
  name: 'crearBorradorMeta',
  access: 'active',
  input: z.strictObject({ id: CampaignId, adAccountId: requiredId(CAMPAIGN_MSG.metaNoAccount) }),
  output: CampaignView,
});

export const obtenerCifrasMes = define({
  name: 'obtenerCifrasMes',
  access: 'active',
  input: z.strictObject({ month: MonthSchema }),
  output: MonthFiguresSchema,
});
