/**
 * Access matrix: every callable of the contract × every kind of caller, with the status the
 * server must answer (architecture "callable contract"). A new callable without a sample payload
 * here fails the type check, so it cannot ship untested. Also the public routes that are not
 * callables: the OAuth callback page (issue 12) answers anyone, token or not; the networks'
 * webhooks (issue 14) need no token either, but refuse whoever cannot prove to be the network: an
 * unsigned delivery is 401, a verification request without the verify token 403. The tracked
 * links' redirect (issue 15) answers every caller alike: a token neither helps nor hurts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CALLABLE_NAMES, CALLABLES, MSG, oauthCallbackPath, trackedLinkPath, type Access, type CallableInput, type CallableName, type Profile } from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { rawLinkItems } from '../support/tracked-links';

const twin = inject('twin');

type Caller = 'anonymous' | 'pending' | 'active' | 'otherUser' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'pending', 'active', 'otherUser', 'admin'];

/** Expected HTTP status per access level and caller. */
const EXPECTED: Record<Access, Record<Caller, number>> = {
  public: { anonymous: 200, pending: 200, active: 200, otherUser: 200, admin: 200 },
  signedIn: { anonymous: 401, pending: 200, active: 200, otherUser: 200, admin: 200 },
  active: { anonymous: 401, pending: 403, active: 200, otherUser: 200, admin: 200 },
  admin: { anonymous: 401, pending: 403, active: 403, otherUser: 403, admin: 200 },
};

interface Fixture {
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  /** A pending user that only admin approval calls touch. */
  approvalTarget: TestUser;
}

