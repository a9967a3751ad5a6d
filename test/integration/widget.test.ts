/**
 * The website chat widget against the twin (issue 6 item 1): public functions keyed by the brand
 * uid in the body (unknown or pending brands are "no disponible"; a bearer token changes nothing);
 * answers grounded in the right brand's knowledge only (two brands with different real documents,
 * processed to 'listo'); the transcript stored; a prompt-injection set — the system prompt, the
 * control code, other brands' data, tools and settings, role-play and fake system messages —
 * against an adversarial OpenAI-compatible stub model that tries to comply, with the per-request
 * canary never reaching a visitor and nothing changing; invented prices replaced; the offline
 * fallback when the model fails; message size, per-IP, per-brand, per-conversation and daily
 * limits (400/429 with Spanish messages, nothing stored past a limit); and consent required
 * before a lead is stored (with the exact consent sentence naming the brand).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_WIDGET_DAILY_ANSWERS, DOCX_CONTENT_TYPE, WIDGET_INPUT_MSG, WIDGET_LIMITS, WIDGET_MSG, widgetConsentText, type AiSettings, type CallableOutput } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { LOCAL_TABLE } from '../../infra/local/twin';
import { WIDGET_REPLIES } from '../../lambdas/core/widget/answer';
import { echoesInstructions } from '../../lambdas/core/widget/guard';
import { CANARY, INJECTIONS, startAdversarialModel, type AdversarialModel, type StubRequest } from '../support/adversarial-model';
import { callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { latin1, makeDocx, makePdf, SPANISH_DOCS } from '../support/knowledge-fixtures';
import { approvedBrand, callFrom, freshVisitorIp, rawItems, sameMinuteFor, uploadKnowledge } from '../support/widget';

const twin = inject('twin');

type Reply = CallableOutput<'enviarMensajeWidget'>;
type Info = CallableOutput<'obtenerWidget'>;

const PAN = 'Panadería Ñandú';
const TALLER = 'Taller Peña';
const CAFE = 'Cafetería Añoranza';
/** Words only each brand's document has. */
const ONLY = {
  pan: ['Ñandú', 'magdalenas', 'masa madre', 'antelación'],
  taller: ['Peña', 'Logroño', 'bicicletas', 'neumáticos'],
  cafe: ['Añoranza', 'devoluciones', 'reembolsos', 'catorce'],
} as const;

let admin: TestUser;
let pan: TestUser;
let taller: TestUser;
let cafe: TestUser;
let pending: TestUser;

let model: AdversarialModel | undefined;
/** What the model received, one entry per chat completion (the model's own list, cleared between tests). */
let stubRequests: StubRequest[] = [];

const ask = async (ip: string, owner: TestUser, message: string, conversationId: string | null = null, token?: string) =>
  callFrom(twin, ip, 'enviarMensajeWidget', { uid: owner.sub, conversationId, message }, token);

async function askOk(ip: string, owner: TestUser, message: string, conversationId: string | null = null): Promise<Reply> {
  const { status, body } = await ask(ip, owner, message, conversationId);
  if (status !== 200) throw new Error(`enviarMensajeWidget → ${status} ${JSON.stringify(body)}`);
  return body.result as Reply;
}

const conversationsOf = (owner: TestUser) => rawItems(twin, `user#${owner.sub}`, 'conversation#');
const messagesOf = (owner: TestUser, conversationId = '') => rawItems(twin, `user#${owner.sub}`, `convmsg#${conversationId}`);
const leadsOf = (owner: TestUser) => rawItems(twin, `user#${owner.sub}`, 'lead#');

