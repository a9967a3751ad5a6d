/**
 * The widget's attribution against DynamoDB Local (issue 15 item 4): registerWidgetLead's lead and
 * the conversation sendWidgetMessage opened. The first message's visit is resolved (same-brand
 * `ref` only) and stored on the NEW conversation, later visits never change it; the contact form's
 * lead takes its own visit's attribution, else its conversation's; a lead already stored for the
 * conversation keeps its first one; the leads view returns it. Widget answers come from the
 * offline provider (no AI settings), so no model is called.
 */
import { describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../../support/domain-env';

const SITE = 'https://marca.example.test';
await useDomainEnv({ SITE_URL: SITE });
const { sendWidgetMessage } = await import('../../../../../../lambdas/core/widget/send');
const { registerWidgetLead } = await import('../../../../../../lambdas/core/widget/register');
const { createTrackedLink } = await import('../../../../../../lambdas/core/links/links');
const { listLeads } = await import('../../../../../../lambdas/core/leads/leads');
const { conversations } = await import('../../../../../../lambdas/platform/db/entities/conversation');
const { leads } = await import('../../../../../../lambdas/platform/db/entities/lead');
const { profiles } = await import('../../../../../../lambdas/platform/db/entities/profile');

let ip = 0;
/** A fresh visitor address per call, so the per-IP limit never interferes. */
const nextIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;

async function brand(): Promise<string> {
  const uid = uniqueSub();
  await profiles().create({ uid, email: `${uid}@marca.es`, status: 'active', isAdmin: false, createdAt: new Date().toISOString() }).go();
  return uid;
}

const postLink = (uid: string, id = 'post-1') =>
  createTrackedLink(uid, { targetUrl: `${SITE}/blog/mi-blog`, source: { kind: 'post', id, network: 'instagram' }, utm: { source: 'instagram', medium: 'social', campaign: 'organico' } });

const conversationOf = async (uid: string, id: string) => (await conversations().get({ uid, id }).go({ consistent: true })).data;
const leadOf = async (uid: string, id: string) => (await leads().get({ uid, id }).go({ consistent: true })).data;

describe('widget conversations', () => {
  it("store the first message's visit on the new conversation, and keep it", async () => {
    const uid = await brand();
    const { code } = await postLink(uid);
    const first = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola', visit: { ref: code, utmSource: 'instagram' } }, nextIp());
    const expected = { ref: code, kind: 'post', sourceId: 'post-1', network: 'instagram', utm: { source: 'instagram' } };
    expect((await conversationOf(uid, first.conversationId))?.attribution).toEqual(expected);
    // A later message of the same conversation with another visit changes nothing.
    await sendWidgetMessage({ uid, conversationId: first.conversationId, message: '¿Precio?', visit: { utmSource: 'facebook' } }, nextIp());
    expect((await conversationOf(uid, first.conversationId))?.attribution).toEqual(expected);
  });

  it("store nothing for another brand's ref or no visit", async () => {
    const uid = await brand();
    const { code } = await postLink(await brand());
    const foreign = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola', visit: { ref: code } }, nextIp());
    expect((await conversationOf(uid, foreign.conversationId))?.attribution).toBeUndefined();
    const plain = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola' }, nextIp());
    expect((await conversationOf(uid, plain.conversationId))?.attribution).toBeUndefined();
  });
});

describe('widget leads', () => {
  it("take the form's visit first, else the conversation's, and the leads view returns it", async () => {
    const uid = await brand();
    const { code } = await postLink(uid);
    const chat = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola', visit: { ref: code } }, nextIp());
    const fromConversation = await registerWidgetLead({ uid, conversationId: chat.conversationId, name: 'Ana', contact: 'ana@correo.es', consent: true }, nextIp());
    expect((await leadOf(uid, fromConversation.leadId))?.attribution).toEqual({ ref: code, kind: 'post', sourceId: 'post-1', network: 'instagram' });

    const other = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola', visit: { ref: code } }, nextIp());
    const fromForm = await registerWidgetLead({ uid, conversationId: other.conversationId, name: 'Eva', contact: 'eva@correo.es', consent: true, visit: { utmCampaign: 'mayo' } }, nextIp());
    expect((await leadOf(uid, fromForm.leadId))?.attribution).toEqual({ utm: { campaign: 'mayo' } });

    const listed = await listLeads(uid);
    expect(listed.find((lead) => lead.id === fromConversation.leadId)?.attribution).toEqual({ ref: code, kind: 'post', sourceId: 'post-1', network: 'instagram' });
    expect(listed.find((lead) => lead.id === fromForm.leadId)?.attribution).toEqual({ utm: { campaign: 'mayo' } });
  });

  it('keep their first attribution when the form is sent again; none when nothing is known', async () => {
    const uid = await brand();
    const { code } = await postLink(uid);
    const chat = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola' }, nextIp());
    const first = await registerWidgetLead({ uid, conversationId: chat.conversationId, name: 'Ana', contact: 'ana@correo.es', consent: true, visit: { ref: code } }, nextIp());
    const again = await registerWidgetLead({ uid, conversationId: chat.conversationId, name: 'Ana', contact: 'ana@correo.es', consent: true, visit: { utmSource: 'otra' } }, nextIp());
    expect(again.leadId).toBe(first.leadId);
    expect((await leadOf(uid, first.leadId))?.attribution).toMatchObject({ ref: code, kind: 'post' });

    const bare = await registerWidgetLead({ uid, conversationId: null, name: 'Luis', contact: '+34 600 111 222', consent: true }, nextIp());
    expect((await leadOf(uid, bare.leadId))?.attribution).toBeUndefined();
    expect((await listLeads(uid)).find((lead) => lead.id === bare.leadId)).not.toHaveProperty('attribution');
  });
});
