/**
 * Data rights against the twin (issue 17 item 2): the owner's export (a job with progress, one at a
 * time, a zip with one JSON per entity, their files and no stored secret, a fresh download link);
 * one lead's export and erasure (its Bandeja conversations too); conversation retention (the
 * setting, and the scheduled job deleting only what is older); the account deletion (the e-mail
 * confirmation, then nothing of the owner in their partition, in the partitions outside it, in
 * the bucket or in Cognito), and an interrupted deletion that the sweep resumes while a live one
 * is left alone. The twin's data-rights sweep runs every 3 s here (test/support/twin-global-setup.ts).
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import JSZip from 'jszip';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DATA_RIGHTS_MSG, type DataExport, type PlanProposal } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { UPLOADS_BUCKET } from '../../infra/local/s3';
import { call, callOk } from '../support/api';
import { registerUser, signIn, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { leadSeeder } from '../support/leads';
import { eventually } from '../support/social';
import { uploadKnowledge } from '../support/widget';

const twin = inject('twin');

let admin: TestUser;
let seedLead: Awaited<ReturnType<typeof leadSeeder>>;
let s3: S3Client;

/** Every key under `users/<sub>/` in the twin's bucket. */
async function objectKeys(sub: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: UPLOADS_BUCKET, Prefix: `users/${sub}/` }));
  return (out.Contents ?? []).map((object) => object.Key ?? '');
}

/** An approved owner with a brand name, a plan of posts, a knowledge file and a lead with a conversation. */
async function ownerWithData(prefix: string): Promise<{ user: TestUser; leadId: string; planPosts: number }> {
  const user = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  await callOk(twin, 'guardarAjustesIA', { brandName: `Marca ${prefix}` }, user.accessToken);
  await callOk(twin, 'guardarIntegraciones', { gmailAddress: 'marca@gmail.com', gmailAppPassword: 'abcd efgh ijkl mnop' }, user.accessToken);
  const plan = await callOk<PlanProposal>(twin, 'generarPlanMensual', { month: '2099-03', budget: 300 }, user.accessToken);
  await callOk(twin, 'aprobarPlan', { planId: plan.planId }, user.accessToken);
  await uploadKnowledge(twin, user, { name: 'horario.txt', type: 'text/plain', bytes: new TextEncoder().encode('Abrimos de lunes a viernes de 9 a 18 horas.') });
  const lead = await seedLead(user.sub, { name: 'Ana Cliente', contact: 'ana@cliente.es', ago: 1000, messages: [['visitor', '¿Abrís los sábados?'], ['assistant', 'No, de lunes a viernes.']] });
  return { user, leadId: lead.id, planPosts: plan.posts.length };
}

