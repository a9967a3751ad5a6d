/**
 * Gestión de Leads against the twin (issue 6 item 2). Leads, conversations and messages are
 * seeded straight through the entities (as the widget stores them), then the callables are used
 * like the page uses them: the list newest first with status filter and accent-insensitive search;
 * status changes (only the stored Spanish values); the transcript; deleting a lead with its
 * conversation and every message (also past one transaction's 100 items). Every callable keeps to
 * the caller's own leads: another brand's id is NOT_FOUND and changes nothing. The new-lead
 * e-mail (notifyNewLead against a local SMTP server) is unit-tested at
 * test/unit/lambdas/core/leads/notify.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LEADS_MSG, type Lead, type TranscriptMessage } from '@director-ia/shared';
import type { LeadItem } from '../../lambdas/platform/db/entities/lead';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { leadSeeder } from '../support/leads';

const twin = inject('twin');

let seedLead: Awaited<ReturnType<typeof leadSeeder>>;

/** Raw items of a tenant whose sort key starts with `prefix` (strongly consistent). */
const rawItems = (sub: string, prefix: string) => rawTable(twin).query(`user#${sub}`, prefix);

const list = async (user: TestUser, data: unknown = null) => (await callOk<{ leads: Lead[] }>(twin, 'listarLeads', data, user.accessToken)).leads;
const names = (leads: Lead[]) => leads.map((lead) => lead.name);

let owner: TestUser;
let other: TestUser;
const seeded: Record<'jose' | 'lucia' | 'marta' | 'sinChat' | 'theirs', LeadItem> = {} as never;

beforeAll(async () => {
  // The entities and domain modules imported here talk to the twin's services, by configuration.
  seedLead = await leadSeeder(twin);
  const admin = await signInAdmin(twin);
  [owner, other] = await Promise.all([registerUser(twin, 'leads-owner'), registerUser(twin, 'leads-other')]);
  for (const user of [owner, other]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);

  seeded.marta = await seedLead(owner.sub, { name: 'Marta Ibáñez', contact: 'marta@correo.es', status: 'Interesado', ago: 50_000, messages: [['visitor', '¿Tenéis tartas sin gluten?'], ['assistant', 'Sí, por encargo.']] });
  seeded.sinChat = await seedLead(owner.sub, { name: 'Pedro Sin Chat', contact: 'pedro@correo.es', status: 'Contactado', ago: 40_000 });
  seeded.lucia = await seedLead(owner.sub, { name: 'Lucía Martín', contact: '+34 600 123 456', contactType: 'phone', ago: 30_000, messages: [['visitor', 'Quiero pedir un presupuesto']] });
  seeded.jose = await seedLead(owner.sub, {
    name: 'José Pérez',
    contact: 'jose.perez@correo.es',
    ago: 20_000,
    messages: [
      ['visitor', 'Hola, ¿hacéis envíos a Sevilla?'],
      ['assistant', 'Sí, enviamos a toda España en 48 h.'],
      ['visitor', 'Genial. Me llamo José, escribidme a jose.perez@correo.es'],
    ],
  });
  seeded.theirs = await seedLead(other.sub, { name: 'José Ajeno', contact: 'ajeno@otra.es', ago: 10_000, messages: [['visitor', 'Mensaje de otra marca']] });
});

