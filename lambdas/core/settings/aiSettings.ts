/**
 * Constructor de IA (spec sections 2, 3; issue 3 item 1): the brand's AI settings. Saves merge
 * (an omitted field keeps its value) and the server sets `lastUpdated`. `readBrandContext` is
 * what every AI prompt carries (architecture "AI"). The brand's time zone (issue 13 item 1) is
 * stored with them: the contract's schema already refused a zone `Intl` does not know (400,
 * TIME_MSG.timeZoneInvalid), and `saveAiSettings` checks again for callers inside the server;
 * `brandTimeZone` is what turns a post's local time into its instant (shared/time.ts).
 * The brand's colours (issue 18) are stored with them too; `readBrandLook` is what the render job
 * burns captions with.
 */
import {
  AI_SETTINGS_FIELDS,
  brandColorInvalid,
  DEFAULT_BRAND_COLORS,
  DEFAULT_TIME_ZONE,
  EMPTY_AI_SETTINGS,
  HEX_COLOR_PATTERN,
  isTimeZone,
  TIME_MSG,
  type AiSettings,
  type AiSettingsInput,
  type BrandColorField,
} from '@director-ia/shared';
import type { BrandContext } from '../../platform/ai/types';
import { aiSettings, type AiSettingsItem } from '../../platform/db/entities/aiSettings';
import { InvalidInputError } from '../../platform/errors';
import type { Caller } from '../accounts/profiles';

function toView(item: Partial<AiSettingsItem> | null | undefined): AiSettings {
  if (!item) return { ...EMPTY_AI_SETTINGS };
  return {
    brandName: item.brandName ?? '',
    brandPersonality: item.brandPersonality ?? '',
    targetAudience: item.targetAudience ?? '',
    keywords: item.keywords ?? '',
    topicsToAvoid: item.topicsToAvoid ?? '',
    timeZone: item.timeZone ?? DEFAULT_TIME_ZONE,
    primaryColor: item.primaryColor ?? DEFAULT_BRAND_COLORS.primaryColor,
    accentColor: item.accentColor ?? DEFAULT_BRAND_COLORS.accentColor,
    lastUpdated: item.lastUpdated ?? null,
  };
}

const BRAND_COLOR_FIELDS = ['primaryColor', 'accentColor'] as const satisfies readonly BrandColorField[];

/** The caller's AI settings; empty fields and `lastUpdated: null` before the first save. */
export async function readAiSettings(caller: Pick<Caller, 'sub'>): Promise<AiSettings> {
  const { data } = await aiSettings().get({ uid: caller.sub }).go();
  return toView(data);
}

/**
 * Merges `input` into the caller's AI settings and stamps `lastUpdated`; returns the result.
 * @throws InvalidInputError (TIME_MSG.timeZoneInvalid) for a time zone `Intl` does not know, or
 *   (`brandColorInvalid`) for a colour that is not '#rrggbb'; nothing is written.
 */
export async function saveAiSettings(caller: Pick<Caller, 'sub'>, input: AiSettingsInput, now = new Date()): Promise<AiSettings> {
  const changes: Partial<Record<(typeof AI_SETTINGS_FIELDS)[number] | 'timeZone' | BrandColorField, string>> = {};
  for (const field of AI_SETTINGS_FIELDS) {
    const value = input[field];
    if (value !== undefined) changes[field] = value;
  }
  if (input.timeZone !== undefined) {
    if (!isTimeZone(input.timeZone)) throw new InvalidInputError(TIME_MSG.timeZoneInvalid);
    changes.timeZone = input.timeZone;
  }
  for (const field of BRAND_COLOR_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (!HEX_COLOR_PATTERN.test(value)) throw new InvalidInputError(brandColorInvalid(field));
    changes[field] = value.toLowerCase();
  }
  const { data } = await aiSettings()
    .upsert({ uid: caller.sub, ...changes, lastUpdated: now.toISOString() })
    .go({ response: 'all_new' });
  return toView(data);
}

/** The brand's IANA time zone (DEFAULT_TIME_ZONE until the owner picks one). */
export async function brandTimeZone(sub: string): Promise<string> {
  return (await readAiSettings({ sub })).timeZone;
}

/** The brand context for prompts: only the fields the owner filled in. */
export async function readBrandContext(sub: string): Promise<BrandContext> {
  const settings = await readAiSettings({ sub });
  const context: BrandContext = {};
  for (const field of AI_SETTINGS_FIELDS) {
    if (settings[field]) context[field] = settings[field];
  }
  return context;
}

/** What a composed video is dressed in (issue 18): the brand's colours ('#rrggbb') and, when set, its name. */
export interface BrandLook {
  primaryColor: string;
  accentColor: string;
  brandName?: string;
}

/** The brand's look for the render job: its colours (DEFAULT_BRAND_COLORS until picked) and its name when filled in. */
export async function readBrandLook(sub: string): Promise<BrandLook> {
  const settings = await readAiSettings({ sub });
  return { primaryColor: settings.primaryColor, accentColor: settings.accentColor, ...(settings.brandName ? { brandName: settings.brandName } : {}) };
}
