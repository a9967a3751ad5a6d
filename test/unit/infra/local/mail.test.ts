/**
 * The twin's mail catcher: a new-lead e-mail sent to it (as the functions send it) is kept as an
 * .eml file under the state directory and announced with one line (recipient and decoded
 * subject, never the password); it accepts any login without TLS on the loopback interface.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, readMessage, startMailCatcher } from '../../../../infra/local/mail';
import { freePort } from '../../../../infra/local/ports';
import { composeTextMessage } from '../../../../lambdas/platform/mail/message';
import { sendMail } from '../../../../lambdas/platform/mail/smtp';

describe('mail catcher', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
  const lines: string[] = [];
  let port: number;
  let catcher: { stop: () => Promise<void> };

  beforeAll(async () => {
    port = await freePort();
    catcher = await startMailCatcher(port, path.join(dir, 'mail'), (line) => lines.push(line));
  });
  afterAll(async () => {
    await catcher.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps each message and prints one line per e-mail', async () => {
    const raw = composeTextMessage({ from: 'marca@gmail.com', to: 'dueno@marca.es', subject: 'Nuevo lead: Lucía', text: 'Nombre: Lucía' });
    await sendMail({ host: '127.0.0.1', port, secure: false }, { user: 'marca@gmail.com', pass: 'app-password-1234' }, { from: 'marca@gmail.com', to: 'dueno@marca.es' }, raw);
    const files = readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const kept = readMessage(readFileSync(path.join(dir, 'mail', files[0] ?? ''), 'utf8'));
    expect(kept.subject).toBe('Nuevo lead: Lucía');
    expect(kept.text).toBe('Nombre: Lucía');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('dueno@marca.es');
    expect(lines[0]).toContain('«Nuevo lead: Lucía»');
    expect(lines.join('\n')).not.toContain('app-password-1234');
  });
});

describe('readMessage and decodeHeader', () => {
  it.each([
    ['=?UTF-8?B?TnVldm8gbGVhZDogSm9zw6k=?=', 'Nuevo lead: José'],
    ['=?utf-8?Q?Nuevo_lead:_Jos=C3=A9?=', 'Nuevo lead: José'],
    ['=?ISO-8859-1?Q?Jos=E9?=', 'José'],
    ['=?UTF-8?B?QQ==?= =?UTF-8?B?Qg==?=', 'AB'],
    ['Texto plano', 'Texto plano'],
  ])('%s → %s', (value, expected) => {
    expect(decodeHeader(value)).toBe(expected);
  });

  it('reads a quoted-printable body', () => {
    const parsed = readMessage('Subject: Hola\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nJos=C3=A9 P=\r\n=C3=A9rez\r\n');
    expect(parsed.text).toBe('José Pérez\n');
  });
});