describe('listarLeads', () => {
  it('lists the caller’s leads newest first, with what the table shows', async () => {
    const leads = await list(owner);
    expect(names(leads)).toEqual(['José Pérez', 'Lucía Martín', 'Pedro Sin Chat', 'Marta Ibáñez']);
    expect(leads[0]).toEqual({
      id: seeded.jose.id,
      name: 'José Pérez',
      contact: 'jose.perez@correo.es',
      contactType: 'email',
      source: 'widget',
      status: 'Nuevo',
      conversationId: seeded.jose.conversationId,
      consentText: seeded.jose.consentText,
      consentAt: seeded.jose.consentAt,
      createdAt: seeded.jose.createdAt,
      updatedAt: seeded.jose.updatedAt,
    });
    expect(leads[2]).not.toHaveProperty('conversationId');
  });

  it('never shows another brand’s leads', async () => {
    expect(names(await list(other))).toEqual(['José Ajeno']);
  });

  it.each<[string, unknown, string[]]>([
    ['by status', { status: 'Contactado' }, ['Pedro Sin Chat']],
    ['by name without accents', { search: 'jose perez' }, ['José Pérez']],
    ['by name in capitals with accents', { search: 'IBÁÑEZ' }, ['Marta Ibáñez']],
    ['by contact', { search: 'correo.es' }, ['José Pérez', 'Pedro Sin Chat', 'Marta Ibáñez']],
    ['by phone digits', { search: '600123' }, ['Lucía Martín']],
    ['by status and search', { status: 'Nuevo', search: 'lucia' }, ['Lucía Martín']],
    ['with nothing matching', { status: 'Interesado', search: 'lucia' }, []],
    ['with an empty search', { search: '' }, ['José Pérez', 'Lucía Martín', 'Pedro Sin Chat', 'Marta Ibáñez']],
  ])('filters %s', async (_label, data, expected) => {
    expect(names(await list(owner, data))).toEqual(expected);
  });

  it.each<[string, unknown, string]>([
    ['a status that is not stored', { status: 'nuevo' }, LEADS_MSG.invalidStatus],
    ['a search that is too long', { search: 'x'.repeat(101) }, LEADS_MSG.searchTooLong],
  ])('refuses %s with 400 and a Spanish message', async (_label, data, message) => {
    const { status, body } = await call(twin, 'listarLeads', data, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain(message);
  });

  it('refuses a uid in the payload (the tenant is the token)', async () => {
    const { status } = await call(twin, 'listarLeads', { uid: other.sub }, owner.accessToken);
    expect(status).toBe(400);
  });
});

describe('actualizarLead', () => {
  it('moves a lead to Contactado and keeps it', async () => {
    const before = Date.now();
    const { lead } = await callOk<{ lead: Lead }>(twin, 'actualizarLead', { id: seeded.lucia.id, status: 'Contactado' }, owner.accessToken);
    expect(lead).toMatchObject({ id: seeded.lucia.id, name: 'Lucía Martín', status: 'Contactado', createdAt: seeded.lucia.createdAt });
    expect(Date.parse(lead.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list(owner)).find((l) => l.id === seeded.lucia.id)?.status).toBe('Contactado');
    await callOk(twin, 'actualizarLead', { id: seeded.lucia.id, status: 'Interesado' }, owner.accessToken);
    expect((await list(owner, { status: 'Interesado' })).map((l) => l.id)).toContain(seeded.lucia.id);
  });

  it.each(['Perdido', 'contactado', '', 7])('refuses the status %j and changes nothing', async (status) => {
    const { status: http, body } = await call(twin, 'actualizarLead', { id: seeded.jose.id, status }, owner.accessToken);
    expect(http).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain(LEADS_MSG.invalidStatus);
    expect((await list(owner)).find((l) => l.id === seeded.jose.id)?.status).toBe('Nuevo');
  });

  it('answers NOT_FOUND for another brand’s lead and leaves it alone', async () => {
    const { status, body } = await call(twin, 'actualizarLead', { id: seeded.theirs.id, status: 'Interesado' }, owner.accessToken);
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 'NOT_FOUND', message: LEADS_MSG.leadNotFound });
    expect((await list(other))[0]).toMatchObject({ id: seeded.theirs.id, status: 'Nuevo', updatedAt: seeded.theirs.updatedAt });
    // Nor did the update create a lead under the caller.
    expect(await rawItems(owner.sub, `lead#${seeded.theirs.id}`)).toEqual([]);
  });

  it.each(['zzzzzzzzzzzzzzzzzzzz', 'not-an-id', '../../user#x'])('answers NOT_FOUND for the unknown id %j', async (id) => {
    const { status } = await call(twin, 'actualizarLead', { id, status: 'Contactado' }, owner.accessToken);
    expect(status).toBe(404);
    expect(await rawItems(owner.sub, `lead#${id}`)).toEqual([]);
  });
});

