/**
 * Plan de Contenidos callables (spec sections 2 'calendario', 3, 4, 5, 7; issue 5 items 1–2), all
 * `active` (owner features):
 * - `listarPublicaciones({month})` → `{month, posts, proposal?}`: the caller's scheduled posts of one
 *   month ('YYYY-MM'), by date, and the month's pending proposal when there is one (the same shape
 *   `generarPlanMensual` returns), so the proposed-plan panel survives leaving the page or a reload;
 * - `guardarPublicacion({id, title, content, scheduledDate, time?, platform})` → `{post}`: edits one
 *   post (a new date moves it); `time` is the local 'HH:mm' (24 h) in the brand's time zone
 *   (issue 13 item 1), omitted → the post keeps its time; `targets`, `media` (gallery asset ids) and
 *   `versions` (text per network), each omitted → kept (issue 13 items 1–2); an approved post's
 *   publications follow the edit (their schedules move); the post must still be valid for each
 *   target's network (INVALID_INPUT with the Spanish reason otherwise); NOT_FOUND for an id the caller does not have;
 * - `eliminarPublicacion({id})` → `{id}`;
 * - `generarPlanMensual({month, budget})` → `{planId, month, title, budget, posts, offline, model}`:
 *   the AI's proposal, kept by the server until approved or rejected; budget in euros > 0
 *   ('Por favor, introduce un presupuesto válido.');
 * - `editarPropuesta({planId, post})` → the proposal: the owner's fix of one proposed post before
 *   approval (title, content, date, time, network, versions, media; issue 13 item 2);
 * - `aprobarPlan({planId})` → `{planId, posts}`: every post saved as 'aprobado' in one transaction,
 *   each with the time the plan proposed, and one publication per target scheduled (issue 13);
 *   INVALID_INPUT (PUBLICATION_MSG.approvalInvalid) when a post cannot go out to its network, if
 *   that network is connected (a network that is not connected cannot publish anything: its
 *   publication fails at its time with PUBLICATION_MSG.notConnected and a "Conecta …" link);
 *   NOT_FOUND when the plan is no longer pending (approved, rejected, replaced or unknown);
 * - `rechazarPlan({planId})` → `{planId}`: discards the proposal.
 */
import * as z from 'zod/mini';
import { isIsoDate, isMonth } from '../../calendar';
import { PlanProposalSchema, ScheduledPostSchema } from '../../entities/scheduledPost';
import { SOCIAL_NETWORKS } from '../../networks';
import { MAX_BUDGET_EUR, PLAN_INPUT_MSG as MSG, POST_LIMITS } from '../../plan';
import { isPostTime, TIME_MSG } from '../../time';
import { MAX_POST_MEDIA, MAX_POST_TARGETS, PostTargetSchema, PostVersionSchema } from '../../publishing/publications';
import { define } from '../define';
import { idInput, IdOutput, requiredId, requiredText } from '../fields';

export const MonthSchema = z.string({ error: MSG.monthInvalid }).check(z.refine(isMonth, MSG.monthInvalid));
export const IsoDateSchema = z.string({ error: MSG.dateInvalid }).check(z.refine(isIsoDate, MSG.dateInvalid));
/** Euros: a finite number greater than 0 and at most MAX_BUDGET_EUR (spec 5). */
export const BudgetSchema = z.number({ error: MSG.budgetInvalid }).check(z.gt(0, MSG.budgetInvalid), z.lte(MAX_BUDGET_EUR, MSG.budgetInvalid));
/** A post's local time 'HH:mm', 00:00–23:59 (issue 13 item 1). */
export const PostTimeSchema = z.string({ error: TIME_MSG.timeInvalid }).check(z.refine(isPostTime, TIME_MSG.timeInvalid));
export const PlatformSchema = z.enum(SOCIAL_NETWORKS, { error: MSG.platformInvalid });
export const PostTitleSchema = requiredText(POST_LIMITS.title, {
  missing: MSG.postTitleRequired,
  tooLong: `El título admite como máximo ${POST_LIMITS.title} caracteres.`,
});
export const PostContentSchema = requiredText(POST_LIMITS.content, {
  missing: MSG.postContentRequired,
  tooLong: `El contenido admite como máximo ${POST_LIMITS.content} caracteres.`,
});

/** A post's targets: 1 to MAX_POST_TARGETS (issue 13 item 1). */
export const PostTargetsSchema = z.array(PostTargetSchema).check(
  z.minLength(1, 'Elige al menos una red donde publicar.'),
  z.maxLength(MAX_POST_TARGETS, `Una publicación admite como máximo ${MAX_POST_TARGETS} destinos.`),
);
/** A post's gallery asset ids, in order (issue 13 item 1). */
export const PostMediaSchema = z.array(requiredId('Falta el recurso.')).check(z.maxLength(MAX_POST_MEDIA, `Una publicación admite como máximo ${MAX_POST_MEDIA} imágenes o vídeos.`));
/** Text per network (issue 13 item 2): at most one version per network. */
export const PostVersionsSchema = z.array(PostVersionSchema).check(
  z.refine((versions) => new Set(versions.map((version) => version.network)).size === versions.length, 'Cada red admite una sola versión del texto.'),
);

export const listarPublicaciones = define({
  name: 'listarPublicaciones',
  access: 'active',
  input: z.strictObject({ month: MonthSchema }),
  output: z.object({ month: z.string(), posts: z.array(ScheduledPostSchema), proposal: z.optional(PlanProposalSchema) }),
});

export const guardarPublicacion = define({
  name: 'guardarPublicacion',
  access: 'active',
  input: z.strictObject({
    id: requiredId('Falta la publicación.'),
    title: PostTitleSchema,
    content: PostContentSchema,
    scheduledDate: IsoDateSchema,
    time: z.optional(PostTimeSchema),
    platform: PlatformSchema,
    targets: z.optional(PostTargetsSchema),
    media: z.optional(PostMediaSchema),
    versions: z.optional(PostVersionsSchema),
  }),
  output: z.object({ post: ScheduledPostSchema }),
});

export const editarPropuesta = define({
  name: 'editarPropuesta',
  access: 'active',
  input: z.strictObject({
    planId: requiredId('Falta el plan.'),
    post: z.strictObject({
      id: requiredId('Falta la publicación.'),
      title: PostTitleSchema,
      content: PostContentSchema,
      scheduledDate: IsoDateSchema,
      time: PostTimeSchema,
      platform: PlatformSchema,
      versions: PostVersionsSchema,
      /** Omitted → the proposed post keeps its media. */
      media: z.optional(PostMediaSchema),
    }),
  }),
  output: PlanProposalSchema,
});

export const eliminarPublicacion = define({
  name: 'eliminarPublicacion',
  access: 'active',
  input: idInput('Falta la publicación.'),
  output: IdOutput,
});

export const generarPlanMensual = define({
  name: 'generarPlanMensual',
  access: 'active',
  input: z.strictObject({ month: MonthSchema, budget: BudgetSchema }),
  output: PlanProposalSchema,
});

export const aprobarPlan = define({
  name: 'aprobarPlan',
  access: 'active',
  input: z.strictObject({ planId: requiredId('Falta el plan.') }),
  output: z.object({ planId: z.string(), posts: z.array(ScheduledPostSchema) }),
});

export const rechazarPlan = define({
  name: 'rechazarPlan',
  access: 'active',
  input: z.strictObject({ planId: requiredId('Falta el plan.') }),
  output: z.object({ planId: z.string() }),
});
