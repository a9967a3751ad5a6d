/**
 * Creador de Blog settings against the twin (issue 3 item 3): defaults, round trip, the slug
 * rule on the server, slug uniqueness across brands — including the race of two brands claiming
 * one fresh slug at once against DynamoDB Local's transactions — and the header image as an
 * upload reference with a short-lived URL.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_BLOG_SETTINGS, SETTINGS_MSG, type BlogSettings } from '@director-ia/shared';
import { rawTable } from '../support/dynamo';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');
const table = rawTable(twin);

/** The owner of a slug's claim item, read raw; undefined when unclaimed. */
async function claimOwner(slug: string): Promise<string | undefined> {
  return (await table.get(`slug#${slug}`, 'claim'))?.ownerSub as string | undefined;
}

async function activeOwners(count: number, prefix: string): Promise<TestUser[]> {
  const admin = await signInAdmin(twin);
  const users = await Promise.all(Array.from({ length: count }, (_, i) => registerUser(twin, `${prefix}${i}`)));
  for (const user of users) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return users;
}

const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
const get = (user: TestUser) => callOk<BlogSettings>(twin, 'obtenerAjustesBlog', null, user.accessToken);
const save = (user: TestUser, data: unknown) => call(twin, 'guardarAjustesBlog', data, user.accessToken);

describe('blog settings', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    [a, b] = (await activeOwners(2, 'blog')) as [TestUser, TestUser];
  });

  it('start with the spec defaults', async () => {
    await expect(get(a)).resolves.toEqual(DEFAULT_BLOG_SETTINGS);
    expect(DEFAULT_BLOG_SETTINGS).toMatchObject({ isEnabled: false, tone: 'Profesional y Técnico', frequency: '1 artículo por semana', layout: 'Minimalista', headerImageKey: null });
  });

  it('round-trip with the slug rule applied by the server; the claim names the owner', async () => {
    const slug = fresh('Mi Blog de Café');
    const { status, body } = await save(a, { isEnabled: true, slug, tone: 'Casual e Inspirador', topics: 'Recetas, origen del café', frequency: '2 artículos al mes', layout: 'Moderno' });
    expect(status).toBe(200);
    const saved = body.result as BlogSettings;
    expect(saved).toMatchObject({ isEnabled: true, slug: slug.toLowerCase().replace(/ /g, '-'), tone: 'Casual e Inspirador', topics: 'Recetas, origen del café', frequency: '2 artículos al mes', layout: 'Moderno', headerImageKey: null, headerImageUrl: null });
    expect(saved.slug).toMatch(/^mi-blog-de-café-[0-9a-f]{8}$/);
    expect(Date.parse(saved.lastUpdated ?? '')).toBeGreaterThan(Date.now() - 60_000);
    await expect(get(a)).resolves.toEqual(saved);
    expect(await claimOwner(saved.slug)).toBe(a.sub);
  });

  it('merges: a save without the slug keeps it (and its claim)', async () => {
    const before = await get(a);
    const { body } = await save(a, { layout: 'Clásico' });
    expect(body.result).toMatchObject({ slug: before.slug, layout: 'Clásico', tone: before.tone });
    expect(await claimOwner(before.slug)).toBe(a.sub);
  });

  it("claiming another brand's slug is 409 ABORTED with a clear message, and nothing changes", async () => {
    const taken = (await get(a)).slug;
    const before = await get(b);
    const { status, body } = await save(b, { isEnabled: true, slug: taken, tone: 'Noticias y Actualidad' });
    expect(status).toBe(409);
    expect(body.error).toEqual({ status: 'ABORTED', message: SETTINGS_MSG.slugTaken(taken) });
    expect(body.error?.message).toBe(`La dirección «${taken}» ya está en uso por otra marca. Elige otra.`);
    await expect(get(b)).resolves.toEqual(before);
    expect(await claimOwner(taken)).toBe(a.sub);
  });

  it('the same slug typed differently is the same slug', async () => {
    const taken = (await get(a)).slug;
    const { status } = await save(b, { slug: `  ${taken.toUpperCase().replace(/-/g, ' ')}!! ` });
    expect(status).toBe(409);
  });

  it('changing the slug releases the old one for other brands', async () => {
    const old = (await get(a)).slug;
    const next = fresh('nuevo');
    await expect(save(a, { slug: next })).resolves.toMatchObject({ status: 200 });
    expect(await claimOwner(old)).toBeUndefined();
    expect(await claimOwner(next)).toBe(a.sub);
    await expect(save(b, { slug: old })).resolves.toMatchObject({ status: 200 });
    expect(await claimOwner(old)).toBe(b.sub);
  });

  it('clearing the slug releases it; an enabled blog needs one', async () => {
    const mine = (await get(b)).slug;
    const { body: cleared } = await save(b, { isEnabled: false, slug: '' });
    expect(cleared.result).toMatchObject({ slug: '', isEnabled: false });
    expect(await claimOwner(mine)).toBeUndefined();
    const { status, body } = await save(b, { isEnabled: true });
    expect(status).toBe(400);
    expect(body.error?.message).toBe(SETTINGS_MSG.slugRequired);
    expect((await get(b)).isEnabled).toBe(false);
  });

  it.each([
    ['an unknown tone', { tone: 'Épico' }, 'Tono no válido.'],
    ['an unknown frequency', { frequency: 'a diario' }, 'Frecuencia no válida.'],
    ['an unknown layout', { layout: 'Brutalista' }, 'Diseño no válido.'],
    ['a slug too short', { slug: 'ab' }, 'al menos 3 caracteres'],
    ['a slug too long', { slug: 'a'.repeat(61) }, 'como máximo 60 caracteres'],
    ['inline image data', { headerImage: 'data:image/png;base64,AAAA' }, ''],
    ["another brand's image key", { headerImageKey: 'users/someone-else/blog/0000000000aaaaaaaaaa-cabecera.png' }, 'Imagen de cabecera no válida.'],
    ['an image that was never uploaded', { headerImageKey: 'SELF' }, 'La imagen de cabecera no se ha subido'],
  ])('refuses %s and changes nothing', async (_label, data, message) => {
    const before = await get(a);
    const payload = 'headerImageKey' in data && data.headerImageKey === 'SELF' ? { headerImageKey: `users/${a.sub}/blog/0000000000aaaaaaaaaa-cabecera.png` } : data;
    const { status, body } = await save(a, payload);
    expect(status).toBe(400);
    expect(body.error?.message).toContain(message);
    await expect(get(a)).resolves.toEqual(before);
  });
});

