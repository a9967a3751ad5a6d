/**
 * Constructor de IA, the write side as `guardarAjustesIA` runs it (spec 3; issue 13 item 1): the
 * merge of ./aiSettings.ts `saveAiSettings`, and, when the save changed the brand's time zone,
 * every scheduled publication moved to the new local instant (lambdas/core/publishing
 * `rescheduleAll`: a post at 19:00 stays at 19:00 in the new zone). A save that leaves the zone
 * out, or gives the one already stored, moves nothing. Kept apart from ./aiSettings.ts because
 * the publishing engine reads the zone from there (`brandTimeZone`): no import cycle.
 * A failed rescheduling propagates as the engine's error, after the settings were saved.
 */
import type { AiSettings, AiSettingsInput } from '@director-ia/shared';
import { logger } from '../../platform/logger';
import type { Caller } from '../accounts/profiles';
import { rescheduleAll } from '../publishing';
import { readAiSettings, saveAiSettings } from './aiSettings';

/** Saves the caller's AI settings and follows a time zone change (see the module header). */
export async function saveBrandSettings(caller: Pick<Caller, 'sub'>, input: AiSettingsInput, now = new Date()): Promise<AiSettings> {
  const before = input.timeZone === undefined ? undefined : (await readAiSettings(caller)).timeZone;
  const saved = await saveAiSettings(caller, input, now);
  if (before !== undefined && saved.timeZone !== before) {
    logger.info('Brand time zone changed: rescheduling publications', { from: before, to: saved.timeZone });
    await rescheduleAll(caller.sub, now);
  }
  return saved;
}
