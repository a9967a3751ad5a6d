/**
 * Issue 16 finding 1: the owner gets at most LEAD_NOTICES_PER_DAY (env; default
 * DEFAULT_DAILY_LEAD_NOTICES) immediate new-lead e-mails per UTC day, whatever path stored the
 * lead (widget or inbox: both call `notifyNewLead`); the leads past it are counted, and the
 * publishing sweep's `sendLeadDigests` tells the owner of them in one Spanish digest ("… y N leads
 * más …"), at most once per UTC day, idempotently (a second run sends nothing; leads counted after
 * the day's digest go in the next day's). Real SMTP server on the loopback, DynamoDB Local.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readMessage } from '../../../../../../infra/local/mail';
import type { LeadItem } from '../../../../../../lambdas/platform/db/entities/lead';
import { uniqueSub, useDomainEnv } from '../../../../../support/domain-env';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../../support/smtp';

await useDomainEnv({ SITE_URL: 'http://localhost:5173' });
const { notifyNewLead, dailyLeadNotices, DEFAULT_DAILY_LEAD_NOTICES } = await import('../../../../../../lambdas/core/leads/notify');
const { sendLeadDigests } = await import('../../../../../../lambdas/core/leads/digest');
const { saveIntegrations } = await import('../../../../../../lambdas/core/settings/saveIntegrations');
const { profiles } = await import('../../../../../../lambdas/platform/db/entities/profile');

const GMAIL = 'marca.flood@gmail.com';
const owner = { sub: uniqueSub(), email: 'duena.flood@marca.es' };
const at = (iso: string) => new Date(iso);
const plenty = () => 10 * 60_000;

function lead(n: number, createdAt: string): LeadItem {
  return { uid: owner.sub, id: `leadflood${n}`, name: `Visitante ${n}`, contact: `v${n}@correo.es`, contactType: 'email', source: 'widget', status: 'Nuevo', consentText: 'Acepto.', consentAt: createdAt, createdAt, updatedAt: createdAt } as LeadItem;
}
const mine = () => server.mails.filter((mail) => mail.to.includes(owner.email)).map((mail) => readMessage(mail.raw));

let server: TestSmtpServer;

beforeAll(async () => {
  server = await startTestSmtpServer();
  vi.stubEnv('SMTP_HOST', server.env.SMTP_HOST);
  vi.stubEnv('SMTP_PORT', server.env.SMTP_PORT);
  vi.stubEnv('SMTP_SECURE', server.env.SMTP_SECURE);
  await profiles().create({ uid: owner.sub, email: owner.email, status: 'active', isAdmin: false, createdAt: new Date().toISOString() }).go();
  await saveIntegrations({ sub: owner.sub }, { gmailAddress: GMAIL, gmailAppPassword: 'abcd efgh ijkl mnop' });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.stop();
});

describe('the daily cap on new-lead e-mails', () => {
  it(`defaults to ${DEFAULT_DAILY_LEAD_NOTICES} and reads LEAD_NOTICES_PER_DAY`, () => {
    expect(DEFAULT_DAILY_LEAD_NOTICES).toBeGreaterThan(0);
    expect(dailyLeadNotices({})).toBe(DEFAULT_DAILY_LEAD_NOTICES);
    expect(dailyLeadNotices({ LEAD_NOTICES_PER_DAY: '3' })).toBe(3);
    expect(dailyLeadNotices({ LEAD_NOTICES_PER_DAY: 'x' })).toBe(DEFAULT_DAILY_LEAD_NOTICES);
  });

  it('sends N immediate notices, then one digest a day for the rest', async () => {
    vi.stubEnv('LEAD_NOTICES_PER_DAY', '2');
    const results = [];
    for (let n = 1; n <= 4; n += 1) results.push(await notifyNewLead(owner.sub, lead(n, `2025-03-09T12:0${n}:00.000Z`), at(`2025-03-09T12:0${n}:00.000Z`)));
    expect(results).toEqual(['sent', 'sent', 'deferred', 'deferred']);
    expect(mine().map((m) => m.subject)).toEqual(['Nuevo lead: Visitante 1', 'Nuevo lead: Visitante 2']);

    await sendLeadDigests(at('2025-03-09T12:10:00.000Z'), plenty);
    expect(mine()).toHaveLength(3);
    const digest = mine()[2];
    expect(digest?.subject).toBe('Director IA: 2 leads nuevos más');
    expect(digest?.text).toContain('y 2 leads más');
    expect(digest?.text).toContain('http://localhost:5173/leads');
    expect(digest?.text).not.toContain('Visitante');

    // Idempotent, and at most one digest per UTC day: later leads wait for tomorrow's.
    await sendLeadDigests(at('2025-03-09T12:15:00.000Z'), plenty);
    expect(await notifyNewLead(owner.sub, lead(5, '2025-03-09T18:00:00.000Z'), at('2025-03-09T18:00:00.000Z'))).toBe('deferred');
    await sendLeadDigests(at('2025-03-09T18:05:00.000Z'), plenty);
    expect(mine()).toHaveLength(3);

    await sendLeadDigests(at('2025-03-10T00:05:00.000Z'), plenty);
    expect(mine()).toHaveLength(4);
    expect(mine()[3]?.subject).toBe('Director IA: 1 lead nuevo más');
    await sendLeadDigests(at('2025-03-10T00:10:00.000Z'), plenty);
    expect(mine()).toHaveLength(4);

    // A new UTC day: immediate notices again.
    expect(await notifyNewLead(owner.sub, lead(6, '2025-03-10T09:00:00.000Z'), at('2025-03-10T09:00:00.000Z'))).toBe('sent');
  });
});
