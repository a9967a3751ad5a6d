/**
 * Publishing against the twin (issue 13 "Done when", integration): the deployed bundles of the
 * callables, the publisher and its one-time schedules in the twin's EventBridge Scheduler, talking
 * to the "Red de pruebas" only through the network apps the twin configures.
 *
 * - approving a plan schedules each target at its local instant (Europe/Madrid), and the fired
 *   schedule, even delivered twice, publishes once; the calendar gets the post's URL;
 * - editing a post moves its schedule;
 * - a post over a connected network's limit is refused at approval, writing nothing;
 * - a revoked token turns the publication to error with 'Reconecta …'; "Reintentar" after
 *   reconnecting publishes once;
 * - a 429 with Retry-After is honoured (postponed, then published once);
 * - a create whose answer is lost is resolved by the network's search (Facebook) or marked
 *   'sin confirmar' (Telegram, whose bots cannot read history), and never posted twice;
 * - a gallery image (Taller) goes with the post: X gets it through its media upload (the bytes
 *   read in ranges from the presigned S3 URL through the HTTP door), Telegram fetches the URL.
 * The engine's finer cases (50 concurrent deliveries, a crash between the answer and our write,
 * daylight-saving instants) are tested against DynamoDB Local and the sandbox in
 * test/unit/lambdas/core/publishing/.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  localDateTime,
  publishInstant,
  PUBLICATION_MSG,
  type CallableOutput,
  type PlanProposal,
  type Publication,
  type ScheduledPost,
  type SocialNetwork,
} from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { connectNetwork, eventually, SANDBOX_BOT_TOKEN, sandboxHook } from '../support/social';

const twin = inject('twin');
const ZONE = 'Europe/Madrid';

let owner: TestUser;

interface FeedPost {
  network: SocialNetwork;
  id: string;
  target: { id: string; name: string };
  text: string;
  url: string | null;
  media: { type: string; size: number }[];
}

interface ScheduleView {
  name: string;
  group: string;
  expression?: string;
  scheduleExpression?: string;
  status: string;
}

const ok = <T>(name: string, data: unknown) => callOk<T>(twin, name, data, owner.accessToken);

/** What the sandbox published on `network` whose text contains `marker`. */
async function feed(network: SocialNetwork, marker: string): Promise<FeedPost[]> {
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/posts?network=${network}`);
  return ((await response.json()) as { posts: FeedPost[] }).posts.filter((post) => post.text.includes(marker));
}

async function schedules(): Promise<ScheduleView[]> {
  const response = await fetch(`${twin.awsEndpoint}/_twin/scheduler/schedules`);
  return ((await response.json()) as { schedules: ScheduleView[] }).schedules;
}

/** The pending schedule of publication `id` (its name embeds the id). */
async function scheduleOf(id: string): Promise<ScheduleView | undefined> {
  return (await schedules()).find((schedule) => schedule.name.includes(id) && schedule.status === 'scheduled');
}

async function fire(schedule: ScheduleView): Promise<void> {
  const response = await fetch(`${twin.awsEndpoint}/_twin/scheduler/schedules/${schedule.group}/${schedule.name}/fire`, { method: 'POST' });
  await response.arrayBuffer();
  expect(response.status).toBe(202);
}

const month = (date: string) => date.slice(0, 7);

async function postOf(id: string, date: string): Promise<ScheduledPost> {
  const { posts } = await ok<CallableOutput<'listarPublicaciones'>>('listarPublicaciones', { month: month(date) });
  const post = posts.find((p) => p.id === id);
  if (!post) throw new Error(`post ${id} not listed`);
  return post;
}

/** Polls the post until its publication on `network` is in `state`. */
async function publicationIn(post: ScheduledPost, network: SocialNetwork, state: Publication['state'], timeoutMs = 60_000): Promise<Publication> {
  return eventually(async () => (await postOf(post.id, post.scheduledDate)).publications.find((p) => p.network === network && p.state === state), timeoutMs);
}

/** Polls the post until every publication on `network` is in `state`; returns them. */
async function allIn(post: ScheduledPost, network: SocialNetwork, state: Publication['state'], timeoutMs = 60_000): Promise<Publication[]> {
  let seen: Publication[] = [];
  try {
    return await eventually(async () => {
      seen = (await postOf(post.id, post.scheduledDate)).publications.filter((p) => p.network === network);
      return seen.length > 0 && seen.every((p) => p.state === state) ? seen : undefined;
    }, timeoutMs);
  } catch (error) {
    throw new Error(`${network} publications not all ${state}: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/** The brand's local date and time `minutes` from now. */
const localIn = (minutes: number) => localDateTime(new Date(Date.now() + minutes * 60_000), ZONE);

/**
 * A plan for the current month whose first post is rewritten to `content` on `network`, dated
 * `minutesAhead` from now (local), then approved; returns that approved post.
 */
async function approvedPost(network: SocialNetwork, content: string, minutesAhead: number): Promise<ScheduledPost> {
  const when = localIn(minutesAhead);
  const plan = await ok<PlanProposal>('generarPlanMensual', { month: month(when.date), budget: 100 });
  const first = plan.posts[0];
  if (!first) throw new Error('empty plan');
  // Keep only posts in the future so nothing else of the plan goes out during the test.
  await ok('editarPropuesta', { planId: plan.planId, post: { id: first.id, title: `Prueba ${network}`, content, scheduledDate: when.date, time: when.time, platform: network, versions: [] } });
  const { posts } = await ok<{ posts: ScheduledPost[] }>('aprobarPlan', { planId: plan.planId });
  const post = posts.find((p) => p.id === first.id);
  if (!post) throw new Error('approved post missing');
  return post;
}

const marker = (label: string) => `${label}-${Date.now().toString(36)}`;

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'publica');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  for (const network of ['facebook', 'x', 'linkedin'] as const) await connectNetwork(twin, owner, network);
  await ok('conectarTelegram', { botToken: SANDBOX_BOT_TOKEN, channel: '@canal_pruebas' });
});

