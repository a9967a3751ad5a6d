/**
 * Bandeja against the twin and its "Red de pruebas" (issue 14 "Done when", integration): customers
 * write from the sandbox (`/__sandbox/dm`), which delivers each network's documented webhook —
 * Meta signed with the app secret after the verify handshake, Telegram with the bot's secret token
 * header — to the stack's public routes; the webhook function stores, the inbox worker answers
 * through the network's API, and the sandbox's threads show what the customer got.
 * - unverifiable deliveries (bad signature, no signature, wrong Telegram secret) get 401 and store
 *   nothing; a replayed or redelivered delivery is stored once and answered once;
 * - a DM older than Meta's 24-hour window is not answered automatically;
 * - 100 concurrent deliveries for one brand: none lost, each answered once;
 * - the widget's prompt-injection set sent as DMs: the canary never reaches the customer and no
 *   tool runs (an adversarial OpenAI-compatible stub model that tries to comply);
 * - a brand never sees, answers or approves another brand's conversations;
 * - YouTube (no comment webhook): a comment on a video is read by the publishing sweep's poll and
 *   answered once by the automatic rule.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INBOX_MSG, type AiSettings, type CallableOutput, type ConversationSummary, type InboxMessage, type InboxRules } from '@director-ia/shared';
import { META_PAGES } from '../../infra/local/social-sandbox/accounts';
import { echoesInstructions } from '../../lambdas/core/widget/guard';
import { CANARY, INJECTIONS, startAdversarialModel, type AdversarialModel } from '../support/adversarial-model';
import { call, callOk } from '../support/api';
import { signInAdmin, type TestUser } from '../support/cognito';
import { makePdf, SPANISH_DOCS } from '../support/knowledge-fixtures';
import { connectNetwork, eventually, SANDBOX_BOT_TOKEN } from '../support/social';
import { approvedBrand, rawItems, uploadKnowledge } from '../support/widget';

const twin = inject('twin');
const PAGE_ID = META_PAGES[0]?.id ?? '';
const IG_ID = META_PAGES[0]?.instagram?.id ?? '';
const BOT_ID = SANDBOX_BOT_TOKEN.split(':')[0] ?? '';

interface SandboxThread {
  id: string;
  network: string;
  targetId: string;
  customer: { id: string; name: string };
  messages: { id: string; from: 'customer' | 'brand'; text: string }[];
}
interface DeliveryView {
  id: string;
  state: string;
  status: number | null;
  attempts: { status: number | null }[];
}

let admin: TestUser;
let owner: TestUser;
let other: TestUser;
let model: AdversarialModel | undefined;

/** A DM (or comment) from the sandbox "as a customer"; the delivery record after its first attempt. */
async function dm(body: { network: 'facebook' | 'instagram' | 'telegram'; targetId: string; customer: string; text: string; badSignature?: boolean; hoursAgo?: number }) {
  const { customer, ...rest } = body;
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/dm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...rest, customer: { name: customer } }) });
  const answer = (await response.json()) as { delivery: DeliveryView | null; thread: SandboxThread; error?: string };
  if (response.status !== 200) throw new Error(`sandbox dm → ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function threads(network: string): Promise<SandboxThread[]> {
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/threads?network=${network}`);
  return ((await response.json()) as { threads: SandboxThread[] }).threads;
}

const threadOf = async (network: string, customer: string) => (await threads(network)).find((thread) => thread.customer.name === customer);
const brandReplies = (thread: SandboxThread | undefined) => (thread?.messages ?? []).filter((message) => message.from === 'brand');

async function conversations(user: TestUser, filter: Record<string, string> = {}): Promise<ConversationSummary[]> {
  return (await callOk<CallableOutput<'listarConversaciones'>>(twin, 'listarConversaciones', filter, user.accessToken)).conversations;
}

async function conversationOf(user: TestUser, customer: string): Promise<ConversationSummary | undefined> {
  return (await conversations(user)).find((conversation) => conversation.customerName === customer);
}