describe('slug race', () => {
  let x: TestUser;
  let y: TestUser;
  beforeAll(async () => {
    [x, y] = (await activeOwners(2, 'race')) as [TestUser, TestUser];
    // Both brands start with a slug of their own, so the loser has something to keep.
    await callOk(twin, 'guardarAjustesBlog', { isEnabled: true, slug: fresh('x-home') }, x.accessToken);
    await callOk(twin, 'guardarAjustesBlog', { isEnabled: true, slug: fresh('y-home') }, y.accessToken);
  });

  it('two brands claiming the same fresh slug at once: exactly one owner, the loser unchanged (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const slug = fresh(`carrera-${round}`);
      const [beforeX, beforeY] = await Promise.all([get(x), get(y)]);
      const [rx, ry] = await Promise.all([
        save(x, { slug, tone: 'Humorístico y Cercano' }),
        save(y, { slug, tone: 'Noticias y Actualidad' }),
      ]);
      const statuses = [rx.status, ry.status].sort();
      expect(statuses, `round ${round}: ${JSON.stringify([rx.body, ry.body])}`).toEqual([200, 409]);
      const [winner, loser, loserBefore, loserAnswer] = rx.status === 200 ? [x, y, beforeY, ry] : [y, x, beforeX, rx];
      expect(loserAnswer.body.error).toEqual({ status: 'ABORTED', message: SETTINGS_MSG.slugTaken(slug) });
      expect(await claimOwner(slug)).toBe(winner.sub);
      expect((await get(winner)).slug).toBe(slug);
      await expect(get(loser)).resolves.toEqual(loserBefore);
      expect(await claimOwner(loserBefore.slug)).toBe(loser.sub);
    }
  });

  it('one brand saving two slugs at once keeps exactly the claim its settings name', async () => {
    const first = fresh('doble-a');
    const second = fresh('doble-b');
    const results = await Promise.all([save(x, { slug: first }), save(x, { slug: second })]);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const { slug } = await get(x);
    expect([first, second]).toContain(slug);
    const other = slug === first ? second : first;
    expect(await claimOwner(slug)).toBe(x.sub);
    expect(await claimOwner(other)).toBeUndefined();
  });
});

describe('header image', () => {
  let owner: TestUser;
  beforeAll(async () => {
    [owner] = (await activeOwners(1, 'header')) as [TestUser];
  });

  async function uploadHeader(name: string, bytes: Uint8Array): Promise<string> {
    const signed = await callOk<{ url: string; fields: Record<string, string>; key: string }>(
      twin,
      'solicitarSubida',
      { kind: 'blogHeader', fileName: name, contentType: 'image/png', size: bytes.byteLength },
      owner.accessToken,
    );
    const form = new FormData();
    for (const [field, value] of Object.entries(signed.fields)) form.append(field, value);
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), name);
    const response = await fetch(signed.url, { method: 'POST', body: form });
    expect(response.status).toBeLessThan(300);
    return signed.key;
  }

  it('stores the upload key (not the image) and returns a short-lived URL; replacing deletes the old file', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const key = await uploadHeader('cabecera.png', png);
    const { status, body } = await save(owner, { headerImageKey: key });
    expect(status, JSON.stringify(body)).toBe(200);
    const saved = body.result as BlogSettings;
    expect(saved.headerImageKey).toBe(key);
    expect(saved.headerImageUrl).toMatch(/X-Amz-Expires=300/);
    const loaded = await get(owner);
    const image = await fetch(loaded.headerImageUrl ?? '');
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);

    const second = await uploadHeader('otra.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9]));
    await expect(save(owner, { headerImageKey: second })).resolves.toMatchObject({ status: 200 });
    await expect.poll(async () => (await fetch(loaded.headerImageUrl ?? '')).status).toBe(404);

    const { body: removed } = await save(owner, { headerImageKey: null });
    expect(removed.result).toMatchObject({ headerImageKey: null, headerImageUrl: null });
  });
});
