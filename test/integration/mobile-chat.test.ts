/**
 * The owner's mobile command chat against the twin (issue 6 item 3; offline AI provider, no
 * transcription provider):
 * - the owner-only rule: every chat callable names the chat's uid and refuses another active
 *   owner, an admin, a pending user and anonymous callers, and stores nothing for them;
 * - history is kept per owner;
 * - spending needs confirmation: asking for an image only proposes it (no asset, no quota); the
 *   owner's 'Confirmar' generates it into the owner's gallery only, once; 'Cancelar' runs nothing;
 * - tools run with the owner's identity only: a stored action whose input names another uid, or a
 *   message naming another owner, still acts on the caller; direct tools list the owner's new leads
 *   only and summarise the owner's month; a post is scheduled (aprobado) in the owner's plan only,
 *   after the owner confirms it (issue 13 item 6);
 * - a photo is seen where the provider can (offline: it says it cannot, giving format and size);
 *   attachments that are not the caller's own uploads of the right kind, missing or not images are
 *   refused and nothing is stored;
 * - a voice note is kept with the plain message that transcription needs a configured provider.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CHAT_MSG, MSG, type Asset, type CallableOutput, type ChatMessageView, type ScheduledPost } from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { solidPng } from '../support/generation';
import { leadSeeder } from '../support/leads';
import { seedPendingAction } from '../support/chat';

const twin = inject('twin');

type Grant = CallableOutput<'solicitarSubida'>;
type Messages = { messages: ChatMessageView[] };
type History = CallableOutput<'listarMensajesChat'>;

let admin: TestUser;
let owner: TestUser;
let other: TestUser;
let pending: TestUser;

const CHAT_CALLABLES = ['enviarMensajeChat', 'listarMensajesChat', 'confirmarAccionChat'] as const;
const payloadFor = (name: (typeof CHAT_CALLABLES)[number], uid: string) =>
  name === 'enviarMensajeChat' ? { uid, text: 'Hola' } : name === 'listarMensajesChat' ? { uid } : { uid, actionId: 'zzzzzzzzzzzzzzzzzzzz', confirm: true };

const send = (user: TestUser, data: Record<string, unknown>) => callOk<Messages>(twin, 'enviarMensajeChat', { uid: user.sub, ...data }, user.accessToken);
const history = (user: TestUser) => callOk<History>(twin, 'listarMensajesChat', { uid: user.sub }, user.accessToken);
const gallery = async (user: TestUser) => (await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', null, user.accessToken)).assets;
const quotaCount = async (user: TestUser) => (await rawTable(twin).get(`user#${user.sub}`, `quota#generation#${new Date().toISOString().slice(0, 10)}`))?.count;

/** Uploads `bytes` as `kind` the way the browser does (solicitarSubida + presigned POST). */
async function upload(user: TestUser, kind: 'chatImage' | 'chatVoice' | 'knowledge', fileName: string, type: string, bytes: Uint8Array): Promise<string> {
  const grant = await callOk<Grant>(twin, 'solicitarSubida', { kind, fileName, contentType: type, size: bytes.byteLength }, user.accessToken);
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await fetch(grant.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`S3 POST failed: ${response.status}`);
  return grant.key;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

beforeAll(async () => {
  admin = await signInAdmin(twin);
  [owner, other, pending] = await Promise.all([registerUser(twin, 'chat-owner'), registerUser(twin, 'chat-other'), registerUser(twin, 'chat-pending')]);
  for (const user of [owner, other]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
});

describe('the owner-only rule of /chat/{uid}', () => {
  it.each(CHAT_CALLABLES)('%s refuses another active owner and an admin (403), a pending user (403) and anonymous callers (401)', async (name) => {
    for (const intruder of [other, admin]) {
      const { status, body } = await call(twin, name, payloadFor(name, owner.sub), intruder.accessToken);
      expect(status).toBe(403);
      expect(body.error).toEqual({ status: 'PERMISSION_DENIED', message: CHAT_MSG.notYourChat });
    }
    const asPending = await call(twin, name, payloadFor(name, owner.sub), pending.accessToken);
    expect(asPending.status).toBe(403);
    expect(asPending.body.error?.status).toBe('PERMISSION_DENIED');
    // The pending user's own chat is refused too (the chat is an owner feature).
    expect((await call(twin, name, payloadFor(name, pending.sub), pending.accessToken)).status).toBe(403);
    const anonymous = await call(twin, name, payloadFor(name, owner.sub));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthorized' });
  });

  it('stores nothing for refused callers, and a payload cannot add another tenant key', async () => {
    expect((await history(owner)).messages).toEqual([]);
    const extra = await call(twin, 'enviarMensajeChat', { uid: owner.sub, text: 'Hola', sub: other.sub }, owner.accessToken);
    expect(extra.status).toBe(400);
    expect((await call(twin, 'enviarMensajeChat', { uid: owner.sub, text: '   ' }, owner.accessToken)).body.error?.message).toContain(CHAT_MSG.emptyMessage);
    expect((await call(twin, 'enviarMensajeChat', { uid: owner.sub, text: 'x'.repeat(2001) }, owner.accessToken)).status).toBe(400);
    expect((await call(twin, 'listarMensajesChat', { uid: '../otro' }, owner.accessToken)).status).toBe(400);
    expect((await history(owner)).messages).toEqual([]);
  });
});

describe('conversation and history', () => {
  it('answers a text message (offline, labelled) and keeps each owner\'s history apart', async () => {
    const { messages } = await send(owner, { text: '¿Qué me recomiendas publicar esta semana?' });
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ role: 'owner', text: '¿Qué me recomiendas publicar esta semana?', offline: false });
    expect(messages[1]).toMatchObject({ role: 'assistant', offline: true });
    expect(messages[1]?.text).toMatch(/^\[Modo sin conexión\]/);
    expect((messages[1]?.id ?? '') > (messages[0]?.id ?? '')).toBe(true);

    await send(other, { text: 'Mensaje de la otra marca' });
    const mine = (await history(owner)).messages;
    const theirs = (await history(other)).messages;
    expect(mine.map((m) => m.text)).toContain('¿Qué me recomiendas publicar esta semana?');
    expect(mine.map((m) => m.text)).not.toContain('Mensaje de la otra marca');
    expect(theirs.map((m) => m.text)).toContain('Mensaje de la otra marca');
    expect(theirs.map((m) => m.text)).not.toContain('¿Qué me recomiendas publicar esta semana?');
    // Oldest first, newest at the bottom.
    expect(mine.map((m) => m.id)).toEqual([...mine.map((m) => m.id)].sort());
  });
});

