/**
 * Helpers for the AWS gateway tests: a fake upstream that records what it received, principals
 * with policies, and a gateway wired to fake upstreams.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAwsGateway, type AwsGateway, type AwsGatewayOptions, type GatewayPrincipal } from '../../../../../infra/local/aws-gateway';

export const REGION = 'eu-west-1';
export const ACCOUNT = '000000000000';
export const TABLE = 'app-table';
export const TABLE_ARN = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${TABLE}`;
export const BUCKET = 'uploads';
export const KEY_ARN = `arn:aws:kms:${REGION}:${ACCOUNT}:key/11111111-2222-3333-4444-555555555555`;

export interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeUpstream {
  url: string;
  received: Received[];
  /** What the next requests are answered with (default 200 `{}` JSON). */
  reply: (req: Received) => { status?: number; headers?: Record<string, string>; body?: string | Buffer };
  stop(): Promise<void>;
}

/** An HTTP server that records every request and answers with `reply`. */
export async function fakeUpstream(): Promise<FakeUpstream> {
  const upstream: FakeUpstream = {
    url: '',
    received: [],
    reply: () => ({ status: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: '{}' }),
    stop: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: Received = { method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, headers: req.headers, body: Buffer.concat(chunks) };
      upstream.received.push(received);
      const { status = 200, headers = {}, body } = upstream.reply(received);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return upstream;
}

let counter = 0;

/** A principal named `name` with one policy of `statements`, and a fresh key pair. */
export function principal(name: string, statements: unknown[]): GatewayPrincipal {
  counter += 1;
  return {
    name,
    roleArn: `arn:aws:iam::${ACCOUNT}:role/${name}Role`,
    accessKeyId: `AKIATEST${String(counter).padStart(4, '0')}${name.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 6)}`,
    secretAccessKey: randomBytes(20).toString('base64'),
    policies: [{ name: `${name}Policy`, document: { Version: '2012-10-17', Statement: statements } }],
  };
}

/** The credentials a principal signs with. */
export const credentialsOf = (p: GatewayPrincipal) => ({ accessKeyId: p.accessKeyId, secretAccessKey: p.secretAccessKey });

export interface Harness {
  gateway: AwsGateway;
  dynamodb: FakeUpstream;
  s3: FakeUpstream;
  logs: string[];
  stop(): Promise<void>;
}

/** A gateway with fake DynamoDB and S3 upstreams; `extra` overrides options. */
export async function harness(extra: Partial<AwsGatewayOptions> = {}): Promise<Harness> {
  const [dynamodb, s3] = await Promise.all([fakeUpstream(), fakeUpstream()]);
  const logs: string[] = [];
  const gateway = await startAwsGateway({
    port: 0,
    region: REGION,
    accountId: ACCOUNT,
    upstreams: { dynamodb: dynamodb.url, s3: s3.url },
    kms: { keyArn: KEY_ARN, masterKey: randomBytes(32) },
    log: (line) => logs.push(line),
    ...extra,
  });
  return {
    gateway,
    dynamodb,
    s3,
    logs,
    stop: async () => {
      await gateway.stop();
      await Promise.all([dynamodb.stop(), s3.stop()]);
    },
  };
}

/** An SDK error as the tests inspect it. */
export type SdkError = Error & { $metadata: { httpStatusCode?: number } };

/** The error `promise` rejects with; fails when it resolves. */
export function rejection(promise: Promise<unknown>): Promise<SdkError> {
  return promise.then(
    () => {
      throw new Error('Expected the call to fail');
    },
    (error: unknown) => error as SdkError,
  );
}
