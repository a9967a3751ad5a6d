/**
 * End to end in Chromium against the twin: data rights (issue 17 item 2). An owner with settings,
 * an approved plan of posts, a lead and its conversation opens Integraciones → Mis datos, exports
 * their data (the progress, then the link), downloads the zip in the browser and finds their
 * settings, posts, leads and conversations in its JSON; then deletes their account (typing their
 * e-mail in the irreversible-action dialog), is signed out with the Spanish confirmation, and a raw
 * table Query of their partition and a bucket listing of their prefix find nothing of theirs.
 * Someone whose sign-up is still pending can erase it the same way from the pending screen.
 */
import { readFile } from 'node:fs/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import JSZip from 'jszip';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, type PlanProposal } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { UPLOADS_BUCKET } from '../../infra/local/s3';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';
import { leadSeeder } from '../support/leads';
import { eventually } from '../support/social';

const twin = inject('twin');

let browser: Browser;
let page: Page;
let owner: TestUser;
let posts: number;

beforeAll(async () => {
  const seedLead = await leadSeeder(twin);
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'data-rights-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await callOk(twin, 'guardarAjustesIA', { brandName: 'Floristería Lirio' }, owner.accessToken);
  const plan = await callOk<PlanProposal>(twin, 'generarPlanMensual', { month: '2099-05', budget: 200 }, owner.accessToken);
  await callOk(twin, 'aprobarPlan', { planId: plan.planId }, owner.accessToken);
  posts = plan.posts.length;
  await seedLead(owner.sub, { name: 'Rosa Cliente', contact: 'rosa@cliente.es', ago: 5000, messages: [['visitor', '¿Hacéis ramos de novia?'], ['assistant', 'Sí, por encargo.']] });

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Integraciones', exact: true }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Mis datos', exact: true }).waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('Mis datos in the browser', () => {
  it('exports the owner\'s data: the zip downloaded in the browser has their settings, posts, leads and conversations', async () => {
    await page.getByRole('button', { name: 'Exportar mis datos' }).click();
    const link = page.getByRole('link', { name: /Descargar mis datos/ });
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const zip = await JSZip.loadAsync(await readFile(await download.path()));
    const json = async (name: string) => JSON.parse((await zip.file(`datos/${name}.json`)?.async('string')) ?? 'null') as unknown;
    expect(await json('ajustes-ia')).toMatchObject({ brandName: 'Floristería Lirio' });
    expect(await json('publicaciones')).toHaveLength(posts);
    expect(await json('leads')).toEqual([expect.objectContaining({ name: 'Rosa Cliente', contact: 'rosa@cliente.es' })]);
    expect(await json('conversaciones')).toEqual([expect.objectContaining({ messages: [expect.objectContaining({ text: '¿Hacéis ramos de novia?' }), expect.objectContaining({ text: 'Sí, por encargo.' })] })]);
  });

  it('deletes the account after the owner types their e-mail: signed out, and nothing of theirs in the table or the bucket', async () => {
    await page.getByRole('button', { name: 'Eliminar mi cuenta', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await dialog.getByText('Esta acción es irreversible.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Escribe tu email para confirmar').fill(owner.email);
    await confirm.click();
    await page.getByRole('status').filter({ hasText: 'Tu cuenta y todos tus datos se están eliminando' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 15_000 });

    const s3 = new S3Client({ endpoint: twin.awsEndpoint, forcePathStyle: true, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
    await eventually(async () => {
      const items = await rawTable(twin).partition(`user#${owner.sub}`);
      const objects = (await s3.send(new ListObjectsV2Command({ Bucket: UPLOADS_BUCKET, Prefix: `users/${owner.sub}/` }))).Contents ?? [];
      const record = await rawTable(twin).get('accountDeletion', owner.sub);
      return items.length === 0 && objects.length === 0 && !record ? true : undefined;
    }, 60_000);
  });
});

describe('the pending screen', () => {
  it('lets someone whose sign-up is pending delete their account: signed out, and nothing of theirs left', async () => {
    const pending = await registerUser(twin, 'data-rights-pending');
    const other = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await other.goto(twin.url);
    await signInWithForm(other, pending);
    await other.getByRole('heading', { name: MSG.pendingTitle }).waitFor({ timeout: 20_000 });
    expect(await rawTable(twin).get(`user#${pending.sub}`, 'profile')).toMatchObject({ status: 'pending' });

    await other.getByRole('button', { name: 'Eliminar mi cuenta', exact: true }).click();
    const dialog = other.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await dialog.getByLabel('Escribe tu email para confirmar').fill(pending.email);
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
    await other.getByRole('status').filter({ hasText: 'Tu cuenta y todos tus datos se están eliminando' }).waitFor({ timeout: 15_000 });
    await other.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 15_000 });
    await eventually(async () => {
      const items = await rawTable(twin).partition(`user#${pending.sub}`);
      const record = await rawTable(twin).get('accountDeletion', pending.sub);
      return items.length === 0 && !record ? true : undefined;
    }, 60_000);
    await other.close();
  });
});