/** A valid payload for each callable (so only access decides the outcome). */
const SAMPLES: { [N in CallableName]: (f: Fixture) => CallableInput<N> } = {
  obtenerPerfil: () => null,
  guardarTema: () => ({ theme: 'grass' }),
  listarUsuarios: () => ({ status: 'pending', search: 'pend' }),
  aprobarUsuario: (f) => ({ uid: f.approvalTarget.sub }),
  // Issue 17 item 1: a uid nobody has, so an admin past the access check gets NOT_FOUND and no
  // account or admin group changes (test/integration/admin.test.ts acts on real users).
  rechazarUsuario: () => ({ uid: 'zzzzzzzzzzzzzzzzzzzz' }),
  suspenderUsuario: () => ({ uid: 'zzzzzzzzzzzzzzzzzzzz' }),
  reactivarUsuario: () => ({ uid: 'zzzzzzzzzzzzzzzzzzzz' }),
  concederAdmin: () => ({ uid: 'zzzzzzzzzzzzzzzzzzzz' }),
  retirarAdmin: () => ({ uid: 'zzzzzzzzzzzzzzzzzzzz' }),
  listarAuditoria: () => null,
  solicitarSubida: () => ({ kind: 'knowledge', fileName: 'notas.txt', contentType: 'text/plain', size: 120 }),
  listarDocumentos: () => null,
  // An id nobody has: only callers past the access check reach NOT_FOUND, so expect 404 for them.
  eliminarDocumento: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  obtenerAjustesIA: () => null,
  obtenerCuotas: () => null,
  guardarAjustesIA: () => ({ brandName: 'Marca de prueba' }),
  obtenerIntegraciones: () => null,
  guardarIntegraciones: () => ({ gmailAddress: 'marca@gmail.com' }),
  obtenerAjustesBlog: () => null,
  // No slug: every caller let through saves its own settings without competing for one.
  guardarAjustesBlog: () => ({ tone: 'Casual e Inspirador' }),
  // Offline provider in the twin: a real image, one unit of each allowed caller's quota.
  generarImagen: () => ({ prompt: 'Un escaparate azul y dorado', imageBase64: null }),
  listarRecursos: () => null,
  eliminarRecurso: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  generarIdentidad: () => ({ type: 'avatar', prompt: 'Un retrato amable con fondo turquesa' }),
  obtenerCapacidades: () => null,
  // The twin's provider is offline (no video): callers past the access check get 501.
  iniciarVideo: () => ({ prompt: 'Un paseo por el mar al atardecer' }),
  estadoVideo: () => ({ jobId: 'zzzzzzzzzzzzzzzzzzzz' }),
  // Issue 18: a storyboard (offline, cheap); a short soundtrack render; a video from an upload nobody
  // made (404 before anything is queued); a job nobody has; the caller's list.
  proponerGuion: () => ({ brief: 'Presentamos nuestra nueva carta de otoño. Ven a probarla.', format: 'vertical' }),
  crearBandaSonora: () => ({ mood: 'alegre', tempo: 110, durationSeconds: 10, style: 'pop' }),
  crearVideo: () => ({ source: 'audio', audioKey: 'users/nobody/video-audio/zzzzzzzzzzzzzzzzzzzz-nota.mp3', format: 'vertical' }),
  estadoRender: () => ({ jobId: 'zzzzzzzzzzzzzzzzzzzz' }),
  listarRenders: () => null,
  // Website widget (public): the brand is the body's uid (the active fixture user); every caller,
  // token or not, gets the same answer, and a token never selects the brand.
  obtenerWidget: (f) => ({ uid: f.users.active.sub }),
  enviarMensajeWidget: (f) => ({ uid: f.users.active.sub, conversationId: null, message: '¿Qué horario tenéis?' }),
  registrarLeadWidget: (f) => ({ uid: f.users.active.sub, conversationId: null, name: 'Lucía Pérez', contact: 'lucia@example.com', consent: true }),
  listarLeads: () => ({ status: 'Nuevo', search: 'ana' }),
  // Ids nobody has: callers past the access check get NOT_FOUND.
  actualizarLead: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', status: 'Contactado' }),
  eliminarLead: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  obtenerConversacion: () => ({ leadId: 'zzzzzzzzzzzzzzzzzzzz' }),
  // Bandeja: ids nobody has are NOT_FOUND past the access check.
  listarConversaciones: () => ({ channel: 'instagram', state: 'pendiente', search: 'horario' }),
  verConversacion: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  responderConversacion: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', text: 'Gracias por escribir' }),
  aprobarRespuesta: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', messageId: 'zzzzzzzzzzzzzzzzzzzz' }),
  descartarRespuesta: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', messageId: 'zzzzzzzzzzzzzzzzzzzz' }),
  obtenerReglasBandeja: () => null,
  guardarReglasBandeja: () => ({ rules: { modes: { facebook: 'suggest', instagram: 'automatic', telegram: 'off', youtube: 'suggest' }, businessHours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' }, handoffMessage: 'Te atiende una persona enseguida.', humanTopics: ['reclamación'] } }),
  // Plan de Contenidos: a far future month (no post there); the twin's offline provider builds a
  // plan for every caller let through; ids nobody has are NOT_FOUND past the access check.
  listarPublicaciones: () => ({ month: '2099-01' }),
  guardarPublicacion: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', title: 'Título', content: 'Contenido', scheduledDate: '2099-01-05', platform: 'instagram' }),
  eliminarPublicacion: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  generarPlanMensual: () => ({ month: '2099-01', budget: 300 }),
  aprobarPlan: () => ({ planId: 'zzzzzzzzzzzzzzzzzzzz' }),
  rechazarPlan: () => ({ planId: 'zzzzzzzzzzzzzzzzzzzz' }),
  editarPropuesta: () => ({ planId: 'zzzzzzzzzzzzzzzzzzzz', post: { id: 'zzzzzzzzzzzzzzzzzzzz', title: 'Título', content: 'Contenido', scheduledDate: '2099-01-05', time: '10:00', platform: 'instagram', versions: [] } }),
  publicarAhora: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  resolverPublicacion: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', publicationId: 'zzzzzzzzzzzzzzzzzzzz', published: true }),
  adaptarPublicacion: () => ({ network: 'x', title: 'Título', content: 'Contenido' }),
  // Gestor del Blog: no caller here has enabled a blog, so past the access check generarArticulo is
  // the disabled-blog 400 (nothing stored); ids nobody has are NOT_FOUND.
  listarArticulos: () => null,
  generarArticulo: () => ({ topic: 'Consejos de temporada' }),
  guardarArticulo: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', title: 'Título', summary: 'Resumen', body: 'Contenido', coverAssetId: null }),
  publicarArticulo: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', published: true }),
  eliminarArticulo: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  // Mobile chat (owner-only, see OWNER_ONLY): the active fixture user's chat; an action id nobody has.
  enviarMensajeChat: (f) => ({ uid: f.users.active.sub, text: '¿Qué tal va mi marca esta semana?' }),
  listarMensajesChat: (f) => ({ uid: f.users.active.sub }),
  confirmarAccionChat: (f) => ({ uid: f.users.active.sub, actionId: 'zzzzzzzzzzzzzzzzzzzz', confirm: false }),
  // Redes Sociales (issue 12), with the twin's "Red de pruebas" as the network apps: the cards; a
  // consent URL (a state is stored for the caller); a state nobody issued (400, nothing stored); a
  // bot token the sandbox refuses (400, nothing stored); targets of a network nobody connected
  // (404); disconnecting what is not connected (the disconnected card).
  listarRedes: () => null,
  initiateOAuth: () => ({ platform: 'facebook' }),
  completarOAuth: () => ({ platform: 'facebook', state: 'z'.repeat(43), code: 'codigo-de-prueba' }),
  conectarTelegram: () => ({ botToken: `123456789:invalid${'A'.repeat(30)}`, channel: '@canal_pruebas' }),
  elegirDestinos: () => ({ platform: 'telegram', targetIds: [] }),
  desconectarRed: () => ({ platform: 'telegram' }),
  // Campañas (issue 15): the twin's offline provider proposes a campaign for every caller let
  // through (far-future dates); ids nobody has are NOT_FOUND; nobody here connected Facebook, so
  // the ad accounts answer `connected: false`.
  listarCampanas: () => null,
  verCampana: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  generarCampana: () => ({
    brief: {
      name: 'Otoño en Valencia',
      objective: 'leads',
      budget: 600,
      startDate: '2099-01-05',
      endDate: '2099-02-01',
      networks: ['instagram', 'facebook'],
      offer: 'Revisión gratuita de tu bicicleta',
      audience: { locations: [{ kind: 'provincia', name: 'Valencia' }], ageMin: 25, ageMax: 54, interests: ['ciclismo'] },
      landingUrl: 'https://example.com/oferta',
    },
  }),
  editarCampana: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', name: 'Otro nombre' }),
  aprobarCampana: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  eliminarCampana: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
  guardarGastoCampana: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', spend: 120.5 }),
  listarCuentasPublicitarias: () => null,
  crearBorradorMeta: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz', adAccountId: 'act_400000000000001' }),
  obtenerCifrasMes: () => ({ month: '2099-01' }),
  // Data rights (issue 17 item 2): every caller let through starts (or sees) its own export; the
  // account deletion's confirmation is not the caller's e-mail, so past the access check it is a
  // 400 and nothing is deleted; a lead nobody has is NOT_FOUND.
  solicitarExportacion: () => null,
  obtenerMisDatos: () => null,
  guardarRetencion: () => ({ retentionDays: 0 }),
  eliminarCuenta: () => ({ confirmacion: 'no-es-mi-email@example.com' }),
  exportarLead: () => ({ id: 'zzzzzzzzzzzzzzzzzzzz' }),
};

/**
 * Owner-only callables (the mobile chat /chat/{uid}): the sample names the active fixture user's
 * chat, so every other caller the access level lets through is refused with 403.
 */
const OWNER_ONLY: readonly CallableName[] = ['enviarMensajeChat', 'listarMensajesChat', 'confirmarAccionChat'];

/**
 * Callables whose sample names something that does not exist (deleting needs a target): a caller
 * the access level lets through gets this status instead of 200, which still proves the access
 * check passed (401/403 come first).
 */
const ALLOWED_STATUS: Partial<Record<CallableName, number>> = { rechazarUsuario: 404, suspenderUsuario: 404, reactivarUsuario: 404, concederAdmin: 404, retirarAdmin: 404, confirmarAccionChat: 404, guardarPublicacion: 404, eliminarPublicacion: 404, aprobarPlan: 404, rechazarPlan: 404, editarPropuesta: 404, publicarAhora: 404, resolverPublicacion: 404, eliminarDocumento: 404, eliminarRecurso: 404, iniciarVideo: 501, estadoVideo: 404, actualizarLead: 404, eliminarLead: 404, obtenerConversacion: 404, verConversacion: 404, responderConversacion: 404, aprobarRespuesta: 404, descartarRespuesta: 404, generarArticulo: 400, guardarArticulo: 404, publicarArticulo: 404, eliminarArticulo: 404, completarOAuth: 400, conectarTelegram: 400, elegirDestinos: 404, verCampana: 404, editarCampana: 404, aprobarCampana: 404, eliminarCampana: 404, guardarGastoCampana: 404, crearBorradorMeta: 404, eliminarCuenta: 400, exportarLead: 404, crearVideo: 404, estadoRender: 404 };

describe('access matrix', () => {
  let fixture: Fixture;

  beforeAll(async () => {
    const admin = await signInAdmin(twin);
    const [pending, active, otherUser, approvalTarget] = await Promise.all([
      registerUser(twin, 'pending'),
      registerUser(twin, 'active'),
      registerUser(twin, 'other'),
      registerUser(twin, 'target'),
    ]);
    for (const user of [active, otherUser]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
    fixture = { users: { pending, active, otherUser, admin }, approvalTarget };
  });

  const allowed = (name: CallableName, status: number) => (status === 200 ? (ALLOWED_STATUS[name] ?? 200) : status);
  const ownerOnly = (name: CallableName, caller: Caller, status: number) => (OWNER_ONLY.includes(name) && caller !== 'active' && status !== 401 && status !== 403 ? 403 : status);
  const cases = CALLABLE_NAMES.flatMap((name) =>
    CALLERS.map((caller) => ({ name, caller, access: CALLABLES[name].access, expected: ownerOnly(name, caller, allowed(name, EXPECTED[CALLABLES[name].access][caller])) })),
  );

  it.each(cases)('$name ($access) called by $caller → $expected', async ({ name, caller, expected }) => {
    const token = caller === 'anonymous' ? undefined : fixture.users[caller].accessToken;
    const { status, body } = await call(twin, name, SAMPLES[name](fixture), token);
    expect(status).toBe(expected);
    if (expected === 200) expect(body).toHaveProperty('result');
    // Refused by the HTTP API's JWT authorizer before any function runs, with its own body.
    else if (expected === 401) expect(body).toEqual({ message: 'Unauthorized' });
    else expect(body.error?.status).toBe({ 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 501: 'UNIMPLEMENTED' }[expected]);
  });

  it('the tenant is the token: another user reading or saving only touches their own profile', async () => {
    const { active, otherUser } = fixture.users;
    await callOk(twin, 'guardarTema', { theme: 'wine' }, active.accessToken);
    await callOk(twin, 'guardarTema', { theme: 'amethyst' }, otherUser.accessToken);
    const mine = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, active.accessToken);
    const theirs = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, otherUser.accessToken);
    expect(mine.profile).toMatchObject({ uid: active.sub, theme: 'wine' });
    expect(theirs.profile).toMatchObject({ uid: otherUser.sub, theme: 'amethyst' });
  });

  it('a uid in the payload never selects the tenant', async () => {
    const { active, otherUser } = fixture.users;
    const { status } = await call(twin, 'guardarTema', { theme: 'sea', uid: otherUser.sub }, active.accessToken);
    expect(status).toBe(400);
    const theirs = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', { }, otherUser.accessToken);
    expect(theirs.profile.theme).toBe('amethyst');
  });
});

describe('public OAuth callback route', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(twin, 'callback');
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${twin.url}${path}`, init);

  it.each([
    ['anonymous', () => ({})],
    ['with a bearer token (ignored: no authorizer)', () => ({ authorization: `Bearer ${user.accessToken}` })],
  ])('GET /oauth/callback/<network> answers its page %s, uncached', async (_label, headers) => {
    const response = await get(`${oauthCallbackPath('facebook')}?code=codigo&state=estado`, { headers: headers() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('an unknown network is the page\'s own 404 (the route matched, no authorizer refused it)', async () => {
    const response = await get('/oauth/callback/red-que-no-existe?code=c&state=s');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it.each([
    ['POST', '/oauth/callback/facebook', 'POST'],
    ['a nested path', '/oauth/callback/facebook/otro', 'GET'],
  ])('%s is no route: the HTTP API\'s 404', async (_label, path, method) => {
    const response = await get(path, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('public webhook routes (issue 14)', () => {
  const body = JSON.stringify({ object: 'page', entry: [{ id: '1', time: 1, messaging: [{ sender: { id: '2' }, recipient: { id: '1' }, timestamp: 1, message: { mid: 'm', text: 'hola' } }] }] });

  it.each([
    ['facebook', '/webhooks/facebook'],
    ['instagram', '/webhooks/instagram'],
    ['telegram', '/webhooks/telegram/clave-que-no-existe'],
  ])('an unsigned %s delivery is 401 (no authorizer: the function checks the signature)', async (_network, path) => {
    const response = await fetch(`${twin.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(401);
  });

  it('a Meta verification request without the verify token is 403', async () => {
    const response = await fetch(`${twin.url}/webhooks/facebook?hub.mode=subscribe&hub.challenge=123`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('123');
  });

  it('GET of the Telegram route is no route: the HTTP API\'s 404', async () => {
    const response = await fetch(`${twin.url}/webhooks/telegram/clave`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('public tracked link route (issue 15)', () => {
  let user: TestUser;
  let code: string;
  beforeAll(async () => {
    user = await registerUser(twin, 'enlaces');
    // A link of the brand (planted in its stored shape: no callable creates links yet).
    code = `M${user.sub.replace(/-/g, '').slice(0, 7)}`;
    const link = { targetUrl: `${twin.url.replace('127.0.0.1', 'localhost')}/`, source: { kind: 'post' as const, id: 'p1' }, utm: { source: 'instagram', medium: 'social', campaign: 'matriz' }, createdAt: new Date().toISOString() };
    for (const item of rawLinkItems(user.sub, code, link)) await rawTable(twin).put(item);
  });

  const callers: [string, () => Record<string, string>][] = [
    ['anonymous', () => ({})],
    ['with the owner\'s token (ignored: no authorizer)', () => ({ authorization: `Bearer ${user.accessToken}` })],
    ['with a forged token', () => ({ authorization: 'Bearer no-es-un-token' })],
  ];

  it.each(callers)('GET /r/<code> redirects %s, uncached, with the same Location', async (_label, headers) => {
    const response = await fetch(`${twin.url}${trackedLinkPath(code)}`, { headers: headers(), redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(new RegExp(`utm_campaign=matriz&ref=${code}$`));
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
  });

  it.each(callers)('an unknown code is the Spanish 404 page %s', async (_label, headers) => {
    const response = await fetch(`${twin.url}${trackedLinkPath('NoExiste')}`, { headers: headers(), redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it.each([
    ['POST', '/r/NoExiste', 'POST'],
    ['a nested path', '/r/NoExiste/otro', 'GET'],
  ])('%s is no route: the HTTP API\'s 404', async (_label, path, method) => {
    const response = await fetch(`${twin.url}${path}`, { method, redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('protocol errors', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(twin, 'proto');
  });

  it('an unknown function is the HTTP API\'s 404 (no such route)', async () => {
    const { status, body } = await call(twin, 'noExiste', null, user.accessToken);
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Not Found' });
  });

  it.each([
    ['not JSON', '{data:'],
    ['no data field', '{"datos":1}'],
    ['an array', '[1,2]'],
    ['empty', ''],
  ])('a body that is %s is INVALID_ARGUMENT', async (_label, rawBody) => {
    const { status, body } = await call(twin, 'obtenerPerfil', null, user.accessToken, { rawBody });
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message: MSG.malformedBody });
  });

  it('an oversized body gets a clear INVALID_ARGUMENT', async () => {
    const { status, body } = await call(twin, 'obtenerPerfil', null, user.accessToken, { rawBody: JSON.stringify({ data: null, pad: 'x'.repeat(200 * 1024) }) });
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toMatch(/demasiado grande/);
  });

  it('a body over the gateway limit is refused before it is read', async () => {
    const { status, body } = await call(twin, 'obtenerPerfil', null, user.accessToken, { rawBody: 'x'.repeat(11 * 1024 * 1024) });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'Request Entity Too Large' });
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['a tampered token', () => user.accessToken.slice(0, -4) + 'AAAA'],
  ])('%s as bearer is refused by the authorizer', async (_label, token) => {
    const value = typeof token === 'function' ? token() : token;
    const { status, body } = await call(twin, 'obtenerPerfil', null, value);
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthorized' });
  });

  it('an ID token of the web client is refused: the route requires the access-token scope', async () => {
    const { status, body } = await call(twin, 'obtenerPerfil', null, user.idToken);
    expect(status).toBe(403);
    expect(body).toEqual({ message: 'Forbidden' });
  });

  it('GET is not a callable method', async () => {
    const { status } = await call(twin, 'obtenerPerfil', null, user.accessToken, { method: 'GET' });
    expect(status).toBe(404);
  });
});
