/**
 * The new-lead e-mail (`notifyNewLead`) against a real local SMTP server, the brand's settings in
 * DynamoDB Local and the app password sealed with the raw AES keyring: the login is the brand's
 * Gmail address and its app password (opened from the sealed value), the owner gets a Spanish
 * notice; 'not-configured' and 'failed' (refused login, server away) never throw and never log the
 * password. (Moved from the leads integration test, issue 11 item 7: it spies on the logger and
 * needs an SMTP server that refuses logins or is away, which the twin's mail catcher is not.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readMessage } from '../../../../../infra/local/mail';
import { freePort } from '../../../../../infra/local/ports';
import type { LeadItem } from '../../../../../lambdas/platform/db/entities/lead';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../support/smtp';

await useDomainEnv({ SITE_URL: 'http://localhost:5173' });
const { notifyNewLead } = await import('../../../../../lambdas/core/leads/notify');
const { logger } = await import('../../../../../lambdas/platform/logger');
const { saveIntegrations } = await import('../../../../../lambdas/core/settings/saveIntegrations');
const { profiles } = await import('../../../../../lambdas/platform/db/entities/profile');

const GMAIL = 'marca.prueba@gmail.com';
const APP_PASSWORD = 'abcd efgh ijkl mnop';
const owner = { sub: uniqueSub(), email: 'duena@marca.es' };
const other = { sub: uniqueSub(), email: 'otra.duena@marca.es' };

function lead(uid: string, name: string, contact: string, contactType: 'email' | 'phone'): LeadItem {
  const at = new Date().toISOString();
  return { uid, id: `lead${Math.random().toString(36).slice(2, 18)}`, name, contact, contactType, source: 'widget', status: 'Nuevo', consentText: 'Acepto.', consentAt: at, createdAt: at, updatedAt: at } as LeadItem;
}
const lucia = lead(owner.sub, 'Lucía Martín', '+34 600 123 456', 'phone');
const marta = lead(owner.sub, 'Marta Ibáñez', 'marta@correo.es', 'email');
const theirs = lead(other.sub, 'José Ajeno', 'ajeno@otra.es', 'email');

let server: TestSmtpServer;

beforeAll(async () => {
  server = await startTestSmtpServer((user, password) => user === GMAIL && password === APP_PASSWORD.replace(/ /g, ''));
  vi.stubEnv('SMTP_HOST', server.env.SMTP_HOST);
  vi.stubEnv('SMTP_PORT', server.env.SMTP_PORT);
  vi.stubEnv('SMTP_SECURE', server.env.SMTP_SECURE);
  for (const { sub, email } of [owner, other]) await profiles().create({ uid: sub, email, status: 'active', isAdmin: false, createdAt: new Date().toISOString() }).go();
  await saveIntegrations({ sub: owner.sub }, { gmailAddress: GMAIL, gmailAppPassword: APP_PASSWORD });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.stop();
});

describe('notifyNewLead', () => {
  it('sends the owner a Spanish notice, logged in as the Gmail address with its app password', async () => {
    await expect(notifyNewLead(owner.sub, lucia)).resolves.toBe('sent');
    expect(server.mails).toHaveLength(1);
    const mail = server.mails[0];
    expect(mail?.auth).toEqual({ method: 'PLAIN', user: GMAIL, password: 'abcdefghijklmnop' });
    expect(mail?.from).toBe(GMAIL);
    expect(mail?.to).toEqual([owner.email]);
    const message = readMessage(mail?.raw ?? '');
    expect(message.headers.from).toBe(`"Director IA" <${GMAIL}>`);
    expect(message.headers.to).toBe(`<${owner.email}>`);
    expect(message.subject).toBe('Nuevo lead: Lucía Martín');
    expect(message.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(message.text).toContain('Nombre: Lucía Martín');
    expect(message.text).toContain('Contacto: +34 600 123 456 (teléfono)');
    expect(message.text).toContain('Fuente: Widget web');
    expect(message.text).toMatch(/Fecha: \S+, \d{1,2} de \S+ de \d{4}, \d{1,2}:\d{2}/);
    expect(message.text).toContain('«Leads» de tu panel de Director IA: http://localhost:5173');
    expect(mail?.raw).not.toContain(APP_PASSWORD.replace(/ /g, ''));
  });

  it('is "not-configured" without a Gmail address and app password, and sends nothing', async () => {
    await expect(notifyNewLead(other.sub, theirs)).resolves.toBe('not-configured');
    await saveIntegrations({ sub: other.sub }, { gmailAddress: 'otra@gmail.com' });
    await expect(notifyNewLead(other.sub, theirs)).resolves.toBe('not-configured');
    expect(server.mails).toHaveLength(1);
  });

  it('is "failed" when the server refuses the login: no throw, and the log has no password', async () => {
    await saveIntegrations({ sub: other.sub }, { gmailAppPassword: 'contraseña-equivocada' });
    const warn = vi.spyOn(logger, 'warn');
    try {
      await expect(notifyNewLead(other.sub, theirs)).resolves.toBe('failed');
      expect(server.logins.at(-1)).toMatchObject({ user: 'otra@gmail.com', accepted: false });
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).toContain(theirs.id);
      expect(logged).toContain('EAUTH');
      expect(logged).not.toMatch(/contraseña-equivocada|ajeno@otra\.es|José Ajeno/);
    } finally {
      warn.mockRestore();
    }
    expect(server.mails).toHaveLength(1);
  });

  it('is "failed" when the server is down', async () => {
    vi.stubEnv('SMTP_PORT', String(await freePort()));
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      await expect(notifyNewLead(owner.sub, marta)).resolves.toBe('failed');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(warn.mock.calls)).not.toContain('abcdefghijklmnop');
    } finally {
      warn.mockRestore();
      vi.stubEnv('SMTP_PORT', server.env.SMTP_PORT);
    }
  });
});