beforeAll(async () => {
  seedLead = await leadSeeder(twin);
  admin = await signInAdmin(twin);
  s3 = new S3Client({ endpoint: twin.awsEndpoint, forcePathStyle: true, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
});

describe('export of an owner\'s data', () => {
  let owner: Awaited<ReturnType<typeof ownerWithData>>;
  beforeAll(async () => {
    owner = await ownerWithData('export');
  });

  it('prepares one job at a time and hands a zip with settings, posts, leads, conversations and files, without secrets', async () => {
    const token = owner.user.accessToken;
    const started = (await callOk<{ exportacion: DataExport }>(twin, 'solicitarExportacion', null, token)).exportacion;
    expect(started).toMatchObject({ status: 'preparando', progress: 0 });
    const again = (await callOk<{ exportacion: DataExport }>(twin, 'solicitarExportacion', null, token)).exportacion;
    expect(again.id).toBe(started.id);

    const ready = await eventually(async () => {
      const { exportacion } = await callOk<{ exportacion: DataExport | null }>(twin, 'obtenerMisDatos', null, token);
      return exportacion?.status === 'lista' ? exportacion : undefined;
    }, 60_000);
    expect(ready).toMatchObject({ id: started.id, progress: 100, url: expect.stringContaining(`users/${owner.user.sub}/exports/${started.id}.zip`) });
    expect(Date.parse(ready.expiresAt ?? '') - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const response = await fetch(ready.url ?? '');
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const json = async (name: string) => JSON.parse((await zip.file(`datos/${name}.json`)?.async('string')) ?? 'null') as unknown;

    expect(await json('perfil')).toMatchObject({ uid: owner.user.sub, status: 'active' });
    expect(await json('ajustes-ia')).toMatchObject({ brandName: 'Marca export' });
    expect(await json('publicaciones')).toHaveLength(owner.planPosts);
    expect(await json('leads')).toEqual([expect.objectContaining({ id: owner.leadId, name: 'Ana Cliente', contact: 'ana@cliente.es', consentText: expect.any(String) })]);
    const conversations = (await json('conversaciones')) as { messages: { text: string }[] }[];
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.messages.map((m) => m.text)).toEqual(['¿Abrís los sábados?', 'No, de lunes a viernes.']);
    expect(await json('documentos')).toEqual([expect.objectContaining({ name: 'horario.txt' })]);
    const files = Object.keys(zip.files).filter((name) => name.startsWith('archivos/') && !name.endsWith('/'));
    expect(files).toEqual([expect.stringMatching(/^archivos\/knowledge\/.+horario\.txt$/)]);
    expect(await zip.file(files[0] ?? '')?.async('string')).toBe('Abrimos de lunes a viernes de 9 a 18 horas.');

    // The Gmail app password is stored sealed; the export carries its mask only, never the sealed value.
    const integrations = JSON.stringify(await json('integraciones'));
    expect(integrations).toContain('marca@gmail.com');
    const whole = (await Promise.all(Object.values(zip.files).map((file) => file.async('string')))).join('\n');
    expect(whole).not.toMatch(/Sealed|abcd efgh ijkl mnop/);
    expect(Object.keys(zip.files).some((name) => name.includes('knowledgeChunk') || name.includes('exports/'))).toBe(false);
  });

  it('a second export leaves the previous zip out of the new one', async () => {
    const token = owner.user.accessToken;
    const second = (await callOk<{ exportacion: DataExport }>(twin, 'solicitarExportacion', null, token)).exportacion;
    const ready = await eventually(async () => {
      const { exportacion } = await callOk<{ exportacion: DataExport | null }>(twin, 'obtenerMisDatos', null, token);
      return exportacion?.id === second.id && exportacion.status === 'lista' ? exportacion : undefined;
    }, 60_000);
    const zip = await JSZip.loadAsync(await (await fetch(ready.url ?? '')).arrayBuffer());
    expect(Object.keys(zip.files).filter((name) => name.endsWith('.zip'))).toEqual([]);
  });
});

describe('one lead', () => {
  it('exports as a document with its conversations, and erasure removes its Bandeja conversations too', async () => {
    const { user, leadId } = await ownerWithData('lead');
    const other = await registerUser(twin, 'lead-other');
    await callOk(twin, 'aprobarUsuario', { uid: other.sub }, admin.accessToken);

    const { lead } = await callOk<{ lead: { id: string; name: string; conversations: { messages: { text: string }[] }[] } }>(twin, 'exportarLead', { id: leadId }, user.accessToken);
    expect(lead).toMatchObject({ id: leadId, name: 'Ana Cliente', contact: 'ana@cliente.es' });
    expect(lead.conversations[0]?.messages.map((m) => m.text)).toEqual(['¿Abrís los sábados?', 'No, de lunes a viernes.']);
    const { status, body } = await call(twin, 'exportarLead', { id: leadId }, other.accessToken);
    expect(status).toBe(404);
    expect(body.error?.message).toBe(DATA_RIGHTS_MSG.leadNotFound);

    // A Bandeja conversation linked to the lead (issue 14), with a message.
    const table = rawTable(twin);
    const [leadItem] = await table.query(`user#${user.sub}`, `lead#${leadId}`);
    const bandeja = 'zzbandejaconversacion';
    await table.put({ ...leadItem, conversationIds: [bandeja] });
    const [conversation] = await table.query(`user#${user.sub}`, 'conversation#');
    await table.put({ ...conversation, sk: `conversation#${bandeja}`, id: bandeja, channel: 'instagram' });
    const [message] = await table.query(`user#${user.sub}`, 'convmsg#');
    await table.put({ ...message, sk: `convmsg#${bandeja}#${String(message?.id)}`, conversationId: bandeja });

    await callOk(twin, 'eliminarLead', { id: leadId }, user.accessToken);
    for (const prefix of [`lead#${leadId}`, 'conversation#', 'convmsg#']) expect(await table.query(`user#${user.sub}`, prefix)).toEqual([]);
  });
});

describe('conversation retention', () => {
  it('is a setting, and the scheduled job deletes only the conversations older than it', async () => {
    const user = await registerUser(twin, 'retention');
    await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
    expect(await callOk(twin, 'obtenerMisDatos', null, user.accessToken)).toEqual({ exportacion: null, retentionDays: 0 });
    const refused = await call(twin, 'guardarRetencion', { retentionDays: 7 }, user.accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain(DATA_RIGHTS_MSG.invalidRetention);

    const old = await seedLead(user.sub, { name: 'Antiguo', contact: 'antiguo@cliente.es', ago: 40 * 86_400_000, messages: [['visitor', 'Hace mucho']] });
    const recent = await seedLead(user.sub, { name: 'Reciente', contact: 'reciente@cliente.es', ago: 5 * 86_400_000, messages: [['visitor', 'Hace poco']] });
    const table = rawTable(twin);
    // The sweep has run meanwhile with no retention set: nothing deleted.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(await table.query(`user#${user.sub}`, 'conversation#')).toHaveLength(2);

    expect(await callOk(twin, 'guardarRetencion', { retentionDays: 30 }, user.accessToken)).toEqual({ retentionDays: 30 });
    expect((await callOk<{ retentionDays: number }>(twin, 'obtenerMisDatos', null, user.accessToken)).retentionDays).toBe(30);
    await eventually(async () => ((await table.query(`user#${user.sub}`, `conversation#${old.conversationId}`)).length === 0 ? true : undefined), 20_000);
    expect(await table.query(`user#${user.sub}`, `convmsg#${old.conversationId}#`)).toEqual([]);
    expect(await table.query(`user#${user.sub}`, `conversation#${recent.conversationId}`)).toHaveLength(1);
    expect(await table.query(`user#${user.sub}`, `convmsg#${recent.conversationId}#`)).toHaveLength(1);
    // The leads stay (their data is not the conversation's).
    expect(await table.query(`user#${user.sub}`, 'lead#')).toHaveLength(2);

    await callOk(twin, 'guardarRetencion', { retentionDays: 0 }, user.accessToken);
    expect(await table.query(`user#${user.sub}`, 'settings#datos')).toEqual([]);
  });
});

/** Everything of `sub` the raw table and the bucket still hold (partition, outside partitions, deletion record). */
async function leftovers(sub: string, outside: { slug?: string; codes?: string[] } = {}) {
  const table = rawTable(twin);
  const items = [
    ...(await table.partition(`user#${sub}`)),
    ...(await table.partition(`rateUsage#${sub}`)),
    ...(await table.query('leadNoticeDigest', sub)),
    ...(await table.query('publicationDigest', sub)),
    ...(await table.query('accountDeletion', sub)),
    ...(outside.slug ? await table.partition(`slug#${outside.slug}`) : []),
    ...(await Promise.all((outside.codes ?? []).map((code) => table.partition(`linkcode#${code}`)))).flat(),
  ];
  return { items, objects: await objectKeys(sub) };
}

/**
 * Items outside the owner's partition that are theirs: a blog slug claim, a tracked link's code
 * claim, network rate usage, the digests, and an OAuth state of a connection they started and
 * never finished (`oauthState#<hash>`, found by the table scan below through its `uid`).
 */
async function plantOutside(user: TestUser, slug: string): Promise<string[]> {
  await callOk(twin, 'guardarAjustesBlog', { slug }, user.accessToken);
  await callOk(twin, 'initiateOAuth', { platform: 'x' }, user.accessToken);
  const table = rawTable(twin);
  const code = `c${user.sub.replace(/-/g, '').slice(0, 7)}`;
  const now = new Date().toISOString();
  await table.put({ pk: `user#${user.sub}`, sk: `link#${code}`, __edb_e__: 'trackedLink', __edb_v__: '1', uid: user.sub, code, targetUrl: 'https://example.com/', source: { kind: 'post', id: 'p1' }, utm: { source: 'x', medium: 'social', campaign: 'c' }, createdAt: now });
  await table.put({ pk: `linkcode#${code}`, sk: 'claim', __edb_e__: 'linkCode', __edb_v__: '1', code, ownerSub: user.sub, createdAt: now });
  await table.put({ pk: `rateUsage#${user.sub}`, sk: 'rate#x#posts', __edb_e__: 'rateUsage', __edb_v__: '1', owner: user.sub, network: 'x', resource: 'posts', count: 1 });
  await table.put({ pk: 'leadNoticeDigest', sk: user.sub, __edb_e__: 'leadNoticeDigest', __edb_v__: '1', owner: user.sub, pending: 2 });
  await table.put({ pk: 'publicationDigest', sk: user.sub, __edb_e__: 'publicationDigest', __edb_v__: '1', owner: user.sub });
  return [code];
}

describe('account deletion', () => {
  it('needs the account\'s e-mail, then leaves nothing of the owner in the table, the bucket or Cognito', async () => {
    const { user } = await ownerWithData('delete');
    const slug = `blog-${user.sub.slice(0, 8)}`;
    const codes = await plantOutside(user, slug);
    const before = await leftovers(user.sub, { slug, codes });
    expect(before.items.length).toBeGreaterThan(10);
    expect(before.objects.length).toBeGreaterThan(0);

    const wrong = await call(twin, 'eliminarCuenta', { confirmacion: 'otra@persona.es' }, user.accessToken);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe(DATA_RIGHTS_MSG.confirmationMismatch);
    expect((await leftovers(user.sub, { slug, codes })).items).toHaveLength(before.items.length);

    expect(await callOk(twin, 'eliminarCuenta', { confirmacion: user.email.toUpperCase() }, user.accessToken)).toEqual({ status: 'eliminando' });
    let last = before;
    const after = await eventually(async () => {
      last = await leftovers(user.sub, { slug, codes });
      return last.items.length === 0 && last.objects.length === 0 ? last : undefined;
    }, 60_000).catch(async (error: Error) => {
      // Say what was left and how far the deletion got, not just that time ran out.
      const record = await rawTable(twin).get('accountDeletion', user.sub);
      throw new Error(`${error.message}: left ${JSON.stringify({ items: last.items.map((item) => `${item.pk} ${item.sk}`), objects: last.objects })}; deletion record ${JSON.stringify(record ?? null)}`);
    });
    expect(after).toEqual({ items: [], objects: [] });
    await expect(signIn(twin, user.email, user.password)).rejects.toThrow();
    // Its access token outlives the account (Cognito does not revoke it): an export asked with it writes nothing.
    expect((await call(twin, 'solicitarExportacion', null, user.accessToken)).status).toBe(404);
    expect(await rawTable(twin).partition(`user#${user.sub}`)).toEqual([]);
    // No item anywhere in the table names the owner (the test may Scan; the product never does).
    expect((await rawTable(twin).scanAll()).filter((item) => JSON.stringify(item).includes(user.sub))).toEqual([]);
  });

  it('refuses an admin\'s own account (the last admin would leave none), and changes nothing', async () => {
    const refused = await call(twin, 'eliminarCuenta', { confirmacion: twin.adminEmail }, admin.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(DATA_RIGHTS_MSG.adminCannotDelete);
    expect(await rawTable(twin).query('accountDeletion', admin.sub)).toEqual([]);
    expect((await rawTable(twin).partition(`user#${admin.sub}`)).length).toBeGreaterThan(0);
    await expect(signIn(twin, twin.adminEmail, twin.adminPassword)).resolves.toBeTruthy();
  });

  it('an interrupted deletion is finished by the sweep once its lease expires; a live one is left alone', async () => {
    const [interrupted, live] = await Promise.all([ownerWithData('resume'), ownerWithData('busy')]);
    const table = rawTable(twin);
    const record = (sub: string, leaseUntil: number, done: string[]) => ({ pk: 'accountDeletion', sk: sub, __edb_e__: 'accountDeletion', __edb_v__: '1', uid: sub, done, leaseUntil, attempts: 1, requestedAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
    // A worker that died after revoking the networks and deleting the schedules: its lease has expired.
    await table.put(record(interrupted.user.sub, Date.now() - 1000, ['social', 'schedules']));
    // A run that is still working (lease in the future): the sweep must not touch it.
    await table.put(record(live.user.sub, Date.now() + 10 * 60_000, []));

    await eventually(async () => {
      const left = await leftovers(interrupted.user.sub);
      return left.items.length === 0 && left.objects.length === 0 ? true : undefined;
    }, 60_000);
    await expect(signIn(twin, interrupted.user.email, interrupted.user.password)).rejects.toThrow();

    const busy = await leftovers(live.user.sub);
    expect(busy.items.length).toBeGreaterThan(10);
    expect(await table.get('accountDeletion', live.user.sub)).toMatchObject({ done: [], attempts: 1 });
    // Its lease runs out (the run died): the next sweep finishes it.
    await table.set('accountDeletion', live.user.sub, { leaseUntil: Date.now() - 1 });
    await eventually(async () => ((await leftovers(live.user.sub)).items.length === 0 ? true : undefined), 60_000);
    expect(await objectKeys(live.user.sub)).toEqual([]);
  });
});
