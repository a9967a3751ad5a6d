/**
 * registrarLeadWidget's domain (issue 6 item 1; contract shared/contract/callables/widget.ts):
 * IP 'send' limit → brand (brand.ts: an active owner or 404) → brand limit → the lead with consent
 * (leads.ts `createLeadWithConsent`, which then notifies the owner) → `{leadId}`. The lead carries
 * the attribution of the body's `visit` (core/links/attribution.ts), else its conversation's (issue
 * 15 item 4). The brand is the
 * body's uid; any bearer token is ignored.
 */
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { readRetention } from '../dataRights/retention';
import { resolveAttribution } from '../links/attribution';
import { readWidgetBrand } from './brand';
import { createLeadWithConsent } from './leads';
import { enforceBrandLimit, enforceIpLimit } from './limits';

/** registrarLeadWidget (see the module header). */
export async function registerWidgetLead(input: CallableInput<'registrarLeadWidget'>, sourceIp: string | null, now = new Date()): Promise<CallableOutput<'registrarLeadWidget'>> {
  await enforceIpLimit('send', sourceIp, now);
  const brand = await readWidgetBrand(input.uid);
  await enforceBrandLimit(brand.uid, now);
  const [attribution, retentionDays] = await Promise.all([resolveAttribution(brand.uid, input.visit), readRetention(brand.uid)]);
  const { leadId } = await createLeadWithConsent(
    { uid: brand.uid, brandName: brand.name, retentionDays, conversationId: input.conversationId ?? null, name: input.name, contact: input.contact, ...(attribution ? { attribution } : {}) },
    now,
  );
  return { leadId };
}
