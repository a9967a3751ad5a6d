/**
 * `registrarLeadWidget` (public; issue 6 item 1): `{uid, conversationId|null, name, contact,
 * consent: true}` → `{leadId}`: a lead of brand `uid` with the consent sentence it accepted,
 * then the owner's email notice. 400 without consent or with a contact that is neither an email
 * nor a phone (nothing stored), 404 unknown brand or conversation, 429 over a limit. Any bearer
 * token is ignored.
 */
import { registrarLeadWidget } from '@director-ia/shared';
import { registerWidgetLead } from '../core/widget/register';
import { createCallable } from './lib/callable';

export const handler = createCallable(registrarLeadWidget, async ({ data, sourceIp }) => registerWidgetLead(data, sourceIp));
