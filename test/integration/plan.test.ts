/**
 * Plan de Contenidos against the twin (issue 5 items 1–2; spec 2 'calendario', 3, 4, 5):
 * - `generarPlanMensual` with the twin's offline provider: the spec's sample days, labelled
 *   offline, kept server-side (nothing on the calendar until approval); the budget rule (> 0, the
 *   spec's message) and past months refused, nothing stored;
 * - `rechazarPlan` / `aprobarPlan`: approval saves exactly the proposed posts as 'aprobado';
 *   approving twice, a rejected, a replaced or an unknown plan is 404 and writes nothing; a plan
 *   whose transaction fails (one post id already taken) leaves no post at all and stays pending;
 * - the month's pending proposal comes back with `listarPublicaciones` (the panel after a reload):
 *   for its month only, to its owner only, replaced by a newer one (the newest should two
 *   survive), gone after approval or rejection;
 * - `listarPublicaciones`, `guardarPublicacion` (a new date moves the post, atomically),
 *   `eliminarPublicacion`; bad edits are 400 and change nothing;
 * - tenants: another owner never lists, edits, deletes, approves or rejects what is not theirs;
 * - a real model's answer, through an OpenAI-compatible stub server (the brand's provider in
 *   Integraciones): the request carries brand, topics to avoid, month, budget, the owner's
 *   connected networks and a retrieved knowledge passage; the answer is repaired (outside the
 *   month, unknown networks, duplicates, topics to avoid dropped; aliases mapped; the owner's
 *   budget kept); a malformed answer is fixed by the one repair round-trip or rejected, and an
 *   answer with no usable post is rejected — never stored half-way.
 * Post times (issue 13 item 1): the offline plan proposes each network's default time and approval
 * keeps it; `guardarPublicacion` saves a time, keeps it when an edit leaves it out (spec 3's
 * shape) and refuses an invalid one; a post stored without a time reads as its network's default;
 * a model's times are normalised, and the model is asked for them.
 * The core as other contexts call it (createScheduledPost, generateMonthlyPlan with a scripted
 * provider or a fixed clock) is unit-tested at test/unit/lambdas/core/plan/{posts,generate}.test.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUDGET_INVALID, formatBudget, PLAN_MSG, TIME_MSG, type CallableOutput, type KnowledgeDocument, type PlanProposal, type ScheduledPost } from '@director-ia/shared';
import { AI_MSG } from '../../lambdas/platform/ai/errors';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';

const twin = inject('twin');
const MONTH = '2031-03';
const OTHER_MONTH = '2031-04';

let admin: TestUser;

async function owner(prefix: string): Promise<TestUser> {
  const user = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

const generate = (user: TestUser, data: unknown) => call(twin, 'generarPlanMensual', data, user.accessToken);
const generateOk = (user: TestUser, month = MONTH, budget = 300) => callOk<PlanProposal>(twin, 'generarPlanMensual', { month, budget }, user.accessToken);
const monthPlan = (user: TestUser, month = MONTH) => callOk<CallableOutput<'listarPublicaciones'>>(twin, 'listarPublicaciones', { month }, user.accessToken);
const listMonth = async (user: TestUser, month = MONTH) => (await monthPlan(user, month)).posts;

/** Every item of the user's partition whose sort key starts with `prefix` (a Query, straight from DynamoDB Local). */
const table = rawTable(twin);
const rawItems = (user: TestUser, prefix: string) => table.query(`user#${user.sub}`, prefix);

beforeAll(async () => {
  admin = await signInAdmin(twin);
});