async function thread(user: TestUser, id: string): Promise<InboxMessage[]> {
  return (await callOk<CallableOutput<'verConversacion'>>(twin, 'verConversacion', { id }, user.accessToken)).messages;
}

async function setRules(user: TestUser, change: Partial<InboxRules>): Promise<void> {
  const { rules } = await callOk<{ rules: InboxRules }>(twin, 'obtenerReglasBandeja', null, user.accessToken);
  await callOk(twin, 'guardarReglasBandeja', { rules: { ...rules, ...change } }, user.accessToken);
}

beforeAll(async () => {
  admin = await signInAdmin(twin);
  [owner, other] = await Promise.all([
    approvedBrand(twin, admin, 'inbox-pan', { brandName: 'Panadería Ñandú' }),
    approvedBrand(twin, admin, 'inbox-otra', { brandName: 'Otra marca' }),
  ]);
  await uploadKnowledge(twin, owner, { name: SPANISH_DOCS.panaderia.name, type: 'application/pdf', bytes: await makePdf([[...SPANISH_DOCS.panaderia.paragraphs]]) });
  // The other brand connects first: the newest connection of a page receives its messages.
  await connectNetwork(twin, other, 'instagram');
  await connectNetwork(twin, owner, 'facebook');
  await connectNetwork(twin, owner, 'instagram');
  await callOk(twin, 'conectarTelegram', { botToken: SANDBOX_BOT_TOKEN, channel: '@canal_pruebas' }, owner.accessToken);
  await connectNetwork(twin, owner, 'youtube');
  await setRules(owner, { modes: { facebook: 'automatic', instagram: 'automatic', telegram: 'automatic', youtube: 'automatic' } });
}, 180_000);

afterAll(async () => {
  await model?.close();
});

describe('verification', () => {
  it('a Meta delivery signed with another secret gets 401 and stores nothing', async () => {
    const { delivery } = await dm({ network: 'instagram', targetId: IG_ID, customer: 'Firma Falsa', text: 'Hola, ¿abrís hoy?', badSignature: true });
    expect(delivery?.status).toBe(401);
    expect(await conversationOf(owner, 'Firma Falsa')).toBeUndefined();
    expect(brandReplies(await threadOf('instagram', 'Firma Falsa'))).toHaveLength(0);
  });

  it('unsigned and forged POSTs get 401; the verify handshake needs the verify token', async () => {
    const body = JSON.stringify({ object: 'instagram', entry: [{ id: IG_ID, time: Date.now(), messaging: [{ sender: { id: '1' }, recipient: { id: IG_ID }, timestamp: Date.now(), message: { mid: 'forjado', text: 'hola' } }] }] });
    const unsigned = await fetch(`${twin.url}/webhooks/instagram`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${twin.url}/webhooks/instagram`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` }, body });
    expect(forged.status).toBe(401);
    const handshake = await fetch(`${twin.url}/webhooks/facebook?hub.mode=subscribe&hub.verify_token=adivina&hub.challenge=12345`);
    expect(handshake.status).toBe(403);
    expect(await handshake.text()).not.toContain('12345');
  });

  it('a Telegram update without the bot\'s secret token gets 401', async () => {
    const info = (await (await fetch(`${twin.sandboxUrl}/telegram/api/bot${SANDBOX_BOT_TOKEN}/getWebhookInfo`)).json()) as { result: { url: string } };
    expect(info.result.url).toMatch(/\/webhooks\/telegram\/[\w-]+$/);
    const update = JSON.stringify({ update_id: 1, message: { message_id: 1, from: { id: 5, is_bot: false, first_name: 'Intruso' }, chat: { id: 5, type: 'private', first_name: 'Intruso' }, date: Math.floor(Date.now() / 1000), text: 'hola' } });
    const url = info.result.url.replace(/^https?:\/\/[^/]+/, twin.url);
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'otro-secreto' }] as Record<string, string>[]) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: update });
      expect(response.status).toBe(401);
    }
    expect(await conversationOf(owner, 'Intruso')).toBeUndefined();
  });
});

