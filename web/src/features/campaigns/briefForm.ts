/**
 * The brief form of a new campaign (issue 15 item 1) as pure data: what the form holds (text as
 * typed), the brief it becomes (the budget read with shared `parseBudgetEuros`, the plan's rule),
 * and each problem of CampaignBriefSchema placed on its field with its Spanish message, so the
 * page shows them next to the inputs and sends nothing invalid. The default landing URL is the
 * brand's public blog home (`{origin}/blog/{slug}`, as Gestor del Blog shows it) when the blog is
 * enabled, else empty.
 */
import {
  CAMPAIGN_BRIEF_MSG,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  CampaignBriefSchema,
  parseBudgetEuros,
  type CampaignBrief,
  type CampaignNetwork,
  type CampaignObjective,
  type LocationKind,
} from '@director-ia/shared';

export interface LocationRow {
  kind: LocationKind;
  /** A province's name (one of SPANISH_PROVINCES) or a city's, as typed. */
  name: string;
}

/** The form's fields as the inputs hold them. */
export interface BriefForm {
  name: string;
  /** '' until the owner chooses. */
  objective: CampaignObjective | '';
  /** Euros as typed ('600', '600,50 €'). */
  budget: string;
  startDate: string;
  endDate: string;
  networks: CampaignNetwork[];
  offer: string;
  locations: LocationRow[];
  ageMin: number;
  ageMax: number;
  interests: string[];
  landingUrl: string;
}

/** An empty form, landing on `landingUrl` (the blog home, or ''). */
export function emptyBriefForm(landingUrl = ''): BriefForm {
  return {
    name: '',
    objective: '',
    budget: '',
    startDate: '',
    endDate: '',
    networks: [],
    offer: '',
    locations: [{ kind: 'provincia', name: '' }],
    ageMin: CAMPAIGN_LIMITS.minAge,
    ageMax: CAMPAIGN_LIMITS.maxAge,
    interests: [],
    landingUrl,
  };
}

/** The public blog's home, when the blog is enabled and has its address; '' otherwise. */
export function blogHome(settings: { isEnabled: boolean; slug: string } | undefined, origin: string): string {
  return settings?.isEnabled && settings.slug ? `${origin}/blog/${settings.slug}` : '';
}

/**
 * Where a problem shows: the brief's field ('name', 'budget', 'networks', …), the audience's
 * ('audience.ageMax', 'audience.interests', 'audience.locations') or one location's row
 * ('audience.locations.2').
 */
export function briefField(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (first === 'audience' && second === 'locations' && third !== undefined) return `audience.locations.${third}`;
  if (first === 'audience') return second === undefined ? 'audience' : `audience.${second}`;
  return first ?? 'form';
}

/** Each field's first problem (Spanish), by `briefField` key. */
export type BriefErrors = Readonly<Record<string, string>>;

export type BriefCheck = { ok: true; brief: CampaignBrief } | { ok: false; errors: BriefErrors };

/**
 * The brief of `form`, or every field's first problem. The budget is read with `parseBudgetEuros`
 * (its message is the plan's 'Por favor, introduce un presupuesto válido.'); everything is then
 * checked with CampaignBriefSchema, the server's own schema (it re-checks, plus dates not in the
 * past in the brand's zone and the landing URL rule).
 */
export function checkBrief(form: BriefForm): BriefCheck {
  const budget = parseBudgetEuros(form.budget);
  const candidate = {
    name: form.name,
    objective: form.objective,
    budget: budget.ok ? budget.cents / 100 : Number.NaN,
    startDate: form.startDate,
    endDate: form.endDate,
    networks: form.networks,
    offer: form.offer,
    audience: { locations: form.locations, ageMin: form.ageMin, ageMax: form.ageMax, interests: form.interests },
    landingUrl: form.landingUrl,
  };
  const parsed = CampaignBriefSchema.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (!budget.ok) errors.budget = budget.message;
  if (parsed.success && budget.ok) return { ok: true, brief: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    const field = briefField(issue.path);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The refusals only the server can make (the brand's today, the site's own origin), by the field they concern. */
const SERVER_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  [CAMPAIGN_BRIEF_MSG.startPast]: 'startDate',
  [CAMPAIGN_MSG.landingNotAllowed]: 'landingUrl',
};

/** Where generarCampana's refusal `message` shows: its field ('startDate', 'landingUrl'), or undefined for the form as a whole. */
export const briefFieldOfMessage = (message: string): string | undefined => SERVER_FIELD_MESSAGES[message];

/** `interests` with `text` added (trimmed; ignored when empty, repeated, case aside, or over the limit). */
export function addInterest(interests: readonly string[], text: string): string[] {
  const interest = text.trim();
  if (!interest || interests.length >= CAMPAIGN_LIMITS.maxInterests) return [...interests];
  const lower = interest.toLocaleLowerCase('es');
  return interests.some((existing) => existing.toLocaleLowerCase('es') === lower) ? [...interests] : [...interests, interest];
}

/** `networks` with `network` added or removed, kept in `order` (CAMPAIGN_NETWORKS). */
export function toggleNetwork(networks: readonly CampaignNetwork[], network: CampaignNetwork, order: readonly CampaignNetwork[]): CampaignNetwork[] {
  const chosen = new Set(networks);
  if (chosen.has(network)) chosen.delete(network);
  else chosen.add(network);
  return order.filter((candidate) => chosen.has(candidate));
}

/** The ages the selects offer: 18 … 65 (65 reads '65 o más'). */
export const AGE_OPTIONS: readonly number[] = Array.from({ length: CAMPAIGN_LIMITS.maxAge - CAMPAIGN_LIMITS.minAge + 1 }, (_, index) => CAMPAIGN_LIMITS.minAge + index);
