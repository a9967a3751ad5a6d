/**
 * The twin's mail catcher (issue 6 item 2): a local SMTP server (smtp-server, in-process) that the
 * twin points SMTP_HOST/SMTP_PORT at, so the new-lead e-mails a brand sends "through Gmail" work
 * with no network: each message is kept as an `.eml` file under `<state>/mail/` and announced with
 * one console line (recipient and subject). It accepts any login (the password is never logged or
 * kept) and no STARTTLS (loopback only), and delivers nothing anywhere.
 *
 * `startMailCatcher(port, directory, log)` → `{stop}`; `readMessage(raw)` decodes the plain-text
 * messages we send (headers, RFC 2047 subject, base64 or quoted-printable body) for the console
 * line and for tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Largest message accepted, bytes. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface ReadMessage {
  /** Unfolded header values by lower-case name (the last one wins). */
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** Decodes RFC 2047 encoded words ('B' and 'Q', UTF-8 or Latin-1) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
      return bytes.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1');
    });
}

function decodeQuotedPrintable(body: string): Buffer {
  const binary = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(binary, 'latin1');
}

/** Headers, subject and text of a single-part message (see the module header). */
export function readMessage(raw: string): ReadMessage {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : Buffer.from(body, 'utf8');
  const charset = /charset="?([^";\s]+)/i.exec(headers['content-type'] ?? '')?.[1] ?? 'utf-8';
  const text = bytes.toString(/^utf-?8$/i.test(charset) ? 'utf8' : 'latin1').replace(/\r\n/g, '\n');
  return { headers, subject: decodeHeader(headers.subject ?? ''), text };
}

/** Starts the catcher on 127.0.0.1:`port`, keeping messages under `directory`. */
export async function startMailCatcher(port: number, directory: string, log: (line: string) => void): Promise<{ stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'Director IA local mail catcher',
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(directory, `${stamp}-${String(++count).padStart(3, '0')}.eml`);
        try {
          writeFileSync(file, raw);
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
          log(`✉ Mail to ${recipients}: «${readMessage(raw).subject}» (kept in ${path.relative(process.cwd(), file) || file})`);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that misbehaves must not take the twin down.
  server.on('error', (error) => log(`mail catcher: ${error.message}`));
  return { stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
