/**
 * Gestión de Leads callables (spec sections 2 'leads', 3 'Lead'; issue 6 item 2), all `active`
 * and always on the caller's own leads (the tenant is the token):
 * - `listarLeads({status?, search?})` → `{leads}` newest first; `search` matches name and contact,
 *   case- and accent-insensitive (shared/leads.ts `leadMatches`).
 * - `actualizarLead({id, status})` → `{lead}` with the new status (Nuevo, Contactado, Interesado).
 * - `eliminarLead({id})` → `{id}`: the lead, its conversation and the conversation's messages.
 * - `obtenerConversacion({leadId})` → `{leadId, messages}`: the transcript, oldest first (empty
 *   when the lead has no conversation).
 * An id that is not one of the caller's leads is NOT_FOUND (ids are opaque), and nothing changes.
 */
import * as z from 'zod/mini';
import { LEAD_STATUSES } from '../../entities/lead';
import { LeadSchema, LEADS_MSG, MAX_LEAD_SEARCH_LENGTH, TranscriptMessageSchema } from '../../leads';
import { define } from '../define';
import { IdOutput } from '../fields';

const LeadId = z.string({ error: LEADS_MSG.missingLead }).check(z.minLength(1, LEADS_MSG.missingLead), z.maxLength(128, LEADS_MSG.missingLead));
const LeadStatusSchema = z.enum(LEAD_STATUSES, { error: LEADS_MSG.invalidStatus });

export const listarLeads = define({
  name: 'listarLeads',
  access: 'active',
  input: z.nullish(
    z.strictObject({
      status: z.optional(LeadStatusSchema),
      search: z.optional(z.string().check(z.maxLength(MAX_LEAD_SEARCH_LENGTH, LEADS_MSG.searchTooLong))),
    }),
  ),
  /** Newest first. */
  output: z.object({ leads: z.array(LeadSchema) }),
});

export const actualizarLead = define({
  name: 'actualizarLead',
  access: 'active',
  input: z.strictObject({ id: LeadId, status: LeadStatusSchema }),
  output: z.object({ lead: LeadSchema }),
});

export const eliminarLead = define({
  name: 'eliminarLead',
  access: 'active',
  input: z.strictObject({ id: LeadId }),
  output: IdOutput,
});

export const obtenerConversacion = define({
  name: 'obtenerConversacion',
  access: 'active',
  input: z.strictObject({ leadId: LeadId }),
  /** Oldest first. */
  output: z.object({ leadId: z.string(), messages: z.array(TranscriptMessageSchema) }),
});
