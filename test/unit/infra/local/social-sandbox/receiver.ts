/**
 * A stand-in for the product's webhook routes (issue 14 tests): answers Meta's verification
 * request like a correct route would (the challenge when the verify token matches, else 403), and
 * records every POST with its exact raw body and headers, answering the statuses queued in
 * `answers` (then 200), or never (`hang`) to test the sandbox's timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact raw body. */
  raw: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses to answer the next POSTs with (then 200); 0 = never answer. */
  answers: number[];
  /** Verification requests seen (their query). */
  verifications: URLSearchParams[];
  close(): Promise<void>;
}

export async function startReceiver(verifyToken = 'token-de-verificacion'): Promise<Receiver> {
  const received: Received[] = [];
  const verifications: URLSearchParams[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver.invalid');
    if (req.method === 'GET') {
      verifications.push(url.searchParams);
      const ok = url.searchParams.get('hub.mode') === 'subscribe' && url.searchParams.get('hub.verify_token') === verifyToken;
      if (ok) res.writeHead(200, { 'content-type': 'text/plain' }).end(url.searchParams.get('hub.challenge') ?? '');
      else res.writeHead(403).end('forbidden');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: url.pathname, headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      if (status === 0) return;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'EVENT_RECEIVED' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    verifications,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