describe('an approved plan goes out on time, once', () => {
  let post: ScheduledPost;
  const text = marker('Facebook a su hora');

  it('schedules the target at its local instant in the brand zone', async () => {
    post = await approvedPost('facebook', text, 30);
    const [publication] = post.publications;
    expect(publication).toMatchObject({ network: 'facebook', state: 'programado', sandbox: true, url: null });
    expect(publication?.dueAt).toBe(publishInstant(post.scheduledDate, post.time, ZONE));
    expect(await scheduleOf(publication?.id ?? '')).toBeDefined();
  });

  it('editing the post moves its schedule', async () => {
    const later = localIn(90);
    const { post: edited } = await ok<{ post: ScheduledPost }>('guardarPublicacion', {
      id: post.id,
      title: post.title,
      content: post.content,
      scheduledDate: later.date,
      time: later.time,
      platform: post.platform,
    });
    const publication = edited.publications[0];
    expect(publication?.dueAt).toBe(publishInstant(later.date, later.time, ZONE));
    const schedule = await scheduleOf(publication?.id ?? '');
    expect(JSON.stringify(schedule)).toContain(new Date(publication?.dueAt ?? '').toISOString().slice(0, 16));
    post = edited;
  });

  it('the fired schedule, delivered twice, publishes once and the calendar links the post', async () => {
    const id = post.publications[0]?.id ?? '';
    const schedule = await scheduleOf(id);
    if (!schedule) throw new Error('no schedule');
    const duplicates = await fetch(`${twin.awsEndpoint}/_twin/scheduler/duplicates`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 1 }) });
    await duplicates.arrayBuffer();
    await fire(schedule);
    const published = await publicationIn(post, 'facebook', 'publicado');
    expect(published.url).toMatch(/^https?:\/\//);
    // Let the duplicate delivery run to its end before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await feed('facebook', text)).toHaveLength(1);
  });
});