describe('monthly plan with the offline provider', () => {
  let ana: TestUser;
  let beto: TestUser;

  beforeAll(async () => {
    [ana, beto] = await Promise.all([owner('ana'), owner('beto')]);
    await callOk(twin, 'guardarAjustesIA', { brandName: 'Panadería Lucía', brandPersonality: 'Cercana y artesana', targetAudience: 'familias del barrio', keywords: 'pan artesano, masa madre' }, ana.accessToken);
  });

  it("proposes the spec's sample plan, labelled offline, with the owner's budget, and keeps it off the calendar", async () => {
    const plan = await generateOk(ana, MONTH, 250.456);
    expect(plan).toMatchObject({ planId: expect.stringMatching(/^[a-z0-9]{20}$/), month: MONTH, budget: 250.46, offline: true, model: 'offline-plan-v1' });
    // Titles are one line of ordinary spaces (the answer check folds the no-break space too).
    expect(plan.title).toBe('Plan de contenidos de Marzo 2031 · 250,46 €');
    expect(plan.posts.map((p) => [p.scheduledDate, p.platform, p.status])).toEqual([
      ['2031-03-05', 'instagram', 'propuesto'],
      ['2031-03-12', 'facebook', 'propuesto'],
      ['2031-03-20', 'youtube', 'propuesto'],
      ['2031-03-26', 'instagram', 'propuesto'],
    ]);
    // Each network's default time (shared/time.ts), local to the brand.
    expect(plan.posts.map((p) => p.time)).toEqual(['19:00', '13:00', '18:00', '19:00']);
    expect(plan.posts[0]?.content).toContain('Panadería Lucía');
    expect(new Set(plan.posts.map((p) => p.id)).size).toBe(4);
    expect(await listMonth(ana)).toEqual([]);
    expect(await rawItems(ana, 'post#')).toEqual([]);
    expect(await rawItems(ana, `plan#${plan.planId}`)).toHaveLength(1);
  });

  it.each([
    ['zero', { month: MONTH, budget: 0 }],
    ['negative', { month: MONTH, budget: -20 }],
    ['text', { month: MONTH, budget: '300' }],
    ['missing', { month: MONTH }],
    ['too large', { month: MONTH, budget: 1e9 }],
  ])('refuses a %s budget with the spec message and stores nothing', async (_label, data) => {
    const before = await rawItems(beto, 'plan#');
    const { status, body } = await generate(beto, data);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain(BUDGET_INVALID);
    expect(await rawItems(beto, 'plan#')).toEqual(before);
  });

  it('refuses a month that is over, and a malformed month', async () => {
    const past = await generate(beto, { month: '2020-01', budget: 100 });
    expect(past.status).toBe(400);
    expect(past.body.error?.message).toBe(PLAN_MSG.planPastMonth);
    const malformed = await generate(beto, { month: '2031-13', budget: 100 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.message).toContain(PLAN_MSG.monthInvalid);
    expect(await rawItems(beto, 'plan#')).toEqual([]);
  });

  it('rejects a plan: it is gone, and neither approving nor rejecting it again works', async () => {
    const plan = await generateOk(ana, OTHER_MONTH);
    expect(await callOk(twin, 'rechazarPlan', { planId: plan.planId }, ana.accessToken)).toEqual({ planId: plan.planId });
    for (const name of ['rechazarPlan', 'aprobarPlan']) {
      const { status, body } = await call(twin, name, { planId: plan.planId }, ana.accessToken);
      expect(status).toBe(404);
      expect(body.error).toEqual({ status: 'NOT_FOUND', message: PLAN_MSG.planNotFound });
    }
    expect(await listMonth(ana, OTHER_MONTH)).toEqual([]);
  });

  it('a newer proposal for the same month replaces the older one', async () => {
    const older = await generateOk(ana, OTHER_MONTH, 100);
    const newer = await generateOk(ana, OTHER_MONTH, 200);
    const { status } = await call(twin, 'aprobarPlan', { planId: older.planId }, ana.accessToken);
    expect(status).toBe(404);
    expect((await rawItems(ana, 'plan#')).map((p) => p.id)).toContain(newer.planId);
    await callOk(twin, 'rechazarPlan', { planId: newer.planId }, ana.accessToken);
  });

  describe("the month's pending proposal comes back with the month", () => {
    const MAY = '2031-05';
    const JUNE = '2031-06';
    let fran: TestUser;

    beforeAll(async () => {
      fran = await owner('fran');
    });

    it('is returned for its month only, exactly as generated, and only to its owner', async () => {
      const plan = await generateOk(fran, MAY, 120);
      expect(await monthPlan(fran, MAY)).toEqual({ month: MAY, posts: [], proposal: plan });
      expect(plan.offline).toBe(true);
      expect(await monthPlan(fran, JUNE)).toEqual({ month: JUNE, posts: [] });
      // Another owner asking for the same month sees nothing of it.
      expect(await monthPlan(beto, MAY)).toEqual({ month: MAY, posts: [] });
    });

    it('is replaced by a newer proposal for the month, and each month keeps its own', async () => {
      const newer = await generateOk(fran, MAY, 240);
      const june = await generateOk(fran, JUNE, 60);
      expect((await monthPlan(fran, MAY)).proposal).toEqual(newer);
      expect((await monthPlan(fran, JUNE)).proposal).toEqual(june);
    });

    it('is the newest when an older one survived its (best effort) replacement', async () => {
      const current = (await monthPlan(fran, MAY)).proposal as PlanProposal;
      const stale = { ...(await rawItems(fran, `plan#${current.planId}`))[0], sk: 'plan#0000000000zzzzzzzz', id: '0000000000zzzzzzzz', title: 'Plan antiguo', createdAt: '2000-01-01T00:00:00.000Z' };
      await table.put(stale);
      expect((await monthPlan(fran, MAY)).proposal).toEqual(current);
      await callOk(twin, 'rechazarPlan', { planId: stale.id }, fran.accessToken);
    });

    it('is gone once rejected or approved; approval puts its posts on the calendar instead', async () => {
      const may = (await monthPlan(fran, MAY)).proposal as PlanProposal;
      const june = (await monthPlan(fran, JUNE)).proposal as PlanProposal;
      await callOk(twin, 'rechazarPlan', { planId: may.planId }, fran.accessToken);
      expect(await monthPlan(fran, MAY)).toEqual({ month: MAY, posts: [] });
      expect((await monthPlan(fran, JUNE)).proposal).toEqual(june);
      const approved = await callOk<CallableOutput<'aprobarPlan'>>(twin, 'aprobarPlan', { planId: june.planId }, fran.accessToken);
      expect(await monthPlan(fran, JUNE)).toEqual({ month: JUNE, posts: approved.posts });
      expect(await rawItems(fran, 'plan#')).toEqual([]);
    });
  });

  describe('approval', () => {
    let plan: PlanProposal;
    let approved: CallableOutput<'aprobarPlan'>;

    beforeAll(async () => {
      // Replaces the proposal of the first test (same month).
      plan = await generateOk(ana);
      approved = await callOk(twin, 'aprobarPlan', { planId: plan.planId }, ana.accessToken);
    });

    it('saves exactly the proposed posts as aprobado, and the calendar lists them by date', async () => {
      expect(approved.planId).toBe(plan.planId);
      const expected = plan.posts.map((p) => ({ id: p.id, title: p.title, content: p.content, scheduledDate: p.scheduledDate, time: p.time, platform: p.platform, status: 'aprobado', planId: plan.planId }));
      expect(approved.posts.map((p) => p.time)).toEqual(['19:00', '13:00', '18:00', '19:00']);
      expect(approved.posts).toMatchObject(expected);
      const listed = await listMonth(ana);
      expect(listed).toMatchObject(expected);
      expect(listed).toEqual(approved.posts);
      expect(await rawItems(ana, `plan#${plan.planId}`)).toEqual([]);
    });

    it('approving twice is NOT_FOUND and writes nothing more', async () => {
      const { status, body } = await call(twin, 'aprobarPlan', { planId: plan.planId }, ana.accessToken);
      expect(status).toBe(404);
      expect(body.error?.message).toBe(PLAN_MSG.planNotFound);
      expect(await listMonth(ana)).toHaveLength(plan.posts.length);
      expect(await rawItems(ana, 'postref#')).toHaveLength(plan.posts.length);
    });

    it('keeps tenants apart: another owner cannot see, edit, delete, approve or reject any of it', async () => {
      const post = approved.posts[0] as ScheduledPost;
      expect(await listMonth(beto)).toEqual([]);
      const attempts = [
        await call(twin, 'guardarPublicacion', { id: post.id, title: 'Hackeado', content: 'x', scheduledDate: post.scheduledDate, platform: 'x' }, beto.accessToken),
        await call(twin, 'eliminarPublicacion', { id: post.id }, beto.accessToken),
      ];
      for (const { status, body } of attempts) {
        expect(status).toBe(404);
        expect(body.error?.message).toBe(PLAN_MSG.postNotFound);
      }
      const pending = await generateOk(ana, OTHER_MONTH);
      for (const name of ['aprobarPlan', 'rechazarPlan']) expect((await call(twin, name, { planId: pending.planId }, beto.accessToken)).status).toBe(404);
      expect(await listMonth(beto, OTHER_MONTH)).toEqual([]);
      // Ana's plan is still hers to decide.
      await callOk(twin, 'rechazarPlan', { planId: pending.planId }, ana.accessToken);
      expect(await listMonth(ana)).toEqual(approved.posts);
    });

    it('edits a post in place, and moves it to another month atomically when its date changes', async () => {
      const post = approved.posts[1] as ScheduledPost;
      const { post: edited } = await callOk<{ post: ScheduledPost }>(
        twin,
        'guardarPublicacion',
        { id: post.id, title: '  Nuevo título  ', content: 'Nuevo contenido', scheduledDate: post.scheduledDate, platform: 'linkedin' },
        ana.accessToken,
      );
      expect(edited).toMatchObject({ id: post.id, title: 'Nuevo título', content: 'Nuevo contenido', scheduledDate: post.scheduledDate, platform: 'linkedin', status: 'aprobado', createdAt: post.createdAt });
      expect(edited.updatedAt >= post.updatedAt).toBe(true);

      const move = { id: post.id, title: edited.title, content: edited.content, platform: edited.platform, scheduledDate: '2031-04-01' };
      const { post: moved } = await callOk<{ post: ScheduledPost }>(twin, 'guardarPublicacion', move, ana.accessToken);
      expect(moved).toMatchObject({ id: post.id, scheduledDate: '2031-04-01', title: 'Nuevo título', status: 'aprobado', planId: plan.planId, createdAt: post.createdAt });
      expect((await listMonth(ana)).map((p) => p.id)).not.toContain(post.id);
      expect((await listMonth(ana, OTHER_MONTH)).map((p) => p.id)).toEqual([post.id]);
      const stored = await rawItems(ana, 'post#');
      expect(stored.filter((i) => i.id === post.id).map((i) => i.sk)).toEqual([`post#2031-04-01#${post.id}`]);
      expect((await rawItems(ana, `postref#${post.id}`))[0]).toMatchObject({ scheduledDate: '2031-04-01' });
    });

    it("saves a post's time, keeps it when an edit leaves it out, and reads it back after the post moves", async () => {
      const post = approved.posts[0] as ScheduledPost;
      const base = { id: post.id, title: post.title, content: post.content, scheduledDate: post.scheduledDate, platform: post.platform };
      const { post: timed } = await callOk<{ post: ScheduledPost }>(twin, 'guardarPublicacion', { ...base, time: '08:15' }, ana.accessToken);
      expect(timed).toMatchObject({ id: post.id, time: '08:15', scheduledDate: post.scheduledDate });
      expect((await listMonth(ana)).find((p) => p.id === post.id)?.time).toBe('08:15');
      expect((await rawItems(ana, `post#${post.scheduledDate}#${post.id}`))[0]).toMatchObject({ time: '08:15' });
      // Spec 3's shape (no time): the time stays, also when the post moves to another day.
      const { post: kept } = await callOk<{ post: ScheduledPost }>(twin, 'guardarPublicacion', { ...base, scheduledDate: '2031-03-06', title: 'Sin hora en la edición' }, ana.accessToken);
      expect(kept).toMatchObject({ scheduledDate: '2031-03-06', title: 'Sin hora en la edición', time: '08:15' });
      expect((await listMonth(ana)).find((p) => p.id === post.id)).toEqual(kept);
    });

    it("reads a post stored before posts had a time as its network's default", async () => {
      const id = 'spec3post00000000001';
      const at = '2030-12-01T10:00:00.000Z';
      await table.put({ pk: `user#${ana.sub}`, sk: `post#2031-03-28#${id}`, uid: ana.sub, id, title: 'De antes', content: 'Texto', scheduledDate: '2031-03-28', platform: 'linkedin', status: 'aprobado', createdAt: at, updatedAt: at, __edb_e__: 'scheduledPost', __edb_v__: '1' });
      await table.put({ pk: `user#${ana.sub}`, sk: `postref#${id}`, uid: ana.sub, id, scheduledDate: '2031-03-28', __edb_e__: 'scheduledPostRef', __edb_v__: '1' });
      // Spec 3's shape reads with the issue 13 fields' defaults: its network as the target, no media, versions or publications.
      expect((await listMonth(ana)).find((p) => p.id === id)).toEqual({
        id,
        title: 'De antes',
        content: 'Texto',
        scheduledDate: '2031-03-28',
        time: '09:00',
        platform: 'linkedin',
        status: 'aprobado',
        targets: [{ network: 'linkedin' }],
        media: [],
        versions: [],
        publications: [],
        createdAt: at,
        updatedAt: at,
      });
      await callOk(twin, 'eliminarPublicacion', { id }, ana.accessToken);
    });

    it.each([
      ['an impossible time', { time: '24:00' }, TIME_MSG.timeInvalid],
      ['a time in another format', { time: '7:30 pm' }, TIME_MSG.timeInvalid],
      ['an empty title', { title: '   ' }, PLAN_MSG.postTitleRequired],
      ['an impossible date', { scheduledDate: '2031-02-30' }, PLAN_MSG.dateInvalid],
      ['an unknown network', { platform: 'myspace' }, PLAN_MSG.platformInvalid],
      ['a status', { status: 'publicado' }, ''],
    ])('refuses an edit with %s and changes nothing', async (_label, change, message) => {
      const post = approved.posts[2] as ScheduledPost;
      const before = await listMonth(ana);
      const { status, body } = await call(twin, 'guardarPublicacion', { id: post.id, title: post.title, content: post.content, scheduledDate: post.scheduledDate, platform: post.platform, ...change }, ana.accessToken);
      expect(status).toBe(400);
      expect(body.error?.message).toContain(message);
      expect(await listMonth(ana)).toEqual(before);
    });

    it('deletes a post and its reference; a second delete is NOT_FOUND', async () => {
      const post = approved.posts[3] as ScheduledPost;
      expect(await callOk(twin, 'eliminarPublicacion', { id: post.id }, ana.accessToken)).toEqual({ id: post.id });
      expect((await listMonth(ana)).map((p) => p.id)).not.toContain(post.id);
      expect(await rawItems(ana, `postref#${post.id}`)).toEqual([]);
      const again = await call(twin, 'eliminarPublicacion', { id: post.id }, ana.accessToken);
      expect(again.status).toBe(404);
      expect(again.body.error).toEqual({ status: 'NOT_FOUND', message: PLAN_MSG.postNotFound });
    });
  });

  it('approval is all or nothing: when one post cannot be written, no post is and the plan stays pending', async () => {
    const carmen = await owner('carmen');
    const plan = await generateOk(carmen);
    const blocked = plan.posts[2]?.id ?? '';
    // Someone (a bug, a race) already holds the id reference of the third post.
    await table.put({ pk: `user#${carmen.sub}`, sk: `postref#${blocked}`, id: blocked, uid: carmen.sub, scheduledDate: '2031-03-01', __edb_e__: 'scheduledPostRef', __edb_v__: '1' });
    const { status, body } = await call(twin, 'aprobarPlan', { planId: plan.planId }, carmen.accessToken);
    expect(status).toBe(409);
    expect(body.error).toEqual({ status: 'ABORTED', message: PLAN_MSG.planConflict });
    expect(await listMonth(carmen)).toEqual([]);
    expect(await rawItems(carmen, 'post#')).toEqual([]);
    expect((await rawItems(carmen, 'postref#')).map((i) => i.id)).toEqual([blocked]);
    // The proposal is still pending: once the obstacle is gone it can be approved as a whole.
    await table.delete(`user#${carmen.sub}`, `postref#${blocked}`);
    const approved = await callOk<CallableOutput<'aprobarPlan'>>(twin, 'aprobarPlan', { planId: plan.planId }, carmen.accessToken);
    expect(approved.posts.map((p) => p.id)).toEqual(plan.posts.map((p) => p.id));
  });
});

/** An OpenAI-compatible server answering chat completions from a script, recording what it got. */
interface StubRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

function startStub(): Promise<{ server: Server; url: string; requests: StubRequest[]; answers: string[] }> {
  const requests: StubRequest[] = [];
  const answers: string[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    void read(req).then((text) => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(text) as StubRequest['body'] });
      const content = answers.shift() ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  return new Promise((resolve) => {
    // The port the twin lets the functions reach (test/support/twin-global-setup.ts).
    server.listen(inject('stubPorts').plan, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests, answers }));
  });
}

