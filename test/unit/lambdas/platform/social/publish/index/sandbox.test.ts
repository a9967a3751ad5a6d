/**
 * The publishing adapters against the twin's "Red de pruebas" (issue 13 "Each network adapter is
 * tested against the sandbox in the documented request shapes, including one error body per
 * network"): the real adapters (lambdas/platform/social/publish), through the real outbound HTTP
 * client, configured only by the secret JSON the twin writes, publish to the real sandbox, with
 * media served the way S3 serves a presigned GET (a static server that honours Range).
 *
 * Per network: prepare → create publishes exactly once, in the feed, with the post id the network
 * gave; findPublished finds it (or says it cannot know: LinkedIn, Telegram); a create whose answer
 * is lost throws OutcomeUnknown and is resolved by findPublished without a second post; a throttled
 * create (each network's documented 429/throttling body) is RateLimited with the instant to retry
 * and publishes nothing; a token the network does not accept is an error the owner fixes by
 * reconnecting, not a retry.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import serveStatic from 'serve-static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_NETWORKS, type SocialNetwork, type TargetKind } from '@director-ia/shared';
import {
  createPublication,
  findPublished,
  networkAppsFromJson,
  NetworkError,
  OutcomeUnknown,
  preparePublication,
  RateLimited,
  type MediaItem,
  type NetworkApp,
  type Prepared,
  type PublishRequest,
} from '../../../../../../../lambdas/platform/social';
import { BOT_TOKEN, hook, jpeg, mp4, posts, publisher, startTestSandbox, TARGET, type TestSandbox } from '../../../../../infra/local/social-sandbox/support';

let sandbox: TestSandbox;
let media: { url: string; close: () => Promise<void> };
let mediaDir: string;
const tokens = new Map<SocialNetwork, string>();

/** A static server over `dir`, as S3 answers presigned GETs: content type, length and byte ranges. */
async function startStaticServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const serve = serveStatic(dir, { index: false });
  const server = http.createServer((req, res) => serve(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  mediaDir = mkdtempSync(path.join(tmpdir(), 'publish-media-'));
  writeFileSync(path.join(mediaDir, 'square.jpg'), jpeg(1080, 1080, 64 * 1024));
  writeFileSync(path.join(mediaDir, 'clip.mp4'), mp4(256 * 1024));
  media = await startStaticServer(mediaDir);
  // The outbound client refuses loopback addresses unless the deployment allows the origin (the twin does).
  process.env.OUTBOUND_ALLOWED_ORIGINS = [sandbox.sandbox.url, media.url].map((url) => new URL(url).host).join(',');
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOWED_ORIGINS;
  await media?.close();
  await sandbox?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

const appOf = (network: SocialNetwork): NetworkApp => {
  const app = networkAppsFromJson(sandbox.sandbox.apps())[network];
  if (!app) throw new Error(`no app for ${network}`);
  return app;
};

/** The token a connected target publishes with (Meta: the page token; Telegram: the bot token). */
async function tokenFor(network: SocialNetwork): Promise<string> {
  if (network === 'telegram') return BOT_TOKEN;
  if (!tokens.has(network)) tokens.set(network, (await publisher(sandbox.sandbox, network)).token);
  return tokens.get(network) ?? '';
}

const image = (): MediaItem => ({ kind: 'image', contentType: 'image/jpeg', size: 64 * 1024, url: `${media.url}/square.jpg` });
const video = (): MediaItem => ({ kind: 'video', contentType: 'video/mp4', size: 256 * 1024, url: `${media.url}/clip.mp4` });

/** What each network publishes in these tests: its target and the media it needs (or shows). */
const SHAPES: Record<SocialNetwork, { target: string; kind: TargetKind; media: () => MediaItem[]; title?: string }> = {
  facebook: { target: TARGET.facebook, kind: 'page', media: () => [image()] },
  instagram: { target: TARGET.instagram, kind: 'instagram', media: () => [image()] },
  x: { target: TARGET.x, kind: 'profile', media: () => [image()] },
  linkedin: { target: TARGET.linkedin, kind: 'profile', media: () => [image()] },
  youtube: { target: TARGET.youtube, kind: 'channel', media: () => [video()], title: 'Vídeo de prueba' },
  tiktok: { target: TARGET.tiktok, kind: 'profile', media: () => [video()] },
  pinterest: { target: TARGET.pinterest, kind: 'board', media: () => [image()], title: 'Pin de prueba' },
  telegram: { target: '@canal_pruebas', kind: 'channel', media: () => [image()] },
};

/** A request with a text no other case uses (X and LinkedIn refuse duplicates). */
async function requestFor(network: SocialNetwork, accessToken?: string): Promise<PublishRequest> {
  const shape = SHAPES[network];
  return {
    network,
    target: { id: shape.target, kind: shape.kind },
    account: { id: network === 'linkedin' ? 'sAnDbOx0001' : shape.target },
    accessToken: accessToken ?? (await tokenFor(network)),
    text: `Publicación de prueba en ${network} ${randomUUID().slice(0, 8)}`,
    ...(shape.title ? { title: shape.title } : {}),
    media: shape.media(),
    privacy: network === 'tiktok' || network === 'youtube' ? 'private' : 'public',
    idempotencyKey: randomUUID(),
  };
}

interface FeedPost {
  id: string;
  text?: string;
  refs?: { publishId?: string };
}

/** The feed's posts of `network` whose text contains `text`. */
async function feedPostsWith(network: SocialNetwork, text: string): Promise<FeedPost[]> {
  const all = (await posts(sandbox.sandbox, network)) as FeedPost[];
  return all.filter((post) => (post.text ?? '').includes(text));
}

/** The same, once TikTok has processed the upload (its posts appear in the feed a moment after the create). */
async function settledFeedPostsWith(network: SocialNetwork, text: string): Promise<FeedPost[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const found = await feedPostsWith(network, text);
    if (network !== 'tiktok' || found.length > 0 || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The id a post is known by: TikTok answers its publish id until the video is public (SELF_ONLY never is). */
const knownId = (network: SocialNetwork, post: FeedPost | undefined) => (network === 'tiktok' ? post?.refs?.publishId : post?.id);

/** The visible create's step in the sandbox's fault names (TikTok's is the upload that completes the file; its init publishes nothing). */
const VISIBLE_OPERATION: Partial<Record<SocialNetwork, string>> = { tiktok: 'upload' };

/** Networks where a lost create cannot be checked (LinkedIn's read scope is for partners, bots cannot read history). */
const UNKNOWABLE: readonly SocialNetwork[] = ['linkedin', 'telegram'];

describe.each(SOCIAL_NETWORKS)('%s: publishing through the sandbox', (network) => {
  const app = () => appOf(network);

  it('prepare then create publishes once, with the network’s post id; findPublished finds it', async () => {
    const request = await requestFor(network);
    const prepared = await preparePublication(app(), request);
    expect(prepared.ready).toBe(true);
    const published = await createPublication(app(), request, prepared);
    const inFeed = await settledFeedPostsWith(network, request.text);
    expect(inFeed).toHaveLength(1);
    expect(knownId(network, inFeed[0])).toBe(published.postId);
    const found = await findPublished(app(), request, prepared);
    if (UNKNOWABLE.includes(network)) expect(found).toBe('unknowable');
    else expect(found).toMatchObject({ postId: published.postId });
  });

  it('a create whose answer is lost is OutcomeUnknown, resolved by findPublished without a second post', async () => {
    const request = await requestFor(network);
    const prepared = await preparePublication(app(), request);
    await hook(sandbox.sandbox, 'faults', { network, operation: VISIBLE_OPERATION[network] ?? 'create', kind: 'lost' });
    const error = await createPublication(app(), request, prepared).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutcomeUnknown);
    const found = await findPublished(app(), request, (error as OutcomeUnknown).prepared as Prepared);
    const inFeed = await settledFeedPostsWith(network, request.text);
    expect(inFeed.length).toBeLessThanOrEqual(1);
    if (UNKNOWABLE.includes(network)) expect(found).toBe('unknowable');
    else if (found === null || found === 'unknowable') expect(inFeed).toHaveLength(0);
    else expect(inFeed.map((post) => knownId(network, post))).toEqual([found.postId]);
  });

  it('a throttled create is RateLimited with the instant to retry, and publishes nothing', async () => {
    const request = await requestFor(network);
    const prepared = await preparePublication(app(), request);
    await hook(sandbox.sandbox, 'faults', { network, operation: VISIBLE_OPERATION[network] ?? 'create', kind: '429', retryAfterSeconds: 40 });
    const before = Date.now();
    const error = await createPublication(app(), request, prepared).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).retryAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(await feedPostsWith(network, request.text)).toHaveLength(0);
  });

  it('a token the network does not accept is an error the owner fixes by reconnecting', async () => {
    const bad = network === 'telegram' ? '7000000009:invalidTokenForTheSandboxTests0000000' : `revoked-${randomUUID()}`;
    const request = await requestFor(network, bad);
    const attempt = async () => createPublication(app(), request, await preparePublication(app(), request));
    const error = await attempt().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(['invalid_grant', 'denied']).toContain((error as NetworkError).kind);
    expect(await feedPostsWith(network, request.text)).toHaveLength(0);
  });
});
