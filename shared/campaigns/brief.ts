/**
 * The campaign brief (issue 15 item 1): what the owner asks the AI to plan a campaign from —
 * objective (notoriedad, tráfico, leads, ventas), total budget in euros, dates, networks, the product
 * or offer, the audience (location in Spain by province or city, age range, interests) and the
 * landing URL. The schema is the contract's (generarCampana's input): the web validates the form
 * with it before sending, the server again before doing anything. Every message is Spanish and
 * reaches the owner as it is.
 *
 * Dates are calendar dates 'YYYY-MM-DD' in the brand's zone, end inclusive. A campaign lasts 1 to
 * MAX_CAMPAIGN_DAYS days and is split in weeks (`campaignWeeks`): week 1 starts on the start date,
 * the last week may be shorter.
 */
import * as z from 'zod/mini';
import { addDays, isIsoDate } from '../calendar';
import { BUDGET_INVALID, MAX_BUDGET_EUR } from '../plan';
import { normalizeSearchText } from '../leads';
import type { SocialNetwork } from '../networks';
import { labelledText } from '../contract/fields';

/** What the campaign is for (Meta's ODAX outcomes; META_OBJECTIVES maps them). */
export const CAMPAIGN_OBJECTIVES = ['notoriedad', 'trafico', 'leads', 'ventas'] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];
export const CAMPAIGN_OBJECTIVE_LABELS: Readonly<Record<CampaignObjective, string>> = { notoriedad: 'Notoriedad', trafico: 'Tráfico', leads: 'Leads', ventas: 'Ventas' };
/** The Marketing API objective of each (campaign `objective` field, Graph API v21+). */
export const META_OBJECTIVES: Readonly<Record<CampaignObjective, string>> = { notoriedad: 'OUTCOME_AWARENESS', trafico: 'OUTCOME_TRAFFIC', leads: 'OUTCOME_LEADS', ventas: 'OUTCOME_SALES' };

/**
 * The networks a campaign may use: those that sell ads AND have CPM, CPC and CTR rows in the
 * benchmark table (./benchmarks.ts; a test keeps the two in step). Facebook and Instagram can also
 * be pushed to Meta Ads as a paused draft (item 3). TikTok and YouTube are left out: no citable
 * published CPM/CPC/CTR figure was found for them (see the table's header).
 */
export const CAMPAIGN_NETWORKS = ['facebook', 'instagram', 'linkedin'] as const satisfies readonly SocialNetwork[];
export type CampaignNetwork = (typeof CAMPAIGN_NETWORKS)[number];
export const isCampaignNetwork = (value: unknown): value is CampaignNetwork => (CAMPAIGN_NETWORKS as readonly unknown[]).includes(value);
/** The networks Meta's Marketing API reaches (a draft has one ad set per network among these). */
export const META_AD_NETWORKS = ['facebook', 'instagram'] as const satisfies readonly CampaignNetwork[];

/** Spain's 50 provinces and the autonomous cities Ceuta and Melilla, as INE names them in Spanish. */
export const SPANISH_PROVINCES = [
  'A Coruña', 'Álava', 'Albacete', 'Alicante', 'Almería', 'Asturias', 'Ávila', 'Badajoz', 'Barcelona', 'Burgos', 'Cáceres',
  'Cádiz', 'Cantabria', 'Castellón', 'Ciudad Real', 'Córdoba', 'Cuenca', 'Girona', 'Granada', 'Guadalajara', 'Gipuzkoa',
  'Huelva', 'Huesca', 'Illes Balears', 'Jaén', 'La Rioja', 'Las Palmas', 'León', 'Lleida', 'Lugo', 'Madrid', 'Málaga',
  'Murcia', 'Navarra', 'Ourense', 'Palencia', 'Pontevedra', 'Salamanca', 'Santa Cruz de Tenerife', 'Segovia', 'Sevilla',
  'Soria', 'Tarragona', 'Teruel', 'Toledo', 'Valencia', 'Valladolid', 'Bizkaia', 'Zamora', 'Zaragoza', 'Ceuta', 'Melilla',
] as const;