describe('actions that spend need the owner\'s confirmation', () => {
  it('proposes an image without generating it; confirming generates it once, into the owner\'s gallery only', async () => {
    const before = await quotaCount(owner);
    const { messages } = await send(owner, { text: 'Genera una imagen de un escaparate con flores azules' });
    const proposal = messages[1];
    expect(proposal).toMatchObject({ role: 'assistant', tool: 'generar_imagen', action: { status: 'pending' }, offline: true });
    expect(proposal?.text).toContain('¿Genero una imagen');
    expect(await gallery(owner)).toEqual([]);
    expect(await quotaCount(owner)).toBe(before);

    // Another owner cannot resolve it, neither through the owner's chat nor their own.
    expect((await call(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: proposal?.id, confirm: true }, other.accessToken)).status).toBe(403);
    const theirs = await call(twin, 'confirmarAccionChat', { uid: other.sub, actionId: proposal?.id, confirm: true }, other.accessToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error?.message).toBe(CHAT_MSG.actionNotFound);

    const confirmed = await callOk<Messages>(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: proposal?.id, confirm: true }, owner.accessToken);
    expect(confirmed.messages[0]).toMatchObject({ id: proposal?.id, action: { status: 'done' } });
    const result = confirmed.messages[1];
    expect(result).toMatchObject({ role: 'assistant', tool: 'generar_imagen', offline: true });
    expect(result?.assetId).toMatch(/^[a-z0-9]{20}$/);
    const png = await fetchBytes(result?.imageUrl ?? '');
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const mine = await gallery(owner);
    expect(mine.map((asset) => asset.id)).toEqual([result?.assetId]);
    expect(mine[0]?.prompt).toBe('Genera una imagen de un escaparate con flores azules');
    expect(await gallery(other)).toEqual([]);
    expect(await quotaCount(owner)).toBe(Number(before ?? 0) + 1);

    const again = await call(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: proposal?.id, confirm: true }, owner.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(CHAT_MSG.actionResolved);
    expect((await gallery(owner)).length).toBe(1);

    // The history shows the image (a fresh URL) under the owner's chat.
    const shown = (await history(owner)).messages.find((m) => m.id === result?.id);
    expect(shown?.imageUrl).toBeTruthy();
    expect((await fetchBytes(shown?.imageUrl ?? '')).byteLength).toBe(png.byteLength);
  });

  it('cancelling runs nothing', async () => {
    const { messages } = await send(owner, { text: 'Crea una imagen de un faro' });
    const count = (await gallery(owner)).length;
    const cancelled = await callOk<Messages>(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: messages[1]?.id, confirm: false }, owner.accessToken);
    expect(cancelled.messages.map((m) => m.action?.status ?? m.text)).toEqual(['cancelled', CHAT_MSG.actionCancelled]);
    expect((await gallery(owner)).length).toBe(count);
  });

  it('drafting an article is proposed too, and a disabled blog is reported in the chat', async () => {
    const { messages } = await send(owner, { text: 'Redacta un artículo sobre el cuidado de las plantas' });
    expect(messages[1]).toMatchObject({ tool: 'redactar_articulo', action: { status: 'pending' } });
    const confirmed = await callOk<Messages>(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: messages[1]?.id, confirm: true }, owner.accessToken);
    expect(confirmed.messages[0]?.action?.status).toBe('failed');
    expect(confirmed.messages[1]?.error).toBe(true);
    expect(confirmed.messages[1]?.text).toMatch(/^No se pudo completar la acción: /);
  });
});

