/**
 * A real SMTP server on the loopback interface for tests (smtp-server): it records every login
 * (method, user, password), envelope and raw message, and can refuse logins. Plain SMTP (no
 * STARTTLS), AUTH allowed without TLS: what the functions do against a loopback host.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  auth: { method: string; user: string; password: string } | null;
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  logins: { method: string; user: string; password: string; accepted: boolean }[];
  mails: ReceivedMail[];
  /** SMTP_* settings pointing at this server. */
  env: { SMTP_HOST: string; SMTP_PORT: string; SMTP_SECURE: string };
  stop(): Promise<void>;
}

/** Starts a server; `acceptLogin` decides each AUTH (default: accept all). */
export async function startTestSmtpServer(acceptLogin: (user: string, password: string) => boolean = () => true): Promise<TestSmtpServer> {
  const logins: TestSmtpServer['logins'] = [];
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => {
      const login = { method: auth.method, user: auth.username ?? '', password: auth.password ?? '' };
      const accepted = acceptLogin(login.user, login.password);
      logins.push({ ...login, accepted });
      if (accepted) callback(null, { user: login });
      else callback(Object.assign(new Error('Username and Password not accepted'), { responseCode: 535 }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const user = session.user as unknown as ReceivedMail['auth'];
        mails.push({
          auth: user ?? null,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    logins,
    mails,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
