/**
 * Sending one e-mail over SMTP with nodemailer's SMTP client (`nodemailer/lib/smtp-connection`:
 * ~46 KB in a bundle, where nodemailer's full transport with its MIME type tables is ~236 KB; the
 * message itself is composed by ./message.ts). Used for the new-lead notice (issue 6 item 2)
 * through the brand's own Gmail account.
 *
 * Where it connects comes from configuration, never from code paths:
 * - `SMTP_HOST` (default `smtp.gmail.com`), `SMTP_PORT` (default 465), `SMTP_SECURE` (`true` =
 *   TLS from the first byte; default true on port 465, else false). The local twin and the tests
 *   point these at a local SMTP server.
 * - Without implicit TLS, STARTTLS is required for any host but the loopback interface, so the
 *   credentials never cross a network in clear.
 *
 * `sendMail(settings, auth, envelope, raw)` resolves with the server's final reply or rejects
 * with nodemailer's error (its `code`, `responseCode` and `command` say what failed). The
 * credentials are only handed to the SMTP client; nothing here logs them.
 */
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export const SMTP_HOST_ENV = 'SMTP_HOST';
export const SMTP_PORT_ENV = 'SMTP_PORT';
export const SMTP_SECURE_ENV = 'SMTP_SECURE';

export const DEFAULT_SMTP_HOST = 'smtp.gmail.com';
export const DEFAULT_SMTP_PORT = 465;

/**
 * The client's timeouts, in milliseconds, under nodemailer's option names: a notice must not hold
 * a request for long when the server is slow or away.
 */
const TIMEOUTS = { connectionTimeout: 10_000, dnsTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465 style); otherwise STARTTLS (required unless loopback). */
  secure: boolean;
}

export interface SmtpAuth {
  user: string;
  pass: string;
}

export interface SmtpEnvelope {
  from: string;
  to: string;
}

/** The SMTP server of the deployment (see the module header). */
export function smtpSettingsFromEnv(env: Record<string, string | undefined> = process.env): SmtpSettings {
  const host = env[SMTP_HOST_ENV]?.trim() || DEFAULT_SMTP_HOST;
  const parsedPort = Number(env[SMTP_PORT_ENV]);
  const port = Number.isInteger(parsedPort) && parsedPort > 0 && parsedPort < 65536 ? parsedPort : DEFAULT_SMTP_PORT;
  const secureText = env[SMTP_SECURE_ENV]?.trim().toLowerCase();
  const secure = secureText === 'true' ? true : secureText === 'false' ? false : port === 465;
  return { host, port, secure };
}

/** Whether `host` names the loopback interface (the twin's and the tests' local servers). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Connects, authenticates, sends `raw` (a complete RFC 5322 message) and quits. */
export async function sendMail(settings: SmtpSettings, auth: SmtpAuth, envelope: SmtpEnvelope, raw: string): Promise<string> {
  const connection = new SMTPConnection({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: !settings.secure && !isLoopbackHost(settings.host),
    ...TIMEOUTS,
    logger: false,
  });
  // The client also emits 'error' for failures it reports through callbacks: keep the first one
  // and never let an unhandled 'error' event take the process down.
  let failure: Error | undefined;
  connection.on('error', (error: Error) => {
    failure ??= error;
  });
  const step = <T>(run: (done: (error?: Error | null, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (error?: Error | null, value?: T) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(value as T);
      };
      connection.once('end', () => finish(failure ?? new Error('SMTP connection closed')));
      run(finish);
    });
  try {
    await step<void>((done) => connection.connect((error) => done(error)));
    await step<boolean>((done) => connection.login({ user: auth.user, pass: auth.pass }, (error, ok) => done(error, ok)));
    const info = await step<{ response: string }>((done) => connection.send({ from: envelope.from, to: [envelope.to] }, raw, (error, result) => done(error, result)));
    connection.quit();
    return info.response;
  } finally {
    connection.close();
  }
}