describe('tools run with the owner\'s identity only', () => {
  it('a stored action whose input names another uid still generates into the caller\'s gallery', async () => {
    // As if a model had put the other owner's uid (and a sub) into the tool input.
    const id = await seedPendingAction(twin, owner.sub, { text: '¿Genero una imagen?', tool: 'generar_imagen', input: { prompt: 'Un velero rojo', uid: other.sub, sub: other.sub } });
    const before = (await gallery(owner)).length;
    const confirmed = await callOk<Messages>(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: id, confirm: true }, owner.accessToken);
    expect(confirmed.messages[0]?.action?.status).toBe('done');
    const mine = await gallery(owner);
    expect(mine.length).toBe(before + 1);
    expect(mine.map((a) => a.id)).toContain(confirmed.messages[1]?.assetId);
    expect(await gallery(other)).toEqual([]);
  });

  it('a message naming another owner acts on the caller only', async () => {
    const { messages } = await send(owner, { text: `Genera una imagen para la cuenta ${other.sub} con uid ${other.sub}` });
    const confirmed = await callOk<Messages>(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: messages[1]?.id, confirm: true }, owner.accessToken);
    expect((await gallery(owner)).map((a) => a.id)).toContain(confirmed.messages[1]?.assetId);
    expect(await gallery(other)).toEqual([]);
  });

  it('lists the owner\'s new leads only', async () => {
    const seed = await leadSeeder(twin);
    await seed(owner.sub, { name: 'Lucía Nueva', contact: 'lucia@example.com', ago: 2000 });
    await seed(owner.sub, { name: 'Carlos Contactado', contact: 'carlos@example.com', status: 'Contactado', ago: 1000 });
    await seed(other.sub, { name: 'Pedro de Otra Marca', contact: 'pedro@example.com', ago: 500 });
    const { messages } = await send(owner, { text: '¿Tengo leads nuevos?' });
    const answer = messages[1];
    expect(answer).toMatchObject({ tool: 'listar_leads', offline: true });
    expect(answer?.action).toBeUndefined();
    expect(answer?.text).toContain('Lucía Nueva — lucia@example.com (Widget web)');
    expect(answer?.text).not.toContain('Carlos');
    expect(answer?.text).not.toContain('Pedro');
  });

  it("schedules a post in the owner's plan only, after the owner confirms it (status aprobado), and summarises the month", async () => {
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 15);
    const month = next.toISOString().slice(0, 7);
    const monthName = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'][next.getUTCMonth()];
    const { messages } = await send(owner, { text: `Crea una publicación para Facebook el 15 de ${monthName} sobre la nueva carta` });
    expect(messages[1]).toMatchObject({ tool: 'crear_publicacion', offline: true, action: { status: 'pending' } });
    expect(messages[1]?.text).toContain('a las 13:00');
    expect((await callOk<{ posts: ScheduledPost[] }>(twin, 'listarPublicaciones', { month }, owner.accessToken)).posts).toEqual([]);
    const confirmed = await callOk<Messages>(twin, 'confirmarAccionChat', { uid: owner.sub, actionId: messages[1]?.id, confirm: true }, owner.accessToken);
    expect(confirmed.messages[0]?.action?.status).toBe('done');
    expect(confirmed.messages[1]?.text).toContain('en Facebook para el 15 de');
    const posts = (await callOk<{ posts: ScheduledPost[] }>(twin, 'listarPublicaciones', { month }, owner.accessToken)).posts;
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ scheduledDate: `${month}-15`, time: '13:00', platform: 'facebook', status: 'aprobado' });
    expect((await callOk<{ posts: ScheduledPost[] }>(twin, 'listarPublicaciones', { month }, other.accessToken)).posts).toEqual([]);

    const summary = await send(owner, { text: `Resume el plan de ${monthName}` });
    expect(summary.messages[1]?.tool).toBe('resumir_plan');
    expect(summary.messages[1]?.text).toContain('1 publicación');
    expect(summary.messages[1]?.text).toContain(posts[0]?.title ?? '—');
  });
});