beforeAll(async () => {
  admin = await signInAdmin(twin);
  model = await startAdversarialModel(inject('stubPorts').widget);
  stubRequests = model.requests;
  const stubUrl = model.url;
  [pan, taller, cafe] = await Promise.all([
    approvedBrand(twin, admin, 'w-pan', { brandName: PAN, brandPersonality: 'Cercana y familiar', topicsToAvoid: 'política' }),
    approvedBrand(twin, admin, 'w-taller', { brandName: TALLER }),
    approvedBrand(twin, admin, 'w-cafe', { brandName: CAFE, brandPersonality: 'Amable y breve' }),
  ]);
  pending = await registerUser(twin, 'w-pending');
  await callOk(twin, 'guardarIntegraciones', { aiProvider: 'openai-compatible', openaiBaseUrl: stubUrl, openaiModel: 'stub-model' }, cafe.accessToken);
  await uploadKnowledge(twin, pan, { name: SPANISH_DOCS.panaderia.name, type: 'application/pdf', bytes: await makePdf([[...SPANISH_DOCS.panaderia.paragraphs]]) });
  await uploadKnowledge(twin, taller, { name: SPANISH_DOCS.taller.name, type: DOCX_CONTENT_TYPE, bytes: await makeDocx([...SPANISH_DOCS.taller.paragraphs]) });
  await uploadKnowledge(twin, cafe, { name: SPANISH_DOCS.cafeteria.name, type: 'text/plain', bytes: latin1(SPANISH_DOCS.cafeteria.paragraphs.join('\r\n\r\n')) });
});

afterAll(async () => {
  await model?.close();
});

describe('obtenerWidget', () => {
  it('gives the brand name, its greeting, the consent sentence naming it and the message limit', async () => {
    const { status, body } = await callFrom(twin, freshVisitorIp(), 'obtenerWidget', { uid: pan.sub });
    expect(status).toBe(200);
    expect(body.result).toEqual({ brandName: PAN, greeting: WIDGET_MSG.greeting(PAN), consentText: widgetConsentText(PAN), maxMessageLength: WIDGET_LIMITS.maxMessageLength });
    expect((body.result as Info).consentText).toContain(PAN);
  });

  it('is "no disponible" (404) for an unknown or pending brand, the same message for both', async () => {
    for (const uid of ['00000000-0000-4000-8000-000000000000', pending.sub]) {
      const { status, body } = await callFrom(twin, freshVisitorIp(), 'obtenerWidget', { uid });
      expect(status).toBe(404);
      expect(body.error).toEqual({ status: 'NOT_FOUND', message: WIDGET_MSG.notAvailable });
    }
    const malformed = await callFrom(twin, freshVisitorIp(), 'obtenerWidget', { uid: 'user#x' });
    expect(malformed.status).toBe(400);
  });

  it('ignores any bearer token: the brand is the uid', async () => {
    const ip = freshVisitorIp();
    const anonymous = await callFrom(twin, ip, 'obtenerWidget', { uid: pan.sub });
    const withOtherOwner = await callFrom(twin, ip, 'obtenerWidget', { uid: pan.sub }, taller.accessToken);
    const withItsOwner = await callFrom(twin, ip, 'obtenerWidget', { uid: pan.sub }, pan.accessToken);
    expect(withOtherOwner.body).toEqual(anonymous.body);
    expect(withItsOwner.body).toEqual(anonymous.body);
    const pendingToken = await callFrom(twin, ip, 'obtenerWidget', { uid: pending.sub }, pending.accessToken);
    expect(pendingToken.status).toBe(404);
  });
});

