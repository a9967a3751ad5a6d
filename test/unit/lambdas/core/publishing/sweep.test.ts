/**
 * The publishing sweep (issue 13 item 3) against DynamoDB Local (a table of this file's own: the
 * sweep reads every tenant's GSI1 entries), the fake Scheduler door (./support.ts) and a real
 * local SMTP server (test/support/smtp.ts) for the digest: it finishes a post sync left in the
 * outbox, re-delivers a publication whose schedule was lost or whose holder's lease expired (the
 * schedule put again at now, same revision), marks one more than an hour late `no_publicado`, and
 * e-mails the owner one digest of the failures a day, through Integraciones' Gmail.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG } from '@director-ia/shared';
import { readMessage } from '../../../../../infra/local/mail';
import { uniqueSub } from '../../../../support/domain-env';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../support/smtp';
import { connectSandbox, fakeScheduler, usePublishingEnv } from './support';

vi.mock('../../../../../lambdas/platform/scheduler', async (original) => (await import('./support')).schedulerMock(original));
vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('./support')).appsMock(original));

const env = await usePublishingEnv();
const { syncPublications, publicationsOf } = await import('../../../../../lambdas/core/publishing');
const { runPublishingSweep } = await import('../../../../../lambdas/core/publishing/sweep');
const { listPublications, readPost } = await import('../../../../../lambdas/core/publishing/store');
const { publicationScheduleName } = await import('../../../../../lambdas/core/publishing/schedules');
const { createScheduledPost } = await import('../../../../../lambdas/core/plan/posts');
const { scheduledPosts } = await import('../../../../../lambdas/platform/db/entities/scheduledPost');
const { saveIntegrations } = await import('../../../../../lambdas/core/settings/saveIntegrations');
const { profiles } = await import('../../../../../lambdas/platform/db/entities/profile');

const GMAIL = 'marca.prueba@gmail.com';
const APP_PASSWORD = 'abcd efgh ijkl mnop';
const MINUTE = 60_000;
/** A post due at 12:00 Madrid on this summer day is due at 10:00Z. */
const DATE = '2027-06-10';
const DUE = new Date('2027-06-10T10:00:00.000Z');
const at = (minutesAfterDue: number) => new Date(DUE.getTime() + minutesAfterDue * MINUTE);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  vi.stubEnv('SMTP_HOST', smtp.env.SMTP_HOST);
  vi.stubEnv('SMTP_PORT', smtp.env.SMTP_PORT);
  vi.stubEnv('SMTP_SECURE', smtp.env.SMTP_SECURE);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp?.stop();
});

/** An approved X post of `sub` due at DUE, synced a day before (so it is programado with a schedule). */
async function duePost(sub: string, title = 'Prueba') {
  const post = await createScheduledPost(sub, { title, content: `Texto ${title}`, scheduledDate: DATE, time: '12:00', platform: 'x', status: 'aprobado' }, at(-24 * 60));
  const item = await readPost(sub, post.id);
  if (!item) throw new Error('post not stored');
  const [view] = await syncPublications(sub, item, at(-24 * 60));
  if (!view) throw new Error('no publication');
  return { post: item, view };
}

describe('runPublishingSweep', () => {
  it('finishes a post sync left in the outbox', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const created = await createScheduledPost(sub, { title: 'Pendiente', content: 'Sin sincronizar', scheduledDate: DATE, time: '12:00', platform: 'x', status: 'aprobado' }, at(-60));
    const post = await readPost(sub, created.id);
    await scheduledPosts().put({ ...(post as NonNullable<typeof post>), syncKey: `${at(-60).toISOString()}#${sub}#${created.id}` }).go();
    const result = await runPublishingSweep(at(-50));
    expect(result.synced).toBeGreaterThanOrEqual(1);
    expect((await listPublications(sub, created.id)).map((item) => item.state)).toEqual(['programado']);
    expect((await readPost(sub, created.id))?.syncKey).toBeUndefined();
  });

  it('re-delivers a lost schedule and an expired lease at now (same revision), leaves a live lease alone', async () => {
    const sub = uniqueSub();
    await connectSandbox(env, sub, 'x');
    const lost = await duePost(sub, 'Perdida');
    const crashed = await duePost(sub, 'Caída');
    const busy = await duePost(sub, 'Ocupada');
    for (const { view } of [lost, crashed, busy]) fakeScheduler.schedules.delete(publicationScheduleName(view.id));
    await env.raw.set(`user#${sub}`, `pub#${crashed.post.id}#${crashed.view.id}`, { state: 'publicando', leaseId: 'gone', leaseUntil: at(5).getTime() });
    await env.raw.set(`user#${sub}`, `pub#${busy.post.id}#${busy.view.id}`, { state: 'publicando', leaseId: 'alive', leaseUntil: at(30).getTime() });
    const now = at(10);
    await runPublishingSweep(now);
    for (const { view } of [lost, crashed]) {
      const schedule = fakeScheduler.schedules.get(publicationScheduleName(view.id));
      expect(schedule?.at.toISOString()).toBe(now.toISOString());
      expect(schedule?.event.revision).toBe(1);
    }
    expect(fakeScheduler.schedules.get(publicationScheduleName(busy.view.id))).toBeUndefined();
  });

  it('marks no_publicado one more than an hour late, and e-mails one digest a day', async () => {
    const sub = uniqueSub();
    await profiles().create({ uid: sub, email: 'duena@marca.es', status: 'active', isAdmin: false, createdAt: at(-48 * 60).toISOString() }).go();
    await saveIntegrations({ sub }, { gmailAddress: GMAIL, gmailAppPassword: APP_PASSWORD });
    await connectSandbox(env, sub, 'x');
    const { post } = await duePost(sub, 'Rebajas de verano');
    // Read before the sweep marks it: the view already says so.
    expect((await publicationsOf(sub, [post.id], at(61))).get(post.id)).toMatchObject([{ state: 'no_publicado', reason: PUBLICATION_MSG.notPublished }]);
    const mailsBefore = smtp.mails.length;

    const first = await runPublishingSweep(at(61));
    expect(first.missed).toBeGreaterThanOrEqual(1);
    expect((await listPublications(sub, post.id))[0]).toMatchObject({ state: 'no_publicado', reason: PUBLICATION_MSG.notPublished });
    const mine = () => smtp.mails.slice(mailsBefore).filter((mail) => mail.to.includes('duena@marca.es'));
    expect(mine()).toHaveLength(1);
    const message = readMessage(mine()[0]?.raw ?? '');
    expect(message.subject).toBe(PUBLICATION_MSG.digestSubject(1));
    expect(message.text).toContain('«Rebajas de verano» en X (Destino x), 10 de junio · 12:00: Esta publicación no salió a su hora.');
    expect(message.text).toContain('http://localhost:5173/calendario');

    // Another failure the same day waits for tomorrow's digest.
    const { post: second } = await duePost(sub, 'Otra');
    await runPublishingSweep(at(62));
    await runPublishingSweep(at(70));
    expect(mine()).toHaveLength(1);
    expect((await listPublications(sub, second.id))[0]?.state).toBe('no_publicado');
    await runPublishingSweep(at(24 * 60));
    expect(mine()).toHaveLength(2);
    expect(readMessage(mine()[1]?.raw ?? '').text).toContain('«Otra»');
    await runPublishingSweep(at(24 * 60 + 10));
    expect(mine()).toHaveLength(2);
  });
});