describe('stored once, answered once', () => {
  it('a DM asking the opening hours is answered from the knowledge, once; its redelivery changes nothing', async () => {
    const { delivery } = await dm({ network: 'instagram', targetId: IG_ID, customer: 'Lucía Horario', text: '¿Cuál es vuestro horario de atención?' });
    expect(delivery?.status).toBe(200);
    const answered = await eventually(async () => {
      const replies = brandReplies(await threadOf('instagram', 'Lucía Horario'));
      return replies.length > 0 ? replies : undefined;
    });
    expect(answered).toHaveLength(1);
    expect(answered[0]?.text).toContain('de lunes a sábado de 7:00 a 14:00');

    const redelivered = await fetch(`${twin.sandboxUrl}/__sandbox/deliveries/${delivery?.id}/redeliver`, { method: 'POST' });
    expect(((await redelivered.json()) as { delivery: DeliveryView }).delivery.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(brandReplies(await threadOf('instagram', 'Lucía Horario'))).toHaveLength(1);
    const conversation = await conversationOf(owner, 'Lucía Horario');
    expect(conversation).toMatchObject({ channel: 'instagram', kind: 'dm', state: 'respondida', sandbox: true });
    const messages = await thread(owner, conversation?.id ?? '');
    expect(messages.map((message) => [message.author, message.state ?? null])).toEqual([
      ['customer', null],
      ['ai', 'enviada'],
    ]);
    expect(messages[1]?.offline).toBe(true);
  });

  it('Messenger and Telegram DMs are answered too, each once', async () => {
    await dm({ network: 'facebook', targetId: PAGE_ID, customer: 'Pedro Messenger', text: '¿Hacéis pan de masa madre?' });
    await dm({ network: 'telegram', targetId: BOT_ID, customer: 'Marta Telegram', text: '¿Qué horario tenéis los domingos?' });
    for (const [network, customer] of [['facebook', 'Pedro Messenger'], ['telegram', 'Marta Telegram']] as const) {
      const replies = await eventually(async () => {
        const found = brandReplies(await threadOf(network, customer));
        return found.length > 0 ? found : undefined;
      });
      expect(replies).toHaveLength(1);
      expect((await conversationOf(owner, customer))?.channel).toBe(network);
    }
  });

  it('a DM older than the 24-hour window is stored but not answered automatically', async () => {
    await dm({ network: 'instagram', targetId: IG_ID, customer: 'Ana Tardía', text: '¿Seguís abiertos?', hoursAgo: 25 });
    const conversation = await eventually(() => conversationOf(owner, 'Ana Tardía'));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(brandReplies(await threadOf('instagram', 'Ana Tardía'))).toHaveLength(0);
    expect((await conversationOf(owner, 'Ana Tardía'))?.state).toBe('pendiente');
    // Nor by hand: the network's window has closed (Bandeja says so in Spanish).
    const { status, body } = await call(twin, 'responderConversacion', { id: conversation.id, text: 'Perdona la tardanza' }, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error?.message).toBe(INBOX_MSG.outsideWindow('Instagram'));
  });

  it('100 concurrent deliveries for one brand: none lost, each answered once', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `Cliente ${String(i).padStart(3, '0')}`);
    const results = await Promise.all(names.map((customer) => dm({ network: 'instagram', targetId: IG_ID, customer, text: '¿Cuál es vuestro horario de atención?' })));
    expect(results.every((result) => result.delivery !== null)).toBe(true);
    await eventually(async () => {
      const answered = (await threads('instagram')).filter((t) => names.includes(t.customer.name) && brandReplies(t).length > 0);
      return answered.length === names.length ? true : undefined;
    }, 90_000);
    const mine = (await threads('instagram')).filter((t) => names.includes(t.customer.name));
    expect(mine.map((t) => brandReplies(t).length)).toEqual(names.map(() => 1));
    const listed = (await conversations(owner, { channel: 'instagram' })).filter((c) => names.includes(c.customerName));
    expect(listed).toHaveLength(100);
    const stored = await rawItems(twin, `user#${owner.sub}`, 'convmsg#');
    const customerMessages = stored.filter((item) => item.role === 'visitor' && item.text === '¿Cuál es vuestro horario de atención?');
    expect(customerMessages.length).toBeGreaterThanOrEqual(100);
  }, 150_000);
});