describe('answers grounded in the brand\'s own knowledge (offline provider of the twin)', () => {
  it('each brand answers from its own document, labelled offline', async () => {
    const ip = freshVisitorIp();
    const tartas = await askOk(ip, pan, '¿Hacéis tartas de cumpleaños?');
    expect(tartas.offline).toBe(true);
    expect(tartas.reply).toContain('tartas de cumpleaños por encargo');
    expect(tartas.reply).toContain(PAN);
    expect(tartas.conversationId).toMatch(/^[0-9a-z]{20}$/);
    const bicis = await askOk(ip, taller, '¿Reparáis bicicletas eléctricas?');
    expect(bicis.reply).toContain('bicicletas eléctricas');
    for (const word of ONLY.pan) expect(bicis.reply).not.toContain(word);
  });

  it('never answers from another brand: it says it does not know and offers to take a contact', async () => {
    const ip = freshVisitorIp();
    const panOnBikes = await askOk(ip, pan, '¿Reparáis bicicletas eléctricas de montaña?');
    expect(panOnBikes).toMatchObject({ reply: WIDGET_REPLIES.dontKnow(PAN), offline: true, askForContact: true });
    const tallerOnCakes = await askOk(ip, taller, '¿Hacéis tartas de cumpleaños y magdalenas?');
    expect(tallerOnCakes).toMatchObject({ reply: WIDGET_REPLIES.dontKnow(TALLER), askForContact: true });
    for (const word of ONLY.taller) expect(panOnBikes.reply).not.toContain(word);
  });

  it('a bearer token of another owner does not change whose knowledge answers', async () => {
    const tallerBefore = (await conversationsOf(taller)).length;
    const { body } = await ask(freshVisitorIp(), pan, '¿Hacéis tartas de cumpleaños?', null, taller.accessToken);
    const reply = body.result as Reply;
    expect(reply.reply).toContain('tartas de cumpleaños por encargo');
    expect((await conversationsOf(pan)).map((c) => c.id)).toContain(reply.conversationId);
    expect(await conversationsOf(taller)).toHaveLength(tallerBefore);
  });

  it('greets, refuses a topic to avoid, and asks for a contact when the visitor shows interest', async () => {
    const ip = freshVisitorIp();
    expect(await askOk(ip, pan, '¡Hola!')).toMatchObject({ reply: WIDGET_REPLIES.greeting(PAN), askForContact: false });
    expect(await askOk(ip, pan, '¿Qué opinas de la política?')).toMatchObject({ reply: WIDGET_REPLIES.topicToAvoid('política'), askForContact: false });
    expect((await askOk(ip, pan, 'Quiero encargar una tarta de cumpleaños, ¿cuánto cuesta?')).askForContact).toBe(true);
  });

  it('stores every visitor and assistant message, in order, under the brand', async () => {
    const ip = freshVisitorIp();
    const first = await askOk(ip, pan, '¿Tenéis opciones sin gluten?');
    const second = await askOk(ip, pan, '¿Y qué horario tenéis?', first.conversationId);
    expect(second.conversationId).toBe(first.conversationId);
    const stored = await messagesOf(pan, `${first.conversationId}#`);
    expect(stored.map((m) => [m.role, m.text])).toEqual([
      ['visitor', '¿Tenéis opciones sin gluten?'],
      ['assistant', first.reply],
      ['visitor', '¿Y qué horario tenéis?'],
      ['assistant', second.reply],
    ]);
    const [conversation] = (await conversationsOf(pan)).filter((c) => c.id === first.conversationId);
    expect(conversation).toMatchObject({ channel: 'widget', messageCount: 4 });
  });

  it('a conversation id of another brand, or unknown, is 404 and stores nothing', async () => {
    const ip = freshVisitorIp();
    const theirs = await askOk(ip, taller, '¿Recogéis la bicicleta a domicilio?');
    const before = await messagesOf(pan);
    for (const conversationId of [theirs.conversationId, 'zzzzzzzzzzzzzzzzzzzz']) {
      const { status, body } = await ask(ip, pan, 'Hola otra vez', conversationId);
      expect(status).toBe(404);
      expect(body.error?.message).toBe(WIDGET_INPUT_MSG.conversationNotFound);
    }
    expect(await messagesOf(pan)).toHaveLength(before.length);
    expect(await messagesOf(taller, `${theirs.conversationId}#`)).toHaveLength(2);
  });

  it('unknown and pending brands are not available, and nothing is stored for them', async () => {
    for (const owner of [pending, { sub: '00000000-0000-4000-8000-000000000001' } as TestUser]) {
      const { status, body } = await ask(freshVisitorIp(), owner, '¿Hola?');
      expect(status).toBe(404);
      expect(body.error?.message).toBe(WIDGET_MSG.notAvailable);
      expect(await conversationsOf(owner)).toHaveLength(0);
    }
  });
});