describe('monthly plan from a model (OpenAI-compatible stub)', () => {
  let stub: Awaited<ReturnType<typeof startStub>>;
  let dani: TestUser;
  const PASSAGE = 'Horneamos cada mañana con masa madre de cuarenta y ocho horas en el obrador de la calle Mayor.';

  beforeAll(async () => {
    stub = await startStub();
    dani = await owner('dani');
    await callOk(twin, 'guardarAjustesIA', { brandName: 'Obrador Dani', keywords: 'masa madre', topicsToAvoid: 'política' }, dani.accessToken);
    await callOk(twin, 'guardarIntegraciones', { aiProvider: 'openai-compatible', openaiBaseUrl: stub.url, openaiModel: 'stub-plan', openaiApiKey: 'sk-stub-12345678' }, dani.accessToken);
    // The owner's connections (SocialConnection items; connecting goes through a network's consent page): written raw.
    for (const [network, state] of [['linkedin', 'conectada'], ['x', 'conectada'], ['facebook', 'desconectada']]) {
      const keys = { pk: `user#${dani.sub}`, sk: `social#${network}`, __edb_e__: 'socialConnection', __edb_v__: '1' };
      await table.put({ ...keys, uid: dani.sub, network, state, targets: [], sandbox: true, updatedAt: new Date().toISOString() });
    }
    // A knowledge document the plan's retrieval can find (processed by the twin's S3 event).
    const bytes = new TextEncoder().encode(`${PASSAGE}\n\nAbrimos de lunes a sábado.`);
    const grant = await callOk<CallableOutput<'solicitarSubida'>>(twin, 'solicitarSubida', { kind: 'knowledge', fileName: 'obrador.txt', contentType: 'text/plain', size: bytes.byteLength }, dani.accessToken);
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'obrador.txt');
    expect((await fetch(grant.url, { method: 'POST', body: form })).ok).toBe(true);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { documents } = await callOk<{ documents: KnowledgeDocument[] }>(twin, 'listarDocumentos', null, dani.accessToken);
      if (documents[0] && documents[0].status !== 'procesando') break;
      if (Date.now() > deadline) throw new Error('knowledge document not processed');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(() => new Promise<void>((resolve) => (stub ? stub.server.close(() => resolve()) : resolve())));

  const post = (scheduledDate: string, platform: string, title: string) => ({ title, content: `Contenido de ${title}`, scheduledDate, platform });

  it('sends brand, topics to avoid, month, budget, networks and knowledge, and repairs the answer', async () => {
    stub.requests.length = 0;
    stub.answers.push(
      JSON.stringify({
        title: 'Marzo con masa madre',
        budget: 9999,
        posts: [
          { ...post('2031-03-03', 'LinkedIn', 'Nuestro obrador'), time: '8:05' },
          { ...post('2031-03-10T09:00:00Z', 'Twitter', 'Pan del día'), time: 'a la hora del café' },
          post('2031-03-10', 'x', 'PAN DEL DÍA'),
          post('2031-04-02', 'linkedin', 'Fuera de mes'),
          post('2031-03-15', 'facebook', 'Red no conectada'),
          post('2031-03-17', 'tiktok', 'Red desconocida para la marca'),
          post('2031-03-20', 'linkedin', 'Elecciones y política'),
          post('2031-03-25', 'x', 'Cierre de marzo'),
        ],
      }),
    );
    const plan = await generateOk(dani, MONTH, 480);
    expect(plan).toMatchObject({ month: MONTH, title: 'Marzo con masa madre', budget: 480, offline: false, model: 'stub-plan' });
    expect(plan.posts.map((p) => [p.scheduledDate, p.platform, p.title])).toEqual([
      ['2031-03-03', 'linkedin', 'Nuestro obrador'],
      ['2031-03-10', 'x', 'Pan del día'],
      ['2031-03-25', 'x', 'Cierre de marzo'],
    ]);
    // The model's time, normalised; a post without a usable one gets its network's default.
    expect(plan.posts.map((p) => p.time)).toEqual(['08:05', '12:00', '12:00']);

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests as [StubRequest];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-stub-12345678');
    expect(request.body.model).toBe('stub-plan');
    const system = request.body.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain('Obrador Dani');
    expect(system).toContain('«política»');
    expect(system).toContain('Marzo 2031');
    expect(system).toContain('entre 2031-03-01 y 2031-03-31');
    expect(system).toContain(formatBudget(480));
    expect(system).toContain('"x" (X), "linkedin" (LinkedIn)');
    expect(system).not.toContain('"facebook"');
    expect(system).toContain('"time" en formato HH:mm de 24 horas');
    expect(system).toContain('orientación: X 12:00, LinkedIn 09:00');
    expect(system).toContain(PASSAGE);
    expect(request.body.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining('Marzo 2031') });
  });

  it('gets a malformed answer fixed with one repair round-trip', async () => {
    stub.requests.length = 0;
    stub.answers.push('Claro, aquí tienes el plan: lo preparo enseguida.', JSON.stringify({ title: 'Plan corregido', posts: [post('2031-03-08', 'linkedin', 'Tras la corrección')] }));
    const plan = await generateOk(dani, MONTH, 90);
    expect(plan.posts.map((p) => p.title)).toEqual(['Tras la corrección']);
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]?.body.messages.at(-1)?.content).toContain('no es válida');
  });

  it.each([
    ['malformed twice', ['no es JSON', '{"title": "Plan", "posts": "tres"}'], AI_MSG.outputInvalid],
    ['without a usable post', [JSON.stringify({ title: 'Plan', posts: [post('2031-02-27', 'linkedin', 'Mes anterior'), post('2031-03-05', 'myspace', 'Red inventada'), post('2031-03-06', 'x', 'Sobre política')] })], PLAN_MSG.planNoValidPosts],
  ])('rejects an answer %s with a clear error and stores nothing', async (_label, answers, message) => {
    const before = await rawItems(dani, 'plan#');
    stub.answers.length = 0;
    stub.answers.push(...answers);
    const { status, body } = await generate(dani, { month: MONTH, budget: 100 });
    expect(status).toBe(500);
    expect(body.error).toEqual({ status: 'INTERNAL', message });
    expect(await rawItems(dani, 'plan#')).toEqual(before);
    expect(await rawItems(dani, 'post#')).toEqual([]);
  });
});