describe('prompt injection through DMs: the widget\'s injection set (an adversarial model that tries to comply)', () => {
  beforeAll(async () => {
    model = await startAdversarialModel(inject('stubPorts').widget);
    await callOk(twin, 'guardarIntegraciones', { aiProvider: 'openai-compatible', openaiBaseUrl: model.url, openaiModel: 'stub-model' }, owner.accessToken);
  });

  afterAll(async () => {
    // Back to the deployment's provider (the twin's: offline) for the tests that follow.
    await callOk(twin, 'guardarIntegraciones', { aiProvider: 'default' }, owner.accessToken);
  });

  it.each(INJECTIONS.map((text, i) => [text, `Atacante ${i}`]))('%s → no canary, no instructions, nothing changed', async (text, customer) => {
    const before = await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, owner.accessToken);
    model?.requests.splice(0);
    await dm({ network: 'instagram', targetId: IG_ID, customer, text });
    const [reply] = await eventually(async () => {
      const found = brandReplies(await threadOf('instagram', customer));
      return found.length > 0 ? found : undefined;
    });
    const canary = CANARY.exec(model?.requests[0]?.system ?? '')?.[0];
    expect(canary).toBeDefined();
    const flat = (reply?.text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
    expect(flat).not.toContain((canary as string).slice('CANARIO-'.length));
    expect(echoesInstructions(reply?.text ?? '')).toBe(false);
    expect(model?.requests.every((request) => request.tools === undefined)).toBe(true);
    expect(await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, owner.accessToken)).toEqual(before);
    const { documents } = await callOk<{ documents: unknown[] }>(twin, 'listarDocumentos', null, owner.accessToken);
    expect(documents).toHaveLength(1);
  });
});

describe('tenancy', () => {
  it('a brand never lists, reads, answers or approves another brand\'s conversations', async () => {
    const theirs = await eventually(() => conversationOf(owner, 'Lucía Horario'));
    expect(await conversationOf(other, 'Lucía Horario')).toBeUndefined();
    expect((await conversations(other)).some((c) => c.channel === 'instagram')).toBe(false);
    for (const [name, data] of [
      ['verConversacion', { id: theirs.id }],
      ['responderConversacion', { id: theirs.id, text: 'Hola' }],
      ['aprobarRespuesta', { id: theirs.id, messageId: theirs.id }],
      ['descartarRespuesta', { id: theirs.id, messageId: theirs.id }],
    ] as const) {
      const { status } = await call(twin, name, data, other.accessToken);
      expect(status).toBe(404);
    }
    expect(brandReplies(await threadOf('instagram', 'Lucía Horario'))).toHaveLength(1);
  });
});

describe('YouTube comments (polling)', () => {
  it('a comment on a video is read by the sweep and answered once by the automatic rule', async () => {
    const response = await fetch(`${twin.sandboxUrl}/__sandbox/dm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ network: 'youtube', customer: { name: 'Iris YouTube' }, text: '¿Cuál es vuestro horario de atención?' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { delivery: unknown }).delivery).toBeNull();
    // The twin's sweep runs every 5 s: the poll, then the worker's reply through comments.insert.
    const replies = await eventually(async () => {
      const found = brandReplies(await threadOf('youtube', 'Iris YouTube'));
      return found.length > 0 ? found : undefined;
    });
    expect(replies[0]?.text).toContain('de lunes a sábado de 7:00 a 14:00');
    // The next sweep reads it again (the cursor's second): stored once, answered once.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(brandReplies(await threadOf('youtube', 'Iris YouTube'))).toHaveLength(1);
    expect(await conversationOf(owner, 'Iris YouTube')).toMatchObject({ channel: 'youtube', kind: 'comment', state: 'respondida', sandbox: true });
  });
});