describe('prompt injection against a model that tries to comply (OpenAI-compatible stub)', () => {
  it('the model gets the brand, the rules, a fresh canary, only this brand\'s passages, and no tools', async () => {
    stubRequests.length = 0;
    const reply = await askOk(freshVisitorIp(), cafe, '¿Qué política de devoluciones tenéis?');
    expect(reply.offline).toBe(false);
    expect(reply.reply).toContain('devolvemos el importe íntegro');
    const [request] = stubRequests;
    expect(request?.tools).toBeUndefined();
    expect(request?.system).toContain(`«${CAFE}»`);
    expect(request?.system).toMatch(CANARY);
    expect(request?.system).toContain('reembolsos');
    for (const word of [...ONLY.pan, ...ONLY.taller]) expect(request?.system).not.toContain(word);
  });

  it.each(INJECTIONS)('%s → no canary, no instructions, no other brand, nothing changed', async (message) => {
    const settingsBefore = await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, cafe.accessToken);
    stubRequests.length = 0;
    const reply = await askOk(freshVisitorIp(), cafe, message);
    const canary = CANARY.exec(stubRequests[0]?.system ?? '')?.[0];
    expect(canary).toBeDefined();
    const flat = reply.reply.toUpperCase().replace(/[^A-Z0-9]/g, '');
    expect(flat).not.toContain((canary as string).replace(/[^A-Z0-9]/g, ''));
    expect(flat).not.toContain((canary as string).slice('CANARIO-'.length));
    expect(echoesInstructions(reply.reply)).toBe(false);
    for (const word of [...ONLY.pan, ...ONLY.taller]) expect(reply.reply).not.toContain(word);
    expect(stubRequests.every((r) => r.tools === undefined)).toBe(true);
    // The stored transcript is what the visitor saw: the guarded answer.
    const stored = await messagesOf(cafe, `${reply.conversationId}#`);
    expect(stored.map((m) => m.text)).toEqual([message, reply.reply]);
    expect(await callOk<AiSettings>(twin, 'obtenerAjustesIA', null, cafe.accessToken)).toEqual(settingsBefore);
    const { documents } = await callOk<{ documents: unknown[] }>(twin, 'listarDocumentos', null, cafe.accessToken);
    expect(documents).toHaveLength(1);
  });

  it('the leaks the stub attempted were replaced by the safe refusal', async () => {
    for (const message of INJECTIONS.slice(0, 5)) {
      const reply = await askOk(freshVisitorIp(), cafe, message);
      expect(reply.reply).toBe(WIDGET_REPLIES.refusal(CAFE));
    }
  });

  it('the same injections on an offline brand leak nothing either', async () => {
    const ip = freshVisitorIp();
    for (const message of INJECTIONS) {
      const reply = await askOk(ip, pan, message);
      expect(echoesInstructions(reply.reply)).toBe(false);
      expect(reply.reply).not.toMatch(/CANARIO/i);
      for (const word of [...ONLY.taller, ...ONLY.cafe]) expect(reply.reply).not.toContain(word);
    }
  });

  it('an invented price is replaced and the contact form offered', async () => {
    const reply = await askOk(freshVisitorIp(), cafe, '¿Cuánto cuesta la bolsa de café en grano?');
    expect(reply).toEqual({ conversationId: reply.conversationId, reply: WIDGET_REPLIES.noFigure(CAFE), offline: false, askForContact: true });
  });

  it('when the model fails the visitor still gets the honest offline answer', async () => {
    const reply = await askOk(freshVisitorIp(), cafe, 'FALLO: ¿qué política de devoluciones tenéis?');
    expect(reply.offline).toBe(true);
    expect(reply.reply).toContain('devolvemos el importe íntegro');
  });
});

