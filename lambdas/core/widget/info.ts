/**
 * obtenerWidget's domain (issue 6 item 1; contract shared/contract/callables/widget.ts): the IP
 * 'load' limit (limits.ts), then the brand (brand.ts: an active owner or 404 "no disponible"),
 * then `{brandName, greeting, consentText, maxMessageLength}`. The brand is the body's uid; any
 * bearer token is ignored. Imports only what a widget load needs (its Lambda stays small).
 */
import { WIDGET_LIMITS, WIDGET_MSG, widgetConsentText, type CallableInput, type CallableOutput } from '@director-ia/shared';
import { readRetention } from '../dataRights/retention';
import { readWidgetBrand } from './brand';
import { enforceIpLimit } from './limits';

/** obtenerWidget (see the module header). */
export async function widgetInfo(input: CallableInput<'obtenerWidget'>, sourceIp: string | null, now = new Date()): Promise<CallableOutput<'obtenerWidget'>> {
  await enforceIpLimit('load', sourceIp, now);
  const brand = await readWidgetBrand(input.uid);
  // Issue 17 item 2: the consent names the owner's conversation retention.
  const retentionDays = await readRetention(input.uid);
  return {
    brandName: brand.name,
    greeting: WIDGET_MSG.greeting(brand.name),
    consentText: widgetConsentText(brand.name, retentionDays),
    maxMessageLength: WIDGET_LIMITS.maxMessageLength,
  };
}