describe('obtenerConversacion', () => {
  it('returns the transcript oldest first, as text with roles and times', async () => {
    const result = await callOk<{ leadId: string; messages: TranscriptMessage[] }>(twin, 'obtenerConversacion', { leadId: seeded.jose.id }, owner.accessToken);
    expect(result.leadId).toBe(seeded.jose.id);
    expect(result.messages.map(({ role, text }) => [role, text])).toEqual([
      ['visitor', 'Hola, ¿hacéis envíos a Sevilla?'],
      ['assistant', 'Sí, enviamos a toda España en 48 h.'],
      ['visitor', 'Genial. Me llamo José, escribidme a jose.perez@correo.es'],
    ]);
    const times = result.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is empty for a lead without a conversation', async () => {
    expect(await callOk(twin, 'obtenerConversacion', { leadId: seeded.sinChat.id }, owner.accessToken)).toEqual({ leadId: seeded.sinChat.id, messages: [] });
  });

  it('answers NOT_FOUND for another brand’s lead (and reveals nothing)', async () => {
    const { status, body } = await call(twin, 'obtenerConversacion', { leadId: seeded.theirs.id }, owner.accessToken);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('otra marca');
  });
});

describe('eliminarLead', () => {
  it('answers NOT_FOUND for another brand’s lead and deletes nothing of theirs', async () => {
    const { status } = await call(twin, 'eliminarLead', { id: seeded.theirs.id }, owner.accessToken);
    expect(status).toBe(404);
    expect(await rawItems(other.sub, 'lead#')).toHaveLength(1);
    expect(await rawItems(other.sub, `convmsg#${seeded.theirs.conversationId}#`)).toHaveLength(1);
  });

  it('deletes the lead, its conversation and every message, and nothing else', async () => {
    const conversationId = seeded.jose.conversationId as string;
    expect(await rawItems(owner.sub, `convmsg#${conversationId}#`)).toHaveLength(3);
    expect(await callOk(twin, 'eliminarLead', { id: seeded.jose.id }, owner.accessToken)).toEqual({ id: seeded.jose.id });
    expect(await rawItems(owner.sub, `lead#${seeded.jose.id}`)).toEqual([]);
    expect(await rawItems(owner.sub, `conversation#${conversationId}`)).toEqual([]);
    expect(await rawItems(owner.sub, `convmsg#${conversationId}#`)).toEqual([]);
    expect(names(await list(owner))).toEqual(['Lucía Martín', 'Pedro Sin Chat', 'Marta Ibáñez']);
    expect(await rawItems(owner.sub, `convmsg#${seeded.marta.conversationId}#`)).toHaveLength(2);
    expect(await rawItems(other.sub, 'lead#')).toHaveLength(1);
  });

  it('answers NOT_FOUND the second time', async () => {
    const { status } = await call(twin, 'eliminarLead', { id: seeded.jose.id }, owner.accessToken);
    expect(status).toBe(404);
  });

  it('deletes a lead without a conversation', async () => {
    await callOk(twin, 'eliminarLead', { id: seeded.sinChat.id }, owner.accessToken);
    expect(await rawItems(owner.sub, `lead#${seeded.sinChat.id}`)).toEqual([]);
  });

  it('deletes a long conversation past one transaction (130 messages)', async () => {
    const messages = Array.from({ length: 130 }, (_, i) => [i % 2 ? 'assistant' : 'visitor', `Mensaje ${i}`] as ['visitor' | 'assistant', string]);
    const long = await seedLead(owner.sub, { name: 'Charla Larga', contact: 'larga@correo.es', ago: 5_000, messages });
    const transcript = await callOk<{ messages: TranscriptMessage[] }>(twin, 'obtenerConversacion', { leadId: long.id }, owner.accessToken);
    expect(transcript.messages).toHaveLength(130);
    expect(transcript.messages[129]?.text).toBe('Mensaje 129');
    await callOk(twin, 'eliminarLead', { id: long.id }, owner.accessToken);
    expect(await rawItems(owner.sub, `convmsg#${long.conversationId}#`)).toEqual([]);
    expect(await rawItems(owner.sub, `conversation#${long.conversationId}`)).toEqual([]);
    expect(await rawItems(owner.sub, `lead#${long.id}`)).toEqual([]);
  });
});