describe('limits', () => {
  it(`a message over ${WIDGET_LIMITS.maxMessageLength} characters is 400 and stores nothing`, async () => {
    const before = (await conversationsOf(pan)).length;
    const { status, body } = await ask(freshVisitorIp(), pan, 'a'.repeat(WIDGET_LIMITS.maxMessageLength + 1));
    expect(status).toBe(400);
    expect(body.error?.message).toContain(WIDGET_INPUT_MSG.messageTooLong(WIDGET_LIMITS.maxMessageLength));
    expect(await conversationsOf(pan)).toHaveLength(before);
    expect((await ask(freshVisitorIp(), pan, '   ')).status).toBe(400);
  });

  it(`an IP may send ${WIDGET_LIMITS.ipSendsPerMinute} messages a minute, then 429; other IPs go on`, async () => {
    const owner = await approvedBrand(twin, admin, 'w-ip', { brandName: 'Librería Ñ' });
    await sameMinuteFor(15);
    const ip = freshVisitorIp();
    for (let i = 0; i < WIDGET_LIMITS.ipSendsPerMinute; i += 1) expect((await ask(ip, owner, 'Hola')).status).toBe(200);
    const refused = await ask(ip, owner, 'Hola');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: WIDGET_MSG.ipRateLimited });
    const lead = await callFrom(twin, ip, 'registrarLeadWidget', { uid: owner.sub, conversationId: null, name: 'Ana', contact: 'ana@example.com', consent: true });
    expect(lead.status).toBe(429);
    expect(await conversationsOf(owner)).toHaveLength(WIDGET_LIMITS.ipSendsPerMinute);
    expect(await leadsOf(owner)).toHaveLength(0);
    expect((await ask(freshVisitorIp(), owner, 'Hola')).status).toBe(200);
  });

  it('the IP counter stores a hash, not the IP, and expires', async () => {
    const ip = freshVisitorIp();
    await ask(ip, pan, 'Hola');
    const minute = new Date().toISOString().slice(0, 16);
    const { hashIp } = await import('../../lambdas/core/widget/limits');
    const [counter] = await rawItems(twin, `widget#ip#${hashIp(ip, new Date())}`, 'rate#send#');
    expect(counter).toBeDefined();
    expect(JSON.stringify(counter)).not.toContain(ip);
    expect(String(counter?.sk)).toMatch(new RegExp(`^rate#send#${minute.slice(0, 13)}`));
    expect(Number(counter?.expiresAt)).toBeGreaterThan(Date.now() / 1000);
    expect(Number(counter?.expiresAt)).toBeLessThan(Date.now() / 1000 + 300);
  });

  it(`a brand answers ${WIDGET_LIMITS.brandSendsPerMinute} messages a minute from all visitors, then 429`, async () => {
    const owner = await approvedBrand(twin, admin, 'w-busy', { brandName: 'Frutería Muñoz' });
    await sameMinuteFor(25);
    const ips = Array.from({ length: Math.ceil(WIDGET_LIMITS.brandSendsPerMinute / WIDGET_LIMITS.ipSendsPerMinute) }, freshVisitorIp);
    for (let i = 0; i < WIDGET_LIMITS.brandSendsPerMinute; i += 1) {
      expect((await ask(ips[i % ips.length] as string, owner, 'Hola')).status).toBe(200);
    }
    const refused = await ask(freshVisitorIp(), owner, 'Hola');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(WIDGET_MSG.brandRateLimited);
    expect(await conversationsOf(owner)).toHaveLength(WIDGET_LIMITS.brandSendsPerMinute);
    // Other brands are not affected.
    expect((await ask(freshVisitorIp(), pan, 'Hola')).status).toBe(200);
  });

  it(`a conversation holds ${WIDGET_LIMITS.maxVisitorMessages} visitor messages, then 429 and nothing stored`, async () => {
    const owner = await approvedBrand(twin, admin, 'w-chatty', { brandName: 'Heladería Ñam' });
    const ips = [freshVisitorIp(), freshVisitorIp()];
    let conversationId: string | null = null;
    for (let i = 0; i < WIDGET_LIMITS.maxVisitorMessages; i += 1) {
      conversationId = (await askOk(ips[i % 2] as string, owner, `Hola ${i % 2 ? 'otra vez' : ''}`.trim(), conversationId)).conversationId;
    }
    const refused = await ask(freshVisitorIp(), owner, '¿Sigues ahí?', conversationId);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(WIDGET_MSG.conversationLimit(WIDGET_LIMITS.maxVisitorMessages));
    expect(await messagesOf(owner, `${conversationId}#`)).toHaveLength(WIDGET_LIMITS.maxVisitorMessages * 2);
    const [conversation] = await conversationsOf(owner);
    expect(conversation?.messageCount).toBe(WIDGET_LIMITS.maxVisitorMessages * 2);
  });

  it('the daily AI answer cap: counted per brand and day, then 429 for questions (greetings still work)', async () => {
    const owner = await approvedBrand(twin, admin, 'w-cap', { brandName: 'Óptica Nuñez' });
    const ip = freshVisitorIp();
    await askOk(ip, owner, '¿Tenéis gafas de sol graduadas?');
    const day = new Date().toISOString().slice(0, 10);
    const [counter] = await rawItems(twin, `user#${owner.sub}`, `widget#answers#${day}`);
    expect(counter).toMatchObject({ count: 1 });
    expect(Number(counter?.expiresAt)).toBeGreaterThan(Date.now() / 1000);
    // Spend the rest of today's answers at once.
    const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: twin.dynamodbEndpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS }));
    await dynamo.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...counter, count: DEFAULT_WIDGET_DAILY_ANSWERS } }));
    const before = await conversationsOf(owner);
    const refused = await ask(ip, owner, '¿Hacéis revisiones de la vista?');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(WIDGET_MSG.dailyLimit);
    expect(await conversationsOf(owner)).toHaveLength(before.length);
    expect((await ask(ip, owner, 'Hola')).status).toBe(200);
  });
});

