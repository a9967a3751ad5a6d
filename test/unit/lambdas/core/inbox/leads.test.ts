/**
 * Leads from the inbox (issue 14, core/inbox/leads.ts): contacts and names found in Spanish
 * messages, a lead from intent only (their profile), the profile upgraded when a contact arrives,
 * and one lead across channels for the same contact (email case, phone digits), with the
 * new-lead notification once.
 */
import { describe, expect, it, vi } from 'vitest';
import { INBOX_MSG } from '@director-ia/shared';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';

const notified = vi.hoisted(() => ({ leads: [] as string[] }));
vi.mock('../../../../../lambdas/core/leads/notify', () => ({ notifyNewLead: async (_sub: string, lead: { id: string }) => (notified.leads.push(lead.id), 'sent') }));

await useDomainEnv();
const { captureLead, findContact, findName } = await import('../../../../../lambdas/core/inbox/leads');
const { conversations } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { leads } = await import('../../../../../lambdas/platform/db/entities/lead');
const { listLeads } = await import('../../../../../lambdas/core/leads/leads');

describe('findContact', () => {
  it.each([
    ['Mi correo es Ana.Perez@Ejemplo.COM, gracias', { type: 'email', value: 'Ana.Perez@ejemplo.com' }],
    ['escríbeme a ana@correo.es.', { type: 'email', value: 'ana@correo.es' }],
    ['Llámame al +34 600 123 456 por la tarde', { type: 'phone', value: '+34 600 123 456' }],
    ['mi teléfono: 600-12-34-56', { type: 'phone', value: '600-12-34-56' }],
    ['Tel (91) 555 12 34 o ana@x.es', { type: 'email', value: 'ana@x.es' }],
    ['Quiero 2 tartas para el día 15', null],
    ['¿Cuánto cuesta?', null],
  ])('%s', (text, expected) => {
    expect(findContact(text)).toEqual(expected);
  });
});

describe('findName', () => {
  it.each([
    ['Hola, soy Ana', 'Ana'],
    ['me llamo lucía fernández y quiero reservar', 'Lucía Fernández'],
    ['Mi nombre es José Luis, ¿tenéis cita?', 'José Luis'],
    ['Buenas, soy de Madrid', null],
    ['soy cliente desde hace años', null],
    ['¿Qué precio tiene?', null],
  ])('%s', (text, expected) => {
    expect(findName(text)).toBe(expected);
  });
});

async function conversation(sub: string, network: 'facebook' | 'instagram' | 'telegram', id: string, who: { name: string; handle?: string }) {
  const at = new Date().toISOString();
  await conversations()
    .create({ uid: sub, id, channel: network, kind: 'dm', accountId: 'cuenta', customerId: `c-${id}`, customerName: who.name, ...(who.handle ? { customerHandle: who.handle } : {}), messageCount: 1, createdAt: at, updatedAt: at })
    .go();
  return (await conversations().get({ uid: sub, id }).go({ consistent: true })).data!;
}

describe('captureLead', () => {
  it('says nothing for a message without contact or interest', async () => {
    const sub = uniqueSub();
    expect(await captureLead(sub, await conversation(sub, 'instagram', 'c0000000000000000001', { name: 'Ana' }), 'Hola, buenos días')).toBeNull();
    expect(await listLeads(sub)).toEqual([]);
  });

  it('intent only: a profile lead with the network as source; a later phone upgrades it', async () => {
    const sub = uniqueSub();
    const conv = await conversation(sub, 'instagram', 'c0000000000000000002', { name: 'Ana Ruiz', handle: 'ana_ruiz' });
    const first = await captureLead(sub, conv, '¿Cuánto cuesta una sesión de fotos?');
    expect(first).toEqual({ leadId: expect.any(String), created: true });
    const [lead] = await listLeads(sub);
    expect(lead).toMatchObject({ name: 'Ana Ruiz', contact: '@ana_ruiz (Instagram)', contactType: 'profile', source: 'instagram', channels: ['instagram'], conversationIds: [conv.id], consentText: INBOX_MSG.leadConsent('Instagram') });
    expect(notified.leads).toContain(first?.leadId);
    const linked = (await conversations().get({ uid: sub, id: conv.id }).go({ consistent: true })).data!;
    expect(linked.leadId).toBe(first?.leadId);
    expect(await captureLead(sub, linked, 'Me llamo Ana María, mi móvil es 600 111 222')).toEqual({ leadId: first?.leadId, created: false });
    expect((await listLeads(sub))[0]).toMatchObject({ name: 'Ana María', contact: '600 111 222', contactType: 'phone' });
    expect(notified.leads.filter((id) => id === first?.leadId)).toHaveLength(1);
  });

  it('one lead across channels for the same contact (email case, phone digits)', async () => {
    const sub = uniqueSub();
    const insta = await conversation(sub, 'instagram', 'c0000000000000000003', { name: 'Luis', handle: 'luis' });
    const face = await conversation(sub, 'facebook', 'c0000000000000000004', { name: 'Luis Gómez' });
    const tele = await conversation(sub, 'telegram', 'c0000000000000000005', { name: 'Luis G' });
    const made = await captureLead(sub, insta, 'Mi email es luis@correo.es');
    expect(await captureLead(sub, face, 'Os escribí: LUIS@CORREO.ES')).toEqual({ leadId: made?.leadId, created: false });
    const all = await listLeads(sub);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ source: 'instagram', channels: ['instagram', 'facebook'], conversationIds: [insta.id, face.id] });
    expect((await conversations().get({ uid: sub, id: face.id }).go({ consistent: true })).data?.leadId).toBe(made?.leadId);
    // A phone is another contact: a second lead, from Telegram.
    const phone = await captureLead(sub, tele, 'mi número es +34 611 22 33 44');
    expect(phone?.created).toBe(true);
    const second = await captureLead(sub, await conversation(sub, 'facebook', 'c0000000000000000006', { name: 'Otro' }), 'llamad al 611223344 y reservo');
    expect(second).toEqual({ leadId: phone?.leadId, created: false });
    expect((await leads().get({ uid: sub, id: phone!.leadId }).go()).data?.channels).toEqual(['telegram', 'facebook']);
  });
});
