/**
 * Constructor de IA (spec sections 2, 3; issue 3 item 1): the brand's AI settings. Saves merge
 * (an omitted field keeps its value) and the server sets `lastUpdated`. `readBrandContext` is
 * what every AI prompt carries (architecture "AI").
 */
import { AI_SETTINGS_FIELDS, EMPTY_AI_SETTINGS, type AiSettings, type AiSettingsInput } from '@director-ia/shared';
import type { BrandContext } from '../../platform/ai/types';
import { aiSettings, type AiSettingsItem } from '../../platform/db/entities/aiSettings';
import type { Caller } from '../accounts/profiles';

function toView(item: Partial<AiSettingsItem> | null | undefined): AiSettings {
  if (!item) return { ...EMPTY_AI_SETTINGS };
  return {
    brandName: item.brandName ?? '',
    brandPersonality: item.brandPersonality ?? '',
    targetAudience: item.targetAudience ?? '',
    keywords: item.keywords ?? '',
    topicsToAvoid: item.topicsToAvoid ?? '',
    lastUpdated: item.lastUpdated ?? null,
  };
}

/** The caller's AI settings; empty fields and `lastUpdated: null` before the first save. */
export async function readAiSettings(caller: Pick<Caller, 'sub'>): Promise<AiSettings> {
  const { data } = await aiSettings().get({ uid: caller.sub }).go();
  return toView(data);
}

/** Merges `input` into the caller's AI settings and stamps `lastUpdated`; returns the result. */
export async function saveAiSettings(caller: Pick<Caller, 'sub'>, input: AiSettingsInput, now = new Date()): Promise<AiSettings> {
  const changes: Partial<Record<(typeof AI_SETTINGS_FIELDS)[number], string>> = {};
  for (const field of AI_SETTINGS_FIELDS) {
    const value = input[field];
    if (value !== undefined) changes[field] = value;
  }
  const { data } = await aiSettings()
    .upsert({ uid: caller.sub, ...changes, lastUpdated: now.toISOString() })
    .go({ response: 'all_new' });
  return toView(data);
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