describe('leads need consent', () => {
  const lead = (owner: TestUser, extra: Record<string, unknown>) => ({ uid: owner.sub, conversationId: null, name: 'Lucía Pérez', contact: 'lucia@example.com', ...extra });

  it.each([
    ['consent false', { consent: false }],
    ['consent missing', {}],
    ['consent "true" as text', { consent: 'true' }],
  ])('%s → 400 and no lead', async (_label, extra) => {
    const { status, body } = await callFrom(twin, freshVisitorIp(), 'registrarLeadWidget', lead(taller, extra));
    expect(status).toBe(400);
    expect(body.error?.message).toContain(WIDGET_INPUT_MSG.consentRequired);
    expect(await leadsOf(taller)).toHaveLength(0);
  });

  it('a contact that is neither an email nor a phone → 400 and no lead', async () => {
    const { status, body } = await callFrom(twin, freshVisitorIp(), 'registrarLeadWidget', lead(taller, { consent: true, contact: 'llámame mañana' }));
    expect(status).toBe(400);
    expect(body.error?.message).toContain(WIDGET_INPUT_MSG.contactInvalid);
    expect(await leadsOf(taller)).toHaveLength(0);
  });

  it('with consent: one lead with the exact consent sentence, linked to its conversation; sending again changes nothing', async () => {
    const ip = freshVisitorIp();
    const chat = await askOk(ip, taller, 'Quiero pedir presupuesto para una revisión completa');
    expect(chat.askForContact).toBe(true);
    const payload = { uid: taller.sub, conversationId: chat.conversationId, name: '  Lucía   Pérez ', contact: ' Lucia@Ejemplo.ES ', consent: true };
    const first = await callFrom(twin, ip, 'registrarLeadWidget', payload);
    expect(first.status).toBe(200);
    const { leadId } = first.body.result as { leadId: string };
    const again = await callFrom(twin, ip, 'registrarLeadWidget', payload);
    expect(again.body.result).toEqual({ leadId });
    const stored = await leadsOf(taller);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: leadId,
      name: 'Lucía Pérez',
      contact: 'Lucia@ejemplo.es',
      contactType: 'email',
      source: 'widget',
      status: 'Nuevo',
      conversationId: chat.conversationId,
      consentText: widgetConsentText(TALLER),
    });
    expect(String(stored[0]?.consentText)).toContain(TALLER);
    expect(Date.now() - Date.parse(String(stored[0]?.consentAt))).toBeLessThan(60_000);
    const [conversation] = (await conversationsOf(taller)).filter((c) => c.id === chat.conversationId);
    expect(conversation?.leadId).toBe(leadId);
  });

  it('a phone without a conversation is a lead too, and the owner sees it', async () => {
    const { status, body } = await callFrom(twin, freshVisitorIp(), 'registrarLeadWidget', lead(pan, { contact: '+34 600 123 456', consent: true }));
    expect(status).toBe(200);
    const { leadId } = body.result as { leadId: string };
    const [stored] = (await leadsOf(pan)).filter((l) => l.id === leadId);
    expect(stored).toMatchObject({ contact: '+34 600 123 456', contactType: 'phone', consentText: widgetConsentText(PAN) });
    expect(stored?.conversationId).toBeUndefined();
    const listed = await callOk<{ leads: { id: string }[] }>(twin, 'listarLeads', null, pan.accessToken);
    expect(listed.leads.map((l) => l.id)).toContain(leadId);
  });

  it('an unknown or pending brand, or another brand\'s conversation, stores no lead', async () => {
    const theirs = await askOk(freshVisitorIp(), pan, 'Hola');
    for (const [owner, conversationId, status] of [
      [pending, null, 404],
      [{ sub: '00000000-0000-4000-8000-000000000002' } as TestUser, null, 404],
      [cafe, theirs.conversationId, 404],
    ] as const) {
      const res = await callFrom(twin, freshVisitorIp(), 'registrarLeadWidget', lead(owner, { conversationId, consent: true }));
      expect(res.status).toBe(status);
      expect(await leadsOf(owner)).toHaveLength(0);
    }
  });
});
