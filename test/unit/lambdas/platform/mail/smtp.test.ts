/**
 * Sending over SMTP against a real local server (smtp-server): the login the server sees, the
 * envelope and the message; a refused login and a server that is not there fail with nodemailer's
 * codes (never hang, never crash the process); and where the settings point by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../infra/local/ports';
import { composeTextMessage } from '../../../../../lambdas/platform/mail/message';
import { DEFAULT_SMTP_HOST, isLoopbackHost, sendMail, smtpSettingsFromEnv } from '../../../../../lambdas/platform/mail/smtp';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../support/smtp';

const raw = composeTextMessage({ from: 'marca@gmail.com', to: 'dueno@marca.es', subject: 'Prueba', text: 'Hola' });

describe('sendMail', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer((user, password) => user === 'marca@gmail.com' && password === 'abcdefghijklmnop');
  });
  afterAll(() => server.stop());

  it('logs in, sends the envelope and the message', async () => {
    const settings = { host: '127.0.0.1', port: server.port, secure: false };
    const response = await sendMail(settings, { user: 'marca@gmail.com', pass: 'abcdefghijklmnop' }, { from: 'marca@gmail.com', to: 'dueno@marca.es' }, raw);
    expect(response).toMatch(/^250/);
    expect(server.mails).toHaveLength(1);
    expect(server.mails[0]).toMatchObject({ auth: { user: 'marca@gmail.com', password: 'abcdefghijklmnop' }, from: 'marca@gmail.com', to: ['dueno@marca.es'] });
    expect(server.mails[0]?.raw.replace(/\r\n$/, '')).toBe(raw.replace(/\r\n$/, ''));
  });

  it('rejects with EAUTH when the server refuses the login, and sends nothing', async () => {
    const before = server.mails.length;
    const settings = { host: '127.0.0.1', port: server.port, secure: false };
    const error = await sendMail(settings, { user: 'marca@gmail.com', pass: 'wrong' }, { from: 'marca@gmail.com', to: 'dueno@marca.es' }, raw).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'EAUTH', responseCode: 535 });
    expect(server.mails).toHaveLength(before);
  });

  it('rejects quickly when nothing listens', async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await sendMail({ host: '127.0.0.1', port, secure: false }, { user: 'a@b.es', pass: 'x' }, { from: 'a@b.es', to: 'c@d.es' }, raw).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ESOCKET' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('smtpSettingsFromEnv', () => {
  it.each([
    [{}, { host: DEFAULT_SMTP_HOST, port: 465, secure: true }],
    [{ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '587' }, { host: 'smtp.example.com', port: 587, secure: false }],
    [{ SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525', SMTP_SECURE: 'false' }, { host: '127.0.0.1', port: 2525, secure: false }],
    [{ SMTP_PORT: '2465', SMTP_SECURE: 'TRUE' }, { host: DEFAULT_SMTP_HOST, port: 2465, secure: true }],
    [{ SMTP_HOST: '  ', SMTP_PORT: 'abc' }, { host: DEFAULT_SMTP_HOST, port: 465, secure: true }],
    [{ SMTP_PORT: '70000' }, { host: DEFAULT_SMTP_HOST, port: 465, secure: true }],
  ])('%o → %o', (env, expected) => {
    expect(smtpSettingsFromEnv(env)).toEqual(expected);
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['smtp.gmail.com', false],
    ['127.0.0.1.evil.example', false],
    ['10.0.0.1', false],
  ])('%s is loopback: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