describe('media from the gallery', () => {
  it('publishes a Taller image with the post on X (uploaded) and Telegram (fetched by the network)', async () => {
    const { assetId } = await ok<{ assetId: string }>('generarImagen', { prompt: 'Un ramo de flores de temporada', imageBase64: null });
    for (const network of ['x', 'telegram'] as const) {
      const text = marker(`Con imagen en ${network}`);
      const post = await approvedPost(network, text, 65);
      await ok('guardarPublicacion', { id: post.id, title: post.title, content: post.content, scheduledDate: post.scheduledDate, time: post.time, platform: network, media: [assetId] });
      await ok('publicarAhora', { id: post.id });
      await allIn(post, network, 'publicado');
      const [published] = await feed(network, text);
      expect(published?.media).toHaveLength(1);
      expect(published?.media[0]?.type).toMatch(/^image\//);
      expect(published?.media[0]?.size).toBeGreaterThan(0);
    }
  });
});

describe('validation at approval', () => {
  it('refuses a post over a connected network\'s limit and writes nothing', async () => {
    const when = localIn(60 * 24 * 40);
    const plan = await ok<PlanProposal>('generarPlanMensual', { month: month(when.date), budget: 100 });
    const first = plan.posts[0];
    if (!first) throw new Error('empty plan');
    const long = 'a'.repeat(300);
    const { id, title, scheduledDate, time } = first;
    await ok('editarPropuesta', { planId: plan.planId, post: { id, title, scheduledDate, time, content: long, platform: 'x', versions: [] } });
    const before = await ok<CallableOutput<'listarPublicaciones'>>('listarPublicaciones', { month: plan.month });
    const refusal = await call(twin, 'aprobarPlan', { planId: plan.planId }, owner.accessToken);
    expect(refusal.status).toBe(400);
    expect(refusal.body.error?.message).toContain('supera los 280 caracteres de X');
    const after = await ok<CallableOutput<'listarPublicaciones'>>('listarPublicaciones', { month: plan.month });
    expect(after.posts).toEqual(before.posts);
    expect(after.proposal?.planId).toBe(plan.planId);
  });
});

describe('failures the owner must see', () => {
  it('a revoked token fails with "Reconecta X"; Reintentar after reconnecting publishes once', async () => {
    const text = marker('X revocado');
    const post = await approvedPost('x', text, 45);
    await sandboxHook(twin, 'revoke', { network: 'x' });
    await ok('publicarAhora', { id: post.id });
    const failed = await publicationIn(post, 'x', 'error');
    expect(failed.fix).toEqual({ label: PUBLICATION_MSG.reconnect('x'), href: '/redes' });
    expect(failed.reason).toBe(PUBLICATION_MSG.accessRevoked('x'));
    expect(await feed('x', text)).toHaveLength(0);

    await connectNetwork(twin, owner, 'x');
    await ok('publicarAhora', { id: post.id, publicationId: failed.id });
    const published = await publicationIn(post, 'x', 'publicado');
    expect(published.url).toMatch(/x\.com|twitter/);
    expect(await feed('x', text)).toHaveLength(1);
  });

  it('a 429 with Retry-After postpones the publication, which then goes out once', async () => {
    const text = marker('Telegram con espera');
    const post = await approvedPost('telegram', text, 50);
    await sandboxHook(twin, 'faults', { network: 'telegram', operation: 'create', kind: '429', retryAfterSeconds: 3 });
    const started = Date.now();
    await ok('publicarAhora', { id: post.id });
    await publicationIn(post, 'telegram', 'publicado');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(await feed('telegram', text)).toHaveLength(1);
  });

  it('a lost answer is found by searching Facebook\'s recent posts, never posted twice', async () => {
    const text = marker('Facebook sin respuesta');
    const post = await approvedPost('facebook', text, 55);
    await sandboxHook(twin, 'faults', { network: 'facebook', operation: 'create', kind: 'lost' });
    await ok('publicarAhora', { id: post.id });
    // One publication per selected page: the one whose answer was lost is found, none is posted twice.
    const published = await allIn(post, 'facebook', 'publicado');
    const posts = await feed('facebook', text);
    expect(posts.map((p) => p.target.id).sort()).toEqual(published.map((p) => p.targetId).sort());
  });

  it('a lost answer on Telegram is "sin confirmar" until the owner answers; nothing is posted twice', async () => {
    const text = marker('Telegram sin respuesta');
    const post = await approvedPost('telegram', text, 58);
    await sandboxHook(twin, 'faults', { network: 'telegram', operation: 'create', kind: 'lost' });
    await ok('publicarAhora', { id: post.id });
    const unconfirmed = await publicationIn(post, 'telegram', 'sin_confirmar');
    expect(unconfirmed.reason).toBe(PUBLICATION_MSG.unconfirmed('telegram'));
    expect(await feed('telegram', text)).toHaveLength(1);
    const { post: resolved } = await ok<{ post: ScheduledPost }>('resolverPublicacion', { id: post.id, publicationId: unconfirmed.id, published: true });
    expect(resolved.publications[0]?.state).toBe('publicado');
    expect(await feed('telegram', text)).toHaveLength(1);
  });
});