/** The province named `name` (accent- and case-insensitive), in its canonical spelling; undefined when none. */
export function provinceNamed(name: string): string | undefined {
  const wanted = normalizeSearchText(name);
  return SPANISH_PROVINCES.find((province) => normalizeSearchText(province) === wanted);
}

/** A place in Spain the ads target: a province (one of SPANISH_PROVINCES) or a city (its name). */
export const LOCATION_KINDS = ['provincia', 'ciudad'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const LOCATION_KIND_LABELS: Readonly<Record<LocationKind, string>> = { provincia: 'Provincia', ciudad: 'Ciudad' };

export const CAMPAIGN_LIMITS = {
  nameLength: 80,
  offerLength: 500,
  maxDays: 91,
  maxNetworks: CAMPAIGN_NETWORKS.length,
  maxLocations: 10,
  cityLength: 80,
  maxInterests: 10,
  interestLength: 60,
  /** Meta's age bounds; 65 means "65 o más". */
  minAge: 18,
  maxAge: 65,
  urlLength: 2000,
} as const;

/** Spanish messages of the brief (item 1). */
export const CAMPAIGN_BRIEF_MSG = {
  objectiveInvalid: 'Elige el objetivo de la campaña: notoriedad, tráfico, leads o ventas.',
  budgetInvalid: BUDGET_INVALID,
  startInvalid: 'Indica una fecha de inicio válida.',
  endInvalid: 'Indica una fecha de fin válida.',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la de inicio.',
  tooLong: `Una campaña dura como máximo ${CAMPAIGN_LIMITS.maxDays} días (13 semanas).`,
  startPast: 'La campaña no puede empezar en una fecha que ya ha pasado.',
  networksRequired: 'Elige al menos una red para la campaña.',
  networkInvalid: 'Esa red no admite campañas de anuncios en Director IA.',
  networksRepeated: 'Cada red puede elegirse una sola vez.',
  locationsRequired: 'Indica al menos una provincia o ciudad de España.',
  tooManyLocations: `Indica como máximo ${CAMPAIGN_LIMITS.maxLocations} provincias o ciudades.`,
  provinceInvalid: 'Esa provincia no existe en España: elígela de la lista.',
  cityInvalid: `Escribe el nombre de la ciudad (como máximo ${CAMPAIGN_LIMITS.cityLength} caracteres).`,
  locationKindInvalid: 'Indica si el lugar es una provincia o una ciudad.',
  ageInvalid: `La edad debe ser un número entero entre ${CAMPAIGN_LIMITS.minAge} y ${CAMPAIGN_LIMITS.maxAge}.`,
  ageOrder: 'La edad mínima no puede ser mayor que la máxima.',
  tooManyInterests: `Indica como máximo ${CAMPAIGN_LIMITS.maxInterests} intereses.`,
  interestInvalid: `Cada interés admite entre 1 y ${CAMPAIGN_LIMITS.interestLength} caracteres.`,
  landingInvalid: 'La página de destino debe ser una dirección https completa (por ejemplo, https://tuweb.es/oferta).',
} as const;

const MSG = CAMPAIGN_BRIEF_MSG;

/** A location of the audience; a province's name is stored in its canonical spelling by the server. */
export const CampaignLocationSchema = z
  .strictObject({
    kind: z.enum(LOCATION_KINDS, { error: MSG.locationKindInvalid }),
    name: z.string({ error: MSG.cityInvalid }).check(z.trim(), z.minLength(1, MSG.cityInvalid), z.maxLength(CAMPAIGN_LIMITS.cityLength, MSG.cityInvalid)),
  })
  .check(
    z.refine((location) => location.kind !== 'provincia' || provinceNamed(location.name) !== undefined, {
      message: MSG.provinceInvalid,
      path: ['name'],
    }),
  );
export type CampaignLocation = z.infer<typeof CampaignLocationSchema>;

const Age = z.number({ error: MSG.ageInvalid }).check(z.int({ error: MSG.ageInvalid }), z.gte(CAMPAIGN_LIMITS.minAge, MSG.ageInvalid), z.lte(CAMPAIGN_LIMITS.maxAge, MSG.ageInvalid));

export const CampaignAudienceSchema = z
  .strictObject({
    locations: z
      .array(CampaignLocationSchema, { error: MSG.locationsRequired })
      .check(z.minLength(1, MSG.locationsRequired), z.maxLength(CAMPAIGN_LIMITS.maxLocations, MSG.tooManyLocations)),
    ageMin: Age,
    ageMax: Age,
    interests: z
      .array(z.string({ error: MSG.interestInvalid }).check(z.trim(), z.minLength(1, MSG.interestInvalid), z.maxLength(CAMPAIGN_LIMITS.interestLength, MSG.interestInvalid)))
      .check(z.maxLength(CAMPAIGN_LIMITS.maxInterests, MSG.tooManyInterests)),
  })
  .check(z.refine((audience) => audience.ageMin <= audience.ageMax, { message: MSG.ageOrder, path: ['ageMax'] }));
export type CampaignAudience = z.infer<typeof CampaignAudienceSchema>;

const CampaignDate = (message: string) => z.string({ error: message }).check(z.refine(isIsoDate, message));

/** Whether `url` is an absolute http(s) URL without credentials (the server then requires https, or the site's own origin). */
export function isLandingUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** Days from `start` to `end`, both included (ISO dates). */
export function campaignDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The brief (item 1): generarCampana's input. */
export const CampaignBriefSchema = z
  .strictObject({
    name: labelledText('Nombre de la campaña', CAMPAIGN_LIMITS.nameLength, { required: true }),
    objective: z.enum(CAMPAIGN_OBJECTIVES, { error: MSG.objectiveInvalid }),
    /** Euros, > 0 and ≤ MAX_BUDGET_EUR (the plan's rule; shared/campaigns/budget.ts parseBudgetEuros reads the form's text). */
    budget: z.number({ error: MSG.budgetInvalid }).check(z.gt(0, MSG.budgetInvalid), z.lte(MAX_BUDGET_EUR, MSG.budgetInvalid)),
    startDate: CampaignDate(MSG.startInvalid),
    endDate: CampaignDate(MSG.endInvalid),
    networks: z
      .array(z.enum(CAMPAIGN_NETWORKS, { error: MSG.networkInvalid }), { error: MSG.networksRequired })
      .check(z.minLength(1, MSG.networksRequired), z.refine((networks) => new Set(networks).size === networks.length, MSG.networksRepeated)),
    offer: labelledText('Producto u oferta', CAMPAIGN_LIMITS.offerLength, { required: true }),
    audience: CampaignAudienceSchema,
    landingUrl: z.string({ error: MSG.landingInvalid }).check(z.trim(), z.maxLength(CAMPAIGN_LIMITS.urlLength, MSG.landingInvalid), z.refine(isLandingUrl, MSG.landingInvalid)),
  })
  .check(
    z.refine((brief) => !isIsoDate(brief.startDate) || !isIsoDate(brief.endDate) || brief.endDate >= brief.startDate, { message: MSG.endBeforeStart, path: ['endDate'] }),
    z.refine((brief) => !isIsoDate(brief.startDate) || !isIsoDate(brief.endDate) || brief.endDate < brief.startDate || campaignDays(brief.startDate, brief.endDate) <= CAMPAIGN_LIMITS.maxDays, {
      message: MSG.tooLong,
      path: ['endDate'],
    }),
  );
export type CampaignBrief = z.infer<typeof CampaignBriefSchema>;

/** One week of a campaign: `week` from 1, its first and last day (ISO, inclusive). */
export interface CampaignWeek {
  week: number;
  start: string;
  end: string;
}

/** The weeks of a campaign from `start` to `end` (ISO, inclusive): 7 days each, the last one possibly shorter. */
export function campaignWeeks(start: string, end: string): CampaignWeek[] {
  const weeks: CampaignWeek[] = [];
  for (let first = start, week = 1; first <= end; first = addDays(first, 7), week++) {
    const last = addDays(first, 6);
    weeks.push({ week, start: first, end: last < end ? last : end });
  }
  return weeks;
}