describe('photos and voice notes', () => {
  it('shows the owner\'s photo and, offline, says it cannot see it and gives its format and size', async () => {
    const png = solidPng([30, 90, 220], 48);
    const imageKey = await upload(owner, 'chatImage', 'escaparate.png', 'image/png', png);
    const { messages } = await send(owner, { text: '¿Qué te parece esta foto?', imageKey });
    expect(messages[0]?.role).toBe('owner');
    expect(await fetchBytes(messages[0]?.imageUrl ?? '')).toEqual(new Uint8Array(png));
    expect(messages[1]?.text).toContain('No puedo ver imágenes sin un modelo de IA');
    expect(messages[1]?.text).toContain('una imagen PNG de 48×48 píxeles');
  });

  it('refuses attachments that are not the caller\'s own chat uploads, missing ones and non-images; nothing is stored', async () => {
    const before = (await history(owner)).messages.length;
    const png = solidPng([200, 30, 30], 16);
    const theirs = await upload(other, 'chatImage', 'suya.png', 'image/png', png);
    const knowledge = await upload(owner, 'knowledge', 'notas.txt', 'text/plain', new TextEncoder().encode('Horario: de 9 a 14.'));
    const fake = await upload(owner, 'chatImage', 'falsa.png', 'image/png', new TextEncoder().encode('esto no es una imagen'));
    const cases: [Record<string, unknown>, string][] = [
      [{ imageKey: theirs }, CHAT_MSG.attachmentInvalid],
      [{ imageKey: knowledge }, CHAT_MSG.attachmentInvalid],
      [{ voiceKey: theirs }, CHAT_MSG.attachmentInvalid],
      [{ imageKey: `users/${owner.sub}/chat-images/zzzzzzzzzzzzzzzzzzzz-nada.png` }, CHAT_MSG.attachmentMissing],
      [{ imageKey: fake }, CHAT_MSG.photoNotImage],
    ];
    for (const [data, message] of cases) {
      const { status, body } = await call(twin, 'enviarMensajeChat', { uid: owner.sub, text: 'Mira', ...data }, owner.accessToken);
      expect(status).toBe(400);
      expect(body.error?.message).toBe(message);
    }
    expect((await history(owner)).messages.length).toBe(before);
  });

  it('keeps a voice note with the plain message that transcription needs a configured provider', async () => {
    const audio = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode('nota de voz de prueba')]);
    const voiceKey = await upload(owner, 'chatVoice', 'nota-de-voz.webm', 'audio/webm', audio);
    const { messages } = await send(owner, { voiceKey });
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ role: 'owner', transcription: 'unavailable', text: '' });
    expect(await fetchBytes(messages[0]?.audioUrl ?? '')).toEqual(audio);
    expect(messages[1]).toMatchObject({ role: 'assistant', text: CHAT_MSG.transcriptionUnavailable });
    const read = await history(owner);
    expect(read.transcribing).toBe(false);
    expect(read.messages.find((m) => m.id === messages[0]?.id)?.audioUrl).toBeTruthy();
  });

  it('still answers the text sent with a voice note', async () => {
    const voiceKey = await upload(owner, 'chatVoice', 'nota.ogg', 'audio/ogg', new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3]));
    const { messages } = await send(owner, { voiceKey, text: '¿Tengo leads nuevos?' });
    expect(messages.map((m) => m.role)).toEqual(['owner', 'assistant', 'assistant']);
    expect(messages[1]?.text).toBe(CHAT_MSG.transcriptionUnavailable);
    expect(messages[2]?.tool).toBe('listar_leads');
  });

  it('refuses a pending account the same way the dashboard does', async () => {
    const { body } = await call(twin, 'listarMensajesChat', { uid: pending.sub }, pending.accessToken);
    expect(body.error?.message).toBe(MSG.pendingAccount);
  });
});
